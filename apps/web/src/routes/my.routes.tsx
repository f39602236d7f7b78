import type { Context } from 'koa';
import { requireActor, type AppRouter, type Services } from '@svc/runtime';
import type { MyResponseJson } from '@svc/jobs';
import { JobCards } from '../components/jobs/job-card.tsx';
import { KIND_WORDS, Status } from '../components/words.tsx';
import { EmptyState, PagedList, Pagination, Prose, Tabs } from '../kit/blocks.tsx';
import { ActionButton } from '../kit/form.tsx';
import { redirectWithFlash } from '../kit/flash.ts';
import { renderPage } from '../kit/render.tsx';
import { Time } from '../kit/time.tsx';
import { offsetParam } from '../kit/paging.ts';
import { MyOverview } from '../components/my-overview.tsx';
import { page, signInFirst } from '../http/respond.ts';

const PAGE_SIZE = 20;

const queryText = (ctx: Context, name: string): string => (typeof ctx.query[name] === 'string' ? (ctx.query[name] as string) : '');

const count = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`);

/** Between the person's own jobs and their own responses. */
const MyTabs = ({ current }: { current: 'jobs' | 'responses' }) => (
  <Tabs
    label="My records"
    tabs={[
      { href: '/my/jobs', text: 'My jobs', current: current === 'jobs' },
      { href: '/my/responses', text: 'My responses', current: current === 'responses' },
    ]}
  />
);

const JOB_STATE_WORDS: Record<string, string> = {
  closed: 'This job is closed.',
  removed: 'This job has been removed: only its poster and the people who responded can still open it.',
};

/** One of the person's responses, with the job it answers. */
const MyResponseCard = ({ response }: { response: MyResponseJson }) => (
  <li>
    <h2 class="card-title">
      <a href={`/jobs/${response.job.id}`}>{response.job.title}</a>
    </h2>
    <p class="meta">
      <Status value={response.status} />
      <strong>{KIND_WORDS[response.kind] ?? response.kind}</strong>
      <span>
        sent <Time iso={response.created_at} />
      </span>
      {response.status === 'withdrawn' ? (
        <span>
          withdrawn <Time iso={response.updated_at} />
        </span>
      ) : null}
    </p>
    {JOB_STATE_WORDS[response.job.status] ? <p class="muted">{JOB_STATE_WORDS[response.job.status]}</p> : null}
    <Prose text={response.message} />
    {response.status === 'active' ? (
      <a href={`/responses/${response.id}/withdraw`} class="button secondary small">
        Withdraw…
      </a>
    ) : null}
  </li>
);

/** What each tab of My jobs says when it has nothing to show. */
const EMPTY_TAB: Record<string, { none: string; hint: string }> = {
  open: { none: 'You have no open jobs.', hint: 'Post one, and it shows here with the responses it gets.' },
  closed: { none: 'You have no closed jobs.', hint: 'A job you close shows here, and you can reopen it from its page.' },
  removed: { none: 'You have no removed jobs.', hint: 'A job you remove is hidden from everyone else and shows here, with its responses on its page.' },
};

const TAB_TITLES: Record<string, string> = { open: 'My jobs', closed: 'My closed jobs', removed: 'My removed jobs' };

/** The signed-in person's own records: their jobs (open, closed, removed) and their responses to other people's jobs. */
export const registerMyRoutes = (router: AppRouter, { jobs, responses, baseUrl }: Services): void => {
  router.get(
    '/my',
    page((ctx) => {
      if (signInFirst(ctx)) return;
      requireActor(ctx, baseUrl);
      renderPage(ctx, {
        title: 'Everything of mine',
        description: 'Your own records in one place: jobs, responses, offers, directory entries, threads and the agents that act for you.',
        body: <MyOverview />,
      });
    }),
  );

  router.get(
    '/my/jobs',
    page(async (ctx) => {
      if (signInFirst(ctx)) return;
      const actor = requireActor(ctx, baseUrl);
      const status = queryText(ctx, 'status') || 'open';
      const offset = offsetParam(ctx, PAGE_SIZE);
      // The service refuses a status other than open, closed or removed (400 validation_failed, as the API would).
      const [list, counts] = await Promise.all([
        jobs.listMine(actor, { status, limit: String(PAGE_SIZE), offset: String(offset) }),
        jobs.countsFor(actor.principalId),
      ]);
      const responseCounts = await responses.activeCountsOnMyJobs(actor, list.jobs.map((job) => job.id));
      const href = (to: number) => `/my/jobs?${new URLSearchParams({ status, ...(to ? { offset: String(to) } : {}) })}`;
      const empty = EMPTY_TAB[status]!;
      renderPage(ctx, {
        title: TAB_TITLES[status]!,
        description: 'Your jobs, open, closed and removed, newest first, each with the responses it got.',
        body: (
          <>
            <h1>My jobs</h1>
            <p class="actions">
              <a href="/jobs/new" class="button">
                Post a job
              </a>
              <a href="/jobs/new?template=birthday-party" class="button secondary">
                Plan a birthday party
              </a>
            </p>
            <MyTabs current="jobs" />
            <Tabs
              label="Job status"
              tabs={[
                { href: '/my/jobs?status=open', text: `Open (${counts.open_jobs})`, current: status === 'open' },
                { href: '/my/jobs?status=closed', text: `Closed (${counts.closed_jobs})`, current: status === 'closed' },
                { href: '/my/jobs?status=removed', text: 'Removed', current: status === 'removed' },
              ]}
            />
            {status === 'removed' ? <p class="muted">Hidden from everyone else. Each job’s page still shows you its responses.</p> : null}
            <PagedList
              shown={list.jobs.length}
              offset={list.offset}
              empty={
                <EmptyState title={empty.none}>
                  <p>{empty.hint}</p>
                </EmptyState>
              }
            >
              <JobCards jobs={list.jobs} showStatus={status !== 'open'} responseCounts={responseCounts} />
            </PagedList>
            <Pagination shown={list.jobs.length} total={list.total} limit={list.limit} offset={list.offset} href={href} />
            <p class="muted">
              Each job’s page shows its responses. You have {count(counts.active_responses, 'active response', 'active responses')} to other
              people’s jobs: see <a href="/my/responses">my responses</a>.
            </p>
          </>
        ),
      });
    }),
  );

  router.get(
    '/my/responses',
    page(async (ctx) => {
      if (signInFirst(ctx)) return;
      const actor = requireActor(ctx, baseUrl);
      const offset = offsetParam(ctx, PAGE_SIZE);
      const list = await responses.listMine(actor, { limit: String(PAGE_SIZE), offset: String(offset) });
      renderPage(ctx, {
        title: 'My responses',
        description: 'Your offers of help and questions to other people’s jobs, newest first, each with the job it answers.',
        body: (
          <>
            <h1>My responses</h1>
            <p>Your offers of help and questions to other people’s jobs, newest first. Only each job’s poster and you can read them.</p>
            <MyTabs current="responses" />
            <p class="muted" role="status">
              {count(list.total, 'response', 'responses')}
            </p>
            <PagedList
              shown={list.responses.length}
              offset={list.offset}
              empty={
                <EmptyState title="You have not responded to any job yet.">
                  <p>
                    <a href="/jobs">Browse the open jobs</a>, and offer help or ask a question from a job’s page.
                  </p>
                </EmptyState>
              }
            >
              <ul class="cards">
                {list.responses.map((response) => (
                  <MyResponseCard response={response} />
                ))}
              </ul>
            </PagedList>
            <Pagination shown={list.responses.length} total={list.total} limit={list.limit} offset={list.offset} href={(to) => (to ? `/my/responses?offset=${to}` : '/my/responses')} />
          </>
        ),
      });
    }),
  );

  // The confirmation step before withdrawing (the change itself is the POST beside the job pages).
  router.get(
    '/responses/:id/withdraw',
    page(async (ctx) => {
      if (signInFirst(ctx)) return;
      const actor = requireActor(ctx, baseUrl);
      const response = await responses.getMine(actor, ctx.params.id!);
      // Asked from the job's page, the answer goes back there; otherwise to the list.
      const fromJob = ctx.query.from === 'job';
      const back = fromJob ? `/jobs/${response.job.id}` : '/my/responses';
      if (response.status === 'withdrawn') return redirectWithFlash(ctx, back, 'That response is already withdrawn.');
      renderPage(ctx, {
        title: 'Withdraw your response?',
        description: `Withdraw your response to “${response.job.title}”: its poster then sees it marked as withdrawn.`,
        body: (
          <>
            <h1>Withdraw your response to “{response.job.title}”?</h1>
            <blockquote>
              <Prose text={response.message} />
            </blockquote>
            <p>
              {response.job.status === 'removed' ? 'The job has been removed.' : 'The poster will see it marked as withdrawn.'} This cannot be
              undone{response.job.status === 'open' ? ', though you may respond again while the job is open' : ''}.
            </p>
            <div class="actions">
              <ActionButton action={`/responses/${response.id}/withdraw`} fields={fromJob ? {} : { next: '/my/responses' }} label="Yes, withdraw it" variant="danger" />
              <a href={back}>Keep it</a>
            </div>
          </>
        ),
      });
    }),
  );
};
