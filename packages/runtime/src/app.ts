import { createHttpApp, type ErrorRenderer, type Logger } from '@svc/http';
import type Koa from 'koa';
import type { Middleware } from 'koa';
import { isHttps, knowSignedInOnRefusal, resolveActor, SAFE_METHODS } from './http/actor.ts';
import { countedAnswers } from './http/counted-answers.ts';
import { createRouter, type AppRouter } from './http/router.ts';
import { registerHealthRoutes } from './health.routes.ts';
import { registerMetricsRoute } from './metrics/metrics.routes.ts';
import type { Services } from './services.ts';

export type RouteRegistrar = (router: AppRouter, services: Services) => void;

/**
 * One Koa application over the given route sets: the API alone, the website alone, or both in one
 * process. Each request gets its own entity-manager fork, and its actor resolved before its route runs.
 */
export const buildHttpApp = (
  services: Services,
  logger: Logger,
  registrars: RouteRegistrar[],
  // renderError: the website's error page for browsers (none for the API alone).
  {
    trustedProxies = 0,
    renderError,
    metricsToken,
    slowRequestMs,
  }: {
    trustedProxies?: number;
    renderError?: ErrorRenderer | undefined;
    /** The bearer secret of `/metrics`; unset: `/metrics` answers 404. */
    metricsToken?: string | undefined;
    slowRequestMs?: number | undefined;
  } = {},
): Koa => {
  const router = createRouter();
  // Inside the router, so the route is already matched: logs and usage name it even when the caller is refused.
  // Outside the caller's resolution, which counts the caller's writes: their headers go on every answer.
  router.use(countedAnswers);
  router.use(resolveActor(services));
  registerHealthRoutes(router, services);
  if (metricsToken && services.metrics.registry) registerMetricsRoute(router, services.metrics.registry, metricsToken);
  for (const register of registrars) register(router, services);
  return createHttpApp({
    router: router as never,
    logger,
    usage: services.usage,
    trustedProxies,
    renderError,
    observer: services.metrics.requests,
    tracer: services.tracer,
    ...(slowRequestMs === undefined ? {} : { slowRequestMs }),
    // No entity-manager fork per request: requests reach the database through `db.query`,
    // `db.insert` and `db.transaction`, which keep no identity map.
    middleware: [...(isHttps(services.baseUrl) ? [httpsOnly] : []), announceOwnWrites(services), knowSignedInOnRefusal(services)],
  });
};

/** A year: long enough for browsers to keep to https between visits, as HSTS preload lists ask. */
const HSTS_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * When the public URL is https, TLS usually ends at a proxy and Koa sees plain http: every cookie
 * is still Secure, and browsers are told to come back over https only (HSTS, this host alone:
 * subdomains may be run by others).
 */
const httpsOnly: Middleware = async (ctx, next) => {
  ctx.cookies.secure = true;
  ctx.set('Strict-Transport-Security', `max-age=${HSTS_MAX_AGE_SECONDS}`);
  await next();
};

/**
 * A request that may have written (any unsafe method, whatever its outcome) makes every cached answer
 * of this process stale before its own answer leaves: the database's notice of the change reaches
 * this process a moment later, and a caller reading its own write must not be served the old answer.
 */
const announceOwnWrites = (services: Services): Middleware => async (ctx, next) => {
  try {
    await next();
  } finally {
    if (!SAFE_METHODS.has(ctx.method)) services.changes.bumpAll();
  }
};
