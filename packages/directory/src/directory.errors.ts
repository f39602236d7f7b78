import { notFound, type ValidationIssue, errorFactory, type DomainError, type ErrorCatalog } from '@svc/kernel';

/** The directory domain's own error codes and their kinds; the general ones come from the kernel. */
export const DIRECTORY_ERRORS = {
  unavailable: 'not_found',
  handle_taken: 'conflict',
  destination_invalid: 'invalid',
  destination_not_found: 'not_found',
  destination_exists: 'conflict',
  history_not_found: 'not_found',
  locked: 'forbidden',
  agent_not_permitted: 'forbidden',
  not_temporary: 'conflict',
  grace_ended: 'conflict',
  not_removed: 'conflict',
  restore_window_ended: 'conflict',
} as const satisfies ErrorCatalog;

const fail = errorFactory(DIRECTORY_ERRORS);

/**
 * The one answer for every address that may not be resolved (unknown, paused, expired, removed,
 * retired, suspended, restricted while signed out). Always the same code, message and extras, so
 * nothing in the answer tells the reasons apart.
 */
const UNAVAILABLE_MESSAGE = 'This address is not available.';

/** The directory errors, each with its stable code; its kind decides the HTTP status. */
export const directoryErrors = {
  /** 404 for resolution, whatever the reason; see `UNAVAILABLE_MESSAGE`. */
  unavailable: (): DomainError => fail('unavailable', UNAVAILABLE_MESSAGE),
  /** 404 for management: the entry does not exist, or is another's that the caller may not see. */
  notFound: (): DomainError => notFound('directory entry'),
  /** 403 for a change to another's entry that the caller may see (it resolves for them). */
  notOwner: (): DomainError => fail('not_owner', 'Only the owner of this entry can change it.'),
  handleTaken: (handle: string): DomainError =>
    fail('handle_taken', `The handle ${handle} is taken; addresses are never reassigned.`),
  entryLimit: (max: number): DomainError =>
    fail('limit_reached', `A principal may hold at most ${max} directory entries.`, { limit: 'directory_entries', max }),
  destinationLimit: (max: number): DomainError =>
    fail('limit_reached', `An entry may have at most ${max} destinations.`, { limit: 'destinations', max }),
  destinationInvalid: (details: ValidationIssue[]): DomainError =>
    fail('destination_invalid', 'A destination value does not fit its type.', { details }),
  destinationNotFound: (): DomainError => fail('destination_not_found', 'No such destination on this entry.'),
  destinationExists: (destinationId: string): DomainError =>
    fail('destination_exists', 'This entry already has a destination of this type with this value.', { destination_id: destinationId }),
  historyNotFound: (): DomainError => fail('history_not_found', 'No such history record on this entry.'),
  locked: (): DomainError =>
    fail('locked', 'This entry is locked: agents cannot change it until its owner unlocks it on the website.'),
  agentNotPermitted: (): DomainError =>
    fail('agent_not_permitted', 'The owner has limited changes to this entry to other agent grants.'),
  notTemporary: (): DomainError => fail('not_temporary', 'Only temporary entries expire and can be renewed.'),
  graceEnded: (): DomainError =>
    fail('grace_ended', 'The renewal window (30 days after expiry) has ended.'),
  notRemoved: (): DomainError => fail('not_removed', 'Only a removed entry can be restored.'),
  restoreWindowEnded: (): DomainError =>
    fail('restore_window_ended', 'The restore window (30 days after removal) has ended.'),
  invalidState: (status: string, action: string): DomainError =>
    fail('invalid_state', `An entry that is ${status} cannot be changed by ${action}.`, { status, action }),
  nothingToRestore: (): DomainError =>
    fail('invalid_state', 'This history record holds no earlier values to put back.', { action: 'history_restore' }),
};
