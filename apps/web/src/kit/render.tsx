import type { Context } from 'koa';
import type { ComponentChildren } from 'preact';
import type { Actor } from '@svc/kernel';
import type { NavigationCounts } from '@svc/runtime';
import { renderToString } from 'preact-render-to-string';
import { csrfTokenFor } from '../http/csrf.ts';
import { PageEnvContext, type PageEnv } from './env.ts';
import { takeFlash } from './flash.ts';
import { Layout } from './layout.tsx';

/** Set by the website's middleware from the service clock (see http/security.ts). */
const nowOf = (ctx: Context): Date => (ctx.state.now instanceof Date ? ctx.state.now : new Date());

/** Search engines show about this many characters of a description. */
const DESCRIPTION_LENGTH = 160;

/** Text written for people, as one line of at most 160 characters, cut at a word with "…". */
export const summarise = (text: string): string => {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= DESCRIPTION_LENGTH) return line;
  const cut = line.slice(0, DESCRIPTION_LENGTH - 1);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > DESCRIPTION_LENGTH / 2 ? cut.slice(0, atWord) : cut).replace(/[\s,.;:–—-]+$/, '')}…`;
};

export interface PageContent {
  title: string;
  /** What this page holds, from its own content (a job page: that job): the page's meta description. */
  description: string;
  body: ComponentChildren;
  status?: number;
}

/**
 * Renders a page inside the layout as the HTML answer. Every value is escaped by Preact. Inside the
 * website's routes the rendering waits until the handler is done (`finishPage`), so the navigation's
 * counts are read once, and only for an answer that is a page; elsewhere (an error page written
 * outside the routes) it renders at once, without them.
 */
export const renderPage = (ctx: Context, content: PageContent): void => {
  ctx.status = content.status ?? 200;
  ctx.type = 'html';
  if (ctx.state.renderAfterHandler) {
    ctx.state.pendingPage = content;
    return;
  }
  writePage(ctx, content, null);
};

/** Renders the page a handler asked for, if any, with the navigation's counts read by `navigation`. */
export const finishPage = async (ctx: Context, navigation: (principalId: string) => Promise<NavigationCounts>): Promise<void> => {
  const content = ctx.state.pendingPage as PageContent | undefined;
  if (!content) return;
  ctx.state.pendingPage = undefined;
  const actor = ctx.state.actor as Actor | null | undefined;
  writePage(ctx, content, actor ? await navigation(actor.principalId) : null);
};

/**
 * Where signing in from the header leads back to: the page being read (someone who opened an
 * invitation or a job and then pressed "Sign up" should land there, not on their account), and on
 * the sign-in and sign-up pages (and their forms' addresses) the place those already lead to. Not
 * an error page, nor the answer to a form: going back there after signing in shows nothing to do.
 */
const returnToOf = (ctx: Context, status: number): string => {
  if (ctx.path === '/login' || ctx.path === '/signup' || ctx.path.startsWith('/auth/')) return typeof ctx.query.next === 'string' ? ctx.query.next : '';
  return ctx.method === 'GET' && status < 400 && ctx.path !== '/' ? ctx.url : '';
};

const writePage = (ctx: Context, { title, description, body, status = 200 }: PageContent, navigation: NavigationCounts | null): void => {
  const env: PageEnv = { actor: ctx.state.actor ?? null, csrfToken: csrfTokenFor(ctx), now: nowOf(ctx), path: ctx.path, returnTo: returnToOf(ctx, status), navigation };
  const flash = takeFlash(ctx);
  ctx.status = status;
  ctx.type = 'html';
  // A page drawn for a signed-in person is theirs alone: never kept by a cache, nor shown again by
  // the browser's Back button after they signed out on a shared computer.
  if (env.actor && !ctx.response.get('Cache-Control')) ctx.set('Cache-Control', 'private, no-store');
  // A refused page says so first in its title, the first thing a screen reader reads of a new page.
  const shownTitle = status >= 400 ? `Error: ${title}` : title;
  ctx.body = `<!doctype html>${renderToString(
    <PageEnvContext.Provider value={env}>
      <Layout title={shownTitle} description={summarise(description)} flash={flash}>
        {body}
      </Layout>
    </PageEnvContext.Provider>,
  )}`;
};
