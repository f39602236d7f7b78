import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import type { KernelState } from './state.ts';
import { outcomeOf, type UsageRecorder } from './usage.ts';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The route template @koa/router matched (`/api/v1/jobs/:id`), never the raw path, which holds ids. */
export const routeTemplate = (ctx: { _matchedRoute?: string | RegExp }): string =>
  typeof ctx._matchedRoute === 'string' ? ctx._matchedRoute : '(unmatched)';

/** Gives each request an id (kept from `X-Request-Id` when sane), a child logger, an access log line and a usage count. */
export const requestContext =
  (logger: Logger, usage: UsageRecorder): Middleware<KernelState> =>
  async (ctx, next) => {
    const incoming = ctx.get('x-request-id');
    const requestId = REQUEST_ID.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = requestId;
    ctx.state.log = logger.child({ request_id: requestId });
    ctx.set('X-Request-Id', requestId);
    const started = performance.now();
    try {
      await next();
    } finally {
      const route = routeTemplate(ctx as never);
      usage.record(`${ctx.method} ${route}`, outcomeOf(ctx.status, ctx.state.errorCode));
      ctx.state.log.info(
        { method: ctx.method, route, status: ctx.status, ms: Math.round(performance.now() - started) },
        'request',
      );
    }
  };
