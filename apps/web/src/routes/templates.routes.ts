import { notFound } from '@svc/kernel';
import type { AppRouter, Services } from '@svc/runtime';
import { html, layout } from '../html.ts';
import { page } from '../respond.ts';

/** Template descriptions: `?format=json` for agents (the details schema, defaults and clause), HTML for people. */
export const registerTemplatePages = (router: AppRouter, { templates }: Services): void => {
  router.get(
    '/templates/:id',
    page(async (ctx) => {
      const template = templates.get(ctx.params.id!);
      if (!template) throw notFound('template');
      const description = template.describe();
      if (ctx.query.format === 'json' || ctx.accepts('json', 'html') === 'json') {
        ctx.body = description;
        return;
      }
      ctx.type = 'html';
      ctx.body = layout(
        template.title,
        html`<h1>${template.title}</h1><p>${template.description}</p>
<p>Post a job with <code>{"template": "${template.id}", "details": {…}}</code>; the fields you leave blank are filled in.</p>
<pre>${JSON.stringify(description, null, 2)}</pre>`,
        ctx.state.actor,
      );
    }),
  );
};
