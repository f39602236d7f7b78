import type { FormValues } from '../kit/form.tsx';
import type { FeedbackJson, ServiceJson } from '../components/offers/offers-view.tsx';
import { slugOf, slugsOf } from './normalise.ts';

/**
 * The offer and feedback forms' strings into the offers service's input, and an offer or a piece
 * of feedback back into form strings. Only shapes change here; every rule and message stays in the
 * service.
 */

/** A text box's lines, trimmed, without the empty ones. */
const lines = (text = '') => text.split(/\r?\n/).map((line) => line.trim()).filter(Boolean);

/** Form text → offer input: lists split, empty optional text left out (or null for the link when editing). */
export const offerInputFromForm = (form: FormValues, { editing }: { editing: boolean }): Record<string, unknown> => {
  const input: Record<string, unknown> = {
    title: form.title ?? '',
    role: slugOf(form.role),
    industry: slugOf(form.industry),
    summary: form.summary ?? '',
    capabilities: lines(form.capabilities),
    pricing_note: form.pricing_note ?? '',
    tags: slugsOf(form.tags),
    templates: form.templates ? [form.templates] : [],
  };
  const contact = (form.contact_url ?? '').trim();
  if (contact) input.contact_url = contact;
  else if (editing) input.contact_url = null;
  return input;
};

/** The editable fields, in the form's order: the "what changed" list of a version conflict compares them. */
export const OFFER_FIELDS = ['title', 'role', 'industry', 'summary', 'capabilities', 'contact_url', 'pricing_note', 'tags', 'templates'] as const;

/** An offer → the form's text. The stored contact link is not readable while paused, so it is left blank then. */
export const formFromOffer = (offer: ServiceJson): FormValues => ({
  title: offer.title,
  role: offer.role,
  industry: offer.industry,
  summary: offer.summary,
  capabilities: offer.capabilities.join('\n'),
  contact_url: offer.contact_url ?? '',
  pricing_note: offer.pricing_note,
  tags: offer.tags.join(', '),
  templates: offer.templates.includes('birthday-party') ? 'birthday-party' : '',
});

/** Feedback form text → feedback input. */
export const feedbackInputFromForm = (form: FormValues): Record<string, unknown> => ({
  // Nothing chosen (a browser sends no value for the disabled "Choose one") is left out: missing, not a wrong answer.
  ...(form.needs_met ? { needs_met: form.needs_met } : {}),
  comment: form.comment ?? '',
  published: form.published === 'true',
  ...(form.capability ? { capability: form.capability } : {}),
  // One link a line, as on the edit form; none typed sends none.
  ...(lines(form.source_links).length ? { source_links: lines(form.source_links) } : {}),
});

/** The feedback edit form's fields, in its order: the "what changed" list of a version conflict compares them. */
export const FEEDBACK_FIELDS = ['needs_met', 'capability', 'comment', 'source_links', 'published'] as const;

/** A piece of feedback → the edit form's text. */
export const formFromFeedback = (item: FeedbackJson): FormValues => ({
  needs_met: item.needs_met,
  capability: item.capability ?? '',
  comment: item.comment,
  source_links: item.source_links.join('\n'),
  published: String(item.published),
});

/**
 * Edit form text → the feedback patch, of the fields the form sent (a field it did not send stays as
 * saved). The capability goes only when it differs from the one `saved`: the offer may have dropped
 * it from its list since (or lists none now), and the service refuses a capability the offer does
 * not list, so keeping it means not sending it.
 */
export const feedbackPatchFromForm = (form: FormValues, saved: FeedbackJson): Record<string, unknown> => {
  const patch: Record<string, unknown> = {};
  if (form.needs_met !== undefined) patch.needs_met = form.needs_met;
  if (form.comment !== undefined) patch.comment = form.comment;
  if (form.source_links !== undefined) patch.source_links = lines(form.source_links);
  if (form.published !== undefined) patch.published = form.published === 'true';
  if (form.capability !== undefined && form.capability !== (saved.capability ?? '')) patch.capability = form.capability || null;
  return patch;
};
