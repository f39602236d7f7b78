import { DomainError, notFound, type ValidationIssue } from '@svc/kernel';

/**
 * The one answer for every address that may not be resolved (unknown, paused, expired, removed,
 * retired, suspended, restricted while signed out). Always the same code, message and extras, so
 * nothing in the answer tells the reasons apart.
 */
const UNAVAILABLE_MESSAGE = 'This address is not available.';

/** The directory errors, each with its stable code; HTTP statuses come from the kernel's one table. */
export const directoryErrors = {
  /** 404 for resolution, whatever the reason; see `UNAVAILABLE_MESSAGE`. */
  unavailable: (): DomainError => new DomainError('unavailable', UNAVAILABLE_MESSAGE),
  /** 404 for management: the entry does not exist or is not the caller's. */
  notFound: (): DomainError => notFound('directory entry'),
  handleTaken: (handle: string): DomainError =>
    new DomainError('handle_taken', `The handle ${handle} is taken; addresses are never reassigned.`),
  entryLimit: (max: number): DomainError =>
    new DomainError('limit_reached', `A principal may hold at most ${max} directory entries.`, { limit: max }),
  destinationLimit: (max: number): DomainError =>
    new DomainError('limit_reached', `An entry may have at most ${max} destinations.`, { limit: max }),
  destinationInvalid: (details: ValidationIssue[]): DomainError =>
    new DomainError('destination_invalid', 'A destination value does not fit its type.', { details }),
  destinationNotFound: (): DomainError => new DomainError('destination_not_found', 'No such destination on this entry.'),
  historyNotFound: (): DomainError => new DomainError('history_not_found', 'No such history record on this entry.'),
  locked: (): DomainError =>
    new DomainError('locked', 'This entry is locked: agents cannot change it until its owner unlocks it on the website.'),
  agentNotPermitted: (): DomainError =>
    new DomainError('agent_not_permitted', 'The owner has limited changes to this entry to other agent grants.'),
  notTemporary: (): DomainError => new DomainError('not_temporary', 'Only temporary entries expire and can be renewed.'),
  graceEnded: (): DomainError =>
    new DomainError('grace_ended', 'The renewal window (30 days after expiry) has ended.'),
  notRemoved: (): DomainError => new DomainError('not_removed', 'Only a removed entry can be restored.'),
  restoreWindowEnded: (): DomainError =>
    new DomainError('restore_window_ended', 'The restore window (30 days after removal) has ended.'),
  invalidState: (status: string, action: string): DomainError =>
    new DomainError('invalid_state', `An entry that is ${status} cannot be changed by ${action}.`, { status, action }),
  nothingToRestore: (): DomainError =>
    new DomainError('invalid_state', 'This history record holds no earlier values to put back.', { action: 'history_restore' }),
};
