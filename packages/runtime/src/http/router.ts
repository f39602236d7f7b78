import Router from '@koa/router';
import type { Context, Next } from 'koa';
import type { AppState } from './state.ts';

type Segment<S extends string> = S extends `:${infer Name}` ? Name : never;
type ParamNames<P extends string> = P extends `${infer Head}/${infer Tail}` ? Segment<Head> | ParamNames<Tail> : Segment<P>;

/** The parameters a route template names (`/jobs/:id/responses` → `{ id: string }`): the router sets every one. */
export type PathParams<P extends string> = { [K in ParamNames<P>]: string };

/** A handler of the route `P`: its context's `params` has the template's names as strings. */
type RouteHandler<P extends string> = (ctx: Context & { params: PathParams<P> }, next: Next) => unknown;

/** `get` and `post` typed by their template, so a page reads `ctx.params.id` with no assertion. */
interface TypedRoutes {
  get<P extends string>(path: P, ...handlers: RouteHandler<P>[]): unknown;
  post<P extends string>(path: P, ...handlers: RouteHandler<P>[]): unknown;
}

/** The router type every route module registers on. */
export type AppRouter = TypedRoutes & Router<AppState>;

/**
 * Paths are matched exactly (case and trailing slash), so every operation has one canonical path:
 * `/API/V1/JOBS` or `/api/v1/jobs/` is not a second name for `/api/v1/jobs`.
 */
export const createRouter = (): AppRouter => new Router<AppState>({ sensitive: true, strict: true }) as AppRouter;
