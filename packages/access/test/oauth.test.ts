import { createHash } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { DAY_MS, type Actor } from '@svc/kernel';
import { SCOPES } from '../src/scopes.ts';
import { AUTHORIZATION_CODE_LIFETIME_SECONDS, createOAuthService, OAUTH_GRANT_DAYS, OAUTH_LIMITS } from '../src/oauth.service.ts';
import { hashSecret } from '../src/secrets.ts';
import { memoryOAuthRepository } from './oauth-stand-ins.ts';
import { memoryAccessDeps } from './stand-ins.ts';

/**
 * The OAuth authorization code flow with PKCE over in-memory repositories: which clients may
 * register, which requests reach the consent page, who may approve, what an exchange and a refresh
 * demand and issue, and that a replayed code or refresh token and a revocation end the access.
 */
const BASE = 'https://tasks.test';
const REDIRECT = 'https://app.test/callback';
const VERIFIER = 'the-verifier.of_this~client-'.padEnd(50, 'x');
const challengeOf = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');
const CHALLENGE = challengeOf(VERIFIER);
const CODE_SECONDS = 60;

const setUp = async () => {
  const memory = memoryAccessDeps();
  const oauthMemory = memoryOAuthRepository(memory.state);
  // One transaction over both repositories, as both live in one database.
  const transaction = async <T>(work: () => Promise<T>): Promise<T> => {
    const before = oauthMemory.snapshot();
    try {
      return await memory.deps.transaction(work);
    } catch (error) {
      oauthMemory.restore(before);
      throw error;
    }
  };
  const oauth = createOAuthService({ ...memory.deps, transaction, oauthRepo: oauthMemory.oauthRepo });
  await memory.deps.repo.insertPrincipal({ id: 'prn_owner', email: 'owner@example.test', passwordHash: 'x', displayName: 'Owner', isSupport: false, createdAt: memory.clock.now() });
  const person: Actor = { principalId: 'prn_owner', displayName: 'Owner', via: 'session', grantId: null, agentName: null, scopes: [], isSupport: false };
  const { client_id } = await oauth.register({ client_name: 'App', redirect_uris: [REDIRECT], client_uri: 'https://app.test' });

  const request = (extra: Record<string, string | undefined> = {}) => ({
    client_id,
    redirect_uri: REDIRECT,
    response_type: 'code',
    code_challenge: CHALLENGE,
    code_challenge_method: 'S256',
    scope: 'jobs:write account:read',
    state: 'the-state',
    ...extra,
  });
  /** The person approves the request; answers the code sent back to the client. */
  const approve = async (extra: Record<string, string | undefined> = {}) => {
    const decided = await oauth.decide(person, request(extra), 'approve');
    if (decided.kind !== 'redirect') throw new Error(`expected a redirect, got ${JSON.stringify(decided)}`);
    return new URL(decided.to).searchParams.get('code')!;
  };
  // The token endpoint's answer, typed as issued (its type allows `undefined`, which it never answers).
  const exchange = (code: string, extra: Record<string, string | undefined> = {}) =>
    oauth.token({ grant_type: 'authorization_code', code, code_verifier: VERIFIER, redirect_uri: REDIRECT, client_id, ...extra }).then((answer) => answer!);
  const refresh = (refreshToken: string, extra: Record<string, string | undefined> = {}) =>
    oauth.token({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id, ...extra }).then((answer) => answer!);
  const live = (accessToken: string) => memory.deps.repo.findLiveGrantByTokenHash(hashSecret(accessToken), memory.clock.now());
  return { ...memory, oauth, oauthState: oauthMemory.state, oauthRepo: oauthMemory.oauthRepo, person, client_id, request, approve, exchange, refresh, live };
};

/** The query of a redirect, as a plain object. */
const queryOf = (check: { kind: string; to?: string }): Record<string, string> => {
  expect(check.kind).toBe('redirect');
  const url = new URL(check.to!);
  return { at: `${url.origin}${url.pathname}`, ...Object.fromEntries(url.searchParams) };
};

