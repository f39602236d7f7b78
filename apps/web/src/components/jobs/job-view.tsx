import type { ComponentChildren } from 'preact';
import type { JobJson, JobResponseJson } from '@svc/jobs';
import type { FieldDescription, TemplateDescription } from '@svc/templates';
import { Notice, Prose, Unsent } from '../../kit/blocks.tsx';
import { ActionButton, Form, Select, TextArea, type FieldErrors, type FormValues } from '../../kit/form.tsx';
import { ConfirmLink } from '../../kit/confirm.tsx';
import { dayInWords, Time } from '../../kit/time.tsx';
import { labelOf } from '../templates/details-fields.tsx';
import { activeResponsesInWords, TagList } from './job-card.tsx';
import { OnceField } from '../../kit/once-field.tsx';
import { ThreadWith } from '../threads/thread-with.tsx';
import { budgetInWords, detailsBudgetOf, KIND_WORDS, moneyInWords, Status } from '../words.tsx';

const Section = ({ title, text }: { title: string; text: string }) =>
  text ? (
    <>
      <h2>{title}</h2>
      <Prose text={text} />
    </>
  ) : null;

const detailText = (value: unknown): string => {
  if (Array.isArray(value)) return value.join(', ');
  if (value && typeof value === 'object') return Object.values(value).join(' ');
  return String(value);
};

/** A detail's words; a day (a `date` field, as `2027-06-01`) in the site's way of writing one, "1 June 2027". */
const Detail = ({ value, field }: { value: unknown; field: FieldDescription | undefined }) =>
  field?.format?.startsWith('date') && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? (
    <time dateTime={value}>{dayInWords(value)}</time>
  ) : (
    <>{detailText(value)}</>
  );

/** The template's details in words, labelled as the template names them; a budget among them is shown with the job's budget instead. */
const TemplateDetails = ({ job, template }: { job: JobJson; template: TemplateDescription | null }) => {
  if (!job.template) return null;
  const fields = template?.details.fields ?? [];
  const order = fields.map((field) => field.name!);
  const shownAbove = detailsBudgetOf(job) ? 'budget' : null;
  const entries = Object.entries(job.template.details)
    .filter(([name]) => name !== shownAbove)
    .sort(([a], [b]) => order.indexOf(a) - order.indexOf(b));
  return (
    <>
      <h2>{template ? `${template.title} details` : 'Template details'}</h2>
      <dl class="facts">
        {entries.map(([name, value]) => (
          <>
            <dt>{labelOf(name)}</dt>
            <dd>
              <Detail value={value} field={fields.find((field) => field.name === name)} />
            </dd>
          </>
        ))}
      </dl>
      {template ? (
        <p class="muted">
          Posted with the <a href={`/templates/${template.id}`}>{template.title.toLowerCase()} template</a>.
        </p>
      ) : null}
    </>
  );
};

/**
 * Responses to a job. `threadsFrom` (the job's id, for its poster) gives each active response the
 * one-step way to a private thread with its author: the page names them by the principal it shows,
 * and `threads` (person → the thread already shared with them) turns it into the way to that thread.
 */
export const ResponseList = ({
  responses,
  mine,
  threadsFrom,
  threads = {},
}: {
  responses: readonly JobResponseJson[];
  mine: boolean;
  threadsFrom?: string | undefined;
  threads?: Readonly<Record<string, string>>;
}) => (
  <ul class="cards">
    {responses.map((response) => (
      <li>
        <p class="meta">
          <Status value={response.status} />
          <strong>{KIND_WORDS[response.kind] ?? response.kind}</strong>
          <span>
            from <a href={`/principals/${response.responder.principal_id}`}>{response.responder.display_name}</a>,{' '}
            <Time iso={response.created_at} />
          </span>
        </p>
        <Prose text={response.message} />
        {mine && response.status === 'active' ? <ConfirmLink href={`/responses/${response.id}/withdraw?from=job`}>Withdraw</ConfirmLink> : null}
        {threadsFrom && response.status === 'active' ? (
          <ThreadWith action={`/jobs/${threadsFrom}/thread`} person={response.responder} threadId={threads[response.responder.principal_id]} named={false} />
        ) : null}
      </li>
    ))}
  </ul>
);

