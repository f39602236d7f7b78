import { DomainError, notFound, validationFailed, versionConflict } from '@svc/kernel';

type LimitName = 'participants' | 'entries' | 'checklist_items' | 'threads';

const LIMIT_TEXT: Record<LimitName, string> = {
  participants: 'A thread has at most %d participants.',
  entries: 'A thread has at most %d entries.',
  checklist_items: 'A thread has at most %d checklist items.',
  threads: 'A principal takes part in at most %d threads.',
};

/** The thread errors, each with its stable code; HTTP statuses come from the kernel's one table. */
export const threadErrors = {
  /** The one answer for a thread the caller is not (or no longer) a participant of, whatever the reason. */
  notFound: (): DomainError => notFound('thread'),
  ownerOnly: (action: string): DomainError =>
    new DomainError('owner_only', `Only the owner of this thread can ${action}.`),
  archived: (): DomainError =>
    new DomainError('archived', 'This thread is archived: it can be read and exported, but not changed until its owner reopens it.'),
  invalidState: (message: string, extras: Record<string, unknown> = {}): DomainError =>
    new DomainError('invalid_state', message, extras),
  notAuthor: (what: 'entry' | 'item'): DomainError =>
    new DomainError(
      'not_author',
      what === 'entry' ? 'Only the author of this entry can change it.' : 'Only the person who added this checklist item can remove it.',
    ),
  deleted: (): DomainError => new DomainError('deleted', 'This entry was deleted; it cannot be changed.'),
  entryNotFound: (): DomainError => new DomainError('entry_not_found', 'No such entry in this thread.'),
  itemNotFound: (): DomainError => new DomainError('item_not_found', 'No such checklist item in this thread.'),
  inviteNotFound: (): DomainError => new DomainError('invite_not_found', 'No such invitation.'),
  inviteUnavailable: (status: string): DomainError =>
    new DomainError('invite_unavailable', `This invitation can no longer be used (it is ${status}).`, { status }),
  notForYou: (): DomainError => new DomainError('not_for_you', 'This invitation is addressed to someone else.'),
  alreadyParticipant: (): DomainError =>
    new DomainError('already_participant', 'This principal already takes part in the thread.'),
  notParticipant: (): DomainError => new DomainError('not_participant', 'This principal does not take part in the thread.'),
  hasContributions: (): DomainError =>
    new DomainError(
      'has_contributions',
      'Other participants have contributed to this thread, so it cannot be deleted; archive it instead.',
    ),
  limitReached: (limit: LimitName, max: number): DomainError =>
    new DomainError('limit_reached', LIMIT_TEXT[limit].replace('%d', String(max)), { limit, max }),
  versionConflict: (current: unknown): DomainError => versionConflict(current),
  linkNotReadable: (): DomainError =>
    validationFailed([{ path: 'link.id', message: 'is not a record you can read' }]),
  unknownInvitee: (): DomainError =>
    validationFailed([{ path: 'invitee_principal_id', message: 'is not a known principal' }]),
};
