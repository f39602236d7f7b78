import { notFound, validationFailed, versionConflict, errorFactory, type DomainError, type ErrorCatalog } from '@svc/kernel';

/** The offers domain's own error codes and their kinds; the general ones come from the kernel. */
export const OFFERS_ERRORS = {
  not_related: 'forbidden',
} as const satisfies ErrorCatalog;

const fail = errorFactory(OFFERS_ERRORS);

const PAST: Record<string, string> = { pause: 'paused', resume: 'resumed', remove: 'removed' };

/**
 * Every error of the offers domain, each with its stable code; HTTP statuses come from the kernel's
 * one table. This is the only file that constructs a `DomainError`.
 */
export const offerErrors = {
  notFound: (): DomainError => notFound('offer'),
  feedbackNotFound: (): DomainError => notFound('feedback'),
  reportNotFound: (): DomainError => notFound('report'),
  /** A report's target that does not exist or is not public. */
  targetNotFound: (): DomainError => notFound('public record'),
  /** Support-only lists answer as if the route held nothing for anyone else. */
  supportOnly: (): DomainError => notFound('record'),
  /** 410: the provider removed the offer. */
  removed: (): DomainError => fail('removed', 'This offer was removed by its provider.'),
  notOwner: (): DomainError => fail('not_owner', 'Only the provider of this offer can change it.'),
  notFeedbackAuthor: (): DomainError => fail('not_owner', 'Only the author of this feedback can change it.'),
  notProvider: (): DomainError => fail('not_owner', 'Only the provider of this offer can reply to its feedback.'),
  invalidState: (status: string, action: string): DomainError =>
    fail('invalid_state', `An offer that is ${status} cannot be ${PAST[action] ?? action}.`, { status, action }),
  notRelated: (): DomainError =>
    fail(
      'not_related',
      'Only a principal who shares a thread with the provider that links this offer can leave feedback on it.',
    ),
  /** The kernel has no dedicated code; one active item per author per offer is a limit. */
  feedbackExists: (): DomainError =>
    fail('limit_reached', 'You already have feedback on this offer; edit it instead.', { limit: 'feedback', max: 1 }),
  /** The reply given refuses it, not the item's state (published, private or hidden): no `status`. */
  alreadyReplied: (): DomainError =>
    fail('invalid_state', 'This feedback already has a reply; a provider may reply once.', { action: 'reply' }),
  alreadyHidden: (): DomainError => fail('invalid_state', 'This feedback is already hidden.', { status: 'hidden', action: 'hide' }),
  /** `status`: the state the item is in instead, `published` or `private`. */
  notHidden: (status: 'published' | 'private'): DomainError => fail('invalid_state', 'This feedback is not hidden.', { status, action: 'unhide' }),
  /** Removing hidden feedback would let its author leave it again, shown: moderation would undo itself. */
  removingHidden: (): DomainError =>
    fail('invalid_state', 'Support hid this feedback, so it stays until support shows it again; you may still edit it.', { status: 'hidden', action: 'remove' }),
  notPublished: (): DomainError =>
    fail('invalid_state', 'Only published feedback can be hidden.', { status: 'private', action: 'hide' }),
  alreadyResolved: (): DomainError =>
    fail('invalid_state', 'This report is already resolved.', { status: 'resolved', action: 'resolve' }),
  rateLimited: (retryAfter: number): DomainError =>
    fail('rate_limited', 'Too many submissions from this client; wait before sending more.', {
      retry_after: retryAfter,
    }),
  invalid: (path: string, message: string): DomainError => validationFailed([{ path, message }]),
  versionConflict: (current: unknown): DomainError => versionConflict(current),
};
