import { requireActor, type AppRouter, type Services } from '@svc/runtime';
import { JobCards } from '../components/job-card.tsx';
import { EmptyState } from '../kit/blocks.tsx';
import { renderPage } from '../kit/render.tsx';
import { page, signInFirst } from '../http/respond.ts';

/** The signed-in person's own records. */
export const registerMyRoutes = (router: AppRouter, { jobs, baseUrl }: Services): void => {
  router.get(
    '/my/jobs',
    page(async (ctx) => {
      if (signInFirst(ctx)) return;
      const actor = requireActor(ctx, baseUrl);
      const [open, counts] = await Promise.all([jobs.openByPoster(actor.principalId, 100), jobs.countsFor(actor.principalId)]);
      renderPage(ctx, {
        title: 'My jobs',
        body: (
          <>
            <h1>My jobs</h1>
            <p class="actions">
              <a href="/jobs/new" role="button">
                Post a job
              </a>
              <a href="/jobs/new?template=birthday-party" role="button" class="secondary">
                Plan a birthday party
              </a>
            </p>
            <h2>Open</h2>
            {open.length ? (
              <JobCards jobs={open} />
            ) : (
              <EmptyState title="You have no open jobs.">
                <p>Post one, and it shows here with the responses it gets.</p>
              </EmptyState>
            )}
            <p class="muted">
              {counts.closed_jobs === 1 ? 'You also have 1 closed job' : `You also have ${counts.closed_jobs} closed jobs`}, and{' '}
              {counts.active_responses === 1 ? '1 active response' : `${counts.active_responses} active responses`} to other people’s jobs.
              Each job’s page shows its responses.
            </p>
          </>
        ),
      });
    }),
  );
};
