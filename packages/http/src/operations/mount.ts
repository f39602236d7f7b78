import type Router from '@koa/router';
import type { Context } from 'koa';
import * as v from 'valibot';
import { DomainError, isDomainError, isPlainObject, parseInput, validationFailed, type Actor } from '@svc/kernel';
import { routeOwnsPath } from '../allowed-methods.ts';
import { readFormBody, readJsonBody } from '../body.ts';
import { noteAnswerHeaders } from './answer-headers.ts';
import type { AnswerCache, CachedAnswer } from './answer-cache.ts';
import type { ListReadGate } from './list-reads.ts';
import { refusalHeaders } from '../error-handler.ts';
import { statusOf } from '../error-status.ts';
import { refusalHeaderDeclarations } from './openapi.ts';
import { answersConditionally, BODY_METHODS, checkLocations, createdLocation, createdStatus, impliedErrors, isAnswer, locationOf, routerPath, type Operation, type OperationAnswer, type OperationAuth } from './operation.ts';

/** What the process supplies to run operations: its services, its authorisation and its idempotent creates. */
export interface OperationHooks<TServices, TScope extends string = string> {
  services: TServices;
  /** The caller per the operation's rule; throws 401 / 403. Null for anonymous public calls. */
  authorize(ctx: Context, auth: OperationAuth<TScope>): Actor | null;
  /**
   * Runs a create under its `Idempotency-Key`: `created` (201, or 200 where the contract gives a
   * create no status) with the record, or the original answer again (200, `replayed: true`).
   * `scope` names the operation and its decoded parameters.
   */
  createOnce(
    ctx: Context,
    request: { actor: Actor | null; scope: string; body: unknown; maxKeyLength: number; created: number; recheck?: (() => Promise<unknown>) | undefined },
    create: () => Promise<unknown>,
  ): Promise<OperationAnswer>;
  /**
   * Counts the request against the rate limits of its operation that need its body (a token
   * poll's device code), and throws 429 past a limit. The limits of its caller were counted and
   * checked when the caller was identified, before anything here.
   */
  limit?(ctx: Context, operation: Operation<TServices, TScope>, request: { actor: Actor | null; body: unknown }): Promise<void>;
  /** Where operations that declare `cache` keep their answers; none: every answer is built afresh. */
  cache?: AnswerCache;
  /** The process's bound on list reads built at once (operations declaring `listRead`); none: unbounded. */
  listReads?: ListReadGate;
  /** Tests turn this on: every answer is checked against its declaration, and a mismatch answers 500. */
  checkResponses?: boolean;
  /** The public base URL (`BASE_URL`) a 201's `Location` is written under; none: a root-relative path. */
  baseUrl?: string;
  /**
   * Told of each operation as it is mounted, with the route template the router matches
   * (`/api/v1/jobs/:id`): e.g. the process notes the routes of `anonymous` operations, whose
   * credentials it must not read.
   */
  mounted?(operation: Operation<TServices, TScope>, route: string): void;
  /**
   * What the request's token statement read for an operation that declares `readWithToken`
   * (undefined for a session, or where the process reads nothing with the token).
   */
  readWithToken?(ctx: Context): unknown;
}

/** What an answer of a `cors` operation carries: any origin may read it (never with credentials). */
const CORS_ANSWER = { 'Access-Control-Allow-Origin': '*' } as const;

/** The headers every answer of the operation carries, refusals included: its own and CORS's. */
const answerHeadersOf = (operation: Operation): Readonly<Record<string, string>> => ({ ...(operation.cors ? CORS_ANSWER : {}), ...operation.headers });

/** Whether a query parameter's schema takes a list (WebFinger's `rel`, RFC 7033 §4.1): through optional and union. */
const takesList = (schema: unknown): boolean => {
  const { type, wrapped, options } = schema as { type?: string; wrapped?: unknown; options?: unknown[] };
  return type === 'array' || (wrapped !== undefined && takesList(wrapped)) || (options ?? []).some(takesList);
};

/**
 * An operation that declares no query takes none: a stray parameter is a mistake worth telling the
 * caller. And no parameter is read from two copies (`?limit=1&limit=2`) unless it takes a list:
 * said so, as a form field sent twice is (docs/decisions.md), not as the array the two make failing
 * the parameter's rule.
 */
const refuseUnexpectedQuery = (operation: Operation, ctx: Context): void => {
  const keys = Object.keys(ctx.query);
  if (keys.length === 0) return;
  if (!operation.request?.query) throw validationFailed(keys.map((key) => ({ path: key, message: `unknown query parameter "${key}"; this operation takes none` })));
  const entries = (operation.request.query as { entries?: Record<string, unknown> }).entries ?? {};
  const repeated = keys.filter((key) => Array.isArray(ctx.query[key]) && key in entries && !takesList(entries[key]));
  if (repeated.length > 0) throw validationFailed(repeated.map((path) => ({ path, message: 'must be sent once' })));
};

