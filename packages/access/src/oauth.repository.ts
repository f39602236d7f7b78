import type { Scope } from './scopes.ts';

/** A client that registered itself (RFC 7591); public, so it has no secret. */
export interface OAuthClientRecord {
  id: string;
  clientName: string;
  clientUri: string | null;
  redirectUris: string[];
  createdAt: Date;
}

/** What a person approved for a client, waiting for the client to exchange it (RFC 6749 §4.1.2). */
export interface AuthorizationCodeRecord {
  clientId: string;
  principalId: string;
  redirectUri: string;
  /** The PKCE S256 challenge: base64url(SHA-256(verifier)). */
  codeChallenge: string;
  scopes: Scope[];
  days: number;
  resource: string | null;
  createdAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
  grantId: string | null;
}

export interface RefreshTokenRecord {
  grantId: string;
  clientId: string;
  resource: string | null;
  createdAt: Date;
  usedAt: Date | null;
}

/** Storage of the authorization code flow. Codes and tokens arrive here already hashed. */
export interface OAuthRepository {
  insertClient(client: OAuthClientRecord): Promise<void>;
  findClient(id: string): Promise<OAuthClientRecord | null>;

  insertCode(code: AuthorizationCodeRecord & { codeHash: string }): Promise<void>;
  /**
   * Marks the code used at `at`, once: the first caller gets `firstUse: true`; every later one gets
   * the code with `firstUse: false` (and the grant its first use issued). Null for an unknown code.
   */
  useCode(codeHash: string, at: Date): Promise<{ code: AuthorizationCodeRecord; firstUse: boolean } | null>;
  /**
   * Spends every code the principal approved that no client has exchanged yet (they then answer
   * as a reused code: `invalid_grant`); answers how many. For revoking every agent at once.
   */
  spendCodesOf(principalId: string, at: Date): Promise<number>;
  /** Notes the grant a code's exchange issued, so that a reuse of the code can revoke it. */
  setCodeGrant(codeHash: string, grantId: string): Promise<void>;

  insertRefreshToken(token: RefreshTokenRecord & { tokenHash: string }): Promise<void>;
  /** Marks the refresh token used at `at`, once; `firstUse` as for codes. Null when unknown. */
  useRefreshToken(tokenHash: string, at: Date): Promise<{ token: RefreshTokenRecord; firstUse: boolean } | null>;
  /** A refresh token (for revocation), used or not. */
  findRefreshToken(tokenHash: string): Promise<RefreshTokenRecord | null>;
  /**
   * The client a grant was issued to through the authorization code flow, as its refresh tokens name
   * it (a live grant keeps them); null for a grant of the device flow, which has no registered client.
   */
  findClientOfGrant(grantId: string): Promise<string | null>;
  /** Gives a live grant (not revoked, not expired at `now`) a new access token hash; false when it is no longer live. */
  rotateGrantToken(grantId: string, tokenHash: string, now: Date): Promise<boolean>;

  /** Daily cleanup: codes that expired before `before`, and used refresh tokens of grants that ended before it. */
  purgeExpired(before: Date): Promise<{ codes: number; refreshTokens: number }>;
}
