import type { Context } from 'koa';
import { SESSION_COOKIE } from '@svc/runtime';
import type { NewSession } from '@svc/access';

/**
 * The session cookie: httpOnly, SameSite=Lax, and Secure whenever the public base URL is https,
 * even when TLS ends at a proxy in front of us (then Koa itself sees plain http).
 */
const options = (ctx: Context, baseUrl: string) => {
  const secure = baseUrl.startsWith('https:');
  if (secure) ctx.cookies.secure = true;
  return { httpOnly: true, sameSite: 'lax' as const, secure, overwrite: true, path: '/' };
};

export const setSessionCookie = (ctx: Context, baseUrl: string, session: NewSession): void => {
  ctx.cookies.set(SESSION_COOKIE, session.sessionId, { ...options(ctx, baseUrl), expires: session.expiresAt });
};

export const clearSessionCookie = (ctx: Context, baseUrl: string): void => {
  ctx.cookies.set(SESSION_COOKIE, null, options(ctx, baseUrl));
};