/**
 * A body that is not an object is refused (400) wherever one is read. A body sent to an operation
 * that reads none is refused rather than ignored: a client that put a
 * removal's `expected_version` there would believe its removal conditional. An empty object is let
 * through, as some clients send one with every request.
 */
const refuseUnexpectedBody = (operation: Operation, body: unknown): void => {
  if (body === undefined) return;
  // Every body this API reads is a JSON object: `null` or an array is no body left out (valibot's
  // objects would take an array as `{}`, and `null` read as `{}` created an invitation).
  if (body === null || Array.isArray(body)) throw validationFailed([{ path: 'body', message: 'must be a JSON object' }]);
  if (operation.request?.body) return;
  if (isPlainObject(body) && Object.keys(body).length === 0) return;
  // The hint only where the query takes it: `threads.delete` and its like read no version at all.
  const query = operation.request?.query as { entries?: Record<string, unknown> } | undefined;
  const hint = query?.entries && 'expected_version' in query.entries ? '; send expected_version in the query (?expected_version=3)' : '';
  throw validationFailed([{ path: 'body', message: `this operation reads no body${hint}` }]);
};

const mismatch = (operation: Operation, what: string): DomainError =>
  new DomainError('internal_error', `The answer of ${operation.id} does not match its declaration: ${what}`);

const checkSuccess = (operation: Operation, { status, body, headers }: OperationAnswer): void => {
  if (!(status in operation.responses)) throw mismatch(operation, `status ${status} is not declared`);
  // The document promises the entity tag on a conditional read's 200 and 304.
  if (answersConditionally(operation) && (status === 200 || status === 304) && !headers?.ETag) throw mismatch(operation, `its ${status} carries no ETag`);
  // And the created record's address on a 201 that declares one, on no other answer.
  const location = createdLocation(operation);
  const promised = status === 201 && location !== undefined && 'read' in location;
  if (promised && !headers?.Location) throw mismatch(operation, `its 201 carries no Location: the record lacks a member ${location.read} names`);
  if (!promised && headers?.Location) throw mismatch(operation, `its ${status} carries a Location the document does not declare`);
  // A body in another media type the operation declares (`format=md`) is checked against that type's schema.
  const type = headers?.['Content-Type']?.split(';')[0]?.trim();
  const schema = (type && operation.alsoAnswers?.[type]) ?? operation.responses[status];
  if (!schema) return;
  const { replayed: _replayed, ...rest } = (body ?? {}) as Record<string, unknown>;
  const result = v.safeParse(schema, body && typeof body === 'object' && !Array.isArray(body) ? rest : body);
  if (!result.success) {
    const issues = result.issues.map((issue) => `${issue.path?.map((p) => String(p.key)).join('.') || '(body)'}: ${issue.message}`);
    throw mismatch(operation, issues.slice(0, 5).join('; '));
  }
};

const checkError = (operation: Operation, error: DomainError): void => {
  if (error.kind === 'internal') return;
  const allowed = new Set([...operation.errors, ...impliedErrors(operation)]);
  if (!allowed.has(error.code)) throw mismatch(operation, `the error code ${error.code} is not declared`);
  // The headers the error handler will send with this refusal are those the document declares for it.
  const status = statusOf(error);
  const sent = refusalHeaders(error, status);
  const declared = refusalHeaderDeclarations(status, [error.code]);
  for (const name of Object.keys(sent)) {
    if (!(name in declared)) throw mismatch(operation, `its ${status} ${error.code} carries ${name}, which the document does not declare`);
  }
  for (const [name, { required }] of Object.entries(declared)) {
    if (required && !(name in sent)) throw mismatch(operation, `its ${status} ${error.code} carries no ${name}`);
  }
};

/**
 * Turns operation declarations into routes: every operation gets the same auth rule, edge checks,
 * body reading, idempotent creates and (in tests) response checks, so a handler is one service call.
 */
