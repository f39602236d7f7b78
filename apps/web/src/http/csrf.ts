import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context } from 'koa';
import { DomainError } from '@svc/kernel';

/** Over https (`ctx.cookies.secure`, set for the whole app) a `__Host-` cookie: no subdomain can plant a value of its choosing. */
const anonymousCookie = (ctx: Context) => (ctx.cookies.secure ? '__Host-svc_csrf' : 'svc_csrf');

/**
 * The token every form carries: the session's own CSRF token when signed in; before that (sign-up,
 * sign-in) a random value also kept in a cookie, so a form posted from another site cannot match it.
 */
export const csrfTokenFor = (ctx: Context): string => {
  if (typeof ctx.state.csrfToken === 'string') return ctx.state.csrfToken;
  const existing = ctx.cookies.get(anonymousCookie(ctx));
  if (existing && /^[A-Za-z0-9_-]{20,100}$/.test(existing)) return existing;
  const token = randomBytes(24).toString('base64url');
  ctx.cookies.set(anonymousCookie(ctx), token, { httpOnly: true, sameSite: 'strict', secure: ctx.cookies.secure, path: '/', overwrite: true });
  return token;
};

const same = (a: string, b: string): boolean => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Refuses a form post whose `_csrf` field is not this visitor's token (403 csrf_failed, as for the API). */
export const checkFormCsrf = (ctx: Context, sent: unknown): void => {
  const expected = typeof ctx.state.csrfToken === 'string' ? ctx.state.csrfToken : ctx.cookies.get(anonymousCookie(ctx));
  if (!expected || typeof sent !== 'string' || !same(sent, expected)) {
    throw new DomainError('csrf_failed', 'This form has expired or did not come from this site. Reload the page and try again.');
  }
};
