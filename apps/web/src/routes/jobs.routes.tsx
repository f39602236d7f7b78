import type { Context } from 'koa';
import { requireActor, type AppRouter, type Services } from '@svc/runtime';
import type { JobJson } from '@svc/jobs';
import { isDomainError, type Actor } from '@svc/kernel';
import { statusOf } from '@svc/http';
import { JobCards } from '../components/jobs/job-card.tsx';
import { JobView, type JobViewProps } from '../components/jobs/job-view.tsx';
import { STATUS_WORDS } from '../components/words.tsx';
import { EmptyState, PagedList, Pagination } from '../kit/blocks.tsx';
import { fieldErrorsOf, type FieldErrors, ErrorSummary } from '../kit/form.tsx';
import { redirectWithFlash } from '../kit/flash.ts';
import { renderPage } from '../kit/render.tsx';
import { offsetParam } from '../kit/paging.ts';
import { page, readInput, wantsHtml } from '../http/respond.ts';
import { versionOf } from '../forms/normalise.ts';

const PAGE_SIZE = 20;

/** The job list's description: which jobs it shows. */
const listDescription = (status: string, q: string, tag: string): string =>
  `${status === 'closed' ? 'Closed' : 'Open'} jobs${q ? ` matching “${q}”` : ''}${tag ? ` tagged ${tag}` : ''}, posted by people and their agents: ` +
  'read each one, and respond where you can help.';

/** A job page's description: who posted it and what they want done, in their words. */
const jobDescription = (job: JobJson): string =>
  `${STATUS_WORDS[job.status] ?? job.status} job from ${job.posted_by.display_name}: ${job.outcome || job.scope || job.deliverables || job.title}`;

const queryText = (ctx: Context, name: string): string => (typeof ctx.query[name] === 'string' ? (ctx.query[name] as string) : '');

