import { errorFactory, validationFailed, type DomainError, type ErrorCatalog, type ErrorExtras } from '@svc/kernel';

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

const fail = errorFactory(ACCESS_ERRORS);

/** The access errors, each with its stable code; its kind decides the HTTP status. */
export const accessErrors = {
  /** 429 with `retry_after` (seconds); `message` already says how long to wait. */
  rateLimited: (message: string, retryAfter: number): DomainError => fail('rate_limited', message, { retry_after: retryAfter }),

  // Accounts and sign-in.
  emailTaken: (): DomainError => fail('email_taken', 'An account with this e-mail address exists; sign in instead.'),
  wrongEmailOrPassword: (): DomainError => fail('invalid_credentials', 'The e-mail address or password is not right.'),
  wrongEmailOrRecoveryCode: (): DomainError => fail('invalid_credentials', 'The e-mail address or recovery code is not right.'),
  /** The detail names `current_password`, so a form can show it next to the field. */
  wrongCurrentPassword: (): DomainError =>
    fail('invalid_credentials', 'The current password is not right.', {
      details: [{ path: 'current_password', message: 'is not your current password' }],
    }),
  /** The grant is revoked or expired (`status`): there is nothing left to change. */
  grantEnded: (status: 'revoked' | 'expired'): DomainError =>
    fail('invalid_state', 'This agent’s access has ended; there is nothing left to change. It must connect again to act for you.', { status, action: 'narrow' }),
  /** The detail names `scopes`, so the form can show it beside the boxes. */
  noScopeKept: (): DomainError =>
    validationFailed([{ path: 'scopes', message: 'keep at least one: to take every scope away, revoke the agent instead' }]),
  /** The detail names each scope asked for that the grant does not hold. */
  scopesWidened: (paths: { index: number; scope: string }[]): DomainError =>
    validationFailed(
      paths.map(({ index, scope }) => ({ path: `scopes.${index}`, message: `${scope} is not a scope this agent holds: scopes can only be taken away` })),
      'An agent’s scopes can only be narrowed: a wider access needs the agent to connect again and you to approve it.',
    ),
  /** No record is in the way (a session simply holds no grant): `action` but no `status`. */
  sessionHasNoGrant: (): DomainError => fail('invalid_state', 'A website session has no grant to give up; sign out instead.', { action: 'revoke' }),

  // The device flow (RFC 8628): the person's side.
  unknownUserCode: (): DomainError => fail('not_found', 'No connection request has this code. Check the code the agent showed.'),
  userCodeExpired: (): DomainError => fail('expired_token', 'This code has expired; ask the agent to connect again.'),
  /** `status`: what the request became (`approved`, `denied`, `consumed` once its agent took the token). */
  alreadyDecided: (status: string, action: 'approve' | 'deny'): DomainError =>
    fail('invalid_state', 'This connection request was already decided.', { status, action }),

  // The device flow: the agent's polling.
  unknownDeviceCode: (): DomainError => fail('invalid_grant', 'This device code is unknown or has already been used.'),
  deviceCodeExpired: (): DomainError => fail('expired_token', 'This device code has expired; connect again.'),
  deviceCodeUsed: (): DomainError => fail('invalid_grant', 'This device code has already been used.'),
  slowDown: (intervalSeconds: number): DomainError =>
    fail('slow_down', `Poll at most every ${intervalSeconds} seconds.`, { interval: intervalSeconds }),
  accessDenied: (): DomainError => fail('access_denied', 'The principal denied this connection.'),
  authorizationPending: (intervalSeconds: number): DomainError =>
    fail('authorization_pending', 'The principal has not decided yet; keep polling.', { interval: intervalSeconds }),
  deviceGrantTypeOnly: (grantType: string): DomainError =>
    fail('unsupported_grant_type', `This endpoint issues tokens only for grant_type ${grantType}.`),
  /** A refused form as RFC 6749 names it: `invalid_scope` when a scope is the problem, else `invalid_request`. */
  invalidForm: (scope: boolean, message: string, extras: ErrorExtras): DomainError =>
    fail(scope ? 'invalid_scope' : 'invalid_request', message, extras),

  // The OAuth token endpoint (RFC 6749, OAuth 2.1).
  unsupportedGrantType: (): DomainError =>
    fail('unsupported_grant_type', 'grant_type must be authorization_code, refresh_token or urn:ietf:params:oauth:grant-type:device_code.'),
  codeFieldsMissing: (): DomainError => fail('invalid_request', 'code, code_verifier, redirect_uri and client_id are required.'),
  unknownCode: (): DomainError => fail('invalid_grant', 'This authorization code is unknown.'),
  codeExpired: (): DomainError => fail('invalid_grant', 'This authorization code has expired; authorize again.'),
  codeOfAnotherClient: (): DomainError => fail('invalid_grant', 'This authorization code was issued to another client.'),
  redirectUriDiffers: (): DomainError => fail('invalid_grant', 'redirect_uri differs from the authorization request.'),
  verifierMismatch: (): DomainError => fail('invalid_grant', 'The code_verifier does not match the code_challenge.'),
  /** A code presented twice: what it issued has been revoked. */
  codeReused: (): DomainError => fail('invalid_grant', 'This authorization code was already used; the access it gave has been revoked.'),
  codeRevoked: (): DomainError => fail('invalid_grant', 'The person revoked every agent’s access before this authorization code was exchanged; ask them to approve again.'),
  refreshTokenMissing: (): DomainError => fail('invalid_request', 'refresh_token is required.'),
  unknownRefreshToken: (): DomainError => fail('invalid_grant', 'This refresh token is unknown.'),
  refreshTokenOfAnotherClient: (): DomainError => fail('invalid_grant', 'This refresh token was issued to another client.'),
  refreshAccessEnded: (): DomainError => fail('invalid_grant', 'The access behind this refresh token has ended; authorize again.'),
  refreshWidensScopes: (): DomainError => fail('invalid_scope', 'A refresh cannot widen the scopes the person approved.'),
  /** A rotated refresh token presented again: the grant has been revoked. */
  refreshTokenReused: (): DomainError =>
    fail('invalid_grant', 'This refresh token was already used; the access it gave has been revoked.'),
};
