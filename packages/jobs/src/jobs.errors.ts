import { errorFactory, notFound, type DomainError, type ErrorCatalog } from '@svc/kernel';

/** The jobs domain's own error codes and their kinds; the general ones come from the kernel. */
export const JOBS_ERRORS = {
  job_changed: 'conflict',
  job_closed: 'conflict',
  own_job: 'conflict',
} as const satisfies ErrorCatalog;

const fail = errorFactory(JOBS_ERRORS);

const PAST: Record<string, string> = { close: 'closed', reopen: 'reopened', remove: 'removed' };

/** The job errors, each with its stable code. */
export const jobErrors = {
  notFound: (): DomainError => notFound('job'),
  responseNotFound: (): DomainError => notFound('response'),
  /** 410: the listing was removed; responses stay visible to their participants. */
  removed: (): DomainError => fail('removed', 'This job was removed by its poster.'),
  notOwner: (): DomainError => fail('not_owner', 'Only the poster of this job can change it.'),
  notResponseAuthor: (): DomainError =>
    fail('not_owner', 'Only the author of this response can withdraw it.'),
  jobClosed: (): DomainError => fail('job_closed', 'This job is not open for responses.'),
  ownJob: (): DomainError => fail('own_job', 'You cannot respond to your own job.'),
  /** 409 with the job as it is now, so the responder can read it again before responding. */
  jobChanged: (current: unknown): DomainError =>
    fail('job_changed', 'The job has changed since you read it; read it again before responding.', {
      current,
    }),
  invalidState: (status: string, action: string): DomainError =>
    fail('invalid_state', `A job that is ${status} cannot be ${PAST[action] ?? action}.`, { status, action }),
  alreadyWithdrawn: (): DomainError =>
    fail('invalid_state', 'This response is already withdrawn.', { status: 'withdrawn', action: 'withdraw' }),
};
