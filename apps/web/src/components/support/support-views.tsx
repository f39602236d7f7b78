import { ReportForm } from '../offers/offers-view.tsx';
import { Prose, Tabs } from '../../kit/blocks.tsx';
import { Form, Select, TextArea, type FieldErrors, type FormValues } from '../../kit/form.tsx';
import { KIND_AFTER_THE, type ReportTarget } from './report-targets.ts';

/** Every support page, in the order of the support navigation; the first is where the site's menu leads support. */
export const SUPPORT_PAGES: readonly { href: string; text: string }[] = [
  { href: '/support/reports', text: 'Reports' },
  { href: '/support/feedback', text: 'Hidden feedback' },
  { href: '/support/site-feedback', text: 'Site feedback' },
  { href: '/support/directory', text: 'Directory moderation' },
];

/** The one navigation between the support pages, on each of them, marking the page it is on. */
export const SupportNav = ({ current }: { current: string }) => (
  <Tabs label="Support pages" tabs={SUPPORT_PAGES.map((page) => ({ ...page, current: page.href === current }))} />
);

/** The report page's heading and title: what is reported, by its name. */
export const reportHeading = (target: ReportTarget): string =>
  target.feedback
    ? `Report ${target.feedback.author.display_name}’s feedback on “${target.title}”`
    : `Report the ${KIND_AFTER_THE[target.kind] ?? 'record'} “${target.title}”`;

export const ReportPage = ({ target, values, errors }: { target: ReportTarget; values: FormValues; errors: FieldErrors }) => (
  <>
    <h1>{reportHeading(target)}</h1>
    {target.feedback?.comment ? (
      <blockquote>
        <Prose text={target.feedback.comment} />
      </blockquote>
    ) : null}
    <p>
      Tell support what is wrong with <a href={target.href}>this {KIND_AFTER_THE[target.kind] ?? 'record'}</a>
      {target.address ? <> ({target.address})</> : null}. A report does not change it, and nothing about you is stored with the report.
    </p>
    <ReportForm targetKind={target.kind} targetId={target.id} values={values} errors={errors} />
  </>
);

/**
 * The site feedback form. Support can answer only someone it knows, so the question whether it may
 * is asked of a signed-in person only; a visitor is told that signing in is what makes an answer possible.
 */
export const SiteFeedbackPage = ({ values, errors, signedIn }: { values: FormValues; errors: FieldErrors; signedIn: boolean }) => (
  <>
    <h1>Site feedback</h1>
    <p>Tell the people who run this service what works, what does not, or what you would like it to do.</p>
    {signedIn ? null : (
      <p class="muted">
        You are not signed in, so support cannot answer you. <a href="/login?next=%2Fsite-feedback">Sign in</a> first if you would like an answer.
      </p>
    )}
    <Form action="/site-feedback" values={values} errors={errors}>
      <Select name="kind" label="What is it?" options={{ feedback: 'Feedback about the site', capability_request: 'A capability you would like' }} />
      <TextArea name="message" label="Message" required maxLength={4000} rows={6} />
      {signedIn ? (
        <Select name="contact_ok" label="May support contact you about it?" options={{ false: 'No', true: 'Yes' }} hint="Support sees your display name with your message, never your e-mail address. To answer, support invites you to a private thread, whose invitation waits on your Threads page." />
      ) : null}
      <button type="submit">Send</button>
    </Form>
  </>
);