describe('client registration', () => {
  it('registers a public client with https and loopback http redirect URIs, each once', async () => {
    const { oauth, oauthState, clock } = await setUp();
    const uris = ['https://app.test/a', 'http://127.0.0.1:8123/cb', 'http://[::1]/cb', 'http://localhost:9000/cb', 'https://app.test/a'];
    const registered = await oauth.register({ client_name: 'Native', redirect_uris: uris, token_endpoint_auth_method: 'none' }, '192.0.2.1');
    expect(registered).toEqual({
      client_id: 'cli_2',
      client_id_issued_at: Math.floor(clock.now().getTime() / 1000),
      client_name: 'Native',
      redirect_uris: uris.slice(0, 4),
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    });
    expect(oauthState().clients.get('cli_2')).toEqual({ id: 'cli_2', clientName: 'Native', clientUri: null, redirectUris: uris.slice(0, 4), createdAt: clock.now() });
    expect(await oauth.register({ client_name: 'Web', redirect_uris: [REDIRECT], client_uri: 'https://app.test' })).toMatchObject({ client_uri: 'https://app.test' });
  });

  it.each([
    ['plain http off the loopback', 'http://app.test/cb'],
    ['another scheme', 'ftp://app.test/cb'],
    ['another scheme on the loopback', 'ftp://127.0.0.1/cb'],
    ['a fragment', 'https://app.test/cb#part'],
    ['an empty fragment', 'https://app.test/cb#'],
    ['a user name', 'https://someone@app.test/cb'],
    ['a password', 'https://:secret@app.test/cb'],
    ['not a URI', 'callback'],
  ])('refuses a redirect URI with %s', async (_, bad) => {
    const { oauth, oauthState } = await setUp();
    await expect(oauth.register({ client_name: 'Bad', redirect_uris: [REDIRECT, bad] })).rejects.toMatchObject({
      code: 'invalid_redirect_uri',
      message: `Redirect URIs must be https, or http on a loopback address, without a fragment: ${bad}`,
    });
    expect(oauthState().clients.size).toBe(1);
  });

  it.each([
    ['client_uri', 'javascript:alert(1)'],
    ['client_uri', 'data:text/html,<p>hi</p>'],
    ['client_uri', 'file:///etc/passwd'],
    ['logo_uri', 'javascript:alert(1)'],
    ['policy_uri', 'ftp://app.test/policy'],
    ['tos_uri', 'data:,terms'],
  ])('refuses a %s that is no web address (%s) as invalid_client_metadata (RFC 7591 §3.2.2)', async (member, value) => {
    const { oauth, oauthState } = await setUp();
    await expect(oauth.register({ client_name: 'Bad', redirect_uris: [REDIRECT], [member]: value })).rejects.toMatchObject({
      code: 'invalid_client_metadata',
      extras: { details: [expect.objectContaining({ path: member })] },
    });
    expect(oauthState().clients.size).toBe(1);
  });

  it('refuses a confidential client', async () => {
    const { oauth } = await setUp();
    await expect(oauth.register({ client_name: 'Server', redirect_uris: [REDIRECT], token_endpoint_auth_method: 'client_secret_basic' })).rejects.toMatchObject({
      code: 'invalid_client_metadata',
      message: 'Only public clients register here: token_endpoint_auth_method must be none.',
    });
  });

  it('registers at most 20 clients from one address in 15 minutes; callers inside the process are not counted', async () => {
    const { oauth, count } = await setUp();
    expect(OAUTH_LIMITS.registrationsPerAddress).toMatchObject({ limit: 20, windowSeconds: 900 });
    for (let i = 0; i < 20; i++) await oauth.register({ client_name: `App ${i}`, redirect_uris: [REDIRECT] }, '192.0.2.1');
    await expect(oauth.register({ client_name: 'One more', redirect_uris: [REDIRECT] }, '192.0.2.1')).rejects.toMatchObject({
      code: 'rate_limited',
      message: expect.stringMatching(/^Too many client registrations from this address\. Try again in /),
    });
    await oauth.register({ client_name: 'Elsewhere', redirect_uris: [REDIRECT] }, '192.0.2.2');
    expect(count(OAUTH_LIMITS.registrationsPerAddress, 'undefined')).toBe(0);
  });
});

