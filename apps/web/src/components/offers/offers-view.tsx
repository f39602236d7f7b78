import type { Services } from '@svc/runtime';
import { Notice, Prose, Unsent } from '../../kit/blocks.tsx';
import { ActionButton, Field, Form, Select, TextArea, type FieldErrors, type FormValues } from '../../kit/form.tsx';
import { ConfirmLink } from '../../kit/confirm.tsx';
import { Time } from '../../kit/time.tsx';

export type ServiceJson = Awaited<ReturnType<Services['offers']['get']>>;
export type FeedbackJson = Awaited<ReturnType<Services['feedback']['leave']>>;
/** Whether the signed-in reader may leave feedback now, or why not (the service's answer). */
export type LeaveStanding = Awaited<ReturnType<Services['feedback']['leaveStanding']>>;

/** Plain words for the offers domain's values. */
export const OFFER_STATUS_WORDS: Record<string, string> = { active: 'Active', paused: 'Paused', removed: 'Removed' };
export const NEEDS_MET_WORDS: Record<string, string> = { yes: 'Needs met', partly: 'Needs partly met', no: 'Needs not met' };

export const OfferStatus = ({ value }: { value: string }) => <span class={`status status-${value}`}>{OFFER_STATUS_WORDS[value] ?? value}</span>;

/** "Planner · events". */
export const roleLine = (offer: ServiceJson) => `${offer.role.replaceAll('-', ' ')} · ${offer.industry.replaceAll('-', ' ')}`;

/** One offer in a list: title, role and industry, provider and age. */
export const OfferCard = ({ offer, showStatus = false }: { offer: ServiceJson; showStatus?: boolean }) => (
  <li>
    <h2>
      <a href={`/services/${offer.id}`}>{offer.title}</a>
    </h2>
    <p class="meta">
      {showStatus ? <OfferStatus value={offer.status} /> : null}
      <span>{roleLine(offer)}</span>
      <span>
        By {offer.provider.display_name}, <Time iso={offer.created_at} />
      </span>
    </p>
    {offer.summary ? <p>{offer.summary.length > 240 ? `${offer.summary.slice(0, 239)}…` : offer.summary}</p> : null}
  </li>
);

export const OfferCards = ({ offers, showStatus }: { offers: readonly ServiceJson[]; showStatus?: boolean }) => (
  <ul class="cards">
    {offers.map((offer) => (
      <OfferCard offer={offer} showStatus={showStatus} />
    ))}
  </ul>
);

/** The offer's own page content (above its feedback). */
export const OfferDetails = ({ offer, isProvider }: { offer: ServiceJson; isProvider: boolean }) => (
  <>
    <h1>{offer.title}</h1>
    <p class="meta">
      <OfferStatus value={offer.status} />
      <span>{roleLine(offer)}</span>
      <span>
        By <a href={`/principals/${offer.provider.principal_id}`}>{offer.provider.display_name}</a>, published <Time iso={offer.created_at} />
      </span>
    </p>
    {offer.summary ? <Prose text={offer.summary} /> : null}
    <dl class="facts">
      {offer.capabilities.length ? (
        <>
          <dt>Capabilities</dt>
          <dd>{offer.capabilities.join(', ')}</dd>
        </>
      ) : null}
      {offer.pricing_note ? (
        <>
          <dt>Pricing</dt>
          <dd>{offer.pricing_note}</dd>
        </>
      ) : null}
      {offer.templates.length ? (
        <>
          <dt>Works with</dt>
          <dd>
            {offer.templates.map((id) => (
              <a href={`/templates/${id}`}>{id.replaceAll('-', ' ')} template</a>
            ))}
          </dd>
        </>
      ) : null}
      {offer.tags.length ? (
        <>
          <dt>Tags</dt>
          <dd>{offer.tags.join(', ')}</dd>
        </>
      ) : null}
    </dl>
    {offer.contact_url ? (
      <p class="actions">
        <a href={offer.contact_url} rel="nofollow noopener" class="button contact-link">
          Contact {offer.provider.display_name}
        </a>
      </p>
    ) : offer.status === 'paused' ? (
      <p class="muted paused-note">This offer is paused: its contact link is hidden until the provider resumes it.</p>
    ) : null}
    {isProvider ? (
      <div class="actions">
        <a href={`/services/${offer.id}/edit`} class="button secondary">
          Edit
        </a>
        {offer.status === 'active' ? <ActionButton action={`/services/${offer.id}/pause`} label="Pause" variant="secondary" /> : null}
        {offer.status === 'paused' ? <ActionButton action={`/services/${offer.id}/resume`} label="Resume" variant="secondary" /> : null}
        <ConfirmLink href={`/services/${offer.id}/remove`}>Remove</ConfirmLink>
      </div>
    ) : null}
    <Notice>An offer describes what its provider can do. It is not a quote or an agreement; any arrangement and payment happen elsewhere.</Notice>
  </>
);

