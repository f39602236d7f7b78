import { DomainError, notFound } from '@svc/kernel';

const PAST: Record<string, string> = { close: 'closed', reopen: 'reopened', remove: 'removed' };

/** The job errors, each with its stable code; HTTP statuses come from the kernel's one table. */
export const jobErrors = {
  notFound: (): DomainError => notFound('job'),
  responseNotFound: (): DomainError => notFound('response'),
  /** 410: the listing was removed; responses stay visible to their participants. */
  removed: (): DomainError => new DomainError('removed', 'This job was removed by its poster.'),
  notOwner: (): DomainError => new DomainError('not_owner', 'Only the poster of this job can change it.'),
  notResponseAuthor: (): DomainError =>
    new DomainError('not_owner', 'Only the author of this response can withdraw it.'),
  jobClosed: (): DomainError => new DomainError('job_closed', 'This job is not open for responses.'),
  ownJob: (): DomainError => new DomainError('own_job', 'You cannot respond to your own job.'),
  /** 409 with the job as it is now, so the responder can read it again before responding. */
  jobChanged: (current: unknown): DomainError =>
    new DomainError('job_changed', 'The job has changed since you read it; read it again before responding.', {
      current,
    }),
  invalidState: (status: string, action: string): DomainError =>
    new DomainError('invalid_state', `A job that is ${status} cannot be ${PAST[action] ?? action}.`, { status, action }),
  alreadyWithdrawn: (): DomainError =>
    new DomainError('invalid_state', 'This response is already withdrawn.', { status: 'withdrawn', action: 'withdraw' }),
};
