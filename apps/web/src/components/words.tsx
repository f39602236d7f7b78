import type { JobJson } from '@svc/jobs';

/** Plain words for the API's values, so pages never show jargon. */
export const FEE_WORDS: Record<string, string> = {
  no_fee: 'no fee on top',
  fee_included: 'fee included',
  fee_extra: 'fee extra',
};

export const STATUS_WORDS: Record<string, string> = {
  open: 'Open',
  closed: 'Closed',
  removed: 'Removed',
  active: 'Active',
  withdrawn: 'Withdrawn',
  revoked: 'Revoked',
  expired: 'Expired',
};

export const KIND_WORDS: Record<string, string> = { offer: 'Offer of help', question: 'Question' };

const money = (amount: number, currency: string): string => {
  try {
    return new Intl.NumberFormat('en-GB', { style: 'currency', currency, maximumFractionDigits: 2 }).format(amount);
  } catch {
    return `${amount} ${currency}`;
  }
};

/** "£75.00 (75 GBP, no fee on top)" or "No budget given". */
export const budgetInWords = (job: Pick<JobJson, 'budget' | 'fee_treatment'>): string =>
  job.budget
    ? `${money(job.budget.amount, job.budget.currency)} (${job.budget.amount} ${job.budget.currency}, ${FEE_WORDS[job.fee_treatment] ?? job.fee_treatment})`
    : 'No budget given';

/**
 * The budget a job's template details hold, if any: the birthday party's `budget`, what the party
 * itself may cost (not the job's own budget, which is what the poster offers for the work).
 */
export const detailsBudgetOf = (job: Pick<JobJson, 'template'>): { amount: number; currency: string } | null => {
  const budget = job.template?.details.budget;
  if (!budget || typeof budget !== 'object') return null;
  const { amount, currency } = budget as Record<string, unknown>;
  return typeof amount === 'number' && typeof currency === 'string' ? { amount, currency } : null;
};

/** "£300.00 (300 GBP)". */
export const moneyInWords = ({ amount, currency }: { amount: number; currency: string }): string => `${money(amount, currency)} (${amount} ${currency})`;

/**
 * A job card's budget: its own, else the one its template details hold ("Party budget £300.00"),
 * else "No budget given". Never "No budget given" for a job whose details hold one.
 */
export const cardBudgetInWords = (job: Pick<JobJson, 'budget' | 'fee_treatment' | 'template'>, detailsLabel: string): string => {
  const details = detailsBudgetOf(job);
  return job.budget || !details ? budgetInWords(job) : `${detailsLabel} ${money(details.amount, details.currency)}`;
};

/** Each scope in plain words, for the person deciding. */
export const SCOPE_WORDS: Record<string, string> = {
  'jobs:write': 'Post jobs for you, and edit, close, reopen or remove your jobs',
  'responses:write': 'Respond to other people’s jobs for you, and withdraw those responses',
  'services:write': 'Publish, edit, pause, resume and remove your offers',
  'account:read': 'Read your account: your records and responses, and which threads you are in or invited to',
  'directory:write': 'Register and change your contact-directory entries',
  'threads:write': 'Take part in your private work threads: read, write entries, edit checklists, invite',
  'feedback:write': 'Leave, edit and remove feedback on offers, and reply to feedback on your offers',
};

export const Status = ({ value }: { value: string }) => <span class={`status status-${value}`}>{STATUS_WORDS[value] ?? value}</span>;
