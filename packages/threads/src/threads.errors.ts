import { notFound, validationFailed, versionConflict, errorFactory, type DomainError, type ErrorCatalog } from '@svc/kernel';

/** The threads domain's own error codes and their kinds; the general ones come from the kernel. */
export const THREADS_ERRORS = {
  archived: 'conflict',
  owner_only: 'forbidden',
  not_author: 'forbidden',
  deleted: 'conflict',
  entry_not_found: 'not_found',
  item_not_found: 'not_found',
  invite_not_found: 'not_found',
  invite_unavailable: 'conflict',
  not_for_you: 'forbidden',
  already_participant: 'conflict',
  not_participant: 'conflict',
  has_contributions: 'conflict',
} as const satisfies ErrorCatalog;

const fail = errorFactory(THREADS_ERRORS);

type LimitName = 'participants' | 'entries' | 'checklist_items' | 'threads';

const LIMIT_TEXT: Record<LimitName, string> = {
  participants: 'A thread has at most %d participants.',
  entries: 'A thread has at most %d entries.',
  checklist_items: 'A thread has at most %d checklist items.',
  threads: 'A principal takes part in at most %d threads.',
};

/** The thread errors, each with its stable code; its kind decides the HTTP status. */
export const threadErrors = {
  /** The one answer for a thread the caller is not (or no longer) a participant of, whatever the reason. */
  notFound: (): DomainError => notFound('thread'),
  ownerOnly: (action: string): DomainError =>
    fail('owner_only', `Only the owner of this thread can ${action}.`),
  archived: (): DomainError =>
    fail('archived', 'This thread is archived: it can be read and exported, but not changed until its owner reopens it.'),
  invalidState: (message: string, extras: Record<string, unknown> = {}): DomainError =>
    fail('invalid_state', message, extras),
  notAuthor: (what: 'entry' | 'item'): DomainError =>
    fail(
      'not_author',
      what === 'entry' ? 'Only the author of this entry can change it.' : 'Only the person who added this checklist item can remove it.',
    ),
  deleted: (): DomainError => fail('deleted', 'This entry was deleted; it cannot be changed.'),
  entryNotFound: (): DomainError => fail('entry_not_found', 'No such entry in this thread.'),
  itemNotFound: (): DomainError => fail('item_not_found', 'No such checklist item in this thread.'),
  inviteNotFound: (): DomainError => fail('invite_not_found', 'No such invitation.'),
  inviteUnavailable: (status: string): DomainError =>
    fail('invite_unavailable', `This invitation can no longer be used (it is ${status}).`, { status }),
  notForYou: (): DomainError => fail('not_for_you', 'This invitation is addressed to someone else.'),
  alreadyParticipant: (): DomainError =>
    fail('already_participant', 'This principal already takes part in the thread.'),
  notParticipant: (): DomainError => fail('not_participant', 'This principal does not take part in the thread.'),
  hasContributions: (): DomainError =>
    fail(
      'has_contributions',
      'Other participants have contributed to this thread, so it cannot be deleted; archive it instead.',
    ),
  limitReached: (limit: LimitName, max: number): DomainError =>
    fail('limit_reached', LIMIT_TEXT[limit].replace('%d', String(max)), { limit, max }),
  versionConflict: (current: unknown): DomainError => versionConflict(current),
  linkNotReadable: (): DomainError =>
    validationFailed([{ path: 'link.id', message: 'is not a record you can read' }]),
  /**
   * The record does not connect the caller with this person (or the caller may not read it): the
   * same 404 whatever the reason, so nobody learns who responded to someone else's job.
   */
  notRelated: (): DomainError => notFound('person to start a thread with about this record'),
  /** Website: the chosen person is not among those the thread's linked record connects its owner with. */
  unrelatedInvitee: (): DomainError =>
    validationFailed(
      [{ path: 'invitee_principal_id', message: 'This person is not connected with the thread’s job or offer. Choose someone from the list, or make a link anyone may use once.' }],
      'Choose someone from the list.',
    ),
  alreadyInvited: (): DomainError =>
    validationFailed([{ path: 'invitee_principal_id', message: 'An invitation already waits for this person on their Threads page.' }], 'This person is already invited.'),
  unknownInvitee: (): DomainError =>
    validationFailed([{ path: 'invitee_principal_id', message: 'is not a known principal' }]),
};
