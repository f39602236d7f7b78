import type Router from '@koa/router';
import type { Middleware } from 'koa';
import { owningRoutes, type MatchedLayer } from '../allowed-methods.ts';

interface RouteHeaders {
  route: MatchedLayer & { match(path: string): boolean };
  headers: Readonly<Record<string, string>>;
}

/** Per router, the routes whose every answer carries headers of their own (`Operation.headers`, `cors`). */
const declared = new WeakMap<object, RouteHeaders[]>();

/** Notes that every answer of `route`, a route of `router`, carries `headers`. */
export const noteAnswerHeaders = (router: object, route: RouteHeaders['route'], headers: Readonly<Record<string, string>>): void => {
  declared.set(router, [...(declared.get(router) ?? []), { route, headers }]);
};

/**
 * Sets the headers a route's every answer carries before anything can refuse a request to it: the
 * edge's checks of the path and query string and the process's resolution of the caller (a token in
 * the query string) refuse before the route itself runs. Only a route that owns the path counts
 * (`owningRoutes`): a literal path is not a parameter route's. Nothing to do for a router whose
 * operations declare no such headers, and for any other path only a few patterns are tried.
 */
export const routeAnswerHeaders = (router: Router): Middleware => async (ctx, next) => {
  for (const { route, headers } of declared.get(router) ?? []) {
    if (!route.methods.includes(ctx.method) || !route.match(ctx.path)) continue;
    if (owningRoutes(router.match(ctx.path, ctx.method).pathAndMethod).includes(route as never)) ctx.set(headers);
  }
  await next();
};
