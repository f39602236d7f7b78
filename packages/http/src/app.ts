import Koa, { type Middleware } from 'koa';
import type Router from '@koa/router';
import type { Tracer } from '@opentelemetry/api';
import type { Logger } from 'pino';
import { DomainError } from '@svc/kernel';
import { allowedMethods } from './allowed-methods.ts';
import { normalClientAddress } from './client-address.ts';
import { errorHandler, type ErrorRenderer } from './error-handler.ts';
import { checkPath, checkQueryString, checkTextValues } from './input-edge.ts';
import { routeAnswerHeaders } from './operations/answer-headers.ts';
import { requestContext, type RequestObserver } from './request-context.ts';
import type { KernelState } from './state.ts';
import { noUsage, type UsageRecorder } from './usage.ts';

export interface HttpAppOptions {
  router: Router;
  logger: Logger;
  usage?: UsageRecorder;
  /** Run after the error handler and before the edge's path and query checks and the routes. */
  middleware?: Middleware[];
  /**
   * How many proxies in front append to `X-Forwarded-For` (0: none, the socket's address is the
   * client's). The client address is the value the outermost trusted proxy appended, counted from
   * the right: whatever a client writes into the header itself lies further left and is never read.
   */
  trustedProxies?: number;
  /**
   * Another form for refused requests (a website's HTML error page for browsers), tried before the
   * JSON error body; see `ErrorRenderer`. Unset: every error answers the JSON body.
   */
  renderError?: ErrorRenderer;
  /** Told of every request's operation, status class and duration (metrics); none: nobody is told. */
  observer?: RequestObserver;
  /** A request that takes at least this many ms logs its line as a warning. */
  slowRequestMs?: number;
  /** Tracing on: a span per request, `trace_id` in its log lines (request-spans.ts); none, tracing is off. */
  tracer?: Tracer | undefined;
}

/**
 * The Koa application every process serves: request ids and logs, the one error body,
 * the routes, then 405 with `Allow` for a known path and 404 `not_found` for anything else.
 */
export const createHttpApp = ({ router, logger, usage = noUsage, middleware = [], trustedProxies = 0, renderError, observer, slowRequestMs, tracer }: HttpAppOptions): Koa => {
  // Koa's `maxIpsCount` keeps only the right-most N values; `ctx.ip` is the first of them.
  const app = new Koa({ proxy: trustedProxies > 0, maxIpsCount: trustedProxies });
  app.silent = true;
  // First, so that every limit, log and key reads one spelling of the client's address.
  app.use(async (ctx, next) => {
    ctx.request.ip = normalClientAddress(ctx.request.ip);
    await next();
  });
  app.use(requestContext(logger, usage, { observer, slowMs: slowRequestMs, tracer }) as Middleware);
  // Every answer, errors included: a browser must never take a JSON or text answer for HTML.
  app.use(async (ctx, next) => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    await next();
  });
  app.use(errorHandler(renderError) as Middleware);
  // Before anything below can refuse: a route's own headers go on its refusals too (a token
  // endpoint's Cache-Control: no-store, a cross-origin endpoint's Access-Control-Allow-Origin).
  app.use(routeAnswerHeaders(router));
  for (const m of middleware) app.use(m);
  // Every path and query string is storable text before any route sees it: no NUL (PostgreSQL
  // text cannot hold it), no lone surrogate, valid UTF-8. JSON bodies get the same check when read.
  // Inside the process's middleware, so that a refusal here is seen by it as any other (a website
  // error page still knows who is signed in).
  app.use(async (ctx, next) => {
    checkPath(ctx.path);
    checkQueryString(ctx.querystring);
    checkTextValues(ctx.query);
    await next();
  });
  // After the routes had their say: allowedMethods leaves 405/501 with an `Allow` header and no
  // body for a known path; nothing at all answered means 404. Both get the one error body.
  app.use(async (ctx, next) => {
    await next();
    if (ctx.body !== undefined && ctx.body !== null) return;
    // 501 is a method no route implements (TRACE): on a path nothing serves, Allow is empty and it is a 404.
    if ((ctx.status === 405 || ctx.status === 501) && ctx.response.get('Allow') !== '') {
      throw new DomainError('method_not_allowed', 'This path does not accept that method; see the Allow header.');
    }
    if (ctx.status === 404 || ctx.status === 501) throw new DomainError('not_found', 'No such route.');
  });
  app.use(router.routes());
  // Allow names the methods of the routes that own the path, not of a parameter route that also matches it.
  app.use(allowedMethods(router));
  return app;
};

export type { KernelState };
