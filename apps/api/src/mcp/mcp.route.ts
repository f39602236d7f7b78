import { isIP } from 'node:net';
import type { Context } from 'koa';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { checkJsonValue, DEFAULT_BODY_LIMIT, readJsonBody, statusOf } from '@svc/http';
import { DomainError, hasScope, isDomainError, isPlainObject, requireScope, type Actor } from '@svc/kernel';
import { isOwnOrigin, limitWrites, type AppRouter, type Services } from '@svc/runtime';
import { CONTRACT_VERSION } from '../openapi.ts';
import { callTool } from './mcp.call.ts';
import { buildTools, type ApiOperation, type Tool } from './mcp.tools.ts';

export const MCP_PATH = '/mcp';
/** Room for the JSON-RPC envelope around the largest body an operation takes (each tool checks its own limit). */
const MCP_BODY_LIMIT = DEFAULT_BODY_LIMIT + 16 * 1024;

const INSTRUCTIONS =
  'The Task-and-Directory Service: jobs, offers, responses, a directory of contact addresses and private work threads. ' +
  'Each tool is one operation of the REST API under /api/v1, with the same rules and error bodies. Public reads need no ' +
  'token; every other tool says the scopes it needs, and calling it without them asks the person to approve them (HTTP 401 ' +
  'or 403, which an MCP client answers by signing in).';

/** The host a request reached by address (`127.0.0.1:4000`, `[::1]:4000`): no DNS name, so nothing to rebind. */
const listeningHost = (ctx: Context): string | null => {
  const { localAddress, localPort } = ctx.req.socket;
  if (!localAddress || !localPort) return null;
  const address = localAddress.startsWith('::ffff:') && isIP(localAddress.slice(7)) === 4 ? localAddress.slice(7) : localAddress;
  return isIP(address) === 6 ? `[${address}]:${localPort}` : `${address}:${localPort}`;
};

/**
 * Against DNS rebinding: the Host must be the public base URL's host (or the address the request
 * reached, which names no DNS name), and a browser's Origin, when sent, must be this site.
 */
const checkHostAndOrigin = (ctx: Context, baseUrl: string): void => {
  const host = ctx.host.toLowerCase();
  if (host !== new URL(baseUrl).host && host !== listeningHost(ctx)) {
    throw new DomainError('origin_not_allowed', 'The Host header does not name this service.');
  }
  const origin = ctx.get('origin');
  if (origin && !isOwnOrigin(ctx, origin, baseUrl)) {
    throw new DomainError('origin_not_allowed', 'MCP requests from another site are refused.');
  }
};

/** The caller of a tool: a bearer token only (a website session is not an MCP caller). */
const tokenActor = (ctx: Context): Actor | null => {
  const actor = ctx.state.actor as Actor | null;
  return ctx.get('authorization') && actor?.via === 'agent' ? actor : null;
};

/**
 * Each tool call's arguments as the body held them, by JSON-RPC id: the SDK's parse of a call drops
 * an own `__proto__` key, which REST refuses as an unknown field and so must a tool.
 */
const argumentsSent = (parsed: unknown): Map<unknown, Record<string, unknown>> =>
  new Map(
    (Array.isArray(parsed) ? parsed : [parsed]).flatMap((message) =>
      isPlainObject(message) && message.method === 'tools/call' && isPlainObject(message.params) && isPlainObject(message.params.arguments)
        ? [[message.id, message.params.arguments] as const]
        : [],
    ),
  );

const serverFor = (ctx: Context, services: Services, tools: Map<string, Tool>, sent: Map<unknown, Record<string, unknown>>): Server => {
  const actor = tokenActor(ctx);
  const server = new Server({ name: 'task-and-directory', version: CONTRACT_VERSION }, { capabilities: { tools: {} }, instructions: INSTRUCTIONS });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    // Every agent's tool, to every caller: a tool a model never sees is one it never calls, and only
    // that call's 401 or 403 starts the client's sign-in (or its step up to another scope).
    tools: [...tools.values()].map((tool) => tool.listing),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const tool = tools.get(request.params.name);
    // Not the SDK's McpError: its message already holds "MCP error -32602: ", which the client's
    // McpError writes again ("MCP error -32602: MCP error -32602: Unknown tool…").
    if (!tool) throw Object.assign(new Error(`Unknown tool: ${request.params.name}`), { code: ErrorCode.InvalidParams });
    return callTool(ctx, services, tool, actor, sent.get(extra.requestId) ?? request.params.arguments ?? {});
  });
  return server;
};

/**
 * The MCP authorization challenge: a `tools/call` of a tool that needs a token is refused at the
 * HTTP level before the JSON-RPC server sees it, so an MCP client starts (or steps up) its OAuth
 * flow. Without a token: 401 with `WWW-Authenticate: Bearer resource_metadata=…, scope=…`; with a
 * token lacking every scope the tool takes: 403 `insufficient_scope` naming them (a batch: for the
 * first of its calls so refused). Everything else (`initialize`, `tools/list`, public tools) stays
 * open; other refusals remain tool errors. (`challengeAll` asks for a whole request.)
 */