describe('the authorization request', () => {
  it('leads a sound request to the consent page, for 30 days', async () => {
    const { oauth, request, client_id, clock } = await setUp();
    expect(OAUTH_GRANT_DAYS).toBe(30);
    expect(await oauth.checkAuthorization(request())).toEqual({
      kind: 'consent',
      request: request(),
      consent: {
        client_id,
        client_name: 'App',
        client_uri: 'https://app.test',
        redirect_uri: REDIRECT,
        scopes: ['jobs:write', 'account:read'],
        days: 30,
        token_expires_at: new Date(clock.now().getTime() + 30 * DAY_MS).toISOString(),
      },
    });
  });

  it('shows an unknown client and a redirect URI it did not register on the page, redirecting nowhere', async () => {
    const { oauth, request } = await setUp();
    const unknownClient = { kind: 'show', error: 'invalid_client', message: 'This application is not registered here (unknown client_id).' };
    expect(await oauth.checkAuthorization(request({ client_id: 'cli_none' }))).toEqual(unknownClient);
    expect(await oauth.checkAuthorization(request({ client_id: undefined }))).toEqual(unknownClient);
    expect(await oauth.checkAuthorization(request({ client_id: '' }))).toEqual(unknownClient);
    const wrongRedirect = { kind: 'show', error: 'invalid_redirect_uri', message: 'The redirect_uri is not one this application registered.' };
    expect(await oauth.checkAuthorization(request({ redirect_uri: 'https://evil.test/callback' }))).toEqual(wrongRedirect);
    expect(await oauth.checkAuthorization(request({ redirect_uri: undefined }))).toEqual(wrongRedirect);
    expect(await oauth.checkAuthorization(request({ client_id: 'x'.repeat(201) }))).toMatchObject({ kind: 'show', error: 'invalid_request', message: expect.any(String) });
  });

  it('lets a loopback redirect URI come back on any port (RFC 8252 §7.3), and binds the code to the one used', async () => {
    const { oauth, person, oauthState } = await setUp();
    const registered = ['http://127.0.0.1:33333/cb', 'http://[::1]/cb?app=desk', 'http://localhost:5000/callback'];
    const { client_id } = await oauth.register({ client_name: 'Native', redirect_uris: registered });
    const ask = (redirect_uri: string) => ({ client_id, redirect_uri, response_type: 'code', code_challenge: CHALLENGE, code_challenge_method: 'S256', scope: 'jobs:write', state: 's' });
    for (const used of ['http://127.0.0.1:44444/cb', 'http://127.0.0.1/cb', 'http://[::1]:65535/cb?app=desk', 'http://localhost:41000/callback']) {
      expect(await oauth.checkAuthorization(ask(used)), used).toMatchObject({ kind: 'consent', consent: { redirect_uri: used } });
    }
    const answer = queryOf(await oauth.decide(person, ask('http://127.0.0.1:44444/cb'), 'approve'));
    expect(answer).toEqual({ at: 'http://127.0.0.1:44444/cb', code: expect.any(String), state: 's', iss: BASE });
    expect(oauthState().codes.get(hashSecret(answer.code!))).toMatchObject({ clientId: client_id, redirectUri: 'http://127.0.0.1:44444/cb' });
    const exchange = (redirect_uri: string) => oauth.token({ grant_type: 'authorization_code', code: answer.code, code_verifier: VERIFIER, redirect_uri, client_id });
    // The token request presents the URI the code went to, not the registered one (RFC 6749 §4.1.3).
    await expect(exchange('http://127.0.0.1:33333/cb')).rejects.toMatchObject({ code: 'invalid_grant', message: 'redirect_uri differs from the authorization request.' });
    await expect(exchange('http://127.0.0.1:44444/cb')).resolves.toMatchObject({ principal_id: 'prn_owner' });
  });

  it.each([
    ['another path', 'http://127.0.0.1:44444/other'],
    ['a longer path', 'http://127.0.0.1:44444/cb/more'],
    ['another query', 'http://127.0.0.1:44444/cb?x=1'],
    ['a fragment', 'http://127.0.0.1:44444/cb#x'],
    ['https', 'https://127.0.0.1:44444/cb'],
    ['another loopback address', 'http://127.0.0.2:44444/cb'],
    ['localhost for an IP literal', 'http://localhost:44444/cb'],
    ['a user before the host', 'http://127.0.0.1:44444@evil.test/cb'],
    ['a port no URL holds', 'http://127.0.0.1:99999/cb'],
    ['another port of an https URI', 'https://app.test:8443/callback'],
  ])('matches every part of a loopback redirect URI but its port: on another port, refuses %s on the page', async (_, used) => {
    const { oauth } = await setUp();
    const { client_id } = await oauth.register({ client_name: 'Native', redirect_uris: ['http://127.0.0.1:33333/cb', REDIRECT] });
    const check = (redirect_uri: string) =>
      oauth.checkAuthorization({ client_id, redirect_uri, response_type: 'code', code_challenge: CHALLENGE, code_challenge_method: 'S256', scope: 'jobs:write' });
    expect(await check('http://127.0.0.1:44444/cb')).toMatchObject({ kind: 'consent' });
    expect(await check(used)).toEqual({ kind: 'show', error: 'invalid_redirect_uri', message: 'The redirect_uri is not one this application registered.' });
  });

  it('lets a failure of its own storage through rather than show it as a bad request', async () => {
    const { oauth, request, oauthRepo } = await setUp();
    const broken = new Error('database gone');
    vi.spyOn(oauthRepo, 'findClient').mockRejectedValueOnce(broken);
    await expect(oauth.checkAuthorization(request())).rejects.toBe(broken);
  });

  it('sends other problems back to the client with its state and the issuer', async () => {
    const { oauth, request } = await setUp();
    expect(queryOf(await oauth.checkAuthorization(request({ response_type: 'token' })))).toEqual({
      at: REDIRECT,
      error: 'unsupported_response_type',
      error_description: 'Only response_type=code is supported.',
      state: 'the-state',
      iss: BASE,
    });
    expect(queryOf(await oauth.checkAuthorization(request({ response_type: 'token', state: undefined })))).not.toHaveProperty('state');
  });

  it.each([
    ['state', { state: ['a', 'b'] }, {}],
    ['resource', { resource: [`${BASE}/mcp`, 'https://other.test/mcp'] }, { state: 'the-state' }],
    ['scope', { scope: ['jobs:write', 'account:read'] }, { state: 'the-state' }],
  ])('sends a request with %s sent twice back as invalid_request (RFC 6749 §3.1), its state only when sent once', async (name, twice, state) => {
    const { oauth, request, person, oauthState } = await setUp();
    const sent = { ...request(), ...twice };
    const refused = { at: REDIRECT, error: 'invalid_request', error_description: `${Object.keys(twice)[0]} must be sent once (RFC 6749 §3.1).`, iss: BASE, ...state };
    expect(queryOf(await oauth.checkAuthorization(sent))).toEqual(refused);
    expect(queryOf(await oauth.decide(person, sent, 'approve'))).toEqual(refused);
    expect(oauthState().codes.size).toBe(0);
  });

  it('ignores a parameter it does not read, sent twice or not (RFC 6749 §3.1: unrecognised parameters MUST be ignored)', async () => {
    const { oauth, request } = await setUp();
    expect(await oauth.checkAuthorization({ ...request(), prompt: ['login', 'consent'], nonce: 'n' })).toMatchObject({ kind: 'consent' });
  });

  it('shows a client_id or redirect_uri sent twice on the page: whom to send it back to is unknown', async () => {
    const { oauth, request } = await setUp();
    expect(await oauth.checkAuthorization({ ...request(), client_id: ['cli_1', 'cli_1'] })).toEqual({ kind: 'show', error: 'invalid_request', message: 'client_id must be sent once (RFC 6749 §3.1).' });
    expect(await oauth.checkAuthorization({ ...request(), redirect_uri: [REDIRECT, REDIRECT], state: ['a', 'b'] })).toEqual({
      kind: 'show',
      error: 'invalid_request',
      message: 'redirect_uri must be sent once (RFC 6749 §3.1).',
    });
  });

  it('sends a malformed parameter back as invalid_request once the client and its redirect URI are trusted (RFC 6749 §4.1.2.1)', async () => {
    const { oauth, request } = await setUp();
    expect(queryOf(await oauth.checkAuthorization(request({ state: 's'.repeat(2001) })))).toEqual({
      at: REDIRECT,
      error: 'invalid_request',
      error_description: 'state must be at most 2000 characters.',
      iss: BASE,
    });
    expect(queryOf(await oauth.checkAuthorization(request({ code_challenge: 'c'.repeat(201) })))).toEqual({
      at: REDIRECT,
      error: 'invalid_request',
      error_description: 'code_challenge must be at most 200 characters.',
      state: 'the-state',
      iss: BASE,
    });
  });

  it.each([
    ['the plain method', { code_challenge_method: 'plain' }],
    ['no method', { code_challenge_method: undefined }],
    ['no challenge', { code_challenge: undefined }],
    ['an empty challenge', { code_challenge: '' }],
    ['a challenge too short', { code_challenge: CHALLENGE.slice(1) }],
    ['a challenge too long', { code_challenge: `${CHALLENGE}A` }],
    ['a challenge with a character base64url lacks', { code_challenge: `+${CHALLENGE.slice(1)}` }],
    ['a challenge ending in one', { code_challenge: `${CHALLENGE.slice(1)}=` }],
  ])('requires PKCE with S256: refuses %s', async (_, extra) => {
    const { oauth, request } = await setUp();
    expect(queryOf(await oauth.checkAuthorization(request(extra)))).toMatchObject({
      error: 'invalid_request',
      error_description: 'PKCE is required: code_challenge (43 characters) with code_challenge_method=S256.',
    });
  });

  it.each([
    ['no scope', undefined],
    ['an empty scope', ' '],
    ['a repeated scope', 'jobs:write jobs:write'],
    ['an unknown scope', 'jobs:write admin'],
  ])('refuses %s', async (_, scope) => {
    const { oauth, request } = await setUp();
    expect(queryOf(await oauth.checkAuthorization(request({ scope })))).toMatchObject({
      error: 'invalid_scope',
      error_description: `scope must name one or more of: ${SCOPES.join(' ')}.`,
    });
  });

  it('reads scopes separated by any number of spaces', async () => {
    const { oauth, request } = await setUp();
    expect(await oauth.checkAuthorization(request({ scope: '  account:read   jobs:write ' }))).toMatchObject({ consent: { scopes: ['account:read', 'jobs:write'] } });
  });

  it('binds a token only to this service’s API or MCP endpoint', async () => {
    const { oauth, request } = await setUp();
    for (const resource of [BASE, `${BASE}/`, `${BASE}/mcp`]) expect(await oauth.checkAuthorization(request({ resource }))).toMatchObject({ kind: 'consent' });
    expect(queryOf(await oauth.checkAuthorization(request({ resource: 'https://other.test/mcp' })))).toMatchObject({
      error: 'invalid_target',
      error_description: `resource must be ${BASE}/mcp or ${BASE}.`,
    });
  });
});

