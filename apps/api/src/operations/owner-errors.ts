/**
 * What an owner's versioned edit of a record that can be removed (a job, an offer, a feedback item)
 * answers beyond its auth and body: the record (`not_found`, `not_owner`, 410 `removed`) and the
 * version it was read at (`version_conflict`, or 428 when an edit that needs one has none).
 */
export const OWNER_EDIT_ERRORS = ['not_found', 'not_owner', 'removed', 'version_conflict', 'expected_version_required'] as const;

/** An owner's status change (remove, close, pause…): an edit the record's present state may also refuse. */
export const OWNER_STATUS_ERRORS = ['not_found', 'not_owner', 'removed', 'invalid_state', 'version_conflict', 'expected_version_required'] as const;
