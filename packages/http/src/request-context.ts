import { randomUUID } from 'node:crypto';
import type { Tracer } from '@opentelemetry/api';
import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import { owningRoutes, type MatchedLayer } from './allowed-methods.ts';
import type { KernelState } from './state.ts';
import { startRequestSpan } from './request-spans.ts';
import { outcomeOf, type UsageRecorder } from './usage.ts';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * The route template @koa/router matched (`/api/v1/jobs/:id`), never the raw path, which holds ids.
 * Read from the matched layers rather than `_matchedRoute`, which a router-level middleware that
 * throws (a refused token) leaves pointing at itself. A known path with another method (405), or
 * with the method of an operation that does not own it, is named by the route that owns it (the one
 * its `Allow` speaks for); nothing matched is `(unmatched)`.
 */
const matchedRoute = (ctx: { method: string; matched?: MatchedLayer[] }): MatchedLayer | undefined => {
  const routes = (ctx.matched ?? []).filter((layer) => layer.methods.length > 0 && typeof layer.path === 'string');
  const owners = owningRoutes(routes);
  // An operation (a named route) runs only on a path it owns (operations/mount.ts); another route wherever it matches.
  const ran = routes.findLast((layer) => layer.methods.includes(ctx.method) && (!layer.name || owners.includes(layer)));
  return ran ?? owners.at(-1);
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

/**
 * Told of every request as it starts and ends (the process's metrics). `name` is the operation id,
 * or the method and route template for a route that is not an operation: never a raw path.
 */
export interface RequestObserver {
  started(): void;
  finished(name: string, statusClass: string, seconds: number): void;
}

export const noRequestObserver: RequestObserver = { started: () => {}, finished: () => {} };

export interface RequestContextOptions {
  observer?: RequestObserver;
  /** A request that takes at least this long logs its line as a warning (`slow request`). */
  slowMs?: number;
  /** Tracing on: a span per request (request-spans.ts) and `trace_id` in its log lines. None: no tracing code runs. */
  tracer?: Tracer | undefined;
}

/** The default slow-request threshold: far above any answer the benchmark sees (docs/performance.md). */
export const DEFAULT_SLOW_REQUEST_MS = 1_000;

/**
 * Gives each request an id (kept from `X-Request-Id` when sane), a child logger, an access log line
 * (a warning when slow), a usage count, and tells the observer. With a tracer, the request is also a
 * span, and every line its logger writes carries the trace id.
 */
export const requestContext =
  (logger: Logger, usage: UsageRecorder, { observer = noRequestObserver, slowMs = DEFAULT_SLOW_REQUEST_MS, tracer }: RequestContextOptions = {}): Middleware<KernelState> =>
  async (ctx, next) => {
    const incoming = ctx.get('x-request-id');
    const requestId = REQUEST_ID.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = requestId;
    const span = tracer ? startRequestSpan(tracer, ctx.method, ctx.headers) : undefined;
    ctx.state.log = logger.child(span ? { request_id: requestId, trace_id: span.span.spanContext().traceId } : { request_id: requestId });
    ctx.set('X-Request-Id', requestId);
    const started = performance.now();
    observer.started();
    try {
      await (span ? span.run(next) : next());
    } finally {
      const elapsed = performance.now() - started;
      const route = routeTemplate(ctx as never);
      const operation = operationOf(ctx as never);
      const name = operation ?? `${ctx.method} ${route}`;
      span?.end(name, route, ctx.status, ctx.state.errorCode);
      observer.finished(name, `${Math.floor(ctx.status / 100)}xx`, elapsed / 1000);
      usage.record(operation ? `${ctx.method} ${route} ${operation}` : name, outcomeOf(ctx.status, ctx.state.errorCode));
      const line = { method: ctx.method, route, ...(operation ? { operation } : {}), status: ctx.status, ms: Math.round(elapsed) };
      if (elapsed >= slowMs) ctx.state.log.warn({ ...line, slow_ms: slowMs }, 'slow request');
      else ctx.state.log.info(line, 'request');
    }
  };
