import type Router from '@koa/router';
import type { Middleware } from 'koa';

/** A route the router matched against the request's path, as @koa/router keeps it on `ctx.matched`. */
export interface MatchedLayer {
  path: string | RegExp;
  methods: string[];
  /** Operations register their routes under their id (`jobs.update`). */
  name?: string | null;
}

/** What ownership reads of a route template, worked out once per template: every request to an operation asks (`routeOwnsPath`), and the templates are few. */
interface TemplateKey {
  /**
   * How specific the template is, segment by segment: a literal segment (`invitations`) before a
   * parameter (`:id`), so of two templates matching one path the smaller key is the more specific.
   * A regular expression names no segments and comes last.
   */
  specificity: string;
  /** A wildcard segment (`/my/directory/:address/*change`): it serves every path under it. */
  catchAll: boolean;
}
const templateKeys = new Map<string | RegExp, TemplateKey>();
const keyOf = (path: string | RegExp): TemplateKey => {
  let key = templateKeys.get(path);
  if (key === undefined) {
    const segments = typeof path === 'string' ? path.split('/') : null;
    key = {
      specificity: segments ? segments.map((segment) => (segment.includes(':') || segment.includes('(') ? '1' : '0')).join('') : '2',
      catchAll: segments !== null && segments.some((segment) => segment.startsWith('*')),
    };
    templateKeys.set(path, key);
  }
  return key;
};

/**
 * The routes that own the path among those matched against it: the most specific ones, and every
 * catch-all. A path a literal route names (`/api/v1/threads/invitations`) is that route's, even where
 * a parameter route (`/api/v1/threads/:id`) matches it too: the other route's methods would only
 * read `invitations` as an id nobody has, so they are no methods of this path. A catch-all (the
 * website's GET leading a reopened form address to its page) serves its method on every path under
 * it, beside the route that names the path. Routes without methods (router middleware) own nothing.
 */
export const owningRoutes = <L extends MatchedLayer>(matched: readonly L[]): L[] => {
  const routes = matched.filter((layer) => layer.methods.length > 0);
  const best = routes.filter((layer) => !keyOf(layer.path).catchAll).map((layer) => keyOf(layer.path).specificity).sort()[0];
  return routes.filter((layer) => keyOf(layer.path).catchAll || keyOf(layer.path).specificity === best);
};

/** Whether the route now running (`ctx.routerPath`) owns the request's path; see `owningRoutes`. */
export const routeOwnsPath = (ctx: object): boolean => {
  const { matched = [], routerPath } = ctx as { matched?: MatchedLayer[]; routerPath?: string };
  return owningRoutes(matched).some((layer) => layer.path === routerPath);
};

/**
 * @koa/router's `allowedMethods`, with `Allow` listing only the methods of the routes that own the
 * path (`owningRoutes`), never those of a parameter route that happens to match it. As there: a
 * method the router does not implement is 501, `OPTIONS` answers 200 with `Allow`, and another
 * method on a known path is 405 with `Allow`; each leaves the body empty for the app to fill.
 */
export const allowedMethods = (router: Router): Middleware => async (ctx, next) => {
  await next();
  const matched = (ctx as { matched?: MatchedLayer[] }).matched;
  if (!matched || (ctx.status && ctx.status !== 404)) return;
  const allowed = [...new Set(owningRoutes(matched).flatMap((layer) => layer.methods))];
  const allow = allowed.join(', ');
  if (!router.methods.includes(ctx.method)) {
    ctx.status = 501;
    ctx.set('Allow', allow);
  } else if (allowed.length > 0 && ctx.method === 'OPTIONS') {
    ctx.status = 200;
    ctx.body = '';
    ctx.set('Allow', allow);
  } else if (allowed.length > 0 && !allowed.includes(ctx.method)) {
    ctx.status = 405;
    ctx.set('Allow', allow);
  }
};
