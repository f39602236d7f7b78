import { NUL_REFUSED } from './text.ts';

/**
 * Domain errors carry a stable code and a kind, and know nothing about HTTP. Each domain declares
 * its own codes with their kinds (`<domain>.errors.ts`); the kernel declares only the general ones.
 * The HTTP package maps a kind to a status in one table.
 */
export type ErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'method_not_allowed'
  | 'conflict'
  | 'gone'
  | 'too_large'
  | 'unsupported_media_type'
  /** Well-formed input refused for what it says (a street address where a general area belongs). */
  | 'refused'
  | 'precondition_required'
  | 'rate_limited'
  /**
   * Try again later (503): the database gave up on a statement that ran past its time limit, or the
   * process is building as many lists as it builds at once.
   */
  | 'unavailable'
  | 'internal';

/** A domain's codes and the kind of each. */
export type ErrorCatalog = Readonly<Record<string, ErrorKind>>;

/** The codes every domain and every process may use. */
export const GENERAL_ERRORS = {
  validation_failed: 'invalid',
  invalid_json: 'invalid',
  invalid_idempotency_key: 'invalid',
  unauthenticated: 'unauthenticated',
  invalid_token: 'unauthenticated',
  insufficient_scope: 'forbidden',
  human_only: 'forbidden',
  not_owner: 'forbidden',
  csrf_failed: 'forbidden',
  origin_not_allowed: 'forbidden',
  not_found: 'not_found',
  method_not_allowed: 'method_not_allowed',
  version_conflict: 'conflict',
  invalid_state: 'conflict',
  idempotency_conflict: 'conflict',
  limit_reached: 'conflict',
  removed: 'gone',
  body_too_large: 'too_large',
  unsupported_media_type: 'unsupported_media_type',
  blocked_content: 'refused',
  expected_version_required: 'precondition_required',
  rate_limited: 'rate_limited',
  query_timeout: 'unavailable',
  busy: 'unavailable',
  database_unavailable: 'unavailable',
  internal_error: 'internal',
} as const satisfies ErrorCatalog;

export type GeneralErrorCode = keyof typeof GENERAL_ERRORS;

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

export class DomainError extends Error {
  readonly code: string;
  readonly kind: ErrorKind;
  readonly extras: ErrorExtras;

  /** A general code takes its kind from `GENERAL_ERRORS`; a domain's own code comes through `errorFactory`. */
  constructor(code: GeneralErrorCode, message: string, extras?: ErrorExtras, kind?: ErrorKind);
  constructor(code: string, message: string, extras: ErrorExtras, kind: ErrorKind);
  constructor(code: string, message: string, extras: ErrorExtras = {}, kind?: ErrorKind) {
    super(message);
    this.name = 'DomainError';
    this.code = code;
    this.kind = kind ?? (GENERAL_ERRORS as Record<string, ErrorKind>)[code] ?? 'internal';
    this.extras = extras;
  }
}

/**
 * A text that holds U+0000, refused where a value goes to PostgreSQL: its text type cannot hold the
 * character, so such a value would otherwise fail the statement (and a commit group with it) as a
 * 500. Thrown below the edges (the executor's value conversion), it answers as any refused input
 * does: `400 validation_failed`.
 */
export class NulCharacterError extends DomainError {
  constructor() {
    super('validation_failed', 'The request is not valid.', { details: [{ path: '', message: NUL_REFUSED }] });
    this.name = 'NulCharacterError';
  }
}

export const isDomainError = (error: unknown): error is DomainError => error instanceof DomainError;

/**
 * The error constructor of one domain: its own codes plus the general ones.
 *
 * @example
 * export const JOBS_ERRORS = { own_job: 'conflict' } as const satisfies ErrorCatalog;
 * const fail = errorFactory(JOBS_ERRORS);
 * throw fail('own_job', 'You cannot respond to your own job.');
 */
export const errorFactory = <C extends ErrorCatalog>(catalog: C) => {
  const kinds: ErrorCatalog = { ...GENERAL_ERRORS, ...catalog };
  return (code: (keyof C | GeneralErrorCode) & string, message: string, extras: ErrorExtras = {}): DomainError =>
    new DomainError(code, message, extras, kinds[code]!);
};

/** The one "you may not see this" answer: identical whatever the reason. */
export const notFound = (what = 'record'): DomainError => new DomainError('not_found', `No such ${what}.`);

export const validationFailed = (
  details: ValidationIssue[],
  message = 'The request is not valid.',
  /** Well-formed input refused for what it says: the same code, kind `refused` (422). */
  { refusedContent = false }: { refusedContent?: boolean } = {},
): DomainError => new DomainError('validation_failed', message, { details }, refusedContent ? 'refused' : 'invalid');
