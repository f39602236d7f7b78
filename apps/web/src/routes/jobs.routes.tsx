import type { Context } from 'koa';
import { requireActor, type AppRouter, type Services } from '@svc/runtime';
import type { JobJson } from '@svc/jobs';
import { DomainError, isDomainError, type Actor } from '@svc/kernel';
import { statusOf } from '@svc/http';
import type { TemplateDescription } from '@svc/templates';
import { DetailsFields } from '../components/templates/details-fields.tsx';
import { JobFields } from '../components/jobs/job-form.tsx';
import { detailsFromForm } from '../forms/details-input.ts';
import { formFromJob, JOB_FIELDS, jobInputFromForm, savedDeadlines } from '../forms/job-input.ts';
import { BaseField, baseOf, EditConflict, formAfterRefusal, versionAfterRefusal, type EditConflictState } from '../kit/conflict.tsx';
import { EmptyState, Notice } from '../kit/blocks.tsx';
import { ActionButton, fieldErrorsOf, Fold, Form, type FieldErrors, type FormValues } from '../kit/form.tsx';
import { FilterInput, NoMatches, SearchForm, SearchResults, StatusFilter } from '../kit/search-form.tsx';
import { redirectWithFlash } from '../kit/flash.ts';
import { renderPage } from '../kit/render.tsx';
import { formBaseOf, page, pressButton, queryText, readInput, signInFirst, wayWhenGone } from '../http/respond.ts';
import { createOnceFromForm } from '../http/once.ts';
import { OnceField } from '../kit/once-field.tsx';
import { slugOf, versionOf } from '../forms/normalise.ts';
import { JobCards } from '../components/jobs/job-card.tsx';
import { JobView, UnsentResponse, type JobViewProps } from '../components/jobs/job-view.tsx';
import { STATUS_WORDS } from '../components/words.tsx';
import { offsetParam } from '../kit/paging.ts';
import { startThreadFrom } from '../handlers/start-thread.ts';
import { reopenFormAddresses } from '../http/form-addresses.ts';

/** The form's heading, and its page's title: "Post a birthday party job" from the template. */
const newJobHeading = (template: TemplateDescription | null): string => (template ? `Post a ${template.title.toLowerCase()} job` : 'Post a job');

const NewJobPage = ({ template, values, errors }: { template: TemplateDescription | null; values: FormValues; errors: FieldErrors }) => (
  <>
    <h1>{newJobHeading(template)}</h1>
    <Notice>Jobs are public. Posting creates no agreement; never put a street address, phone number or e-mail in a job.</Notice>
    {template ? (
      <p>
        {template.description} <a href={`/templates/${template.id}`}>What the template does</a>.
      </p>
    ) : (
      <p>
        Planning a children’s party? <a href="/jobs/new?template=birthday-party">Use the birthday-party template</a>: give the details,
        and it writes the job for you.
      </p>
    )}
    <Form action={template ? `/jobs/new?template=${template.id}` : '/jobs/new'} values={values} errors={errors}>
      <OnceField />
      {template ? (
        <>
          <h2>{template.title} details</h2>
          <DetailsFields description={template.details} />
          {/* Opened by a problem with one of the job's own fields (the template's are named `details.…`). */}
          <Fold summary="Write the job fields yourself (optional)" errors={Object.fromEntries(Object.entries(errors).filter(([field]) => field && !field.startsWith('details.')))}>
            <JobFields forTemplate />
          </Fold>
        </>
      ) : (
        <JobFields />
      )}
      <button type="submit">Post the job</button>
    </Form>
  </>
);

/**
 * The edit form; `base` is what it was drawn from (kit/conflict.tsx). After a conflict `job` is the job
 * as saved now, the form holds it with the person's own changes on top, and the table shows where
 * those differ.
 */
