import { createHash } from 'node:crypto';
import type { RateLimit } from '@svc/db';
import * as v from 'valibot';
import { DAY_MS, DomainError, isDomainError, isPlainObject, parseInput, requireHuman, toIso, type Actor } from '@svc/kernel';
import { SCOPES, type Scope } from './scopes.ts';
import type { AccessDeps } from './access.deps.ts';
import { accessErrors } from './access.errors.ts';
import { takeOrRefuse } from './limits.ts';
import { oauthErrors } from './oauth.errors.ts';
import type { OAuthClientRecord, OAuthRepository } from './oauth.repository.ts';
import { authorizationRequestSchema, authorizationTargetSchema, registrationSchema, revocationFormSchema, tokenFormSchema, type AuthorizationRequest } from './oauth.schemas.ts';
import { hashSecret, newSecret, TOKEN_PREFIX } from './secrets.ts';

/** How long an authorization code may wait for its exchange (RFC 6749 §4.1.2 says at most ten minutes; a minute is plenty). */
export const AUTHORIZATION_CODE_LIFETIME_SECONDS = 60;
/** How long the grant a person approves on the consent page lasts: the device flow's default. */
export const OAUTH_GRANT_DAYS = 30;

export const OAUTH_LIMITS = {
  /** Clients registered from one client address in 15 minutes: no flooding the table anonymously. */
  registrationsPerAddress: { name: 'oauth-registrations-address', policy: 'registrations', limit: 20, windowSeconds: 15 * 60 },
} as const satisfies Record<string, RateLimit>;

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

/** https, or http on a loopback address (RFC 8252 §7.3); never a fragment (RFC 6749 §3.1.2). */
const acceptableRedirectUri = (value: string): boolean => {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.hash || value.includes('#') || url.username || url.password) return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname));
};

/**
 * An http loopback redirect URI split at its port: the host as written and everything after the
 * port (path and query). RFC 8252 §7.3 and OAuth 2.1 §8.4.2: a native app listens on whatever port
 * the system gives it, so the server MUST allow any port at request time for the loopback IP
 * literals. `localhost` is taken the same way: RFC 8252 §8.3 does not recommend it, but registration
 * accepts it and MCP clients register `http://localhost:<port>/callback`, so refusing its other ports
 * would only break them. Null for any other URI, or a port no URL can hold.
 */
const loopbackParts = (uri: string): { host: string; rest: string } | null => {
  const match = /^http:\/\/(127\.0\.0\.1|\[::1\]|localhost)(?::(\d{1,5}))?(?=[/?]|$)/.exec(uri);
  if (!match || Number(match[2] ?? 0) > 65_535) return null;
  return { host: match[1]!, rest: uri.slice(match[0].length) };
};

/**
 * Whether a redirect URI of the request is one the client registered: the very same text (RFC 6749
 * §3.1.2.3, OAuth 2.1 §2.3.1), or for a loopback one any port with the scheme, host, path and query
 * exactly as registered.
 */
const isRegisteredRedirect = (registered: readonly string[], asked: string): boolean => {
  if (registered.includes(asked)) return true;
  const theirs = loopbackParts(asked);
  return theirs !== null && registered.some((uri) => {
    const mine = loopbackParts(uri);
    return mine !== null && mine.host === theirs.host && mine.rest === theirs.rest;
  });
};

/** RFC 7636 §4.1: 43-128 unreserved characters. */
const VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;
/** base64url(SHA-256(...)): 43 characters. */
const CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

const s256 = (verifier: string): string => createHash('sha256').update(verifier).digest('base64url');

const sentOnce = (names: readonly string[]): string => `${names.join(', ')} must be sent once (RFC 6749 §3.1).`;

/** A refused parameter in words for `error_description`: `state must be at most 2000 characters`. */
const describeRefusal = ({ message, extras }: DomainError): string =>
  extras.details?.length ? `${extras.details.map((issue) => `${issue.path} ${issue.message}`).join('; ')}.` : message;

/** Refusals of a request's form at the edge (what was sent, not what it asks for): OAuth's invalid input. */
const MALFORMED = new Set(['validation_failed', 'invalid_json', 'unsupported_media_type', 'body_too_large']);

/**
 * The OAuth error body: the service's `{error, message}` and RFC 6749's `error_description`; a
 * malformed request is `invalid_request` (RFC 6749 §5.2), or `invalid_client_metadata` at
 * registration (RFC 7591 §3.2.2). For the OAuth endpoints' operations, whatever refuses them.
 */
