import type { Context } from 'koa';

/**
 * Whether a browser `Origin` header names this site: the public base URL, or the host the request
 * reached. (Koa's `ctx.origin` echoes the request's Origin header, so it cannot be compared with it.)
 */
export const isOwnOrigin = (ctx: Context, origin: string, baseUrl: string): boolean =>
  origin === new URL(baseUrl).origin || origin === `${ctx.protocol}://${ctx.host}`;
