import type { AppRouter, Services } from '@svc/runtime';
import { EmptyState } from '../kit/blocks.tsx';
import { renderPage } from '../kit/render.tsx';
import { Time } from '../kit/time.tsx';
import { page } from '../http/respond.ts';

/** A principal's public profile: name, join date and open records. Never an e-mail address. */
export const registerPrincipalRoutes = (router: AppRouter, services: Services): void => {
  router.get(
    '/principals/:id',
    page(async (ctx) => {
      const profile = await services.access.principals.profile(ctx.params.id!);
      const records = await services.publicRecords(profile.principal_id);
      if (ctx.query.format === 'json') {
        ctx.body = { ...profile, ...records };
        return;
      }
      renderPage(ctx, {
        title: profile.display_name,
        description: `${profile.display_name}’s public profile: ${records.open_jobs.length === 1 ? 'one open job' : `${records.open_jobs.length} open jobs`}, and when they joined.`,
        body: (
          <>
            <h1>{profile.display_name}</h1>
            <p class="muted">
              Joined <Time iso={profile.joined_at} mode="day" />
            </p>
            <h2>Open jobs</h2>
            {records.open_jobs.length === 0 ? (
              <EmptyState title="No open jobs right now." />
            ) : (
              <ul>
                {records.open_jobs.map((job) => (
                  <li>
                    <a href={`/jobs/${job.id}`}>{job.title}</a>
                  </li>
                ))}
              </ul>
            )}
          </>
        ),
      });
    }),
  );
};