export const mountOperations = <TServices, TScope extends string = string>(
  router: Router<any>,
  operations: readonly Operation<TServices, TScope>[],
  hooks: OperationHooks<TServices, TScope>,
): void => {
  checkLocations(operations);
  for (const operation of operations) {
    const firstSuccess = Number(Object.keys(operation.responses)[0]);
    const cache = operation.cache ? hooks.cache : undefined;
    if (operation.cache && (operation.method !== 'GET' || (operation.auth !== 'public' && operation.auth !== 'anonymous') || operation.responseType)) {
      throw new Error(`${operation.id}: only a public GET operation answering JSON may declare cache`);
    }
    if (operation.cors && operation.auth !== 'anonymous') throw new Error(`${operation.id}: only an anonymous operation may declare cors`);
    if (operation.listRead && (operation.method !== 'GET' || operation.responseType || operation.idempotent)) {
      throw new Error(`${operation.id}: only a GET operation answering JSON may declare listRead`);
    }
    const gate = operation.listRead ? hooks.listReads : undefined;
    hooks.mounted?.(operation, routerPath(operation.path));
    const { cors } = operation;
    if (cors) {
      const requestHeaders = cors === true ? ['Content-Type'] : cors.requestHeaders;
      const preflight = { ...CORS_ANSWER, 'Access-Control-Allow-Methods': operation.method, 'Access-Control-Allow-Headers': requestHeaders.join(', '), 'Access-Control-Max-Age': '86400' };
      router.register(routerPath(operation.path), ['OPTIONS'], (ctx: Context) => {
        ctx.set(preflight);
        ctx.status = 204;
      });
    }
    const answerHeaders = answerHeadersOf(operation);
    router.register(routerPath(operation.path), [operation.method], async (ctx: Context, next: () => Promise<unknown>) => {
      // A path a more specific route names is not this operation's (`PATCH /threads/invitations` is
      // no thread's): on to that route's 405 with its `Allow`, never a 404 for an id nobody has.
      if (!routeOwnsPath(ctx)) return next();
      // Before anything here can refuse the request (a refusal must reach the other origin's script
      // too); `routeAnswerHeaders` sets them before the steps that run ahead of the route.
      ctx.set(answerHeaders);
      try {
        await operation.before?.({ services: hooks.services, ctx });
        const raw = { ...(ctx as Context & { params: Record<string, string> }).params };
        refuseUnexpectedQuery(operation, ctx);
        // The bounds the document states for path parameters (an id's length) hold before anything
        // else reads them; the handler gets them as the schema gives them.
        const params = (operation.request?.params ? parseInput(operation.request.params, raw) : raw) as Record<string, string>;
        const actor = hooks.authorize(ctx, operation.auth);
        const readBody = operation.request?.form ? readFormBody : readJsonBody;
        const body = BODY_METHODS.has(operation.method) ? await readBody(ctx, operation.request?.bodyLimit) : undefined;
        refuseUnexpectedBody(operation, body);
        await hooks.limit?.(ctx, operation, { actor, body });
        const readWithToken = operation.readWithToken ? hooks.readWithToken?.(ctx) : undefined;
        const request = { actor, params, query: ctx.query, body, services: hooks.services, ctx, readWithToken };
        // After every check a request gets (auth, limits): a cached operation saves only building the answer.
        const cacheKey = !cache ? '' : ctx.querystring ? `${ctx.path}?${ctx.querystring}` : ctx.path;
        const kept = cache?.get(cacheKey, operation.cache!.tables);
        if (kept) return sendCached(ctx, kept);
        const stamp = cache?.stamp(operation.cache!.tables) ?? null;
        const answerOf = async (): Promise<OperationAnswer> => {
          let result: OperationAnswer;
          if (operation.idempotent) {
            const scope = `${operation.id} ${JSON.stringify(params)}`;
            const { maxKeyLength = 100, recheck } = operation.idempotent;
            const again = recheck && (() => recheck(request));
            result = await hooks.createOnce(ctx, { actor, scope, body, maxKeyLength, created: createdStatus(operation), recheck: again }, () => operation.handler(request));
          } else {
            const returned = await operation.handler(request);
            result = isAnswer(returned) ? returned : { status: firstSuccess, body: returned };
          }
          const location = result.status === 201 ? createdLocation(operation) : undefined;
          const address = location && 'read' in location ? locationOf(location.read, result.body, hooks.baseUrl) : undefined;
          if (address) result = { ...result, headers: { ...result.headers, Location: address } };
          if (hooks.checkResponses) checkSuccess(operation, result);
          return result;
        };
        if (cache || gate) {
          // A list read is built, its JSON text included, in one of the process's turns for lists:
          // serialising a hundred records is part of what it costs.
          const text = async (): Promise<CachedAnswer> => {
            const result = await answerOf();
            return { status: result.status, headers: result.headers, json: JSON.stringify(result.body ?? null) };
          };
          const build = () => (gate ? gate.run(text) : text());
          const built = await (cache ? cache.buildOnce(cacheKey, operation.cache!.tables, stamp, build) : build());
          return sendCached(ctx, built);
        }
        const result = await answerOf();
        ctx.status = result.status;
        for (const [name, value] of Object.entries(result.headers ?? {})) ctx.set(name, value);
        if (result.body !== undefined) ctx.body = result.body;
      } catch (thrown) {
        const error = isDomainError(thrown) && operation.refusals ? operation.refusals(thrown) : thrown;
        if (hooks.checkResponses && isDomainError(error)) checkError(operation, error);
        throw error;
      }
    }, { name: operation.id });
    const route = router.route(operation.id);
    if (route && Object.keys(answerHeaders).length > 0) noteAnswerHeaders(router, route, answerHeaders);
  }
};

/** Sends an answer kept as JSON text, byte for byte what a fresh one would send. */
const sendCached = (ctx: Context, { status, headers, json }: CachedAnswer): void => {
  ctx.status = status;
  for (const [name, value] of Object.entries(headers ?? {})) ctx.set(name, value);
  ctx.type = 'application/json';
  ctx.body = json;
};
