import { errorFactory, type ErrorCatalog } from '@svc/kernel';

/** The access domain's own error codes (RFC 8628 names for the device flow) and their kinds. */
export const ACCESS_ERRORS = {
  invalid_credentials: 'unauthenticated',
  email_taken: 'conflict',
  authorization_pending: 'invalid',
  slow_down: 'invalid',
  access_denied: 'invalid',
  expired_token: 'invalid',
  invalid_grant: 'invalid',
  // RFC 6749 §5.2 codes of the form-encoded OAuth endpoints.
  invalid_request: 'invalid',
  invalid_scope: 'invalid',
  unsupported_grant_type: 'invalid',
} as const satisfies ErrorCatalog;

/** Builds an access error: its own codes and the general ones. */
export const accessError = errorFactory(ACCESS_ERRORS);
