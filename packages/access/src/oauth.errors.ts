import { errorFactory, type ErrorCatalog } from '@svc/kernel';
import { ACCESS_ERRORS } from './access.errors.ts';

/** The OAuth endpoints' own codes (RFC 6749 §5.2, RFC 7591 §3.2.2, RFC 8707 §2, RFC 7009) and their kinds. */
export const OAUTH_ERRORS = {
  invalid_client: 'invalid',
  invalid_target: 'invalid',
  invalid_redirect_uri: 'invalid',
  invalid_client_metadata: 'invalid',
  unsupported_response_type: 'invalid',
  unsupported_token_type: 'invalid',
} as const satisfies ErrorCatalog;

/** Builds an OAuth error: its own codes, the access domain's and the general ones. */
export const oauthError = errorFactory({ ...ACCESS_ERRORS, ...OAUTH_ERRORS });
