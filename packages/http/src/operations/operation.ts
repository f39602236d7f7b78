import type { Context } from 'koa';
import type * as v from 'valibot';
import type { Actor, DomainError } from '@svc/kernel';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an operation:
 * - `public`: anyone; a token or session is ignored (a bad token is still refused).
 * - `anonymous`: anyone, always as nobody: the Authorization header and the session are not even
 *   read, so a token that expired or was revoked cannot refuse the call. For the way back to a token
 *   (connect, collect the token, the metadata a 401 points at), which a stale token must not block.
 * - `optional`: anyone; a token or session adds to what the caller sees.
 * - `{ scopes }`: a token holding one of the scopes, or a signed-in session (`scopes: []` = any token).
 * - `human_only`: a signed-in session only; an agent token gets 403 `human_only`.
 *
 * `S` is the process's scope names (the API's are `@svc/access`'s `Scope`): this package names none.
 */
export type OperationAuth<S extends string = string> = 'public' | 'anonymous' | 'optional' | 'human_only' | { scopes: readonly S[] };

/** Whether anyone may call an operation without credentials. */
export const isOpen = (auth: OperationAuth): auth is 'public' | 'anonymous' | 'optional' =>
  auth === 'public' || auth === 'anonymous' || auth === 'optional';

export type AnySchema = v.GenericSchema;

/** A limit an operation counts against beside the write limits every caller has. */
export interface OperationRateLimit {
  /** The limit, the very object the code that counts it uses; `policy` is the name clients see. */
  limit: { name: string; policy: string; limit: number; windowSeconds: number };
  /** What a request adds to it and whose count it is (`reports sent, per client address`), for the document. */
  counts: string;
  /**
   * Whose count a request adds to (a device code): the process counts it as soon as the body is
   * read, before the handler. None: the operation's own code counts it (a service that counts only
   * what it stores, or only after a cheaper check), and the answer carries it once it is counted.
   */
  subject?(request: { body: unknown; ctx: Context }): string | undefined;
}

/**
 * Columns a route reads in its bearer token's own statement, as the process's storage describes them
 * (`TokenAlongside` in `@svc/access`, given the token's principal and grant): this package needs only
 * the type they are read back as.
 */
export type TokenColumns<W> = (token: never) => { read(row: never): W };

/** What a handler receives: the caller, and the request as the declaration names it. */
export interface OperationRequest<TServices, TActor extends Actor | null = Actor | null, TParams = Record<string, string>, TRead = unknown> {
  /** Null only for `public` and `optional` operations (and always for `anonymous` ones). */
  actor: TActor;
  /** The path parameters as the declared `request.params` schema gives them, checked at the edge. */
  params: TParams;
  query: Record<string, string | string[] | undefined>;
  /** The JSON body, checked at the edge (depth, NUL, lone surrogates); the service validates it. */
  body: unknown;
  services: TServices;
  ctx: Context;
  /** What `readWithToken` read in the token's statement; undefined for a session (which reads it itself) or without the option. */
  readWithToken: TRead | undefined;
}

/** See `Operation.location`. */
export type OperationLocation = { read: string } | { none: string };

/** What an operation declares of its requests. `form`: the body is `application/x-www-form-urlencoded` (an object of strings), not JSON. */
export interface OperationRequestSchemas {
  params?: AnySchema;
  query?: AnySchema;
  body?: AnySchema;
  bodyLimit?: number;
  form?: boolean;
}

/** The caller a handler gets under an operation's `auth`: present wherever the rule requires one. */
export type ActorFor<A extends OperationAuth> = A extends 'public' | 'optional' ? Actor | null : A extends 'anonymous' ? null : Actor;

/** The path parameters a handler gets: what the declared schema outputs, or none without one. */
export type ParamsFor<R> = R extends { params: infer P extends AnySchema } ? v.InferOutput<P> : Record<string, never>;

