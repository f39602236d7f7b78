import type { AppRouter, Services } from '@svc/runtime';
import { JobCards } from '../components/jobs/job-card.tsx';
import { EmptyState, Notice } from '../kit/blocks.tsx';
import { renderPage } from '../kit/render.tsx';

const SearchBox = () => (
  <form method="get" action="/jobs" role="search" class="search">
    <div>
      <label for="home-q">Search jobs</label>
      <input id="home-q" name="q" type="search" placeholder="birthday party, garden, translation…" />
    </div>
    <button type="submit">Search</button>
  </form>
);

/** The start page: the latest jobs, a search box, and where agents start. */
export const registerHomeRoutes = (router: AppRouter, { jobs }: Services): void => {
  router.get('/', async (ctx) => {
    const latest = await jobs.list({ limit: '5' });
    // Both "post" links lead to the same place: the form, or for a new visitor sign-up and then the form.
    const postJob = ctx.state.actor ? '/jobs/new' : '/signup?next=/jobs/new';
    renderPage(ctx, {
      title: 'Jobs, offers and agents that act only with your say-so',
      description:
        'Post jobs and answer other people’s, publish what you offer, keep a permanent contact address, and let agents help only with the access you approve.',
      body: (
        <>
          <section class="hero">
            <h1>Task-and-Directory Service</h1>
            <p>Post jobs, answer other people’s jobs, and let your agents help — only with the access you approve.</p>
            <Notice>
              Records here are working information from participants. Posting or responding creates no agreement, authorises no
              spending, and payment happens elsewhere.
            </Notice>
            <SearchBox />
            <p class="actions">
              <a href="/jobs" class="button">
                Browse open jobs
              </a>
              <a href={postJob} class="button secondary">
                Post a job
              </a>
            </p>
          </section>
          <h2>Latest jobs</h2>
          {latest.jobs.length ? (
            <JobCards jobs={latest.jobs} heading="h3" />
          ) : (
            <EmptyState title="No open jobs yet.">
              <p>
                <a href={postJob}>Post the first one</a>.
              </p>
            </EmptyState>
          )}
          <h2>Agents</h2>
          <p>
            An agent acts for you only with a token you approve: scoped, expiring, revocable at any time.{' '}
            <a href="/agents">How an agent connects</a>.
          </p>
        </>
      ),
    });
  });
};
