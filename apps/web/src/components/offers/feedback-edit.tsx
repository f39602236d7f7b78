import { Notice } from '../../kit/blocks.tsx';
import { BaseField, EditConflict, type EditConflictState } from '../../kit/conflict.tsx';
import { Form, type FieldErrors, type FormValues } from '../../kit/form.tsx';
import { FEEDBACK_CHOICES, FeedbackFields, type FeedbackJson, type ServiceJson } from './offers-view.tsx';

/** The capabilities the form offers: the offer's, and the one the feedback names if the offer no longer lists it. */
const capabilityChoices = (offer: ServiceJson, item: FeedbackJson): readonly string[] =>
  item.capability && !offer.capabilities.includes(item.capability) ? [...offer.capabilities, item.capability] : offer.capabilities;

/**
 * The author's edit form for their feedback, as the offer's and the job's (`base`, and after a
 * conflict the item as saved now with the person's `conflict.changed` fields on top). `version` is the
 * one the form was drawn from, which a refusal for what was typed keeps, so a change made meanwhile
 * still meets the person as a conflict. Hidden feedback may be edited, as the API allows; the page
 * says it stays hidden.
 */
export const EditFeedbackPage = ({
  item,
  offer,
  version,
  values,
  errors,
  base,
  conflict,
}: {
  item: FeedbackJson;
  offer: ServiceJson;
  version: number;
  values: FormValues;
  errors: FieldErrors;
  base: string;
  conflict?: EditConflictState | undefined;
}) => {
  const provider = offer.provider.display_name;
  return (
    <>
      <h1>Edit your feedback on “{offer.title}”</h1>
      {conflict ? <EditConflict what="feedback" conflict={conflict} words={FEEDBACK_CHOICES} /> : null}
      {item.hidden ? (
        <Notice>
          Support hid this feedback{item.hidden_reason ? ` because: ${item.hidden_reason}` : ''}. You may still edit it, but it stays hidden,
          seen only by you, {provider} and support, until support shows it again.
        </Notice>
      ) : null}
      {item.reply ? <p class="muted">{provider} has replied to it. The reply stays with your feedback as it was written.</p> : null}
      <Form action={`/feedback/${item.id}/edit`} values={values} errors={errors}>
        <BaseField value={base} />
        <input type="hidden" name="expected_version" value={String(version)} />
        <FeedbackFields capabilities={capabilityChoices(offer, item)} />
        <div class="actions">
          <button type="submit">{conflict ? 'Save my edit again' : 'Save changes'}</button>
          <a href={`/services/${offer.id}#${item.id}`}>Cancel</a>
        </div>
      </Form>
    </>
  );
};