const EditJobPage = ({
  job,
  values,
  errors,
  base,
  conflict,
  version = job.version,
}: {
  job: JobJson;
  /** The version the form sends: the job's, or after a refusal the one it was drawn from (versionAfterRefusal). */
  version?: number;
  values: FormValues;
  errors: FieldErrors;
  base: string;
  conflict?: EditConflictState | undefined;
}) => (
  <>
    <h1>Edit “{job.title}”</h1>
    {conflict ? <EditConflict what="job" conflict={conflict} /> : null}
    <Form action={`/jobs/${job.id}/edit`} values={values} errors={errors}>
      <BaseField value={base} />
      <input type="hidden" name="expected_version" value={String(version)} />
      {Object.entries(savedDeadlines(job)).map(([name, value]) => (
        <input type="hidden" name={name} value={value} />
      ))}
      <JobFields />
      <div class="actions">
        <button type="submit">{conflict ? 'Save my edit again' : 'Save changes'}</button>
        <a href={`/jobs/${job.id}`}>Cancel</a>
      </div>
    </Form>
  </>
);

const NEW_JOB_DESCRIPTION = 'Post a job: what you want done, the budget and the deadlines, for people and their agents to respond to.';
const editDescription = (job: JobJson) => `Edit your job “${job.title}”: every change adds one to its version.`;

const PAGE_SIZE = 20;

/** The job list's description: which jobs it shows. */
const listDescription = (status: string, q: string, tag: string): string =>
  `${status === 'closed' ? 'Closed' : 'Open'} jobs${q ? ` matching “${q}”` : ''}${tag ? ` tagged ${tag}` : ''}, posted by people and their agents: ` +
  'read each one, and respond where you can help.';

/** A job page's description: who posted it and what they want done, in their words. */
const jobDescription = (job: JobJson): string =>
  `${STATUS_WORDS[job.status] ?? job.status} job from ${job.posted_by.display_name}: ${job.outcome || job.scope || job.deliverables || job.title}`;


const toJob = ({ id }: Record<string, string>) => `/jobs/${encodeURIComponent(id!)}`;

