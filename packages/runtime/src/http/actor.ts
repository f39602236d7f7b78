import type { Context, Middleware } from 'koa';
import type { RateLimitVerdict } from '@svc/db';
import { routeTemplate } from '@svc/http';
import { DomainError, requireScope, type Actor } from '@svc/kernel';
import type { Scope } from '@svc/access';
import type { Services } from '../services.ts';
import { agentLimit, enforceLimits } from './rate-limits.ts';
import { isOwnOrigin } from './origin.ts';

export const SESSION_COOKIE = 'svc_session';

/**
 * The session cookie's name: over https `__Host-svc_session`, which a browser keeps only when it is
 * Secure, for `/` and for this host alone, so no sibling subdomain can set or shadow it.
 */
export const sessionCookieName = (baseUrl: string): string => (isHttps(baseUrl) ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE);

/** Whether the service's public URL is https (TLS may end at a proxy in front: Koa then sees http). */
export const isHttps = (baseUrl: string): boolean => baseUrl.startsWith('https:');
/** Methods that change nothing: no CSRF check for a session, no cached answer made stale. */
export const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const pointers = (baseUrl: string) => ({
  instructions_url: `${baseUrl}/agents`,
  connect: `${baseUrl}/api/v1/agent/connect`,
});

/** What a caller whose token no longer works does next; connect and the token poll read no token, so a stale one cannot block them. */
const RECOVERY =
  'Get a new token: POST the `connect` URL (it ignores any Authorization header), have the person approve it, ' +
  'then poll POST /api/v1/agent/token. Public reads answer without an Authorization header; see `instructions_url`.';

/**
 * The same at the MCP endpoint, whose clients sign in by OAuth: the challenge's `resource_metadata`
 * starts that flow again, and a refresh token, when the client holds one, gets a new token without it.
 */
const MCP_RECOVERY =
  'Get a new token: an MCP client exchanges its refresh token, or signs in again through the OAuth flow the ' +
  'WWW-Authenticate header points to (resource_metadata); an agent without a browser uses the device flow (`connect`).';

/** `METHOD /route/template` of the route this request matched (`GET /api/v1/jobs/:id`); a HEAD is its GET route's. */
const matchedRoute = (ctx: Context): string => `${ctx.method === 'HEAD' ? 'GET' : ctx.method} ${routeTemplate(ctx as never)}`;

/** The MCP endpoint's paths, a protected resource of their own. */
const isMcpPath = (path: string): boolean => path === '/mcp' || path.startsWith('/mcp/');

/**
 * The RFC 9728 metadata of the protected resource a path belongs to, named in `WWW-Authenticate`:
 * the MCP endpoint (`/mcp`) is a resource of its own, everything else is the base URL.
 */
export const resourceMetadataUrl = (baseUrl: string, path: string): string => `${baseUrl}/.well-known/oauth-protected-resource${isMcpPath(path) ? '/mcp' : ''}`;

/**
 * The one authorisation step shared by the API and the website: turns a bearer token or a session
 * cookie into `ctx.state.actor` (null when anonymous). A token in the query string is refused on
 * every route, and a token that is sent but not live is 401 `invalid_token` at once, both saying
 * how to recover. Routes in `services.credentialsIgnored` (connect, the token poll, the metadata a
 * 401 points at) read neither header nor cookie, so a stale token never locks an agent out. A
 * session that changes state must come from our own origin or carry the session's CSRF token, so
 * another site cannot act with a visitor's cookie. A write is counted here, against the token's
 * `writes` or the session's `session-writes`, and refused with 429 past the limit before the
 * operation does any work (operations declare the same rule: `countsCallerWrites`).
 */
