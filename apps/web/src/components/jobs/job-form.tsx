import { FEE_TREATMENTS, LIMITS } from '@svc/jobs';
import { Field, Select, TextArea } from '../../kit/form.tsx';
import { FEE_WORDS } from '../words.tsx';

/**
 * The job's own fields. On a template job every text field may stay blank: the template fills it.
 */
export const JobFields = ({ forTemplate = false }: { forTemplate?: boolean }) => {
  const blank = forTemplate ? ' Leave blank and the template fills it in.' : '';
  return (
    <>
      <Field name="title" label="Title" required={!forTemplate} maxLength={LIMITS.title} hint={`What you need, in a line.${blank}`} />
      <TextArea name="outcome" label="Outcome" hint={`What is true when the job is done.${blank}`} maxLength={LIMITS.text} />
      <TextArea name="scope" label="Scope" hint={`What is part of the job, and what is not.${blank}`} maxLength={LIMITS.text} />
      <TextArea name="deliverables" label="Deliverables" hint={`What you receive; a numbered list keeps its lines.${blank}`} maxLength={LIMITS.text} />
      <TextArea name="constraints" label="Constraints" hint="Limits the helper must respect." maxLength={LIMITS.text} />
      <div class="grid-2">
        <Field name="budget" label="Budget amount" type="number" min={0} step="any" hint="What you offer for the work." />
        <Field name="budget_currency" label="Currency" maxLength={3} hint="Three letters, such as GBP or EUR." autocomplete="off" />
      </div>
      <Select
        name="fee_treatment"
        label="Fee"
        hint="Whether a platform or agent fee is part of the budget."
        options={FEE_TREATMENTS.map((value) => ({ value, label: FEE_WORDS[value] ?? value }))}
      />
      <div class="grid-2">
        <Field name="response_deadline" label="Respond by (UTC)" type="datetime-local" />
        <Field name="delivery_deadline" label="Deliver by (UTC)" type="datetime-local" />
      </div>
      <Field name="timezone" label="Time zone" hint="Where the work happens, such as Europe/London." autocomplete="off" />
      <TextArea name="completion_checklist" label="Done when" hint={`One item a line, at most ${LIMITS.checklistItems}.${blank}`} rows={3} />
      <Field name="tags" label="Tags" hint={`Separated by commas, such as garden, party-planning; at most ${LIMITS.tags}.${blank}`} autocomplete="off" />
    </>
  );
};
