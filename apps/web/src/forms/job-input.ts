import type { JobJson } from '@svc/jobs';
import type { FormValues } from '../kit/form.tsx';
import { currencyOf, slugsOf } from './normalise.ts';

/**
 * Turns the job form's strings into the API's job input, and a job back into form strings.
 * Only shapes change here (lines into lists, amount and currency into a budget, tags typed with
 * commas into slugs, a currency into upper case); every rule and message stays in the jobs
 * service, which checks what this produces exactly as it checks the API.
 */
const TEXT_FIELDS = ['title', 'outcome', 'scope', 'deliverables', 'constraints'] as const;

const lines = (text: string | undefined): string[] =>
  (text ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

/** A `datetime-local` value, read as UTC (the form says so), as the ISO timestamp the API takes. */
const timestamp = (text: string | undefined): string | null => (text ? (text.length === 16 ? `${text}:00.000Z` : text) : null);

/**
 * The edit form shows a deadline to the minute, and carries the saved one in a hidden field
 * (`saved_response_deadline`): a deadline left as shown is sent as saved, to the millisecond, so
 * an edit neither rounds it nor moves it (a deadline that has passed may stay; docs/jobs.md).
 */
const deadline = (form: FormValues, field: 'response_deadline' | 'delivery_deadline'): string | null => {
  const saved = form[`saved_${field}`];
  return saved && form[field] === saved.slice(0, 16) ? saved : timestamp(form[field]);
};

// A minus sign is read too, so "-5" is refused as below 0 rather than as not a number.
const amount = (text: string): number | string => (/^\s*-?\d+(\.\d+)?\s*$/.test(text) ? Number(text) : text);

/** `mode: 'edit'` sends every field, emptied ones as null or blank, so clearing a field clears it. */
export const jobInputFromForm = (form: FormValues, mode: 'create' | 'edit'): Record<string, unknown> => {
  const input: Record<string, unknown> = {};
  for (const field of TEXT_FIELDS) {
    if (mode === 'edit' || form[field]) input[field] = form[field] ?? '';
  }
  const budgetGiven = Boolean(form.budget?.trim() || form.budget_currency?.trim());
  if (budgetGiven) input.budget = { amount: amount(form.budget ?? ''), currency: currencyOf(form.budget_currency) };
  else if (mode === 'edit') input.budget = null;
  if (form.fee_treatment) input.fee_treatment = form.fee_treatment;
  for (const field of ['response_deadline', 'delivery_deadline'] as const) {
    const value = deadline(form, field);
    if (value || mode === 'edit') input[field] = value;
  }
  if (form.timezone || mode === 'edit') input.timezone = form.timezone?.trim() || null;
  const checklist = lines(form.completion_checklist);
  if (checklist.length || mode === 'edit') input.completion_checklist = checklist;
  const tags = slugsOf(form.tags);
  if (tags.length || mode === 'edit') input.tags = tags;
  return input;
};

/** The saved deadlines, for the edit form's hidden fields (see `deadline`). */
export const savedDeadlines = (job: JobJson): FormValues => ({
  saved_response_deadline: job.response_deadline ?? '',
  saved_delivery_deadline: job.delivery_deadline ?? '',
});

export const formFromJob = (job: JobJson): FormValues => ({
  title: job.title,
  outcome: job.outcome,
  scope: job.scope,
  deliverables: job.deliverables,
  constraints: job.constraints,
  budget: job.budget ? String(job.budget.amount) : '',
  budget_currency: job.budget?.currency ?? '',
  fee_treatment: job.fee_treatment,
  response_deadline: job.response_deadline?.slice(0, 16) ?? '',
  delivery_deadline: job.delivery_deadline?.slice(0, 16) ?? '',
  timezone: job.timezone ?? '',
  completion_checklist: job.completion_checklist.join('\n'),
  tags: job.tags.join(', '),
});

/** The editable fields, in the form's order: the "what changed" list of a version conflict compares them. */
export const JOB_FIELDS = [
  'title',
  'outcome',
  'scope',
  'deliverables',
  'constraints',
  'budget',
  'budget_currency',
  'fee_treatment',
  'response_deadline',
  'delivery_deadline',
  'timezone',
  'completion_checklist',
  'tags',
] as const;