/**
 * The job's budget, and the one its template details hold (the party budget: what the party itself
 * may cost), each under its own label with the template's own words for it. "No budget given" only
 * when neither is given.
 */
const Budgets = ({ job, template }: { job: JobJson; template: TemplateDescription | null }) => {
  const details = detailsBudgetOf(job);
  const meaning = template?.details.fields?.find((field) => field.name === 'budget')?.description;
  return (
    <>
      {job.budget || !details ? (
        <>
          <dt>Budget</dt>
          <dd>{budgetInWords(job)}</dd>
        </>
      ) : null}
      {details ? (
        <>
          <dt>{labelOf('budget')}</dt>
          <dd>
            {moneyInWords(details)}
            {meaning ? <span class="muted"> {meaning}</span> : null}
          </dd>
        </>
      ) : null}
    </>
  );
};

/** A response refused because the job stopped taking responses while it was written (closed, or removed by its poster). */
export const UnsentResponse = ({ message, why, heading = 'h2', children }: { message: string; why: string; heading?: 'h1' | 'h2'; children?: ComponentChildren }) => (
  <Unsent id="unsent-title" title="Your response was not sent" why={`${why} Here is your message, to keep.`} text={message} heading={heading}>
    {children}
  </Unsent>
);

export interface JobViewProps {
  job: JobJson;
  template: TemplateDescription | null;
  viewer: 'anonymous' | 'owner' | 'other';
  responses: readonly JobResponseJson[];
  /** The threads the viewer already shares about this job, by the other person (`threads.sharedThreads`). */
  threads: Readonly<Record<string, string>>;
  respond?: { values: FormValues; errors: FieldErrors };
  /** Whether the response deadline has passed: a response is still taken, and is late (docs/jobs.md, "Deadlines"). */
  responseDeadlinePassed?: boolean;
}

/**
 * The public job page, with what the viewer may do: respond, or (the owner) edit, close, reopen, remove and read responses.
 * A removed job reaches here only for its poster and its responders, marked removed, with their responses.
 */
