import type { Context } from 'koa';
import { requireActor, type AppRouter, type Services } from '@svc/runtime';
import type { JobJson } from '@svc/jobs';
import { DomainError, isDomainError } from '@svc/kernel';
import { statusOf } from '@svc/http';
import type { TemplateDescription } from '@svc/templates';
import { DetailsFields } from '../components/templates/details-fields.tsx';
import { JobFields } from '../components/jobs/job-form.tsx';
import { detailsFromForm } from '../forms/details-input.ts';
import { formFromJob, JOB_FIELD_LABELS, jobInputFromForm, savedDeadlines } from '../forms/job-input.ts';
import { Notice } from '../kit/blocks.tsx';
import { ActionButton, fieldErrorsOf, Form, type FieldErrors, type FormValues } from '../kit/form.tsx';
import { redirectWithFlash } from '../kit/flash.ts';
import { renderPage } from '../kit/render.tsx';
import { page, readInput, signInFirst } from '../http/respond.ts';
import { versionOf } from '../forms/normalise.ts';

const NewJobPage = ({ template, values, errors }: { template: TemplateDescription | null; values: FormValues; errors: FieldErrors }) => (
  <>
    <h1>{template ? `Post a ${template.title.toLowerCase()} job` : 'Post a job'}</h1>
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
      {template ? (
        <>
          <h2>{template.title} details</h2>
          <DetailsFields description={template.details} />
          <details>
            <summary>Write the job fields yourself (optional)</summary>
            <JobFields forTemplate />
          </details>
        </>
      ) : (
        <JobFields />
      )}
      <button type="submit">Post the job</button>
    </Form>
  </>
);

/** What someone else changed, field by field: their saved value beside the one being sent. */
const Changes = ({ saved, mine }: { saved: FormValues; mine: FormValues }) => {
  const changed = Object.keys(JOB_FIELD_LABELS).filter((field) => (saved[field] ?? '') !== (mine[field] ?? ''));
  return (
    <table class="stack">
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">Saved now</th>
          <th scope="col">Your edit</th>
        </tr>
      </thead>
      <tbody>
        {changed.map((field) => (
          <tr>
            <td data-label="Field">{JOB_FIELD_LABELS[field]}</td>
            <td data-label="Saved now" class="prose">
              {saved[field] || '(empty)'}
            </td>
            <td data-label="Your edit" class="prose">
              {mine[field] || '(empty)'}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
};

const EditJobPage = ({ job, values, errors, conflict }: { job: JobJson; values: FormValues; errors: FieldErrors; conflict?: JobJson }) => (
  <>
    <h1>Edit “{job.title}”</h1>
    {conflict ? (
      <section class="conflict" aria-labelledby="conflict-title">
        <h2 id="conflict-title">Someone changed this job while you were editing</h2>
        <p>Nothing was saved. Here is what differs between the job as saved now and your edit. Save again to keep your edit.</p>
        <Changes saved={formFromJob(conflict)} mine={values} />
      </section>
    ) : null}
    <Form action={`/jobs/${job.id}/edit`} values={values} errors={errors}>
      <input type="hidden" name="expected_version" value={String((conflict ?? job).version)} />
      {Object.entries(savedDeadlines(conflict ?? job)).map(([name, value]) => (
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

/** Posting, editing, closing, reopening and removing jobs from forms, through the same jobs service as the API. */
const NEW_JOB_DESCRIPTION = 'Post a job: what you want done, the budget and the deadlines, for people and their agents to respond to.';
const editDescription = (job: JobJson) => `Edit your job “${job.title}”: every change adds one to its version.`;

export const registerJobEditorRoutes = (router: AppRouter, { jobs, templates, baseUrl }: Services): void => {
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
      renderPage(ctx, { title: 'Post a job', description: NEW_JOB_DESCRIPTION, body: <NewJobPage template={templateOf(ctx)} values={{}} errors={{}} /> });
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
        job = await jobs.create(actor, input);
      } catch (error) {
        const errors = fieldErrorsOf(error);
        if (!isDomainError(error) || !errors) throw error;
        return renderPage(ctx, { title: 'Post a job', description: NEW_JOB_DESCRIPTION, status: statusOf(error), body: <NewJobPage template={template} values={form} errors={errors} /> });
      }
      redirectWithFlash(ctx, `/jobs/${job.id}`, 'Job posted. It is public now.');
    }),
  );

  /** The job, for its owner only: anyone else is told it is not theirs, as the API's PATCH would. */
  router.get(
    '/jobs/:id/edit',
    page(async (ctx) => {
      if (signInFirst(ctx)) return;
      const job = await jobs.getOwn(requireActor(ctx, baseUrl, 'jobs:write'), ctx.params.id!);
      renderPage(ctx, { title: `Edit ${job.title}`, description: editDescription(job), body: <EditJobPage job={job} values={formFromJob(job)} errors={{}} /> });
    }),
  );

  router.post(
    '/jobs/:id/edit',
    page(async (ctx) => {
      const actor = requireActor(ctx, baseUrl, 'jobs:write');
      const { expected_version, ...form } = await readInput(ctx);
      try {
        await jobs.update(actor, ctx.params.id!, { ...jobInputFromForm(form, 'edit'), expected_version: versionOf(expected_version) });
      } catch (error) {
        const errors = fieldErrorsOf(error);
        if (!isDomainError(error) || !errors) throw error;
        const current = error.code === 'version_conflict' ? (error.extras.current as JobJson | undefined) : undefined;
        if (error.code === 'version_conflict' && !current) throw error;
        const job = current ?? (await jobs.get(ctx.params.id!));
        if (current) delete errors[''];
        return renderPage(ctx, { title: `Edit ${job.title}`, description: editDescription(job), status: statusOf(error), body: <EditJobPage job={job} values={form} errors={errors} conflict={current} /> });
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
        await jobs[action](actor, ctx.params.id!);
        redirectWithFlash(ctx, action === 'remove' ? '/my/jobs?status=removed' : `/jobs/${ctx.params.id}`, done);
      }),
    );
  }

  // Removing hides the job for good, so it asks first.
  router.get(
    '/jobs/:id/remove',
    page(async (ctx) => {
      if (signInFirst(ctx)) return;
      const job = await jobs.getOwn(requireActor(ctx, baseUrl, 'jobs:write'), ctx.params.id!);
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
