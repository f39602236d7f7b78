/**
 * Domain errors carry a stable code and know nothing about HTTP.
 * The HTTP kernel maps each code to a status in one table (`http/error-status.ts`).
 */
export type ErrorCode =
  // general
  | 'validation_failed'
  | 'invalid_json'
  | 'unsupported_media_type'
  | 'body_too_large'
  | 'unauthenticated'
  | 'invalid_token'
  | 'insufficient_scope'
  | 'human_only'
  | 'not_owner'
  | 'not_found'
  | 'removed'
  | 'version_conflict'
  | 'job_changed'
  | 'job_closed'
  | 'own_job'
  | 'invalid_state'
  | 'expected_version_required'
  | 'blocked_content'
  | 'method_not_allowed'
  | 'limit_reached'
  | 'invalid_idempotency_key'
  | 'idempotency_conflict'
  | 'origin_not_allowed'
  | 'rate_limited'
  | 'csrf_failed'
  | 'invalid_credentials'
  | 'email_taken'
  // device flow
  | 'authorization_pending'
  | 'slow_down'
  | 'access_denied'
  | 'expired_token'
  | 'invalid_grant'
  // directory
  | 'unavailable'
  | 'handle_taken'
  | 'destination_not_found'
  | 'locked'
  | 'agent_not_permitted'
  | 'not_temporary'
  | 'grace_ended'
  | 'not_removed'
  | 'restore_window_ended'
  | 'destination_invalid'
  | 'history_not_found'
  // offers
  | 'not_related'
  // threads
  | 'archived'
  | 'owner_only'
  | 'not_author'
  | 'deleted'
  | 'entry_not_found'
  | 'item_not_found'
  | 'invite_not_found'
  | 'invite_unavailable'
  | 'not_for_you'
  | 'already_participant'
  | 'not_participant'
  | 'has_contributions'
  // last resort
  | 'internal_error';

export interface ValidationIssue {
  path: string;
  message: string;
}

/** Extra members of the error body, beside `error` and `message`. */
export interface ErrorExtras {
  current?: unknown;
  details?: ValidationIssue[];
  retry_after?: number;
  [member: string]: unknown;
}

export interface DomainErrorOptions {
  /**
   * The input was well-formed but is refused for what it says (a street address where a general
   * area belongs). Same code; the API answers 422 instead of the code's usual status.
   */
  refusedContent?: boolean;
}

export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly extras: ErrorExtras;
  readonly refusedContent: boolean;

  constructor(code: ErrorCode, message: string, extras: ErrorExtras = {}, options: DomainErrorOptions = {}) {
    super(message);
    this.name = 'DomainError';
    this.code = code;
    this.extras = extras;
    this.refusedContent = options.refusedContent ?? false;
  }
}

export const isDomainError = (error: unknown): error is DomainError => error instanceof DomainError;

/** The one "you may not see this" answer: identical whatever the reason. */
export const notFound = (what = 'record'): DomainError =>
  new DomainError('not_found', `No such ${what}.`);

export const validationFailed = (
  details: ValidationIssue[],
  message = 'The request is not valid.',
  options: DomainErrorOptions = {},
): DomainError => new DomainError('validation_failed', message, { details }, options);
