import { ReportForm, REPORT_KIND_WORDS } from '../offers/offers-view.tsx';
import { Form, Select, TextArea, type FieldErrors, type FormValues } from '../../kit/form.tsx';

/** Where a report's target is read on this site. */
export const targetPath = (kind: string, id: string): string | null =>
  kind === 'job' ? `/jobs/${encodeURIComponent(id)}` : kind === 'service' ? `/services/${encodeURIComponent(id)}` : null;

export const ReportPage = ({ kind, id, values, errors }: { kind: string; id: string; values: FormValues; errors: FieldErrors }) => {
  const back = targetPath(kind, id);
  return (
    <>
      <h1>Report a {REPORT_KIND_WORDS[kind] ?? 'record'}</h1>
      <p>
        Tell support what is wrong with {back ? <a href={back}>this {REPORT_KIND_WORDS[kind]}</a> : `this ${REPORT_KIND_WORDS[kind] ?? 'record'}`}. A report does not
        change it, and nothing about you is stored with the report.
      </p>
      <ReportForm targetKind={kind} targetId={id} values={values} errors={errors} />
    </>
  );
};

export const SiteFeedbackPage = ({ values, errors }: { values: FormValues; errors: FieldErrors }) => (
  <>
    <h1>Site feedback</h1>
    <p>Tell the people who run this service what works, what does not, or what you would like it to do.</p>
    <Form action="/site-feedback" values={values} errors={errors}>
      <Select name="kind" label="What is it?" options={{ feedback: 'Feedback about the site', capability_request: 'A capability you would like' }} />
      <TextArea name="message" label="Message" required maxLength={4000} rows={6} />
      <Select name="contact_ok" label="May support contact you about it?" options={{ false: 'No', true: 'Yes, if I am signed in' }} />
      <button type="submit">Send</button>
    </Form>
  </>
);