/** The job list, the job page (HTML, `?format=json`, `?format=rts`), responding and withdrawing. */
export const registerJobPages = (router: AppRouter, services: Services): void => {
  const { jobs, responses, templates, baseUrl, listReads } = services;

  router.get(
    '/jobs',
    page(async (ctx) => {
      const q = queryText(ctx, 'q');
      const tag = queryText(ctx, 'tag');
      const status = queryText(ctx, 'status') || 'open';
      const offset = offsetParam(ctx, PAGE_SIZE);
      // A search reaches older matches through posted_before (its "older matches" link); kept while paging.
      const postedBefore = queryText(ctx, 'posted_before');
      const query: Record<string, string> = { status, limit: String(PAGE_SIZE), offset: String(offset) };
      if (q) query.q = q;
      if (tag) query.tag = tag;
      if (postedBefore) query.posted_before = postedBefore;
      let errors: FieldErrors = {};
      let list: Awaited<ReturnType<typeof jobs.list>> = { jobs: [], total: 0, total_is_lower_bound: false, older_matches_before: null, limit: PAGE_SIZE, offset };
      try {
        // In one of the process's turns for lists, as the API's list is (a full line: 503 busy).
        list = await listReads.run(() => jobs.list(query));
      } catch (error) {
        errors = fieldErrorsOf(error) ?? {};
        if (!isDomainError(error) || error.code !== 'validation_failed') throw error;
        ctx.status = 400;
      }
      const search = (before: string) => ({ ...(q ? { q } : {}), ...(tag ? { tag } : {}), status, ...(before ? { posted_before: before } : {}) });
      const href = (to: number) => `/jobs?${new URLSearchParams({ ...search(postedBefore), offset: String(to) })}`;
      renderPage(ctx, {
        title: q ? `Jobs matching “${q}”` : 'Jobs',
        description: listDescription(status, q, tag),
        status: ctx.status === 400 ? 400 : 200,
        body: (
          <>
            <h1>Jobs</h1>
            <p class="actions">
              {/* A visitor is sent to sign in first, and back to the form (see /jobs/new). */}
              <a href="/jobs/new" class="button">
                Post a job
              </a>
            </p>
            <form method="get" action="/jobs" role="search" class="search">
              <div>
                <label for="f-q">Search</label>
                <input id="f-q" name="q" type="search" value={q} maxLength={200} aria-invalid={errors.q ? 'true' : undefined} />
              </div>
              <div>
                <label for="f-tag">Tag</label>
                <input id="f-tag" name="tag" value={tag} placeholder="party-planning" aria-invalid={errors.tag ? 'true' : undefined} />
              </div>
              <div>
                <label for="f-status">Status</label>
                <select id="f-status" name="status">
                  <option value="open" selected={status === 'open'}>
                    Open
                  </option>
                  <option value="closed" selected={status === 'closed'}>
                    Closed
                  </option>
                </select>
              </div>
              <button type="submit">Search</button>
            </form>
            <ErrorSummary errors={errors} />
            <p class="muted" role="status">
              {/* A capped count is "at least": 300+ */}
              {list.total_is_lower_bound ? `${list.total}+ jobs` : list.total === 1 ? '1 job' : `${list.total} jobs`}
              {q ? ` matching “${q}”` : ''}
              {tag ? ` tagged ${tag}` : ''}
              {postedBefore && !errors.posted_before ? ` posted before ${postedBefore.slice(0, 10)}` : ''}
            </p>
            <PagedList
              shown={list.jobs.length}
              offset={list.offset}
              empty={
                <EmptyState title="No jobs match.">
                  <p>
                    Try other words, <a href="/jobs">see every open job</a>, or <a href="/jobs/new">post one</a>.
                  </p>
                </EmptyState>
              }
            >
              <JobCards jobs={list.jobs} showStatus={status !== 'open'} />
            </PagedList>
            <Pagination shown={list.jobs.length} total={list.total} totalIsLowerBound={list.total_is_lower_bound} limit={list.limit} offset={list.offset} href={href} />
            {list.older_matches_before ? (
              <p class="muted">
                Search ranks the newest {list.total} matches.{' '}
                <a href={`/jobs?${new URLSearchParams(search(list.older_matches_before))}`}>Search older matches</a>
              </p>
            ) : null}
          </>
        ),
      });
    }),
  );

  /** Everything the job page needs for this viewer; the services decide what they may see. */
  const jobPageProps = async (ctx: Context, job: JobJson): Promise<JobViewProps> => {
    const actor = ctx.state.actor as Actor | null;
    const viewer = !actor ? 'anonymous' : actor.principalId === job.posted_by.principal_id ? 'owner' : 'other';
    // The job page shows the first 100 responses (the most a page of the list holds).
    const visible = actor ? (await responses.listForJob(actor, job.id, { limit: '100' })).responses : [];
    const template = job.template ? (templates.get(job.template.id)?.describe() ?? null) : null;
    return { job, template, viewer, responses: visible };
  };

  router.get(
    '/jobs/:id',
    page(async (ctx) => {
      if (ctx.query.format === 'rts') {
        ctx.body = await jobs.getRts(ctx.params.id!);
        return;
      }
      if (ctx.query.format === 'json') {
        ctx.body = await jobs.get(ctx.params.id!);
        return;
      }
      // A removed job stays readable by its poster and its responders; the service decides who they are.
      const job = await jobs.readAs(ctx.state.actor ?? null, ctx.params.id!);
      renderPage(ctx, { title: job.title, description: jobDescription(job), body: <JobView {...await jobPageProps(ctx, job)} /> });
    }),
  );

  router.post(
    '/jobs/:id/responses',
    page(async (ctx) => {
      const actor = requireActor(ctx, baseUrl, 'responses:write');
      const { expected_version, ...input } = await readInput(ctx);
      try {
        await responses.create(actor, ctx.params.id!, { ...input, expected_version: versionOf(expected_version) });
      } catch (error) {
        const errors = fieldErrorsOf(error);
        if (!isDomainError(error) || !errors || !['validation_failed', 'job_changed'].includes(error.code)) throw error;
        if (error.code === 'job_changed') {
          errors[''] = 'The job changed while you were writing. Read it again below; your message is kept, send it when ready.';
        }
        const job = await jobs.get(ctx.params.id!);
        return renderPage(ctx, {
          title: job.title,
          description: jobDescription(job),
          status: statusOf(error),
          body: <JobView {...await jobPageProps(ctx, job)} respond={{ values: input, errors }} />,
        });
      }
      redirectWithFlash(ctx, `/jobs/${ctx.params.id}`, 'Response sent. Only the poster and you can read it.');
    }),
  );

  router.post(
    '/responses/:id/withdraw',
    page(async (ctx) => {
      const actor = requireActor(ctx, baseUrl, 'responses:write');
      const { next } = await readInput(ctx);
      const response = await responses.withdraw(actor, ctx.params.id!);
      if (!wantsHtml(ctx)) {
        ctx.body = response;
        return;
      }
      // Back to the list it was withdrawn from; any other value is ignored (no open redirect).
      redirectWithFlash(ctx, next === '/my/responses' ? next : `/jobs/${response.job_id}`, 'Response withdrawn.');
    }),
  );
};