const challenge = async (services: Services, message: unknown, tools: Map<string, Tool>, actor: Actor): Promise<void> => {
  const operation = toolCalled(message, tools)?.operation;
  const auth = operation?.auth;
  if (typeof auth !== 'object' || auth.scopes.length === 0 || auth.scopes.some((scope) => hasScope(actor, scope))) return;
  // A write refused for want of a scope counts against the token's writes, as over REST: past the
  // limit it is the HTTP 429 (with Retry-After) REST answers, since nothing but waiting helps then.
  await limitWrites(services, operation!, actor);
  requireScope(actor, ...auth.scopes);
};

/** The tool a `tools/call` message names, when it is one. */
const toolCalled = (message: unknown, tools: Map<string, Tool>): Tool | undefined => {
  const call = message as { method?: unknown; params?: { name?: unknown } } | null;
  if (typeof call !== 'object' || call === null || call.method !== 'tools/call' || typeof call.params?.name !== 'string') return undefined;
  return tools.get(call.params.name);
};

/** The scopes a message's tool takes (any one of them will do), or null when it needs no token. */
const scopesNeeded = (message: unknown, tools: Map<string, Tool>): readonly string[] | null => {
  const auth = toolCalled(message, tools)?.operation.auth;
  return typeof auth === 'object' ? auth.scopes : null;
};

/** The 401 whose `WWW-Authenticate` (with `scope` when there are some) starts an MCP client's OAuth flow. */
const unauthenticated = ({ baseUrl }: Services, scopes: readonly string[]): never => {
  throw new DomainError('unauthenticated', 'This tool needs a bearer token a person approved; the WWW-Authenticate header says where to get one.', {
    instructions_url: `${baseUrl}/agents`,
    connect: `${baseUrl}/api/v1/agent/connect`,
    ...(scopes.length > 0 ? { required_scopes: scopes } : {}),
  });
};

/** What the transport requires of a POST's Accept (else 406, its own answer): the SDK's very test. */
const acceptsBoth = (ctx: Context): boolean => {
  const accept = ctx.get('accept');
  return accept.includes('application/json') && accept.includes('text/event-stream');
};

/**
 * The challenge for every call of a request: without a token, one 401 naming every scope the calls
 * need (a client that signs in for the first call's alone would meet a 403 at the next); with one,
 * the first call it lacks a scope for is refused, as alone.
 */
const challengeAll = async (ctx: Context, services: Services, messages: readonly unknown[], tools: Map<string, Tool>, actor: Actor | null): Promise<void> => {
  if (!actor) {
    const needing = messages.map((message) => scopesNeeded(message, tools)).filter((scopes) => scopes !== null);
    if (needing.length > 0) unauthenticated(services, [...new Set(needing.flat())]);
    return;
  }
  for (const message of messages) await challenge(services, message, tools, actor);
};

/**
 * A `tools/call` whose params are not `{name: string, arguments?: object}`, as JSON-RPC's "Invalid
 * params" (-32602) answer to it. The SDK would refuse it as an internal error (-32603) with its
 * schema library's dump for a message; a client must see that its own call was wrong.
 */
const invalidToolCall = (message: unknown): object | null => {
  if (!isPlainObject(message) || message.method !== 'tools/call' || message.id === undefined) return null;
  const { params } = message;
  if (isPlainObject(params) && typeof params.name === 'string' && (params.arguments === undefined || isPlainObject(params.arguments))) return null;
  return {
    jsonrpc: '2.0',
    id: message.id,
    error: { code: ErrorCode.InvalidParams, message: 'Invalid params: tools/call takes {"name": <tool name>, "arguments": {…}} (arguments an object, or left out)' },
  };
};

/**
 * The edge's checks on a JSON-RPC body, but for a tool call's arguments: the call checks those
 * itself (mcp.call.ts), so that a NUL or too deep an argument is a tool error the model reads.
 */
const checkEnvelope = (parsed: unknown): void => {
  for (const message of Array.isArray(parsed) ? parsed : [parsed]) {
    if (isPlainObject(message) && message.method === 'tools/call' && isPlainObject(message.params)) {
      const { arguments: _checkedByTheCall, ...params } = message.params;
      checkJsonValue({ ...message, params }, '');
    } else {
      checkJsonValue(message, '');
    }
  }
};

/** The SDK's refusal of params its schemas do not take: -32603 with the schema library's issues (a JSON array) as the message. */
const isSchemaDump = (message: unknown): boolean => {
  try {
    return typeof message === 'string' && Array.isArray(JSON.parse(message));
  } catch {
    return false;
  }
};

