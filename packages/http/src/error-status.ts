import type { DomainError, ErrorKind } from '@svc/kernel';

/** The one place where a kind of domain error becomes an HTTP status. */
export const KIND_STATUS: Record<ErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  gone: 410,
  too_large: 413,
  unsupported_media_type: 415,
  refused: 422,
  precondition_required: 428,
  rate_limited: 429,
  unavailable: 503,
  internal: 500,
};

/** The status of a domain error, from its kind. */
export const statusOf = (error: DomainError): number => KIND_STATUS[error.kind];
