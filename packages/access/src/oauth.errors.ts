import { errorFactory, type DomainError, type ErrorCatalog, type ErrorExtras } from '@svc/kernel';
import { ACCESS_ERRORS } from './access.errors.ts';

/** The OAuth endpoints' own codes (RFC 6749 §5.2, RFC 7591 §3.2.2, RFC 8707 §2, RFC 7009) and their kinds. */
export const OAUTH_ERRORS = {
  // RFC 6749 §5.2 allows 400 or 401; 401 is what a failed client authentication is elsewhere, and an
  // OAuth client drops its registration on it whatever the status (the MCP SDK registers again).
  invalid_client: 'unauthenticated',
  invalid_target: 'invalid',
  invalid_redirect_uri: 'invalid',
  invalid_client_metadata: 'invalid',
  unsupported_response_type: 'invalid',
  unsupported_token_type: 'invalid',
} as const satisfies ErrorCatalog;

const fail = errorFactory({ ...ACCESS_ERRORS, ...OAUTH_ERRORS });

/** The OAuth endpoints' own errors (the token endpoint's shared ones are in `accessErrors`). */
export const oauthErrors = {
  /** A refused form: `invalid_client_metadata` at registration, `invalid_request` elsewhere. */
  invalidInput: (code: 'invalid_client_metadata' | 'invalid_request', message: string, extras: ErrorExtras): DomainError =>
    fail(code, message, extras),
  codeResourceDiffers: (): DomainError => fail('invalid_target', 'resource differs from the authorization request.'),
  tokenResourceDiffers: (): DomainError => fail('invalid_target', 'resource differs from the one this token was issued for.'),
  badRedirectUri: (uri: string): DomainError =>
    fail('invalid_redirect_uri', `Redirect URIs must be https, or http on a loopback address, without a fragment: ${uri}`),
  /** RFC 6749 §5.2: the client is unknown (a public client has no credentials to fail otherwise). */
  unknownClient: (): DomainError =>
    fail('invalid_client', 'No client is registered under this client_id; register again (RFC 7591) and authorize again.'),
  /** RFC 7009 §2.1: a token is revoked only by the client it was issued to. */
  tokenOfAnotherClient: (): DomainError => fail('invalid_grant', 'This token was issued to another client; nothing was revoked.'),
  confidentialClient: (): DomainError =>
    fail('invalid_client_metadata', 'Only public clients register here: token_endpoint_auth_method must be none.'),
};