describe('the person’s decision', () => {
  it('is the person’s only: an agent is refused', async () => {
    const { oauth, request, person, oauthState } = await setUp();
    const agent: Actor = { ...person, via: 'agent', grantId: 'grt_1', agentName: 'Bot', scopes: ['account:read'] };
    await expect(oauth.decide(agent, request(), 'approve')).rejects.toMatchObject({ code: 'human_only' });
    expect(oauthState().codes.size).toBe(0);
  });

  it('checks the request again: a bad one is answered as on the first look, and stores no code', async () => {
    const { oauth, request, person, oauthState } = await setUp();
    expect(await oauth.decide(person, request({ redirect_uri: 'https://evil.test/callback' }), 'approve')).toMatchObject({ kind: 'show', error: 'invalid_redirect_uri' });
    expect(queryOf(await oauth.decide(person, request({ scope: 'admin' }), 'approve'))).toMatchObject({ error: 'invalid_scope' });
    expect(oauthState().codes.size).toBe(0);
  });

  it('sends a denial back as access_denied, and stores no code', async () => {
    const { oauth, request, person, oauthState } = await setUp();
    expect(queryOf(await oauth.decide(person, request(), 'deny'))).toEqual({
      at: REDIRECT,
      error: 'access_denied',
      error_description: 'The person denied access.',
      state: 'the-state',
      iss: BASE,
    });
    expect(oauthState().codes.size).toBe(0);
  });

  it('sends an approval back as a code for a minute, stored as a hash with what the person approved', async () => {
    const { oauth, request, person, oauthState, client_id, clock } = await setUp();
    expect(AUTHORIZATION_CODE_LIFETIME_SECONDS).toBe(CODE_SECONDS);
    const answer = queryOf(await oauth.decide(person, request({ resource: `${BASE}/mcp` }), 'approve'));
    expect(answer).toEqual({ at: REDIRECT, code: expect.stringMatching(/^tdc_/), state: 'the-state', iss: BASE });
    expect(oauthState().codes.get(hashSecret(answer.code!))).toEqual({
      codeHash: hashSecret(answer.code!),
      clientId: client_id,
      principalId: 'prn_owner',
      redirectUri: REDIRECT,
      codeChallenge: CHALLENGE,
      scopes: ['jobs:write', 'account:read'],
      days: 30,
      resource: `${BASE}/mcp`,
      createdAt: clock.now(),
      expiresAt: new Date(clock.now().getTime() + CODE_SECONDS * 1000),
      usedAt: null,
      grantId: null,
    });
    expect(queryOf(await oauth.decide(person, request(), 'approve'))).toMatchObject({ code: expect.any(String) });
    expect([...oauthState().codes.values()].map((code) => code.resource)).toEqual([`${BASE}/mcp`, null]);
  });
});

