import type { Context, Middleware } from 'koa';
import { DomainError, isDomainError } from '@svc/kernel';
import { causesOf } from './causes.ts';
import { statusOf } from './error-status.ts';
import type { KernelState } from './state.ts';

export const AUTH_REALM = 'task-and-directory';

/**
 * Answers a refused request in another form than the JSON error body (a website's HTML error page for
 * a browser). It sets the body and returns true when it answered; false leaves the JSON body.
 * The status and the error code are already set on `ctx` when it is called.
 */
export type ErrorRenderer = (ctx: Context, error: DomainError, status: number) => boolean;

/** Writes the one error body `{error, message, ...extras}` for every failure, and logs what is not a domain error. */
export const errorHandler = (renderError?: ErrorRenderer): Middleware<KernelState> => async (ctx, next) => {
  try {
    await next();
  } catch (thrown) {
    const error = isDomainError(thrown) ? thrown : fromForeign(thrown);
    if (!isDomainError(thrown) && (error.code === 'internal_error' || error.code === 'database_unavailable')) {
      ctx.state.log?.error({ err: thrown }, error.code === 'internal_error' ? 'unhandled error' : 'database unavailable');
    } else if (error.code === 'internal_error') {
      // A 500 the code raised on purpose (an answer that does not match its declaration, under test)
      // is a bug as much as a crash: logged with its words, which the log would otherwise not hold.
      ctx.state.log?.error({ err: thrown }, 'internal error');
    }
    ctx.status = statusOf(error);
    ctx.state.errorCode = error.code;
    if (!renderedBy(renderError, ctx as unknown as Context, error)) {
      ctx.body = { error: error.code, message: error.message, ...error.extras };
    }
    ctx.set(refusalHeaders(error, ctx.status, ctx.state.resourceMetadata));
  }
};

/**
 * The headers a refusal carries beside its body. RFC 6750: every 401 names the Bearer scheme, a bad
 * token also says why, and a 403 for want of a scope names the scopes; RFC 9728: both point at the
 * protected resource's metadata. The OpenAPI document declares each (`refusalHeaderDeclarations`),
 * and the response check holds the two together.
 */
export const refusalHeaders = (error: DomainError, status: number, resourceMetadata?: string): Record<string, string> => {
  const headers: Record<string, string> = {};
  const metadata = resourceMetadata ? `, resource_metadata="${resourceMetadata}"` : '';
  if (status === 401) {
    const reason = error.code === 'invalid_token' ? ', error="invalid_token"' : '';
    // The MCP challenge names the scopes the refused call needs, so a client asks for those first.
    const wanted = Array.isArray(error.extras.required_scopes) ? `, scope="${(error.extras.required_scopes as unknown[]).join(' ')}"` : '';
    headers['WWW-Authenticate'] = `Bearer realm="${AUTH_REALM}"${reason}${metadata}${wanted}`;
  }
  if (error.code === 'insufficient_scope' && Array.isArray(error.extras.required_scopes)) {
    const scopes = (error.extras.required_scopes as unknown[]).join(' ');
    headers['WWW-Authenticate'] = `Bearer realm="${AUTH_REALM}", error="insufficient_scope", scope="${scopes}"${metadata}`;
  }
  // Every refusal that says how long to wait (`retry_after`: rate_limited, busy, query_timeout,
  // database_unavailable) says it in the header too: one rule, not a list of codes beside the producers.
  if (typeof error.extras.retry_after === 'number') headers['Retry-After'] = String(error.extras.retry_after);
  return headers;
};

/** Whether the renderer answered; a renderer that fails leaves the JSON body (and is logged). */
const renderedBy = (renderError: ErrorRenderer | undefined, ctx: Context, error: DomainError): boolean => {
  if (!renderError) return false;
  try {
    return renderError(ctx, error, ctx.status);
  } catch (thrown) {
    (ctx.state as KernelState).log?.error({ err: thrown }, 'error renderer failed');
    ctx.status = statusOf(error);
    return false;
  }
};

/**
 * PostgreSQL's `query_canceled`: a statement ran past `statement_timeout` (DATABASE_STATEMENT_TIMEOUT_MS)
 * and was stopped so that it stops holding a connection others wait for.
 */
const QUERY_CANCELED = '57014';
/** Seconds a client is asked to wait before trying a timed-out request again. */
const RETRY_AFTER_TIMEOUT_SECONDS = 1;

// A new connection refused for its database (3D000: dropped or renamed under the process) or its
// login (28000, 28P01: a role or password changed) reaches no database either, until an operator acts.
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'EPIPE', '57P01', '57P02', '57P03', '3D000', '28000', '28P01']);
const UNREACHABLE_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/;

/**
 * The database cannot be reached or is going away: refused or cut connections, a pool that cannot
 * connect in time, PostgreSQL shutting down or starting (SQLSTATE class 08, 57P01-57P03). Not a bug
 * of the request: 503 with Retry-After, so a client waits and tries again.
 */
const databaseUnreachable = (thrown: unknown): boolean =>
  // Drivers and the ORM wrap the socket's error: look along the causes.
  causesOf(thrown).some(({ code, message }) => {
    const said = typeof code === 'string' ? code : '';
    return UNREACHABLE_CODES.has(said) || said.startsWith('08') || (typeof message === 'string' && UNREACHABLE_MESSAGES.test(message));
  });
/** Seconds a client is asked to wait before trying again while the database cannot be reached. */
const RETRY_AFTER_UNAVAILABLE_SECONDS = 5;

/** Errors thrown by Koa or libraries (with an HTTP status) become the matching domain code; anything else is a bug. */
export const fromForeign = (thrown: unknown): DomainError => {
  if (databaseUnreachable(thrown)) {
    return new DomainError('database_unavailable', 'The service cannot reach its database just now. Try again in a moment; repeat a create with the same Idempotency-Key.', {
      retry_after: RETRY_AFTER_UNAVAILABLE_SECONDS,
    });
  }
  if ((thrown as { code?: unknown } | null)?.code === QUERY_CANCELED) {
    return new DomainError('query_timeout', 'The request took too long and was stopped. Try again in a moment, or narrow it.', {
      retry_after: RETRY_AFTER_TIMEOUT_SECONDS,
    });
  }
  const status = (thrown as { status?: number } | null)?.status;
  if (status === 413) return new DomainError('body_too_large', 'The request body is too large.');
  if (status === 415) return new DomainError('unsupported_media_type', 'Send the body as application/json.');
  if (status === 400) return new DomainError('invalid_json', 'The request body is not valid JSON.');
  return new DomainError('internal_error', 'Something went wrong on our side. The request can be retried.');
};
