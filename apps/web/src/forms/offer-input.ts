import type { FormValues } from '../kit/form.tsx';
import type { ServiceJson } from '../components/offers/offers-view.tsx';
import { slugOf, slugsOf } from './normalise.ts';

/**
 * The offer and feedback forms' strings into the offers service's input, and an offer back into
 * form strings. Only shapes change here; every rule and message stays in the service.
 */

/** Form text → offer input: lists split, empty optional text left out (or null for the link when editing). */
export const offerInputFromForm = (form: FormValues, { editing }: { editing: boolean }): Record<string, unknown> => {
  const lines = (text = '') => text.split(/\r?\n/).map((line) => line.trim()).filter(Boolean);
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
  needs_met: form.needs_met ?? '',
  comment: form.comment ?? '',
  published: form.published === 'true',
  ...(form.capability ? { capability: form.capability } : {}),
});