/** A handler answers a body (the operation's first success status), or a full answer. */
export interface OperationAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export interface Operation<TServices = any, TScope extends string = string> {
  /** Stable id, `<group>.<verb>`: the OpenAPI operationId, the MCP tool name and the usage name. */
  id: string;
  method: HttpMethod;
  /** OpenAPI form: `/api/v1/jobs/{id}`. */
  path: string;
  summary: string;
  description?: string;
  auth: OperationAuth<TScope>;
  /**
   * How this operation words its refusals where its protocol has its own error body (the OAuth
   * endpoints' `error_description`): every refusal passes through it, the edge's too (a body that
   * does not parse, a rate limit), not only the handler's.
   */
  refusals?: (error: DomainError) => DomainError;
  /**
   * Creates: honour `Idempotency-Key` (max length 100 unless given). `recheck` runs before a stored
   * answer is replayed, for a create under a record the caller can lose access to (a thread's entry):
   * its refusal answers instead.
   */
  idempotent?: { maxKeyLength?: number; recheck?: (request: OperationRequest<TServices>) => Promise<unknown> };
  request?: OperationRequestSchemas;
  /** The media type of the success bodies when it is not JSON (e.g. `text/markdown`). */
  responseType?: string;
  /** The success body in further media types, as the request picks them (e.g. `format=md` → `text/markdown`). */
  alsoAnswers?: Record<string, AnySchema>;
  /** The rate limits beyond the write limits of every caller (`countsCallerWrites`): the document names them all. */
  rateLimits?: readonly OperationRateLimit[];
  /** Success statuses and the schema of each body (null: no body schema, e.g. a 304). */
  responses: Record<number, AnySchema | null>;
  /**
   * Where the record a 201 created can be read, which every operation declaring 201 says:
   * `{ read: '/api/v1/jobs/{id}' }` names the GET operation that reads it, each `{name}` filled from
   * the created record's member of that name, and the 201 carries that address as `Location`
   * (RFC 9110 §10.2.2), absolute under the process's base URL; `{ none: why }` where the record has
   * no address of its own to read, and the document says why. A replay (200) carries none.
   */
  location?: OperationLocation;
  /** The error codes this operation can answer, beside those its auth and request imply. */
  errors: readonly string[];
  /**
   * `validation_failed` may also come as 422: well-formed input refused for what it says (the
   * kernel's `validationFailed(…, { refusedContent: true })`, e.g. a template's details).
   */
  refusesContent?: boolean;
  /** Runs before anything reads the request (e.g. a per-address limit that counts every attempt). */
  before?(request: { services: TServices; ctx: Context }): Promise<void>;
  /**
   * A public read whose answer depends only on its path, its query and these tables: the answer is
   * kept per process and served again until a change to one of the tables is committed (see
   * `AnswerCache`). Only for `public` GET operations whose handler ignores the caller.
   */
  cache?: { tables: readonly string[] };
  /**
   * A list or search whose cost grows with its page (up to 100 records from deep in a large table):
   * its answer is built under the process's bound on list reads (`ListReadGate`), so that however
   * many ask at once, writes, sign-ins and other reads keep connections and time. Such an operation
   * may answer `503 busy`. Only for GET operations answering JSON.
   */
  listRead?: boolean;
  /**
   * Browsers on other origins may call it: every answer, refusals included, allows any origin, and
   * `OPTIONS` answers the CORS preflight, allowing the operation's method and the request headers
   * named (`Content-Type` when `true`). Only for `anonymous` operations (they read no cookie and no
   * token, so another origin can learn nothing a caller's credentials would show): the OAuth
   * endpoints and metadata a public client running in a browser calls.
   */
  cors?: true | { requestHeaders: readonly string[] };
  /**
   * Headers every answer carries, refusals included, even those made before the operation's route
   * runs (the edge's checks of the query string, the caller's resolution): an endpoint answering
   * tokens says `Cache-Control: no-store` on all of them (RFC 6749 §5.1).
   */
  headers?: Readonly<Record<string, string>>;
  /** Not an API operation for agents (a website-only action served as JSON too): never a tool. */
  websiteOnly?: boolean;
  /**
   * What the bearer token's statement reads for this route besides the token (`/me`'s counts), so
   * that it costs no round trip of its own: the handler gets it as `readWithToken`.
   */
  readWithToken?(services: TServices): TokenColumns<unknown>;
  handler(request: OperationRequest<TServices>): Promise<unknown>;
}

/**
 * An operation as the OpenAPI document describes it, without its handler: also what another process
 * serves (the website's machine-readable pages), described beside the API's own operations.
 */
export type OperationDeclaration = Omit<Operation, 'handler'>;

/**
 * Declares operations of a process's services and scopes: `const op = defineOperation<Services,
 * Scope>()` (a scope outside `Scope` does not compile). The declaration types its handler: `actor`
 * is never null where the `auth` rule requires a caller, `params` has the keys and types of the
 * `request.params` schema, and `readWithToken` the type its columns are read back as. Nothing
 * happens at run time.
 */
export const defineOperation =
  <TServices, TScope extends string = string>() =>
  <const A extends OperationAuth<TScope>, const R extends OperationRequestSchemas | undefined = undefined, W = never>(
    operation: Omit<Operation<TServices, TScope>, 'auth' | 'request' | 'readWithToken' | 'handler'> & {
      auth: A;
      request?: R;
      readWithToken?(services: TServices): TokenColumns<W>;
      handler(request: OperationRequest<TServices, ActorFor<A>, ParamsFor<R>, W>): Promise<unknown>;
    },
  ): Operation<TServices, TScope> =>
    operation as Operation<TServices, TScope>;

/** An answer with its own status and headers (e.g. 201, 304 or an ETag). */
export const answer = (status: number, body: unknown, headers?: Record<string, string>): OperationAnswer & { [ANSWER]: true } => ({
  status,
  body,
  ...(headers ? { headers } : {}),
  [ANSWER]: true,
});

const ANSWER = Symbol('answer');
export const isAnswer = (value: unknown): value is OperationAnswer =>
  typeof value === 'object' && value !== null && ANSWER in value;