export const asOAuthError = (error: unknown, invalidInput: 'invalid_client_metadata' | 'invalid_request'): unknown => {
  if (!isDomainError(error)) return error;
  const { code, message, extras } = error;
  if (MALFORMED.has(code)) return oauthErrors.invalidInput(invalidInput, message, { ...extras, error_description: message });
  return new DomainError(code, message, { ...extras, error_description: message }, error.kind);
};

const oauthForm = async <T>(invalidInput: 'invalid_client_metadata' | 'invalid_request', run: () => Promise<T>): Promise<T> => {
  try {
    return await run();
  } catch (error) {
    throw asOAuthError(error, invalidInput);
  }
};

/** What the consent page shows: the client as it registered, what it asks for and for how long. */
export interface OAuthConsent {
  client_id: string;
  client_name: string;
  client_uri: string | null;
  redirect_uri: string;
  scopes: Scope[];
  days: number;
  token_expires_at: string;
}

/**
 * Where an authorization request leads: a problem shown on the page (the redirect URI is not
 * trusted yet, RFC 6749 §4.1.2.1), an error sent back to the client's redirect URI, or the consent.
 */
export type AuthorizationCheck =
  | { kind: 'show'; error: string; message: string }
  | { kind: 'redirect'; to: string }
  | { kind: 'consent'; consent: OAuthConsent; request: AuthorizationRequest };

/**
 * OAuth 2.1 authorization code with PKCE for public clients (RFC 7591 registration, RFC 8707
 * resources, RFC 7009 revocation). Whatever the flow, what it issues is the device flow's kind of
 * grant: scoped, expiring, on the person's agents page, revocable there.
 */
export interface OAuthService {
  /** RFC 7591 registration of a public client; from one `client` address at most 20 in 15 minutes. */
  register(input: unknown, client?: string): Promise<{
    grant_types: string[];
    response_types: string[];
    token_endpoint_auth_method: 'none';
    client_uri?: string | undefined;
    client_id: string;
    client_id_issued_at: number;
    client_name: string;
    redirect_uris: string[];
  }>;
  /** The authorization endpoint's first look at a request (before and after sign-in). */
  checkAuthorization(query: unknown): Promise<AuthorizationCheck>;
  /**
   * The person's decision on the consent page: every parameter is checked again (the form's
   * hidden fields are the person's browser's word, not ours), then the redirect back to the
   * client: `code` and `state`, or `error=access_denied`.
   */
  decide(actor: Actor, input: unknown, decision: 'approve' | 'deny'): Promise<AuthorizationCheck>;
  /** `POST /api/v1/oauth/token` for `authorization_code` and `refresh_token` (the device code goes to the device flow). */
  token(form: unknown): Promise<{
    access_token: string;
    token_type: 'Bearer';
    expires_in: number;
    scope: string;
    expires_at: string;
    grant_id: string;
    principal_id: string;
    refresh_token: string;
  } | undefined>;
  /**
   * RFC 7009: an access or refresh token ends its whole grant, as revoking it on the agents page
   * does. An unknown or already revoked token is answered the same (§2.2). With `client_id`, a token
   * the authorization code flow issued to another client is refused (§2.1): `invalid_grant` when that
   * client_id is registered, else `invalid_client`; a device-flow token's client_id is not compared.
   */
  revoke(form: unknown): Promise<{}>;
}