describe('exchanging a code', () => {
  it('issues a 30-day token for the person with the approved scopes, and a refresh token', async () => {
    const { approve, exchange, state, oauthState, live, client_id, clock } = await setUp();
    const code = await approve();
    clock.advance(CODE_SECONDS * 1000 - 1);
    const issued = await exchange(code);
    const expiresAt = new Date(clock.now().getTime() + 30 * DAY_MS);
    expect(issued).toEqual({
      access_token: expect.stringMatching(/^tds_/),
      token_type: 'Bearer',
      expires_in: 30 * 86_400,
      scope: 'jobs:write account:read',
      expires_at: expiresAt.toISOString(),
      grant_id: 'grt_2',
      principal_id: 'prn_owner',
      refresh_token: expect.stringMatching(/^tdr_/),
    });
    expect(state().grants.get('grt_2')).toMatchObject({ principalId: 'prn_owner', agentName: 'App', agentUrl: 'https://app.test', scopes: ['jobs:write', 'account:read'], createdAt: clock.now(), expiresAt, revokedAt: null });
    expect(await live(issued.access_token)).toMatchObject({ grant: { id: 'grt_2' }, principal: { id: 'prn_owner' } });
    expect(oauthState().codes.get(hashSecret(code))).toMatchObject({ usedAt: clock.now(), grantId: 'grt_2' });
    expect(oauthState().refreshTokens.get(hashSecret(issued.refresh_token))).toEqual({
      tokenHash: hashSecret(issued.refresh_token),
      grantId: 'grt_2',
      clientId: client_id,
      resource: null,
      createdAt: clock.now(),
      usedAt: null,
    });
  });

  it.each(['code', 'code_verifier', 'redirect_uri', 'client_id'])('requires %s', async (name) => {
    const { approve, exchange, oauthState } = await setUp();
    const code = await approve();
    await expect(exchange(code, { [name]: '' })).rejects.toMatchObject({
      code: 'invalid_request',
      message: 'code, code_verifier, redirect_uri and client_id are required.',
    });
    await expect(exchange(code, { [name]: undefined })).rejects.toMatchObject({ code: 'invalid_request' });
    expect(oauthState().codes.get(hashSecret(code))!.usedAt).toBeNull();
  });

  it('refuses an unknown client as invalid_client (RFC 6749 §5.2), a 401, leaving its code unspent', async () => {
    const { approve, exchange, oauthState, state } = await setUp();
    const code = await approve();
    await expect(exchange(code, { client_id: 'cli_unknown' })).rejects.toMatchObject({
      code: 'invalid_client',
      kind: 'unauthenticated',
      message: 'No client is registered under this client_id; register again (RFC 7591) and authorize again.',
    });
    await expect(exchange('tdc_unknown', { client_id: 'cli_unknown' })).rejects.toMatchObject({ code: 'invalid_client' });
    expect(oauthState().codes.get(hashSecret(code))!.usedAt).toBeNull();
    expect(state().grants.size).toBe(0);
  });

  it('refuses an unknown code', async () => {
    const { exchange } = await setUp();
    await expect(exchange('tdc_unknown')).rejects.toMatchObject({ code: 'invalid_grant', message: 'This authorization code is unknown.' });
  });

  it('refuses a code at its expiry exactly', async () => {
    const { approve, exchange, clock, state } = await setUp();
    const code = await approve();
    clock.advance(CODE_SECONDS * 1000);
    await expect(exchange(code)).rejects.toMatchObject({ code: 'invalid_grant', message: 'This authorization code has expired; authorize again.' });
    expect(state().grants.size).toBe(0);
  });

  it.each([
    ['another client', (other: string) => ({ client_id: other }), 'This authorization code was issued to another client.'],
    ['another redirect URI', () => ({ redirect_uri: 'https://app.test/other' }), 'redirect_uri differs from the authorization request.'],
    ['a verifier that does not match', () => ({ code_verifier: 'x'.repeat(50) }), 'The code_verifier does not match the code_challenge.'],
  ])('refuses %s without using the code up', async (_, extra, message) => {
    const { approve, exchange, state, oauth } = await setUp();
    const { client_id: other } = await oauth.register({ client_name: 'Other', redirect_uris: [REDIRECT] });
    const code = await approve();
    await expect(exchange(code, extra(other))).rejects.toMatchObject({ code: 'invalid_grant', message });
    expect(state().grants.size).toBe(0);
    // The refusal rolled the use back: the client's own exchange still works.
    await expect(exchange(code)).resolves.toMatchObject({ principal_id: 'prn_owner' });
  });

  it.each([
    ['too short', 'v'.repeat(42)],
    ['too long', 'v'.repeat(129)],
    ['with a character RFC 7636 does not allow', `${'v'.repeat(42)}+`],
    ['starting with one', `+${'v'.repeat(42)}`],
  ])('refuses a verifier %s even when its hash matches', async (_, verifier) => {
    const { approve, exchange } = await setUp();
    const code = await approve({ code_challenge: challengeOf(verifier) });
    await expect(exchange(code, { code_verifier: verifier })).rejects.toMatchObject({ code: 'invalid_grant', message: 'The code_verifier does not match the code_challenge.' });
  });

  it('accepts verifiers of 43 and 128 characters', async () => {
    const { approve, exchange } = await setUp();
    for (const verifier of ['A-z.0_~'.padEnd(43, '9'), 'v'.repeat(128)]) {
      const code = await approve({ code_challenge: challengeOf(verifier) });
      await expect(exchange(code, { code_verifier: verifier })).resolves.toMatchObject({ principal_id: 'prn_owner' });
    }
  });

  it('binds the token to the resource of the request, or of the exchange, and refuses another', async () => {
    const { approve, exchange, oauthState } = await setUp();
    const bound = await approve({ resource: `${BASE}/mcp` });
    const invalidTarget = { code: 'invalid_target', message: 'resource differs from the authorization request.' };
    await expect(exchange(bound, { resource: BASE })).rejects.toMatchObject(invalidTarget);
    await expect(exchange(bound, { resource: 'https://other.test/mcp' })).rejects.toMatchObject(invalidTarget);
    const fromRequest = await exchange(bound);
    expect(oauthState().refreshTokens.get(hashSecret(fromRequest.refresh_token))!.resource).toBe(`${BASE}/mcp`);

    const open = await approve();
    await expect(exchange(open, { resource: 'https://other.test/mcp' })).rejects.toMatchObject(invalidTarget);
    const fromExchange = await exchange(open, { resource: `${BASE}/mcp` });
    expect(oauthState().refreshTokens.get(hashSecret(fromExchange.refresh_token))!.resource).toBe(`${BASE}/mcp`);
    const again = await approve({ resource: BASE });
    await expect(exchange(again, { resource: BASE })).resolves.toBeDefined();
  });

  it('revokes what a code issued when the code comes again', async () => {
    const { approve, exchange, live, state, clock } = await setUp();
    const code = await approve();
    const issued = await exchange(code);
    clock.advance(1000);
    await expect(exchange(code)).rejects.toMatchObject({
      code: 'invalid_grant',
      message: 'This authorization code was already used; the access it gave has been revoked.',
    });
    expect(await live(issued.access_token)).toBeNull();
    expect(state().grants.get(issued.grant_id)!.revokedAt).toEqual(clock.now());
    expect(state().grants.size).toBe(1);
    // A third try revokes nothing more and answers the same.
    clock.advance(1000);
    await expect(exchange(code)).rejects.toMatchObject({ code: 'invalid_grant' });
    expect(state().grants.get(issued.grant_id)!.revokedAt).toEqual(new Date(clock.now().getTime() - 1000));
  });

  it('answers a replayed code the same when the grant it issued is no longer stored', async () => {
    const { approve, exchange, deps } = await setUp();
    const code = await approve();
    await exchange(code);
    vi.spyOn(deps.repo, 'findGrant').mockResolvedValueOnce(null);
    await expect(exchange(code)).rejects.toMatchObject({
      code: 'invalid_grant',
      message: 'This authorization code was already used; the access it gave has been revoked.',
    });
  });

  // RFC 6749 §5.2: a malformed request is 400 invalid_request. The kind `invalid` is what the HTTP
  // edge answers as 400; a code outside the error catalogue would be `internal`, a 500.
  it('answers malformed token and revocation forms as invalid_request, a 400, with RFC 6749’s error_description', async () => {
    const { oauth } = await setUp();
    await expect(oauth.token({ code: 'tdc_x' })).rejects.toMatchObject({ code: 'invalid_request', kind: 'invalid', extras: { error_description: expect.any(String) } });
    await expect(oauth.revoke({})).rejects.toMatchObject({ code: 'invalid_request', kind: 'invalid', extras: { error_description: expect.any(String) } });
  });

  it('refuses a grant type it does not know', async () => {
    const { oauth } = await setUp();
    await expect(oauth.token({ grant_type: 'password' })).rejects.toMatchObject({
      code: 'unsupported_grant_type',
      message: 'grant_type must be authorization_code, refresh_token or urn:ietf:params:oauth:grant-type:device_code.',
    });
  });
});