/**
 * Whether a request to this operation counts against its caller's write limit: an agent token's
 * `writes` or a session's `session-writes`. Every write that reads credentials does, refused or
 * not; an anonymous operation reads none, so nothing identifies a caller to count.
 */
export const countsCallerWrites = (operation: Pick<Operation, 'method' | 'auth'>): boolean => operation.method !== 'GET' && operation.auth !== 'anonymous';

/**
 * The methods whose body is read (and refused when it is not JSON, too large, or not wanted): a
 * DELETE too, so that a removal's `expected_version` sent in a body is said to belong in the query.
 */
export const BODY_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The error codes an operation can answer without naming them: those of reading a request and of its auth. */
export const impliedErrors = (operation: Pick<Operation, 'auth' | 'request' | 'method' | 'idempotent' | 'rateLimits' | 'listRead'>): string[] => {
  const codes = ['validation_failed'];
  if (operation.request?.body || BODY_METHODS.has(operation.method)) {
    codes.push('invalid_json', 'unsupported_media_type', 'body_too_large');
  }
  // Every operation refuses a token sent in the query string, an anonymous one too (it ignores only the header).
  codes.push('invalid_token');
  if (!isOpen(operation.auth)) codes.push('unauthenticated', 'csrf_failed');
  if (typeof operation.auth === 'object' && operation.auth.scopes.length > 0) codes.push('insufficient_scope');
  if (operation.auth === 'human_only') codes.push('human_only');
  if (operation.idempotent) codes.push('invalid_idempotency_key', 'idempotency_conflict');
  if (countsCallerWrites(operation) || (operation.rateLimits ?? []).length > 0) codes.push('rate_limited');
  if (operation.listRead) codes.push('busy');
  // Any request may send a statement (a token's lookup at least), and PostgreSQL stops one that runs
  // past DATABASE_STATEMENT_TIMEOUT_MS: 503 query_timeout with Retry-After, on every operation.
  codes.push('query_timeout');
  // And any may find the database unreachable (a failover, a restart): 503 database_unavailable with Retry-After.
  codes.push('database_unavailable');
  return codes;
};

/**
 * The status of a new record from a create: 201 where the declaration gives it, otherwise 200 (the
 * contract's default for creates it gives no status). A replay is always 200 with `replayed: true`.
 */
export const createdStatus = (operation: Pick<Operation, 'responses'>): number => (201 in operation.responses ? 201 : 200);

/**
 * What a 201 of this operation says of the created record's address; undefined where it answers no
 * 201. A 201 that leaves it out is a declaration error: every create decides whether its record can
 * be read.
 */
export const createdLocation = (operation: Pick<Operation, 'id' | 'responses' | 'location'>): OperationLocation | undefined => {
  if (!(201 in operation.responses)) return undefined;
  if (!operation.location) throw new Error(`${operation.id}: a 201 names where its record is read (location: { read: <GET path> }) or why it has no address (location: { none: <why> })`);
  return operation.location;
};

/**
 * Refuses a table where a 201 leaves its location undeclared, or names as its record's address a
 * path that no GET operation of the table serves: a client following `Location` must find the record.
 */
export const checkLocations = (operations: readonly Pick<Operation, 'id' | 'method' | 'path' | 'responses' | 'location'>[]): void => {
  const reads = new Set(operations.filter((operation) => operation.method === 'GET').map((operation) => operation.path));
  for (const operation of operations) {
    const location = createdLocation(operation);
    if (location && 'read' in location && !reads.has(location.read)) throw new Error(`${operation.id}: its location ${location.read} is no GET operation's path`);
  }
};

/** A value as one path segment: escaped, but for `:` and `@`, which a segment holds as they are (RFC 3986 `pchar`), so an address reads `aar:ada`. */
const pathSegment = (value: string): string => encodeURIComponent(value).replace(/%3A/gi, ':').replace(/%40/gi, '@');

/**
 * The address of a created record: `read` with each `{name}` filled from the record's member of that
 * name, under `baseUrl` (none: root-relative). Undefined when the record lacks a member the path names.
 */
export const locationOf = (read: string, record: unknown, baseUrl = ''): string | undefined => {
  const members = (typeof record === 'object' && record !== null ? record : {}) as Record<string, unknown>;
  let complete = true;
  const path = read.replace(/\{([a-z_]+)\}/g, (_, name: string) => {
    const value = members[name];
    if (typeof value !== 'string' || value === '') complete = false;
    return typeof value === 'string' ? pathSegment(value) : '';
  });
  return complete ? `${baseUrl.replace(/\/+$/, '')}${path}` : undefined;
};

/**
 * Whether an operation answers under an entity tag: one that declares 304 answers through
 * `conditionalAnswer`, so its 200 and its 304 carry `ETag` (the document declares it; the mounted
 * routes check it where they check answers).
 */
export const answersConditionally = (operation: Pick<Operation, 'responses'>): boolean => 304 in operation.responses;

/** `/api/v1/jobs/{id}` → `/api/v1/jobs/:id` for the router. */
export const routerPath = (path: string): string => path.replace(/\{([a-z_]+)\}/g, ':$1');
