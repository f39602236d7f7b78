import type { OwnerEntryJson } from '@svc/directory';
import type { FormValues } from '../kit/form.tsx';
import { versionOf } from './normalise.ts';

/**
 * The directory forms' strings into the directory service's input, and an entry back into form
 * strings. Only shapes change here; every rule and message stays in the directory service.
 */

const EDIT_FIELDS = ['display_name', 'description', 'entry_type', 'visibility', 'term'] as const;

/** An entry → the management page's form (with a new destination's defaults). */
export const formFromEntry = (entry: OwnerEntryJson): FormValues => ({
  display_name: entry.display_name,
  description: entry.description,
  entry_type: entry.entry_type,
  visibility: entry.visibility,
  term: entry.term,
  destination_type: 'web',
  destination_audience: 'public',
});

/** A destination from the form fields named `<prefix>type`, `<prefix>value`, …; checkboxes send "on" or nothing. */
export const destinationFromForm = (form: FormValues, prefix: string) => ({
  type: form[`${prefix}type`],
  value: form[`${prefix}value`] ?? '',
  label: form[`${prefix}label`] ?? '',
  audience: form[`${prefix}audience`],
  approved_for_disclosure: form[`${prefix}approved_for_disclosure`] === 'on',
});

/** The register form → a new entry, with its first destination when one was typed. */
export const registrationFromForm = (form: FormValues) => {
  const first = destinationFromForm(form, 'destination_');
  return {
    handle: (form.handle ?? '').trim(),
    display_name: form.display_name ?? '',
    description: form.description ?? '',
    entry_type: form.entry_type,
    visibility: form.visibility,
    term: form.term,
    destinations: first.value.trim() ? [first] : [],
  };
};

/** The details form → a patch of only what changed from `entry` (every field sent when there is none to compare), so the history records what the person changed. */
export const entryPatchFromForm = (entry: OwnerEntryJson | null, form: FormValues): Record<string, unknown> => {
  const patch: Record<string, unknown> = { expected_version: versionOf(form.expected_version) };
  for (const field of EDIT_FIELDS) if (form[field] !== undefined && form[field] !== entry?.[field]) patch[field] = form[field];
  return patch;
};

/** One destination's form on the management page; its fields carry the prefix the page gave it (`d1_value`, …). */
export const destinationChangeFromForm = (form: FormValues) => {
  const prefix = /^d\d+_$/.test(form.prefix ?? '') ? form.prefix! : '';
  return {
    expected_version: versionOf(form.expected_version),
    value: form[`${prefix}value`] ?? '',
    label: form[`${prefix}label`] ?? '',
    audience: form[`${prefix}audience`],
    preferred: form[`${prefix}preferred`] === 'on',
    approved_for_disclosure: form[`${prefix}approved_for_disclosure`] === 'on',
  };
};

/** The agents form's ticked boxes (`grant_<id>`) → the grants that may change the entry. */
export const agentsFromForm = (form: FormValues) => ({
  expected_version: versionOf(form.expected_version),
  grant_ids: Object.keys(form)
    .filter((name) => name.startsWith('grant_') && form[name] === 'on')
    .map((name) => name.slice('grant_'.length)),
});
