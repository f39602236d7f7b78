import type { AppRouter, Services } from '@svc/runtime';
import type { JobJson } from '@svc/jobs';
import { html, layout } from '../html.ts';
import { page } from '../respond.ts';

const section = (title: string, text: string) => (text ? html`<h2>${title}</h2><p>${text}</p>` : '');

const jobPage = (job: JobJson) => html`
<h1>${job.title}</h1>
<p class="muted">Posted by <a href="${job.posted_by.profile}">${job.posted_by.display_name}</a> on ${job.created_at.slice(0, 10)}
 · ${job.status} · version ${job.version}</p>
<p class="notice">${job.notice}</p>
${section('Outcome', job.outcome)}
${section('Scope', job.scope)}
${section('Deliverables', job.deliverables)}
${section('Constraints', job.constraints)}
${job.budget ? html`<p><strong>Budget:</strong> ${job.budget.amount} ${job.budget.currency} (${job.fee_treatment.replace('_', ' ')})</p>` : ''}
${job.response_deadline ? html`<p><strong>Respond by:</strong> ${job.response_deadline}${job.timezone ? html` (${job.timezone})` : ''}</p>` : ''}
${job.delivery_deadline ? html`<p><strong>Deliver by:</strong> ${job.delivery_deadline}</p>` : ''}
${job.completion_checklist.length ? html`<h2>Done when</h2><ul>${job.completion_checklist.map((item) => html`<li>${item}</li>`)}</ul>` : ''}
${job.tags.length ? html`<p class="muted">Tags: ${job.tags.join(', ')}</p>` : ''}
<p class="muted"><a href="${job.rts_url}">This job as an RTS 0.2 task</a> · <a href="/api/v1/jobs/${job.id}">JSON</a></p>`;

/** The public job page; `?format=rts` and `?format=json` give the machine forms. Removed jobs answer 410. */
export const registerJobPages = (router: AppRouter, { jobs }: Services): void => {
  router.get(
    '/jobs/:id',
    page(async (ctx) => {
      if (ctx.query.format === 'rts') {
        ctx.body = await jobs.getRts(ctx.params.id!);
        return;
      }
      const job = await jobs.get(ctx.params.id!);
      if (ctx.query.format === 'json') {
        ctx.body = job;
        return;
      }
      ctx.type = 'html';
      ctx.body = layout(job.title, jobPage(job), ctx.state.actor);
    }),
  );
};