/** The writable offer fields; `values` come from the form or from the offer being edited. */
export const OfferFields = () => (
  <>
    <Field name="title" label="Title" required maxLength={200} hint="What you offer, in a line." />
    <div class="grid-2">
      <Field name="role" label="Role" required placeholder="planner" hint="A word or two, such as Party planner." />
      <Field name="industry" label="Industry" required placeholder="events" hint="A word or two, such as Events or Home & Garden." />
    </div>
    <TextArea name="summary" label="Summary" maxLength={4000} />
    <TextArea name="capabilities" label="Capabilities" rows={3} hint="One per line; feedback can name one of them." />
    <Field name="contact_url" label="Contact link" type="url" placeholder="https://…" hint="A secure address starting with https://, such as https://example.org/contact. Hidden while the offer is paused." />
    <Field name="pricing_note" label="Pricing note" maxLength={500} />
    <Field name="tags" label="Tags" placeholder="birthday, children" hint="Separated by commas." />
    <Select name="templates" label="Works with the “Plan a birthday party” template" options={{ '': 'No', 'birthday-party': 'Yes' }} />
  </>
);

/** Who is reading a feedback list, for what each item offers them. */
export interface FeedbackReader {
  principalId: string | null;
  isProvider: boolean;
  isSupport: boolean;
}

/**
 * A form on one item refused for what was typed (the provider's reply, support's reason for hiding
 * it), shown again in its place on the offer's page: the text as typed and why it was refused.
 */
export interface RefusedItemForm {
  feedbackId: string;
  form: 'reply' | 'hide';
  text: string;
  errors: FieldErrors;
}

/** Support hides a published item, saying why (the author and the provider see the reason). */
export const HideForm = ({ item, refused }: { item: FeedbackJson; refused?: RefusedItemForm | undefined }) => (
  // One form per item on the page: its ids carry the item's (`f-hide-<id>-hide_reason`).
  <Form action={`/support/feedback/${item.id}/hide`} class="hide-form" idPrefix={`hide-${item.id}-`} values={{ hide_reason: refused?.text ?? '' }} errors={refused?.errors ?? {}}>
    {/* Where a refusal is shown again: this offer's page. */}
    <input type="hidden" name="service_id" value={item.service_id} />
    <Field name="hide_reason" label="Reason for hiding (support)" required maxLength={500} />
    <button type="submit" class="outline">
      Hide
    </button>
  </Form>
);