/** Posting, editing, closing, reopening and removing jobs from forms, through the same jobs service as the API. */
const jobEditor = (router: AppRouter, services: Services): void => {
  const { jobs, templates, baseUrl } = services;
  const templateOf = (ctx: Context): TemplateDescription | null => {
    const id = typeof ctx.query.template === 'string' ? ctx.query.template : '';
    if (!id) return null;
    const template = templates.get(id);
    if (!template) throw new DomainError('not_found', 'No such template.');
    return template.describe();
  };

  router.get(
    '/jobs/new',
    page((ctx) => {
      if (signInFirst(ctx)) return;
      const template = templateOf(ctx);
      renderPage(ctx, { title: newJobHeading(template), description: NEW_JOB_DESCRIPTION, body: <NewJobPage template={template} values={{}} errors={{}} /> });
    }),
  );

  router.post(
    '/jobs/new',
    page(async (ctx) => {
      const actor = requireActor(ctx, baseUrl, 'jobs:write');
      const template = templateOf(ctx);
      const form = await readInput(ctx);
      const input = jobInputFromForm(form, 'create');
      if (template) Object.assign(input, { template: template.id, details: detailsFromForm(template.details, form) });
      let job: JobJson;
      try {
        job = await createOnceFromForm(ctx, services, actor, input, () => jobs.create(actor, input));
      } catch (error) {
        const errors = fieldErrorsOf(error);
        if (!isDomainError(error) || !errors) throw error;
        return renderPage(ctx, { title: newJobHeading(template), description: NEW_JOB_DESCRIPTION, status: statusOf(error), body: <NewJobPage template={template} values={form} errors={errors} /> });
      }
      redirectWithFlash(ctx, `/jobs/${job.id}`, 'Job posted. It is public now.');
    }),
  );

  /** The job, for its owner only: anyone else is told it is not theirs, as the API's PATCH would. */
  router.get(
    '/jobs/:id/edit',
    page(async (ctx) => {
      if (signInFirst(ctx)) return;
      const job = await jobs.getOwn(requireActor(ctx, baseUrl, 'jobs:write'), ctx.params.id);
      renderPage(ctx, { title: `Edit ${job.title}`, description: editDescription(job), body: <EditJobPage job={job} values={formFromJob(job)} errors={{}} base={baseOf(JOB_FIELDS, formFromJob(job))} /> });
    }),
  );

  router.post(
    '/jobs/:id/edit',
    page(async (ctx) => {
      const actor = requireActor(ctx, baseUrl, 'jobs:write');
      const { expected_version, ...form } = await readInput(ctx);
      try {
        await jobs.update(actor, ctx.params.id, { ...jobInputFromForm(form, 'edit'), expected_version: versionOf(expected_version) });
      } catch (error) {
        const errors = fieldErrorsOf(error);
        if (!isDomainError(error) || !errors) throw error;
        const current = error.code === 'version_conflict' ? (error.extras.current as JobJson | undefined) : undefined;
        if (error.code === 'version_conflict' && !current) throw error;
        const job = current ?? (await jobs.get(ctx.params.id));
        if (current) delete errors[''];
        const shown = formAfterRefusal(JOB_FIELDS, form, formBaseOf(ctx), formFromJob(job), current && formFromJob(current));
        return renderPage(ctx, { title: `Edit ${job.title}`, description: editDescription(job), status: statusOf(error), body: <EditJobPage job={job} errors={errors} version={versionAfterRefusal(expected_version, job.version, current)} {...shown} /> });
      }
      redirectWithFlash(ctx, `/jobs/${ctx.params.id}`, 'Changes saved.');
    }),
  );

  const transitions = { close: 'Job closed: it no longer takes responses.', reopen: 'Job reopened.', remove: 'Job removed from public view.' } as const;
  for (const [action, done] of Object.entries(transitions) as [keyof typeof transitions, string][]) {
    router.post(
      `/jobs/:id/${action}`,
      page(async (ctx) => {
        const actor = requireActor(ctx, baseUrl, 'jobs:write');
        await readInput(ctx);
        await pressButton(ctx, {
          change: () => jobs[action](actor, ctx.params.id),
          what: 'job',
          target: { close: 'closed', reopen: 'open', remove: 'removed' }[action],
          where: (status) => (status === 'removed' ? '/my/jobs?status=removed' : `/jobs/${ctx.params.id}`),
          done,
        });
      }),
    );
  }

  // Removing hides the job for good, so it asks first.
  router.get(
    '/jobs/:id/remove',
    page(async (ctx) => {
      if (signInFirst(ctx)) return;
      wayWhenGone(ctx, { href: '/my/jobs?status=removed', text: 'My removed jobs', why: 'If you removed it just now, it is under the Removed tab of your jobs.' });
      const job = await jobs.getOwn(requireActor(ctx, baseUrl, 'jobs:write'), ctx.params.id);
      renderPage(ctx, {
        title: `Remove ${job.title}?`,
        description: `Remove your job “${job.title}” from public view; you and the people who responded keep reading the responses.`,
        body: (
          <>
            <h1>Remove “{job.title}”?</h1>
            <p>
              The job disappears from lists, and its page tells everyone else it was removed. You still find it under the Removed tab of
              your jobs, with every response; each person who responded can still open it beside their own response.
            </p>
            <div class="actions">
              <ActionButton action={`/jobs/${job.id}/remove`} label="Yes, remove it" variant="danger" />
              <a href={`/jobs/${job.id}`}>Keep it</a>
            </div>
          </>
        ),
      });
    }),
  );
};

