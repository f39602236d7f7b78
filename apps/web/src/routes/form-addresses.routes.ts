import type { Context } from 'koa';
import type { AppRouter } from '@svc/runtime';

type Params = Record<string, string>;

const nextOf = (ctx: Context): string => (typeof ctx.query.next === 'string' && ctx.query.next ? `?next=${encodeURIComponent(ctx.query.next)}` : '');
const thread = ({ id }: Params) => `/threads/${encodeURIComponent(id!)}`;
const job = ({ id }: Params) => `/jobs/${encodeURIComponent(id!)}`;
const offer = ({ id }: Params) => `/services/${encodeURIComponent(id!)}`;
const entry = ({ address }: Params) => `/my/directory/${encodeURIComponent(address!)}`;

/**
 * Each address a form posts to that has no page of its own, and the page that holds the form.
 *
 * A refused form comes back at the address it was posted to (`/auth/signup`, a thread's `/entries`),
 * and a change that fails shows its error page there, so that address is what the address bar shows.
 * Opening it again (a reload once the browser has let go of the post, the back button, a bookmark, a
 * copied link) asks for it with GET, which used to answer "method not allowed". Now it leads to the
 * page with the form, which is where the person was going. Nothing is changed by these answers, and
 * nothing typed comes back: a refused password must never sit in a URL or a cookie.
 */
const FORM_PAGES: readonly (readonly [string, (params: Params, ctx: Context) => string])[] = [
  ['/auth/signup', (_, ctx) => `/signup${nextOf(ctx)}`],
  ['/auth/login', (_, ctx) => `/login${nextOf(ctx)}`],
  ['/account/name', () => '/account'],
  ['/account/password', () => '/account'],
  ['/connect/approve', () => '/connect'],
  ['/connect/deny', () => '/connect'],
  ['/reports', () => '/site-feedback'],
  ['/jobs/:id/responses', job],
  ['/jobs/:id/close', job],
  ['/jobs/:id/reopen', job],
  ['/jobs/:id/thread', job],
  ['/services/:id/feedback', (params) => `${offer(params)}#feedback-title`],
  ['/services/:id/pause', offer],
  ['/services/:id/resume', offer],
  ['/services/:id/thread', offer],
  ['/threads/invitations/:inviteId/accept', () => '/threads'],
  ['/threads/:id/summary', thread],
  ['/threads/:id/title', thread],
  ['/threads/:id/entries', thread],
  ['/threads/:id/entries/:entryId', (params) => `${thread(params)}#${encodeURIComponent(params.entryId!)}`],
  ['/threads/:id/checklist', thread],
  ['/threads/:id/checklist/:itemId/tick', thread],
  ['/threads/:id/invites', thread],
  ['/threads/:id/archive', thread],
  ['/threads/:id/reopen', thread],
  ['/my/directory/:address/*change', entry],
  ['/support/directory/:action', () => '/support/directory'],
  ['/support/reports/:id/resolve', () => '/support/reports'],
  ['/support/feedback/:id/:action', () => '/support/feedback'],
];

/**
 * GET on the addresses forms post to. Registered after every other page, so a page that has its own
 * GET at the same address (a confirmation step such as `/threads/{id}/delete`) keeps it.
 */
export const registerFormAddresses = (router: AppRouter): void => {
  for (const [path, pageOf] of FORM_PAGES) {
    router.get(path, (ctx) => {
      ctx.redirect(pageOf(ctx.params as Params, ctx));
    });
  }
};
