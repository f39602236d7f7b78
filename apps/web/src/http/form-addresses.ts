import type { Context } from 'koa';
import type { AppRouter } from '@svc/runtime';

type Params = Record<string, string>;

/** The page that holds a form, from the address the form posts to. */
export type FormPage = (params: Params, ctx: Context) => string;

/** `?next=` carried from a sign-in or sign-up form's address to its page. */
export const nextQuery = (ctx: Context): string => (typeof ctx.query.next === 'string' && ctx.query.next ? `?next=${encodeURIComponent(ctx.query.next)}` : '');

/**
 * GET on the addresses forms post to that have no page of their own, leading to the page that holds the form.
 *
 * A refused form comes back at the address it was posted to (`/auth/signup`, a thread's `/entries`),
 * and a change that fails shows its error page there, so that address is what the address bar shows.
 * Opening it again (a reload once the browser has let go of the post, the back button, a bookmark, a
 * copied link) asks for it with GET, which used to answer "method not allowed". Now it leads to the
 * page with the form, which is where the person was going. Nothing is changed by these answers, and
 * nothing typed comes back: a refused password must never sit in a URL or a cookie.
 *
 * The mechanism is one for the whole site; the addresses are not: each route file lists its own,
 * after its pages, so a page with its own GET at an address a pattern here also matches (a
 * confirmation step such as `/my/directory/{address}/destinations/{id}/remove`) keeps it.
 */
export const reopenFormAddresses = (router: AppRouter, pages: Readonly<Record<string, FormPage>>): void => {
  for (const [path, pageOf] of Object.entries(pages)) {
    router.get(path, (ctx) => {
      ctx.redirect(pageOf(ctx.params as Params, ctx));
    });
  }
};