const FeedbackItem = ({ item, reader, refused }: { item: FeedbackJson; reader: FeedbackReader; refused?: RefusedItemForm | undefined }) => {
  const reply = refused?.form === 'reply' ? refused : undefined;
  const isAuthor = reader.principalId === item.author.principal_id;
  return (
    <li id={item.id} class="feedback-item">
      <p class="meta">
        <strong>{NEEDS_MET_WORDS[item.needs_met] ?? item.needs_met}</strong>
        <span>
          from {item.author.display_name}, <Time iso={item.created_at} />
        </span>
        {item.published ? null : <span class="status status-private">Private</span>}
        {item.hidden ? <span class="status status-hidden">Hidden</span> : null}
      </p>
      {item.hidden && item.hidden_reason ? <p class="muted">Hidden by support: {item.hidden_reason}</p> : null}
      {item.comment ? <Prose text={item.comment} /> : null}
      {item.capability ? <p class="muted">About: {item.capability}</p> : null}
      {item.source_links.length ? (
        <ul>
          {item.source_links.map((link) => (
            <li>
              <a href={link} rel="nofollow noopener">
                {link}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {item.reply ? (
        <blockquote class="reply">
          <p>
            <strong>Reply from the provider</strong>, <Time iso={item.reply.created_at} />
          </p>
          <Prose text={item.reply.text} />
        </blockquote>
      ) : null}
      <div class="actions">
        {/* The author may edit hidden feedback too, as the API allows; it stays hidden until support shows it. */}
        {isAuthor ? (
          <a href={`/feedback/${item.id}/edit`} class="button secondary">
            Edit
          </a>
        ) : null}
        {isAuthor && !item.published ? (
          <ActionButton action={`/feedback/${item.id}/publish`} label="Publish" fields={{ expected_version: String(item.version), published: 'true' }} variant="secondary" />
        ) : null}
        {isAuthor && item.published ? (
          <ActionButton action={`/feedback/${item.id}/publish`} label="Make private" fields={{ expected_version: String(item.version), published: 'false' }} variant="secondary" />
        ) : null}
        {isAuthor && !item.hidden ? <ConfirmLink href={`/feedback/${item.id}/remove`}>Remove</ConfirmLink> : null}
        {/* Reported by others: its author edits, makes private or removes it instead. */}
        {item.published && !item.hidden && !isAuthor ? (
          <a href={`/reports/new?target_kind=feedback&target_id=${item.id}`} class="report-link">
            Report
          </a>
        ) : null}
      </div>
      {reader.isProvider && item.reply && reply ? (
        // Sent after another reply: what was typed, to keep.
        <Unsent id={`unsent-${item.id}`} title="Your reply was not sent" why={reply.errors[''] ?? ''} text={reply.text} heading="h3" headingClass="h4" />
      ) : null}
      {reader.isProvider && !item.reply ? (
        // One form per item on the page: its ids carry the item's (`f-reply-<id>-reply_text`).
        <Form action={`/feedback/${item.id}/reply`} class="reply-form" idPrefix={`reply-${item.id}-`} values={{ reply_text: reply?.text ?? '' }} errors={reply?.errors ?? {}}>
          {/* Where a refused reply is shown again: this offer's page. */}
          <input type="hidden" name="offer" value={item.service_id} />
          <TextArea name="reply_text" label={`Reply to ${item.author.display_name}`} rows={2} maxLength={2000} required hint="Shown with the feedback wherever it is shown. You may reply once." />
          <button type="submit" class="secondary">
            Send reply
          </button>
        </Form>
      ) : null}
      {reader.isSupport && item.published && !item.hidden ? <HideForm item={item} refused={refused?.form === 'hide' ? refused : undefined} /> : null}
    </li>
  );
};

export const FeedbackList = ({ items, reader, refused }: { items: readonly FeedbackJson[]; reader: FeedbackReader; refused?: RefusedItemForm | undefined }) => (
  <ul class="cards feedback">
    {items.map((item) => (
      <FeedbackItem item={item} reader={reader} refused={refused?.feedbackId === item.id ? refused : undefined} />
    ))}
  </ul>
);

/** The answers the feedback forms offer, value → words; an edit's table of changes says them the same way. */
export const FEEDBACK_CHOICES = {
  needs_met: { yes: 'Yes', partly: 'Partly', no: 'No' },
  capability: { '': 'The offer as a whole' },
  published: { false: 'Only the provider and me', true: 'Everyone (publish it)' },
} as const;

/**
 * The fields of a piece of feedback, on the form that leaves it and the one that edits it: whether
 * needs were met, the capability it is about (one of `capabilities`, when there are any), the
 * comment, the links (as the API's `source_links`) and who may read it.
 */
export const FeedbackFields = ({ capabilities }: { capabilities: readonly string[] }) => (
  <>
    <Select name="needs_met" label="Were your needs met?" options={FEEDBACK_CHOICES.needs_met} choose="Choose one" />
    {capabilities.length ? (
      <Select name="capability" label="Which capability is it about?" options={[{ value: '', label: FEEDBACK_CHOICES.capability[''] }, ...capabilities.map((c) => ({ value: c, label: c }))]} />
    ) : null}
    <TextArea name="comment" label="Comment" maxLength={2000} />
    <TextArea name="source_links" label="Links" rows={3} hint="One per line, at most 5, each a secure address starting with https://. Whoever may read the feedback sees them." />
    <Select name="published" label="Who may read it" options={FEEDBACK_CHOICES.published} />
  </>
);

/** Leaving feedback: whether the person's needs were met, a comment, and whether to publish it. */
export const FeedbackForm = ({ offer, values = {}, errors = {} }: { offer: ServiceJson; values?: FormValues; errors?: FieldErrors }) => (
  <Form action={`/services/${offer.id}/feedback`} values={values} errors={errors}>
    <FeedbackFields capabilities={offer.capabilities} />
    <button type="submit">Leave feedback</button>
  </Form>
);

export const REPORT_REASON_WORDS: Record<string, string> = {
  spam: 'Spam or advertising',
  misleading: 'Misleading or false',
  'personal-data': 'Personal details that should not be public',
  abusive: 'Abusive or offensive',
  other: 'Something else',
};

/** The report form of one public item; anyone may send it. */
export const ReportForm = ({ targetKind, targetId, values = {}, errors = {} }: { targetKind: string; targetId: string; values?: FormValues; errors?: FieldErrors }) => (
  <Form action="/reports" values={values} errors={errors}>
    <input type="hidden" name="target_kind" value={targetKind} />
    <input type="hidden" name="target_id" value={targetId} />
    <Select name="reason" label="What is wrong?" options={REPORT_REASON_WORDS} choose="Choose one" />
    <TextArea name="details" label="Details" maxLength={2000} hint="What support should look at. Please leave out your own contact details." />
    <button type="submit">Send the report</button>
  </Form>
);