describe('refreshing', () => {
  const issue = async (extra: Record<string, string | undefined> = {}) => {
    const set = await setUp();
    const issued = await set.exchange(await set.approve(extra));
    return { ...set, issued };
  };

  it('rotates the access and refresh tokens, and keeps the grant’s lifetime and scopes', async () => {
    const { refresh, issued, live, clock, oauthState } = await issue();
    clock.advance(DAY_MS);
    const renewed = await refresh(issued.refresh_token);
    expect(renewed).toEqual({
      access_token: expect.stringMatching(/^tds_/),
      token_type: 'Bearer',
      expires_in: 29 * 86_400,
      scope: 'jobs:write account:read',
      expires_at: issued.expires_at,
      grant_id: issued.grant_id,
      principal_id: 'prn_owner',
      refresh_token: expect.stringMatching(/^tdr_/),
    });
    expect(await live(issued.access_token)).toBeNull();
    expect(await live(renewed.access_token)).toMatchObject({ grant: { id: issued.grant_id } });
    expect(oauthState().refreshTokens.get(hashSecret(issued.refresh_token))!.usedAt).toEqual(clock.now());
    expect(oauthState().refreshTokens.get(hashSecret(renewed.refresh_token))).toMatchObject({ grantId: issued.grant_id, usedAt: null, createdAt: clock.now() });
    // Without client_id too (a public client's token is not bound to a secret).
    await expect(refresh(renewed.refresh_token, { client_id: undefined })).resolves.toMatchObject({ grant_id: issued.grant_id });
  });

  it('refuses a missing, an unknown and another client’s refresh token, and a client_id nobody registered (invalid_client)', async () => {
    const { refresh, issued, oauth, oauthState } = await issue();
    await expect(refresh('')).rejects.toMatchObject({ code: 'invalid_request', message: 'refresh_token is required.' });
    await expect(refresh('tdr_unknown')).rejects.toMatchObject({ code: 'invalid_grant', message: 'This refresh token is unknown.' });
    await expect(refresh(issued.refresh_token, { client_id: 'cli_other' })).rejects.toMatchObject({ code: 'invalid_client', kind: 'unauthenticated' });
    const { client_id: other } = await oauth.register({ client_name: 'Other', redirect_uris: [REDIRECT] });
    await expect(refresh(issued.refresh_token, { client_id: other })).rejects.toMatchObject({
      code: 'invalid_grant',
      message: 'This refresh token was issued to another client.',
    });
    // None of it used the token up.
    expect(oauthState().refreshTokens.get(hashSecret(issued.refresh_token))!.usedAt).toBeNull();
  });

  it('refuses once the grant is revoked, or at its expiry exactly', async () => {
    const ended = { code: 'invalid_grant', message: 'The access behind this refresh token has ended; authorize again.' };
    {
      const { refresh, issued, deps, clock } = await issue();
      await deps.repo.revokeGrant(issued.grant_id, 'prn_owner', clock.now());
      await expect(refresh(issued.refresh_token)).rejects.toMatchObject(ended);
    }
    {
      const { refresh, issued, clock } = await issue();
      clock.advance(30 * DAY_MS - 1);
      const renewed = await refresh(issued.refresh_token);
      expect(renewed.expires_in).toBe(0);
      clock.advance(1);
      await expect(refresh(renewed.refresh_token)).rejects.toMatchObject(ended);
    }
  });

  it('answers an ended grant as ended, before looking at the scope or resource asked for', async () => {
    const ended = { code: 'invalid_grant', message: 'The access behind this refresh token has ended; authorize again.' };
    const asking = { scope: 'jobs:write admin', resource: 'https://other.test' };
    {
      const { refresh, issued, deps, clock } = await issue();
      await deps.repo.revokeGrant(issued.grant_id, 'prn_owner', clock.now());
      await expect(refresh(issued.refresh_token, asking)).rejects.toMatchObject(ended);
    }
    {
      const { refresh, issued, clock } = await issue();
      clock.advance(30 * DAY_MS);
      await expect(refresh(issued.refresh_token, asking)).rejects.toMatchObject(ended);
    }
    {
      // A grant no longer stored (its refresh token outlived it) is ended too.
      const { refresh, issued, deps } = await issue();
      vi.spyOn(deps.repo, 'findGrant').mockResolvedValueOnce(null);
      await expect(refresh(issued.refresh_token, asking)).rejects.toMatchObject(ended);
    }
  });

  it('answers a refresh token that vanished during the refresh as used, and revokes its grant', async () => {
    const { refresh, issued, oauthRepo, live } = await issue();
    vi.spyOn(oauthRepo, 'useRefreshToken').mockResolvedValueOnce(null);
    await expect(refresh(issued.refresh_token)).rejects.toMatchObject({
      code: 'invalid_grant',
      message: 'This refresh token was already used; the access it gave has been revoked.',
    });
    expect(await live(issued.access_token)).toBeNull();
  });

  it('never widens the scopes the person approved', async () => {
    const { refresh, issued, oauthState } = await issue({ scope: 'jobs:write' });
    const refused = { code: 'invalid_scope', message: 'A refresh cannot widen the scopes the person approved.' };
    await expect(refresh(issued.refresh_token, { scope: 'jobs:write account:read' })).rejects.toMatchObject(refused);
    await expect(refresh(issued.refresh_token, { scope: 'admin' })).rejects.toMatchObject(refused);
    await expect(refresh(issued.refresh_token, { scope: '' })).rejects.toMatchObject(refused);
    expect(oauthState().refreshTokens.get(hashSecret(issued.refresh_token))!.usedAt).toBeNull();
    await expect(refresh(issued.refresh_token, { scope: 'jobs:write' })).resolves.toMatchObject({ scope: 'jobs:write' });
  });

  it('keeps the token bound to its resource', async () => {
    const { refresh, issued } = await issue({ resource: `${BASE}/mcp` });
    const invalidTarget = { code: 'invalid_target', message: 'resource differs from the one this token was issued for.' };
    await expect(refresh(issued.refresh_token, { resource: BASE })).rejects.toMatchObject(invalidTarget);
    await expect(refresh(issued.refresh_token, { resource: 'https://other.test' })).rejects.toMatchObject(invalidTarget);
    await expect(refresh(issued.refresh_token, { resource: `${BASE}/mcp` })).resolves.toBeDefined();
  });

  it('lets an unbound token name any of this service’s resources, and no other', async () => {
    const { refresh, issued } = await issue();
    await expect(refresh(issued.refresh_token, { resource: 'https://other.test' })).rejects.toMatchObject({ code: 'invalid_target' });
    await expect(refresh(issued.refresh_token, { resource: BASE })).resolves.toBeDefined();
  });

  it('revokes the grant when a rotated refresh token comes again', async () => {
    const { refresh, issued, live, state, clock } = await issue();
    const renewed = await refresh(issued.refresh_token);
    await expect(refresh(issued.refresh_token)).rejects.toMatchObject({
      code: 'invalid_grant',
      message: 'This refresh token was already used; the access it gave has been revoked.',
    });
    expect(await live(renewed.access_token)).toBeNull();
    expect(state().grants.get(issued.grant_id)!.revokedAt).toEqual(clock.now());
  });

  it('issues nothing, and leaves the refresh token unused, when the grant ends during the refresh', async () => {
    const { refresh, issued, oauthRepo, oauthState, live } = await issue();
    vi.spyOn(oauthRepo, 'rotateGrantToken').mockResolvedValueOnce(false);
    await expect(refresh(issued.refresh_token)).rejects.toMatchObject({
      code: 'invalid_grant',
      message: 'The access behind this refresh token has ended; authorize again.',
    });
    expect(oauthState().refreshTokens.size).toBe(1);
    expect(oauthState().refreshTokens.get(hashSecret(issued.refresh_token))!.usedAt).toBeNull();
    expect(await live(issued.access_token)).not.toBeNull();
  });
});