export const createOAuthService = ({
  repo,
  oauthRepo,
  clock,
  ids,
  limiter,
  baseUrl,
  transaction,
}: Pick<AccessDeps, 'repo' | 'clock' | 'ids' | 'limiter' | 'baseUrl' | 'transaction'> & { oauthRepo: OAuthRepository }): OAuthService => {
  const issuer = baseUrl;
  /** The protected resources a token may be bound to (RFC 8707): the API and its MCP endpoint. */
  const resources = new Set([baseUrl, `${baseUrl}/`, `${baseUrl}/mcp`]);

  const redirectWith = (redirectUri: string, params: Record<string, string | undefined>): string => {
    const url = new URL(redirectUri);
    for (const [name, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(name, value);
    return url.toString();
  };

  const parseScopes = (scope: string | undefined): Scope[] | null => {
    const names = (scope ?? '').split(' ').filter((name) => name !== '');
    if (names.length === 0 || new Set(names).size !== names.length) return null;
    return names.every((name) => (SCOPES as readonly string[]).includes(name)) ? (names as Scope[]) : null;
  };

  const check = async (input: unknown): Promise<AuthorizationCheck & { client?: OAuthClientRecord }> => {
    const query = isPlainObject(input) ? input : {};
    // RFC 6749 §3.1: no parameter more than once. Reading either copy would be a guess (a `resource`
    // sent twice and read as neither left the code bound to no resource at all).
    // Of the parameters it reads: unrecognised ones are ignored, repeated or not (§3.1, "MUST ignore").
    const repeated = Object.keys(query).filter((name) => name in authorizationRequestSchema.entries && Array.isArray(query[name]));
    const repeatedTarget = repeated.filter((name) => name === 'client_id' || name === 'redirect_uri');
    if (repeatedTarget.length > 0) return { kind: 'show', error: 'invalid_request', message: sentOnce(repeatedTarget) };
    // The client and its redirect URI first: once both are trusted, any other problem of the request,
    // a malformed parameter too, goes back to the client (RFC 6749 §4.1.2.1).
    const target = parseInput(authorizationTargetSchema, query);
    const client = target.client_id ? await oauthRepo.findClient(target.client_id) : null;
    if (!client) return { kind: 'show', error: 'invalid_client', message: 'This application is not registered here (unknown client_id).' };
    if (!target.redirect_uri || !isRegisteredRedirect(client.redirectUris, target.redirect_uri)) {
      return { kind: 'show', error: 'invalid_redirect_uri', message: 'The redirect_uri is not one this application registered.' };
    }
    const redirectUri = target.redirect_uri;
    // `state` goes back as sent (RFC 6749 §4.1.2.1), unless it is itself what is wrong with the request.
    const state = v.is(authorizationRequestSchema.entries.state, query.state) ? query.state : undefined;
    const back = (error: string, description: string) => ({
      kind: 'redirect' as const,
      to: redirectWith(redirectUri, { error, error_description: description, state, iss: issuer }),
    });
    if (repeated.length > 0) return back('invalid_request', sentOnce(repeated));
    let request: AuthorizationRequest;
    try {
      request = parseInput(authorizationRequestSchema, query);
    } catch (error) {
      if (isDomainError(error) && error.code === 'validation_failed') return back('invalid_request', describeRefusal(error));
      throw error;
    }
    if (request.response_type !== 'code') return back('unsupported_response_type', 'Only response_type=code is supported.');
    if (request.code_challenge_method !== 'S256' || !request.code_challenge || !CHALLENGE.test(request.code_challenge)) {
      return back('invalid_request', 'PKCE is required: code_challenge (43 characters) with code_challenge_method=S256.');
    }
    const scopes = parseScopes(request.scope);
    if (!scopes) return back('invalid_scope', `scope must name one or more of: ${SCOPES.join(' ')}.`);
    if (request.resource !== undefined && !resources.has(request.resource)) return back('invalid_target', `resource must be ${baseUrl}/mcp or ${baseUrl}.`);
    const now = clock.now();
    return {
      kind: 'consent',
      client,
      request,
      consent: {
        client_id: client.id,
        client_name: client.clientName,
        client_uri: client.clientUri,
        redirect_uri: redirectUri,
        scopes,
        days: OAUTH_GRANT_DAYS,
        token_expires_at: toIso(new Date(now.getTime() + OAUTH_GRANT_DAYS * DAY_MS)),
      },
    };
  };

  /** Issues the grant's access token and a first refresh token; both die with the grant. */
  const tokenAnswer = (grant: { id: string; principalId: string; scopes: Scope[]; expiresAt: Date }, accessToken: string, refreshToken: string, now: Date) => ({
    access_token: accessToken,
    token_type: 'Bearer' as const,
    expires_in: Math.max(0, Math.floor((grant.expiresAt.getTime() - now.getTime()) / 1000)),
    scope: grant.scopes.join(' '),
    expires_at: toIso(grant.expiresAt),
    grant_id: grant.id,
    principal_id: grant.principalId,
    refresh_token: refreshToken,
  });

  const revokeGrant = async (grantId: string | null) => {
    if (!grantId) return;
    const grant = await repo.findGrant(grantId);
    if (grant && !grant.revokedAt) await repo.revokeGrant(grant.id, grant.principalId, clock.now());
  };

  const exchangeCode = async (form: { code?: string; code_verifier?: string; redirect_uri?: string; client_id?: string; resource?: string }) => {
    if (!form.code || !form.code_verifier || !form.redirect_uri || !form.client_id) {
      throw accessErrors.codeFieldsMissing();
    }
    // RFC 6749 §5.2: an unknown client is invalid_client, checked before the code, which it leaves unspent.
    const client = await oauthRepo.findClient(form.client_id);
    if (!client) throw oauthErrors.unknownClient();
    const codeHash = hashSecret(form.code);
    const now = clock.now();
    // A refused exchange rolls back the spending of the code, so a wrong guess cannot burn the client's code;
    // a second use of a spent one is answered after the transaction, with what it issued revoked.
    const used = await transaction(async () => {
      const found = await oauthRepo.useCode(codeHash, now);
      if (!found) throw accessErrors.unknownCode();
      const { code } = found;
      if (!found.firstUse) return { reused: code.grantId };
      if (code.expiresAt <= now) throw accessErrors.codeExpired();
      if (code.clientId !== form.client_id) throw accessErrors.codeOfAnotherClient();
      // RFC 6749 §4.1.3: the very redirect_uri of the authorization request, a loopback one's port included.
      if (code.redirectUri !== form.redirect_uri) throw accessErrors.redirectUriDiffers();
      if (!VERIFIER.test(form.code_verifier!) || s256(form.code_verifier!) !== code.codeChallenge) {
        throw accessErrors.verifierMismatch();
      }
      if (form.resource !== undefined && (!resources.has(form.resource) || (code.resource !== null && code.resource !== form.resource))) {
        throw oauthErrors.codeResourceDiffers();
      }
      const accessToken = newSecret(TOKEN_PREFIX);
      const refreshToken = newSecret('tdr');
      const grant = {
        id: ids('grt'),
        principalId: code.principalId,
        agentName: client.clientName,
        description: null,
        agentUrl: client.clientUri,
        builtWith: null,
        model: null,
        scopes: code.scopes,
        createdAt: now,
        expiresAt: new Date(now.getTime() + code.days * DAY_MS),
        revokedAt: null,
        lastUsedAt: null,
      };
      await repo.insertGrant({ ...grant, tokenHash: hashSecret(accessToken) });
      await oauthRepo.setCodeGrant(codeHash, grant.id);
      await oauthRepo.insertRefreshToken({
        tokenHash: hashSecret(refreshToken),
        grantId: grant.id,
        clientId: code.clientId,
        resource: code.resource ?? form.resource ?? null,
        createdAt: now,
        usedAt: null,
      });
      return { answer: tokenAnswer(grant, accessToken, refreshToken, now) };
    });
    if ('answer' in used) return used.answer;
    // Spent without issuing anything: the person revoked every agent before the client exchanged it.
    if (used.reused === null) throw accessErrors.codeRevoked();
    // RFC 6749 §4.1.2: a code presented twice was likely stolen; what it issued is revoked.
    await revokeGrant(used.reused);
    throw accessErrors.codeReused();
  };

  const refresh = async (form: { refresh_token?: string; client_id?: string; scope?: string; resource?: string }) => {
    if (!form.refresh_token) throw accessErrors.refreshTokenMissing();
    // A public client need not send client_id with a refresh; one it sends must be registered (RFC 6749 §5.2).
    if (form.client_id !== undefined && !(await oauthRepo.findClient(form.client_id))) throw oauthErrors.unknownClient();
    const tokenHash = hashSecret(form.refresh_token);
    const now = clock.now();
    const known = await oauthRepo.findRefreshToken(tokenHash);
    if (!known) throw accessErrors.unknownRefreshToken();
    if (form.client_id !== undefined && form.client_id !== known.clientId) throw accessErrors.refreshTokenOfAnotherClient();
    const grant = await repo.findGrant(known.grantId);
    if (!grant || grant.revokedAt || grant.expiresAt <= now) throw accessErrors.refreshAccessEnded();
    if (form.scope !== undefined) {
      const asked = parseScopes(form.scope);
      // Never wider than what the person approved (RFC 6749 §6).
      if (!asked || asked.some((scope) => !grant.scopes.includes(scope))) throw accessErrors.refreshWidensScopes();
    }
    if (form.resource !== undefined && (!resources.has(form.resource) || (known.resource !== null && known.resource !== form.resource))) {
      throw oauthErrors.tokenResourceDiffers();
    }
    const outcome = await transaction(async () => {
      const used = await oauthRepo.useRefreshToken(tokenHash, now);
      if (!used?.firstUse) return null;
      const accessToken = newSecret(TOKEN_PREFIX);
      const refreshToken = newSecret('tdr');
      if (!(await oauthRepo.rotateGrantToken(grant.id, hashSecret(accessToken), now))) {
        throw accessErrors.refreshAccessEnded();
      }
      await oauthRepo.insertRefreshToken({ tokenHash: hashSecret(refreshToken), grantId: grant.id, clientId: known.clientId, resource: known.resource, createdAt: now, usedAt: null });
      return tokenAnswer(grant, accessToken, refreshToken, now);
    });
    if (outcome) return outcome;
    // OAuth 2.1 §4.3.1: a rotated refresh token presented again means one of two holders is not the client.
    await revokeGrant(grant.id);
    throw accessErrors.refreshTokenReused();
  };

  return {
    register: (input: unknown, client?: string) =>
      oauthForm('invalid_client_metadata', async () => {
        const metadata = parseInput(registrationSchema, input);
        const bad = metadata.redirect_uris.find((uri) => !acceptableRedirectUri(uri));
        if (bad !== undefined) {
          throw oauthErrors.badRedirectUri(bad);
        }
        if (metadata.token_endpoint_auth_method !== undefined && metadata.token_endpoint_auth_method !== 'none') {
          throw oauthErrors.confidentialClient();
        }
        if (client !== undefined) await takeOrRefuse(limiter, [OAUTH_LIMITS.registrationsPerAddress, client], 'Too many client registrations from this address.');
        const now = clock.now();
        const record: OAuthClientRecord = {
          id: ids('cli'),
          clientName: metadata.client_name,
          clientUri: metadata.client_uri ?? null,
          redirectUris: [...new Set(metadata.redirect_uris)],
          createdAt: now,
        };
        await oauthRepo.insertClient(record);
        return {
          client_id: record.id,
          client_id_issued_at: Math.floor(now.getTime() / 1000),
          client_name: record.clientName,
          redirect_uris: record.redirectUris,
          ...(record.clientUri ? { client_uri: record.clientUri } : {}),
          grant_types: ['authorization_code', 'refresh_token'],
          response_types: ['code'],
          token_endpoint_auth_method: 'none' as const,
        };
      }),

    checkAuthorization: async (query: unknown): Promise<AuthorizationCheck> => {
      try {
        const { client: _client, ...checked } = await check(query);
        return checked;
      } catch (error) {
        if (isDomainError(error) && error.code === 'validation_failed') return { kind: 'show', error: 'invalid_request', message: error.message };
        throw error;
      }
    },

    decide: async (actor: Actor, input: unknown, decision: 'approve' | 'deny'): Promise<AuthorizationCheck> => {
      requireHuman(actor);
      const { client: _client, ...checked } = await check(input);
      if (checked.kind !== 'consent') return checked;
      const { request, consent } = checked;
      if (decision === 'deny') {
        return { kind: 'redirect', to: redirectWith(consent.redirect_uri, { error: 'access_denied', error_description: 'The person denied access.', state: request.state, iss: issuer }) };
      }
      const code = newSecret('tdc');
      const now = clock.now();
      await oauthRepo.insertCode({
        codeHash: hashSecret(code),
        clientId: consent.client_id,
        principalId: actor.principalId,
        redirectUri: consent.redirect_uri,
        codeChallenge: request.code_challenge!,
        scopes: consent.scopes,
        days: consent.days,
        resource: request.resource ?? null,
        createdAt: now,
        expiresAt: new Date(now.getTime() + AUTHORIZATION_CODE_LIFETIME_SECONDS * 1000),
        usedAt: null,
        grantId: null,
      });
      return { kind: 'redirect', to: redirectWith(consent.redirect_uri, { code, state: request.state, iss: issuer }) };
    },

    token: (form: unknown) =>
      oauthForm('invalid_request', async () => {
        const parsed = parseInput(tokenFormSchema, form);
        if (parsed.grant_type === 'authorization_code') return exchangeCode(parsed);
        if (parsed.grant_type === 'refresh_token') return refresh(parsed);
        throw accessErrors.unsupportedGrantType();
      }),

    revoke: (form: unknown) =>
      oauthForm('invalid_request', async () => {
        const { token, client_id } = parseInput(revocationFormSchema, form);
        const tokenHash = hashSecret(token);
        const refreshToken = await oauthRepo.findRefreshToken(tokenHash);
        const live = refreshToken ? null : await repo.findLiveGrantByTokenHash(tokenHash, clock.now());
        const grantId = refreshToken?.grantId ?? live?.grant.id;
        // RFC 7009 §2.1: a client that names itself revokes only what was issued to it. A device-flow
        // grant has no registered client (its client_id is the agent's name, compared nowhere), and
        // an unknown token is answered 200 whoever asks (§2.2).
        if (client_id !== undefined && grantId) {
          const issuedTo = refreshToken ? refreshToken.clientId : await oauthRepo.findClientOfGrant(grantId);
          if (issuedTo !== null && issuedTo !== client_id) {
            throw (await oauthRepo.findClient(client_id)) ? oauthErrors.tokenOfAnotherClient() : oauthErrors.unknownClient();
          }
        }
        if (refreshToken) await revokeGrant(refreshToken.grantId);
        else if (live) await repo.revokeGrant(live.grant.id, live.grant.principalId, clock.now());
        return {};
      }),
  };
};