/**
 * The SDK's answer in JSON-RPC 2.0's own terms: params its schemas refuse are Invalid params
 * (-32602, not -32603 with a schema dump); JSON that is no JSON-RPC message is an Invalid Request
 * (-32600: the body did parse, so it is no Parse error); a batch, even of one, is answered by an array.
 */
const inJsonRpcTerms = (sent: unknown, answer: unknown): unknown => {
  const reword = (one: unknown): unknown => {
    if (!isPlainObject(one) || !isPlainObject(one.error)) return one;
    if (one.error.code === ErrorCode.InternalError && isSchemaDump(one.error.message)) {
      return { ...one, error: { code: ErrorCode.InvalidParams, message: 'Invalid params: see the method\'s params in the MCP specification.' } };
    }
    if (one.error.code === ErrorCode.ParseError) return { ...one, error: { code: ErrorCode.InvalidRequest, message: 'Invalid Request: send JSON-RPC 2.0 messages ({"jsonrpc": "2.0", "method": …}).' } };
    return one;
  };
  const answers = Array.isArray(answer) ? answer.map(reword) : reword(answer);
  return Array.isArray(sent) && !Array.isArray(answers) ? [answers] : answers;
};

const webRequest = (ctx: Context): Request => {
  const headers = new Headers();
  for (const [name, value] of Object.entries(ctx.req.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  return new Request(`${ctx.protocol}://${ctx.host}${ctx.url}`, { method: ctx.method, headers });
};

/**
 * `POST /mcp`: a stateless Streamable HTTP MCP server, built for each request, whose tools are the
 * agents' operations of the table. The actor is already resolved (a bad token is 401 with
 * `WWW-Authenticate`, as on every route); GET and DELETE answer 405 like any stateless server.
 */
export const registerMcpRoute = (router: AppRouter, services: Services, operations: readonly ApiOperation[]): void => {
  const tools = buildTools(operations);
  router.post(MCP_PATH, async (ctx) => {
    checkHostAndOrigin(ctx, services.baseUrl);
    let parsedBody: unknown;
    try {
      parsedBody = await readJsonBody(ctx, MCP_BODY_LIMIT, checkEnvelope);
    } catch (error) {
      if (!isDomainError(error)) throw error;
      if (error.code !== 'invalid_json') {
        // Refused by the edge before any message was read (text that cannot be stored in the
        // envelope, too large a body): JSON-RPC's Invalid Request at the edge's HTTP status, with no
        // id (the id may be what was refused) and the edge's error body as its data.
        ctx.status = statusOf(error);
        ctx.state.errorCode = error.code;
        ctx.body = { jsonrpc: '2.0', id: null, error: { code: ErrorCode.InvalidRequest, message: `Invalid Request: ${error.message}`, data: { error: error.code, message: error.message, ...error.extras } } };
        return;
      }
      parsedBody = undefined;
    }
    // What JSON-RPC answers a message it cannot read (-32700), as an MCP client expects it.
    if (parsedBody === undefined) {
      ctx.status = 400;
      ctx.body = { jsonrpc: '2.0', id: null, error: { code: ErrorCode.ParseError, message: 'Parse error: send one JSON-RPC message (or a batch) as a JSON body in UTF-8.' } };
      return;
    }
    // A batch is refused whole when one of its calls would be refused alone, so that a client
    // that batches meets the same challenge. Not for a request the transport answers 406 (an Accept
    // without both types): that runs nothing, so it neither challenges nor counts a write.
    if (acceptsBoth(ctx)) await challengeAll(ctx, services, Array.isArray(parsedBody) ? parsedBody : [parsedBody], tools, tokenActor(ctx));
    const invalid = invalidToolCall(parsedBody);
    if (invalid) {
      ctx.body = invalid;
      return;
    }
    // JSON-RPC 2.0 §6: an empty batch is one Invalid Request (the SDK answers it 202, as if all were notifications).
    if (Array.isArray(parsedBody) && parsedBody.length === 0) {
      ctx.status = 400;
      ctx.body = { jsonrpc: '2.0', id: null, error: { code: ErrorCode.InvalidRequest, message: 'Invalid Request: a batch holds at least one message.' } };
      return;
    }
    const server = serverFor(ctx, services, tools, argumentsSent(parsedBody));
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    try {
      await server.connect(transport);
      const response = await transport.handleRequest(webRequest(ctx), { parsedBody });
      ctx.status = response.status;
      response.headers.forEach((value, name) => ctx.set(name, value));
      const text = await response.text();
      // Only a batch, or an answer holding one of the two codes reworded, is read and written again:
      // a tool's result (a page of records) goes out as the SDK wrote it.
      const reworded = response.headers.get('content-type')?.startsWith('application/json') && (Array.isArray(parsedBody) || /"code":-32(?:603|700)\b/.test(text));
      ctx.body = reworded ? JSON.stringify(inJsonRpcTerms(parsedBody, JSON.parse(text))) : text;
    } finally {
      await server.close();
    }
  });
};