/** The job list, the job page (HTML, `?format=json`, `?format=rts`) and responding. */
const jobPages = (router: AppRouter, services: Services): void => {
  const { jobs, responses, templates, threads, baseUrl, listReads, clock } = services;

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
      // The tag as the job form saves it ("Home & Garden" → home-garden); the box keeps what was typed.
      if (tag) query.tag = slugOf(tag);
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
            <SearchForm action="/jobs" q={q} errors={errors}>
              <FilterInput name="tag" label="Tag" value={tag} placeholder="party-planning" invalid={Boolean(errors.tag)} />
              <StatusFilter value={status} statuses={['open', 'closed']} words={STATUS_WORDS} />
            </SearchForm>
            <SearchResults errors={errors}
              list={list}
              noun={['job', 'jobs']}
              narrowed={
                <>
                  {q ? ` matching “${q}”` : ''}
                  {tag ? ` tagged ${tag}` : ''}
                  {postedBefore && !errors.posted_before ? ` posted before ${postedBefore.slice(0, 10)}` : ''}
                </>
              }
              shown={list.jobs.length}
              href={href}
              empty={
                // Nothing asked for: there is nothing yet, rather than nothing matching.
                q || tag || status !== 'open' || postedBefore ? (
                  <NoMatches title="No jobs match." all={{ href: '/jobs', text: 'see every open job' }} add={{ href: '/jobs/new', text: 'post one' }} />
                ) : (
                  <EmptyState title="No open jobs yet.">
                    <p>
                      <a href="/jobs/new">Post the first one</a>.
                    </p>
                  </EmptyState>
                )
              }
            >
              <JobCards jobs={list.jobs} showStatus={status !== 'open'} />
            </SearchResults>
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
    const shared = actor && job.status !== 'removed' ? await threads.sharedThreads(actor, { kind: 'job', id: job.id }) : {};
    const responseDeadlinePassed = job.response_deadline !== null && Date.parse(job.response_deadline) < clock.now().getTime();
    return { job, template, viewer, responses: visible, threads: shared, responseDeadlinePassed };
  };

  router.get(
    '/jobs/:id',
    page(async (ctx) => {
      if (ctx.query.format === 'rts') {
        ctx.body = await jobs.getRts(ctx.params.id);
        return;
      }
      if (ctx.query.format === 'json') {
        ctx.body = await jobs.get(ctx.params.id);
        return;
      }
      // A removed job stays readable by its poster and its responders; the service decides who they are.
      const job = await jobs.readAs(ctx.state.actor ?? null, ctx.params.id);
      renderPage(ctx, { title: job.title, description: jobDescription(job), body: <JobView {...await jobPageProps(ctx, job)} /> });
    }),
  );

  router.post(
    '/jobs/:id/responses',
    page(async (ctx) => {
      const actor = requireActor(ctx, baseUrl, 'responses:write');
      const { expected_version, ...input } = await readInput(ctx);
      try {
        const response = { ...input, expected_version: versionOf(expected_version) };
        await createOnceFromForm(ctx, services, actor, response, () => responses.create(actor, ctx.params.id, response));
      } catch (error) {
        const errors = fieldErrorsOf(error);
        if (!isDomainError(error) || !errors || !['validation_failed', 'job_changed', 'job_closed'].includes(error.code)) throw error;
        if (error.code === 'job_changed') {
          errors[''] = 'The job changed while you were writing. Read it again below; your message is kept, send it when ready.';
        }
        // Removed meanwhile, the job is no longer there to show to someone who never responded to it:
        // the message comes back on a page of its own (with the API's 409 job_closed, not the job's 410).
        const job = await jobs.readAs(actor, ctx.params.id).catch((gone: unknown) => {
          if (isDomainError(gone) && gone.code === 'removed') return null;
          throw gone;
        });
        if (!job) {
          return renderPage(ctx, {
            title: 'Your response was not sent',
            description: 'The job was removed by its poster while you were writing; your message is kept on this page.',
            status: statusOf(error),
            body: (
              <UnsentResponse heading="h1" message={input.message ?? ''} why="The job was removed by its poster while you were writing, so it takes no responses.">
                <p class="actions">
                  <a href="/jobs" class="button secondary">
                    Browse jobs
                  </a>
                </p>
              </UnsentResponse>
            ),
          });
        }
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

};

/** Every `/jobs` page and form: the list, a job's page, responding, starting a thread, and the editor. */
export const registerJobsRoutes = (router: AppRouter, services: Services): void => {
  // The editor first: the job page's `/jobs/:id` would otherwise take `/jobs/new` for a job called "new".
  jobEditor(router, services);
  jobPages(router, services);
  router.post('/jobs/:id/thread', startThreadFrom(services, 'job', 'job'));
  reopenFormAddresses(router, {
    '/jobs/:id/responses': toJob,
    '/jobs/:id/close': toJob,
    '/jobs/:id/reopen': toJob,
    '/jobs/:id/thread': toJob,
  });
};
