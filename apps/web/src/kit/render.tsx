import type { Context } from 'koa';
import type { ComponentChildren } from 'preact';
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

/** Renders a page inside the layout as the HTML answer. Every value is escaped by Preact. */
export const renderPage = (ctx: Context, { title, description, body, status = 200 }: PageContent): void => {
  const env: PageEnv = { actor: ctx.state.actor ?? null, csrfToken: csrfTokenFor(ctx), now: nowOf(ctx), path: ctx.path };
  const flash = takeFlash(ctx);
  ctx.status = status;
  ctx.type = 'html';
  ctx.body = `<!doctype html>${renderToString(
    <PageEnvContext.Provider value={env}>
      <Layout title={title} description={summarise(description)} flash={flash}>
        {body}
      </Layout>
    </PageEnvContext.Provider>,
  )}`;
};