describe('revocation', () => {
  it('with a client_id, revokes only a token issued to that client (RFC 7009 §2.1)', async () => {
    const { oauth, approve, exchange, live, client_id, deps, clock } = await setUp();
    const { client_id: other } = await oauth.register({ client_name: 'Other', redirect_uris: [REDIRECT] });
    const issued = await exchange(await approve());
    for (const token of [issued.refresh_token, issued.access_token]) {
      await expect(oauth.revoke({ token, client_id: other })).rejects.toMatchObject({
        code: 'invalid_grant',
        message: 'This token was issued to another client; nothing was revoked.',
      });
      await expect(oauth.revoke({ token, client_id: 'cli_unknown' })).rejects.toMatchObject({ code: 'invalid_client', kind: 'unauthenticated' });
    }
    expect(await live(issued.access_token)).not.toBeNull();
    // An unknown token is answered as always, whoever asks (§2.2).
    expect(await oauth.revoke({ token: 'tdr_unknown', client_id: 'cli_unknown' })).toEqual({});
    expect(await oauth.revoke({ token: issued.access_token, client_id })).toEqual({});
    expect(await live(issued.access_token)).toBeNull();
    // A device-flow grant has no registered client: its client_id, the agent's name, is not compared.
    const token = 'tds_device_flow_token';
    const agent = { agentName: 'Party planner', description: null, agentUrl: null, builtWith: null, model: null };
    const lifetime = { createdAt: clock.now(), expiresAt: new Date(clock.now().getTime() + DAY_MS), revokedAt: null, lastUsedAt: null };
    await deps.repo.insertGrant({ id: 'grt_device', principalId: 'prn_owner', ...agent, scopes: ['account:read'], ...lifetime, tokenHash: hashSecret(token) });
    expect(await oauth.revoke({ token, client_id: 'Party planner' })).toEqual({});
    expect(await live(token)).toBeNull();
  });

  it('ends the whole grant from its refresh token or its access token; anything else is answered the same', async () => {
    const { oauth, approve, exchange, live, state, clock } = await setUp();
    const byRefresh = await exchange(await approve());
    const byAccess = await exchange(await approve());
    expect(await oauth.revoke({ token: 'tds_unknown' })).toEqual({});
    expect(await live(byRefresh.access_token)).not.toBeNull();
    expect(await oauth.revoke({ token: byRefresh.refresh_token })).toEqual({});
    expect(await live(byRefresh.access_token)).toBeNull();
    expect(await live(byAccess.access_token)).not.toBeNull();
    expect(await oauth.revoke({ token: byAccess.access_token })).toEqual({});
    expect(await live(byAccess.access_token)).toBeNull();
    expect(state().grants.get(byAccess.grant_id)!.revokedAt).toEqual(clock.now());
    // Again, later: answered the same, and the time of the first revocation stands.
    clock.advance(1000);
    expect(await oauth.revoke({ token: byRefresh.refresh_token })).toEqual({});
    expect(await oauth.revoke({ token: byAccess.access_token })).toEqual({});
    expect(state().grants.get(byAccess.grant_id)!.revokedAt).toEqual(new Date(clock.now().getTime() - 1000));
  });
});
