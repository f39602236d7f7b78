import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import type { KernelState } from './state.ts';
import { outcomeOf, type UsageRecorder } from './usage.ts';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

interface MatchedLayer {
  path: string | RegExp;
  methods: string[];
  /** Operations register their routes under their id (`jobs.update`). */
  name?: string | null;
}

/**
 * The route template @koa/router matched (`/api/v1/jobs/:id`), never the raw path, which holds ids.
 * Read from the matched layers rather than `_matchedRoute`, which a router-level middleware that
 * throws (a refused token) leaves pointing at itself. A known path with another method (405) is
 * named by its path; nothing matched is `(unmatched)`.
 */
const matchedRoute = (ctx: { method: string; matched?: MatchedLayer[] }): MatchedLayer | undefined => {
  const routes = (ctx.matched ?? []).filter((layer) => layer.methods.length > 0 && typeof layer.path === 'string');
  return routes.findLast((layer) => layer.methods.includes(ctx.method)) ?? routes.at(-1);
};

export const routeTemplate = (ctx: { method: string; matched?: MatchedLayer[] }): string => {
  const route = matchedRoute(ctx);
  return route ? String(route.path) : '(unmatched)';
};

/** The operation id of the matched route (`jobs.update`), when it is an operation and the method is its own. */
export const operationOf = (ctx: { method: string; matched?: MatchedLayer[] }): string | undefined => {
  const route = matchedRoute(ctx);
  return route?.methods.includes(ctx.method) && route.name ? route.name : undefined;
};

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
      const operation = operationOf(ctx as never);
      usage.record(operation ? `${ctx.method} ${route} ${operation}` : `${ctx.method} ${route}`, outcomeOf(ctx.status, ctx.state.errorCode));
      ctx.state.log.info(
        { method: ctx.method, route, ...(operation ? { operation } : {}), status: ctx.status, ms: Math.round(performance.now() - started) },
        'request',
      );
    }
  };
