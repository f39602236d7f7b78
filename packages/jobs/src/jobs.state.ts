import { jobErrors } from './jobs.errors.ts';

export const JOB_STATUSES = ['open', 'closed', 'removed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const JOB_ACTIONS = ['close', 'reopen', 'remove'] as const;
export type JobAction = (typeof JOB_ACTIONS)[number];

/** Every allowed transition; anything missing here is `invalid_state`. */
const TRANSITIONS: Record<JobAction, Partial<Record<JobStatus, JobStatus>>> = {
  close: { open: 'closed' },
  reopen: { closed: 'open' },
  remove: { open: 'removed', closed: 'removed' },
};

/** The status a job moves to, or 409 `invalid_state` when the action is not allowed from `from`. */
export const nextStatus = (from: JobStatus, action: JobAction): JobStatus => {
  const to = TRANSITIONS[action][from];
  if (!to) throw jobErrors.invalidState(from, action);
  return to;
};