export const resolveActor = (services: Services): Middleware => async (ctx, next) => {
  ctx.state.actor = null;
  ctx.state.resourceMetadata = resourceMetadataUrl(services.baseUrl, ctx.path);
  // RFC 6750 §2.3 is refused on purpose: a URL ends up in access logs, proxies and browser history.
  if (Object.hasOwn(ctx.query, 'access_token')) {
    throw new DomainError(
      'invalid_token',
      'A token in the query string (access_token) is not accepted: URLs end up in logs. Send it in the Authorization header instead: `Authorization: Bearer <token>`.',
      pointers(services.baseUrl),
    );
  }
  const route = matchedRoute(ctx);
  if (services.credentialsIgnored.has(route)) return next();
  const readsTokens = services.tokensReadUnder.some((prefix) => ctx.path.startsWith(prefix));
  // A page acts for a person only: a token sent here is not read, and an operation that needs a
  // caller says so (human_only) rather than claim no credentials came.
  if (!readsTokens && ctx.get('authorization')) ctx.state.tokenNotRead = true;
  const authorization = readsTokens ? ctx.get('authorization') : '';
  if (authorization) {
    const bearer = /^Bearer +([\x21-\x7e]{1,512})$/i.exec(authorization)?.[1];
    const alongside = services.readsWithToken.get(route);
    const resolved = bearer ? await services.access.grants.resolveTokenWith(bearer, alongside) : null;
    const actor = resolved?.actor;
    if (!actor) {
      // Another scheme (Basic, a bare token) is no token this API knows: said so, not "expired".
      if (!bearer && !/^Bearer /i.test(authorization)) {
        throw new DomainError('invalid_token', 'The Authorization header must carry a bearer token: `Authorization: Bearer <token>`; no other scheme is taken.', pointers(services.baseUrl));
      }
      const recovery = isMcpPath(ctx.path) ? MCP_RECOVERY : RECOVERY;
      throw new DomainError('invalid_token', `The bearer token is unknown, expired or revoked. ${recovery}`, pointers(services.baseUrl));
    }
    ctx.state.actor = actor;
    if (alongside) ctx.state.readWithToken = resolved.alongside;
    // Checked here, before the operation reads the scope or the body: an agent repeating a refused
    // write runs out of its budget too.
    const writes = (resolved.alongside as { writes?: RateLimitVerdict } | undefined)?.writes;
    if (writes && actor.grantId) await enforceLimits(services, [{ limit: agentLimit('writes'), subject: actor.grantId, verdict: writes }]);
    return next();
  }
  const readsSessions = !services.sessionsIgnoredUnder.some((prefix) => ctx.path.startsWith(prefix));
  const sessionId = readsSessions ? ctx.cookies.get(sessionCookieName(services.baseUrl)) : undefined;
  if (sessionId) {
    const session = await services.access.accounts.resolveSession(sessionId);
    if (session) {
      ctx.state.actor = session.actor;
      ctx.state.csrfToken = session.csrfToken;
      if (!SAFE_METHODS.has(ctx.method)) {
        if (!sameOriginOrCsrf(ctx, services.baseUrl, session.csrfToken)) {
          throw new DomainError('csrf_failed', 'A signed-in change must come from this site (same Origin) or carry the X-CSRF-Token header.');
        }
        await enforceLimits(services, [{ limit: agentLimit('session-writes'), subject: session.actor.principalId }]);
      }
    }
  }
  return next();
};

/**
 * A request no route takes (404, 405) never met `resolveActor`, which runs on routes: its refusal
 * page would show a signed-in person the signed-out menu. The session is read then, for that page
 * alone; nothing is counted or checked, since nothing runs.
 */
export const knowSignedInOnRefusal = (services: Services): Middleware => async (ctx, next) => {
  try {
    await next();
  } catch (error) {
    if (ctx.state.actor === undefined) {
      const sessionId = ctx.cookies.get(sessionCookieName(services.baseUrl));
      const session = sessionId ? await services.access.accounts.resolveSession(sessionId).catch(() => null) : null;
      if (session) ctx.state.actor = session.actor;
    }
    throw error;
  }
};

const sameOriginOrCsrf = (ctx: Context, baseUrl: string, csrfToken: string): boolean => {
  const origin = ctx.get('origin');
  if (origin) return isOwnOrigin(ctx, origin, baseUrl);
  return ctx.get('x-csrf-token') === csrfToken;
};

/** The caller, who must be signed in (token or session) and, for an agent, hold one of the scopes. */
export const requireActor = (ctx: Context, baseUrl: string, ...anyOfScopes: readonly Scope[]): Actor => {
  const actor = ctx.state.actor as Actor | null;
  if (!actor && ctx.state.tokenNotRead) {
    throw new DomainError('human_only', 'Website pages act only for the signed-in person and do not read agent tokens; agents use the API under /api/v1.', pointers(baseUrl));
  }
  if (!actor) {
    throw new DomainError('unauthenticated', 'This operation needs a bearer token (or a signed-in session).', pointers(baseUrl));
  }
  if (anyOfScopes.length > 0) requireScope(actor, ...anyOfScopes);
  return actor;
};
