import type { Context } from 'koa';
import type { ComponentChildren } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { csrfTokenFor } from '../http/csrf.ts';
import { PageEnvContext, type PageEnv } from './env.ts';
import { takeFlash } from './flash.ts';
import { Layout } from './layout.tsx';

/** Set by the website's middleware from the service clock (see http/security.ts). */
const nowOf = (ctx: Context): Date => (ctx.state.now instanceof Date ? ctx.state.now : new Date());

/** Renders a page inside the layout as the HTML answer. Every value is escaped by Preact. */
export const renderPage = (ctx: Context, { title, body, status = 200 }: { title: string; body: ComponentChildren; status?: number }): void => {
  const env: PageEnv = { actor: ctx.state.actor ?? null, csrfToken: csrfTokenFor(ctx), now: nowOf(ctx), path: ctx.path };
  const flash = takeFlash(ctx);
  ctx.status = status;
  ctx.type = 'html';
  ctx.body = `<!doctype html>${renderToString(
    <PageEnvContext.Provider value={env}>
      <Layout title={title} flash={flash}>
        {body}
      </Layout>
    </PageEnvContext.Provider>,
  )}`;
};
