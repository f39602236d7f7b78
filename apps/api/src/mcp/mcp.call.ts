import { randomUUID } from 'node:crypto';
import type { Context } from 'koa';
import { sha256 } from '@svc/db';
import { checkJsonValue, createdStatus, DEFAULT_BODY_LIMIT, isAnswer, outcomeOf, statusOf } from '@svc/http';
import { DomainError, isDomainError, isPlainObject, type Actor } from '@svc/kernel';
import { authorize, limitOperation, limitWrites, type Services } from '@svc/runtime';
import { IDEMPOTENCY_ARGUMENT, type Tool } from './mcp.tools.ts';

/** The MCP `CallToolResult` of one tool call. */
export interface ToolResult {
  [key: string]: unknown;
  content: { type: 'text'; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

const KEY_CHARACTERS = /^[\x21-\x7e]+$/;

/** Headers the MCP request itself carries mean nothing to the operation behind a tool. */
const REQUEST_ONLY_HEADERS = new Set(['if-none-match', 'idempotency-key']);

/**
 * The request context a handler sees: the MCP request's (address, logger), with the token's actor
 * only (a tool call never acts with a website session) and headers the handler would set kept off
 * the MCP answer (an ETag or a cache rule belongs to the REST answer, not to this one).
 */
const callContext = (ctx: Context, actor: Actor | null): Context => {
  const call = Object.create(ctx) as Context;
  Object.defineProperty(call, 'state', { value: { ...ctx.state, actor }, enumerable: true });
  Object.defineProperty(call, 'set', { value: () => {} });
  Object.defineProperty(call, 'get', { value: (name: string) => (REQUEST_ONLY_HEADERS.has(name.toLowerCase()) ? '' : ctx.get(name)) });
  return call;
};

const resultOf = (body: unknown, isError: boolean): ToolResult => ({
  content: [{ type: 'text', text: typeof body === 'string' ? body : JSON.stringify(body ?? null) }],
  ...(isPlainObject(body) ? { structuredContent: body } : {}),
  ...(isError ? { isError: true } : {}),
});

/**
 * A refusal's message as a model reads it in a tool result: no HTTP header it never sees (the wait
 * is in `retry_after`), and the key is the `idempotency_key` argument, not a header.
 */
const inToolWords = (error: DomainError): string =>
  error.code === 'idempotency_conflict'
    ? `This ${IDEMPOTENCY_ARGUMENT} was used with other arguments: send a new key for a new create, or the same arguments to get the first answer again.`
    : error.message.replace(' (see the RateLimit header)', '');

/**
 * Runs one tool call as its REST operation would run: the operation's `before`, the same
 * authorisation, its handler (one service call, where ownership is checked) on one entity-manager
 * fork, creates under an idempotency key in the transaction that stores the record. Every failure
 * becomes an `isError` result carrying the REST error body; each call is counted as `MCP <tool>`.
 */
export const callTool = async (
  ctx: Context,
  services: Services,
  tool: Tool,
  actor: Actor | null,
  args: Record<string, unknown>,
): Promise<ToolResult> => {
  const { operation } = tool;
  const call = callContext(ctx, actor);
  let status: number;
  let errorCode: string | undefined;
  try {
    const result = await services.db.withContext(async () => {
      await operation.before?.({ services, ctx: call });
      // The same limits as the REST door: the token's writes first, before anything can refuse the
      // call (its arguments, its scope), as REST counts them with the token; then the operation's
      // own policy, which reads the arguments (token polls). An anonymous operation counts no token's writes.
      await limitWrites(services, operation, actor);
      checkJsonValue(args, '');
      const { params, query, body, idempotencyKey } = tool.split(args);
      await limitOperation(services, call, operation, { body });
      const caller = authorize(call, services.baseUrl, operation.auth);
      const bodyLimit = operation.request?.bodyLimit ?? DEFAULT_BODY_LIMIT;
      if (body !== undefined && Buffer.byteLength(JSON.stringify(body)) > bodyLimit) {
        throw new DomainError('body_too_large', `The request body is larger than ${Math.round(bodyLimit / 1024)} KiB.`);
      }
      // The MCP door's token statement reads only the token (and the write count): a tool reads the rest itself.
      const request = { actor: caller, params, query, body, services, ctx: call, readWithToken: undefined };
      if (!operation.idempotent) {
        // A list or search waits for one of the process's turns for lists, as its REST door does.
        const returned = operation.listRead ? await services.listReads.run(() => operation.handler(request)) : await operation.handler(request);
        return isAnswer(returned) ? returned : { status: Number(Object.keys(operation.responses)[0]), body: returned };
      }
      const { maxKeyLength: max = 100, recheck } = operation.idempotent;
      const key = idempotencyKey ?? randomUUID();
      if (key.length === 0 || key.length > max || !KEY_CHARACTERS.test(key)) {
        throw new DomainError('invalid_idempotency_key', `${IDEMPOTENCY_ARGUMENT} must be 1 to ${max} visible ASCII characters.`);
      }
      // The same key row as the REST create: the caller, the operation with its decoded parameters, the key.
      const stored = await services.idempotency.run(
        { scope: caller ? caller.principalId : `client:${sha256(ctx.ip)}`, route: `${operation.id} ${JSON.stringify(params)}`, key, body, recheck: recheck && (() => recheck(request)) },
        async () => ({ status: createdStatus(operation), body: await operation.handler(request) }),
      );
      const record = stored.body as Record<string, unknown>;
      return stored.replayed
        ? { status: 200, body: { ...record, replayed: true, [IDEMPOTENCY_ARGUMENT]: key } }
        : { status: stored.status, body: { ...record, [IDEMPOTENCY_ARGUMENT]: key } };
    });
    status = result.status;
    return resultOf(result.body, false);
  } catch (thrown) {
    const error = isDomainError(thrown) ? thrown : new DomainError('internal_error', 'Something went wrong on our side. The call can be retried.');
    if (!isDomainError(thrown)) ctx.state.log?.error({ err: thrown, tool: tool.name }, 'unhandled error in a tool call');
    status = statusOf(error);
    errorCode = error.code;
    return resultOf({ error: error.code, message: inToolWords(error), ...error.extras }, true);
  } finally {
    services.usage.record(`MCP ${tool.name}`, outcomeOf(status!, errorCode));
  }
};
