import type { AppRouter, Services } from '@svc/runtime';
import { html, layout } from '../html.ts';
import { page } from '../respond.ts';

/** A principal's public profile: name, join date and open records. Never an e-mail address. */
export const registerPrincipalRoutes = (router: AppRouter, services: Services): void => {
  router.get(
    '/principals/:id',
    page(async (ctx) => {
      const profile = await services.access.principals.profile(ctx.params.id!);
      const records = await services.publicRecords(profile.principal_id);
      const body = { ...profile, ...records };
      if (ctx.query.format === 'json') {
        ctx.body = body;
        return;
      }
      ctx.type = 'html';
      ctx.body = layout(
        profile.display_name,
        html`<h1>${profile.display_name}</h1><p class="muted">Joined ${profile.joined_at.slice(0, 10)}</p>
<h2>Open jobs</h2>${
          records.open_jobs.length === 0
            ? html`<p class="muted">None.</p>`
            : html`<ul>${records.open_jobs.map((job) => html`<li><a href="/jobs/${job.id}">${job.title}</a></li>`)}</ul>`
        }`,
        ctx.state.actor,
      );
    }),
  );
};
