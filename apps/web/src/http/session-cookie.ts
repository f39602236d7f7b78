import type { Context } from 'koa';
import { isHttps, sessionCookieName } from '@svc/runtime';
import type { NewSession } from '@svc/access';

/**
 * The session cookie: httpOnly, SameSite=Lax, for the whole site; over https Secure and named
 * `__Host-…`, even when TLS ends at a proxy in front of us (then Koa itself sees plain http).
 */
const options = (baseUrl: string) => ({ httpOnly: true, sameSite: 'lax' as const, secure: isHttps(baseUrl), overwrite: true, path: '/' });

export const setSessionCookie = (ctx: Context, baseUrl: string, session: NewSession): void => {
  ctx.cookies.set(sessionCookieName(baseUrl), session.sessionId, { ...options(baseUrl), expires: session.expiresAt });
};

export const clearSessionCookie = (ctx: Context, baseUrl: string): void => {
  ctx.cookies.set(sessionCookieName(baseUrl), null, options(baseUrl));
};

/** The session this browser sent, read under the name it was set with (over https the `__Host-` one). */
export const sessionIdOf = (ctx: Context, baseUrl: string): string | undefined => ctx.cookies.get(sessionCookieName(baseUrl));