export const JobView = ({ job, template, viewer, responses, threads, respond, responseDeadlinePassed = false }: JobViewProps) => (
  <article class="job">
    <h1>{job.title}</h1>
    <p class="meta">
      <Status value={job.status} />
      <span>
        Posted by <a href={job.posted_by.profile}>{job.posted_by.display_name}</a> <Time iso={job.created_at} />
      </span>
      {job.updated_at !== job.created_at ? (
        <span>
          Last changed <Time iso={job.updated_at} />
        </span>
      ) : null}
    </p>
    <Notice>{job.notice}</Notice>
    {job.status === 'removed' ? (
      <p class="notice-removed">
        {viewer === 'owner' ? 'You removed this job.' : `${job.posted_by.display_name} removed this job.`} Only its poster and the people who
        responded can still open it: the poster reads every response, each responder their own.
      </p>
    ) : null}
    {job.status === 'closed' ? (
      // The badge alone does not say what closed means for the reader, nor what the poster can do.
      <p class="notice-closed">
        This job is closed: it takes no responses now.{' '}
        {viewer === 'owner' ? (
          'Reopen it to take responses again.'
        ) : (
          <>
            <a href="/jobs">Browse the open jobs</a>.
          </>
        )}
      </p>
    ) : null}
    {viewer === 'owner' && job.status !== 'removed' ? (
      <div class="actions">
        <a href={`/jobs/${job.id}/edit`} class="button">
          Edit
        </a>
        {job.status === 'open' ? <ActionButton action={`/jobs/${job.id}/close`} label="Close" variant="secondary" /> : null}
        {job.status === 'closed' ? <ActionButton action={`/jobs/${job.id}/reopen`} label="Reopen" variant="secondary" /> : null}
        <a href={`/jobs/${job.id}/remove`} class="button secondary outline">
          Remove…
        </a>
      </div>
    ) : null}
    <dl class="facts">
      <Budgets job={job} template={template} />
      {job.response_deadline ? (
        <>
          <dt>Respond by</dt>
          <dd>
            <Time iso={job.response_deadline} mode="exact" />
          </dd>
        </>
      ) : null}
      {job.delivery_deadline ? (
        <>
          <dt>Deliver by</dt>
          <dd>
            <Time iso={job.delivery_deadline} mode="exact" />
          </dd>
        </>
      ) : null}
      {job.timezone ? (
        <>
          <dt>Time zone</dt>
          <dd>{job.timezone}</dd>
        </>
      ) : null}
    </dl>
    <Section title="Outcome" text={job.outcome} />
    <Section title="Scope" text={job.scope} />
    <Section title="Deliverables" text={job.deliverables} />
    <Section title="Constraints" text={job.constraints} />
    {job.completion_checklist.length ? (
      <>
        <h2>Done when</h2>
        <ul>
          {job.completion_checklist.map((item) => (
            <li>{item}</li>
          ))}
        </ul>
      </>
    ) : null}
    <TagList tags={job.tags} />
    <TemplateDetails job={job} template={template} />
    {job.status !== 'removed' ? (
      <p class="muted">
        For agents: <a href={job.rts_url}>this job as a machine-readable task</a> (not an agreement).
      </p>
    ) : null}
    {viewer === 'other' && job.status !== 'removed' ? (
      <section>
        <h2>Talk with {job.posted_by.display_name}</h2>
        <p class="muted">A private thread links this job; only the people in it can read it.</p>
        <ThreadWith action={`/jobs/${job.id}/thread`} person={job.posted_by} threadId={threads[job.posted_by.principal_id]} />
      </section>
    ) : null}
    {viewer !== 'owner' && job.status !== 'removed' ? (
      <p class="muted">
        <a href={`/reports/new?target_kind=job&target_id=${encodeURIComponent(job.id)}`} class="report-link">
          Report this job
        </a>
      </p>
    ) : null}

    {viewer === 'owner' ? (
      <section aria-labelledby="responses">
        <h2 id="responses">Responses</h2>
        {responses.length ? (
          <>
            <p class="muted">{activeResponsesInWords(responses.filter((response) => response.status === 'active').length)}.</p>
            {job.status !== 'removed' ? (
              <p class="muted">E-mail addresses are never shown here. To talk with someone who responded, start a private thread: it links this job and invites them.</p>
            ) : null}
            <ResponseList responses={responses} mine={false} threadsFrom={job.status !== 'removed' ? job.id : undefined} threads={threads} />
          </>
        ) : job.status === 'open' ? (
          <p class="muted">
            No responses yet. People and their agents find it in the job list; to ask someone directly, share its address:{' '}
            <code>{job.url}</code>
          </p>
        ) : (
          <p class="muted">No responses yet.</p>
        )}
      </section>
    ) : null}
    {viewer === 'other' && responses.length ? (
      <section>
        <h2>Your responses</h2>
        <ResponseList responses={responses} mine />
      </section>
    ) : null}
    {viewer === 'other' && job.status === 'open' ? (
      <section>
        <h2>Respond</h2>
        {responseDeadlinePassed ? (
          <p class="notice">
            The time to respond by has passed. A response is still delivered, as a late one: {job.posted_by.display_name} decides whether to take it up.
          </p>
        ) : null}
        <p class="muted">Only {job.posted_by.display_name} and you can read what you send.</p>
        <Form action={`/jobs/${job.id}/responses`} values={respond?.values ?? {}} errors={respond?.errors ?? {}}>
          <OnceField />
          <input type="hidden" name="expected_version" value={String(job.version)} />
          <Select name="kind" label="Kind" options={KIND_WORDS} />
          <TextArea name="message" label="Message" required rows={5} hint="What you offer, or what you would like to know." />
          <button type="submit">Send the response</button>
        </Form>
      </section>
    ) : null}
    {viewer === 'other' && job.status !== 'open' && respond?.values.message ? (
      <UnsentResponse
        message={respond.values.message}
        why={
          job.status === 'removed'
            ? `${job.posted_by.display_name} removed this job while you were writing, so it takes no responses.`
            : 'This job closed while you were writing, so it no longer takes responses.'
        }
      />
    ) : null}
    {viewer === 'anonymous' && job.status === 'open' ? (
      <p>
        <a href={`/login?next=${encodeURIComponent(`/jobs/${job.id}`)}`}>Sign in</a> or{' '}
        <a href={`/signup?next=${encodeURIComponent(`/jobs/${job.id}`)}`}>create an account</a> to respond.
      </p>
    ) : null}
  </article>
);
