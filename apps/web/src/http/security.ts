import type { Context, Middleware } from 'koa';
import type { Services } from '@svc/runtime';
import { finishPage } from '../kit/render.tsx';

/**
 * Our own origin only: no inline script (so injected markup cannot run), styles and scripts from
 * our files, images also as data: URIs (the CSS base draws its icons that way), never framed.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "object-src 'none'",
].join('; ');

/** The headers every website answer carries, error pages written outside the routes included. */
export const setSecurityHeaders = (ctx: Context): void => {
  ctx.set('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Referrer-Policy', 'same-origin');
  ctx.set('X-Frame-Options', 'DENY');
};

/**
 * Every website answer gets the security headers and the service clock's "now" (for dates in words).
 * A page is rendered after its handler, with the navigation's counts for a signed-in person (one
 * statement per page; none for a redirect, a download or a signed-out visitor).
 */
export const websiteHeaders =
  (services: Services): Middleware =>
  async (ctx, next) => {
    ctx.state.now = services.clock.now();
    // For the pages that tell this site's own addresses from others' (a Referer to come back to).
    ctx.state.baseUrl = services.baseUrl;
    setSecurityHeaders(ctx);
    ctx.state.renderAfterHandler = true;
    try {
      await next();
    } finally {
      // An error leaving the routes is rendered by the app's error handler, at once.
      ctx.state.renderAfterHandler = false;
    }
    await finishPage(ctx, (principalId) => services.navigation.of(principalId));
  };
