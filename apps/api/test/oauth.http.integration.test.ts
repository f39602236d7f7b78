import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_BASE_URL, sessionActor, type Principal, type TestApp } from '@svc/runtime/testing';
import { startApiTestApp } from './app.ts';

/**
 * The authorization code flow over HTTP on PostgreSQL: registration (RFC 7591), the consent's decision
 * (the service call the website's page makes), the token endpoint with PKCE, refresh rotation, revocation
 * (RFC 7009) and each refusal. The browser's part is apps/worker/test/serve.oauth.e2e.integration.test.ts.
 */

let app: TestApp;
let ada: Principal;
const B = TEST_BASE_URL;
const REDIRECT = 'http://127.0.0.1:8976/callback';

const form = (path: string, fields: Record<string, string>) =>
  app.request('POST', path, { rawBody: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });

const actorOf = (principal: Principal) => sessionActor(app, principal);

const pkce = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

const register = async (redirectUris = [REDIRECT]) => {
  const res = await app.request('POST', '/api/v1/oauth/register', { body: { client_name: 'Desk Assistant', redirect_uris: redirectUris, token_endpoint_auth_method: 'none', logo_uri: 'https://x.example/l.png' } });
  expect(res.status).toBe(201);
  return res.body.client_id as string;
};

/** The person approves on the consent page: the redirect the page sends the browser to. */
const approve = async (clientId: string, challenge: string, scope = 'jobs:write account:read', decision: 'approve' | 'deny' = 'approve') => {
  const outcome = await app.services.access.oauth.decide(
    await actorOf(ada),
    { client_id: clientId, redirect_uri: REDIRECT, response_type: 'code', code_challenge: challenge, code_challenge_method: 'S256', scope, state: 'st-42', resource: `${B}/mcp` },
    decision,
  );
  expect(outcome.kind).toBe('redirect');
  return new URL((outcome as { to: string }).to);
};

const exchange = (clientId: string, code: string, verifier: string, extra: Record<string, string> = {}) =>
  form('/api/v1/oauth/token', { grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: REDIRECT, client_id: clientId, resource: `${B}/mcp`, ...extra });

beforeAll(async () => {
  app = await startApiTestApp();
  ada = await app.signUp('Ada');
});
afterAll(() => app?.close());

describe('registration (RFC 7591)', () => {
  it('registers a public client: no secret, the exact redirect URIs, unknown metadata ignored', async () => {
    const res = await app.request('POST', '/api/v1/oauth/register', {
      body: { client_name: 'Editor', redirect_uris: ['https://editor.example/cb', 'http://[::1]:5000/cb'], software_id: 'x' },
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toEqual({
      client_id: expect.stringMatching(/^cli_/),
      client_id_issued_at: expect.any(Number),
      client_name: 'Editor',
      redirect_uris: ['https://editor.example/cb', 'http://[::1]:5000/cb'],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    });
    const [row] = await app.db.query<{ client_name: string }>('select client_name from oauth_clients where id = $1', [res.body.client_id]);
    expect(row).toEqual({ client_name: 'Editor' });
  });

  it.each([
    ['plain http off loopback', { client_name: 'X', redirect_uris: ['http://evil.example/cb'] }, 'invalid_redirect_uri'],
    ['a fragment', { client_name: 'X', redirect_uris: ['https://a.example/cb#x'] }, 'invalid_redirect_uri'],
    ['a custom scheme', { client_name: 'X', redirect_uris: ['javascript:alert(1)'] }, 'invalid_redirect_uri'],
    // It would become the grant's agent_url, shown to the person (RFC 7591 §3.2.2).
    ['a client_uri that is no web address', { client_name: 'X', redirect_uris: ['https://a.example/cb'], client_uri: 'javascript:alert(1)' }, 'invalid_client_metadata'],
    ['a logo_uri that is no web address', { client_name: 'X', redirect_uris: ['https://a.example/cb'], logo_uri: 'data:image/png;base64,AAAA' }, 'invalid_client_metadata'],
    ['no redirect URI', { client_name: 'X', redirect_uris: [] }, 'invalid_client_metadata'],
    ['no name', { redirect_uris: ['https://a.example/cb'] }, 'invalid_client_metadata'],
    ['a confidential client', { client_name: 'X', redirect_uris: ['https://a.example/cb'], token_endpoint_auth_method: 'client_secret_basic' }, 'invalid_client_metadata'],
  ])('refuses %s with 400 %s', async (_case, body, code) => {
    const [before] = await app.db.query<{ n: number }>('select count(*)::int as n from oauth_clients');
    const res = await app.request('POST', '/api/v1/oauth/register', { body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: code, error_description: expect.any(String) });
    expect(await app.db.query('select count(*)::int as n from oauth_clients')).toEqual([before]);
  });
});

describe('authorization code with PKCE', () => {
  it('code → token (one grant, on the agents list with the client name) → tools → refresh rotates → revoke ends it', async () => {
    const clientId = await register();
    const { verifier, challenge } = pkce();
    const back = await approve(clientId, challenge);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    expect(back.searchParams.get('state')).toBe('st-42');
    expect(back.searchParams.get('iss')).toBe(B);
    const code = back.searchParams.get('code')!;

    const issued = await exchange(clientId, code, verifier);
    expect(issued.status).toBe(200);
    expect(issued.headers.get('cache-control')).toBe('no-store');
    expect(issued.body).toMatchObject({ token_type: 'Bearer', scope: 'jobs:write account:read', expires_in: 30 * 86_400, refresh_token: expect.any(String) });
    const grants = await app.services.access.grants.list(await actorOf(ada));
    expect(grants.find((grant) => grant.grant_id === issued.body.grant_id)).toMatchObject({ agent_name: 'Desk Assistant', status: 'active', scopes: ['jobs:write', 'account:read'] });
    const job = await app.request('POST', '/api/v1/jobs', { token: issued.body.access_token, body: { title: 'Posted by the desk assistant', outcome: 'Done.' } });
    expect(job.status).toBe(201);

    const refreshed = await form('/api/v1/oauth/token', { grant_type: 'refresh_token', refresh_token: issued.body.refresh_token, client_id: clientId });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body).toMatchObject({ grant_id: issued.body.grant_id, scope: 'jobs:write account:read' });
    expect(refreshed.body.refresh_token).not.toBe(issued.body.refresh_token);
    // The old access token stops at the rotation; the new one works.
    expect((await app.request('GET', '/api/v1/me', { token: issued.body.access_token })).status).toBe(401);
    expect((await app.request('GET', '/api/v1/me', { token: refreshed.body.access_token })).status).toBe(200);

    const wider = await form('/api/v1/oauth/token', { grant_type: 'refresh_token', refresh_token: refreshed.body.refresh_token, scope: 'jobs:write threads:write' });
    expect(wider.body).toMatchObject({ error: 'invalid_scope' });
    // Fewer scopes asked: the grant's own are issued, and `scope` says so (RFC 6749 §3.3).
    const narrower = await form('/api/v1/oauth/token', { grant_type: 'refresh_token', refresh_token: refreshed.body.refresh_token, scope: 'account:read' });
    expect(narrower.status).toBe(200);
    expect(narrower.body).toMatchObject({ grant_id: issued.body.grant_id, scope: 'jobs:write account:read' });

    const revoked = await form('/api/v1/oauth/revoke', { token: narrower.body.access_token });
    expect(revoked.status).toBe(200);
    expect((await app.request('GET', '/api/v1/me', { token: narrower.body.access_token })).body).toMatchObject({ error: 'invalid_token' });
    const afterRevoke = await form('/api/v1/oauth/token', { grant_type: 'refresh_token', refresh_token: narrower.body.refresh_token });
    expect(afterRevoke.body).toMatchObject({ error: 'invalid_grant' });
    expect((await form('/api/v1/oauth/revoke', { token: 'never-issued' })).status).toBe(200);
  });

  it('refuses a wrong verifier without spending the code, then a reused code revokes what it issued', async () => {
    const clientId = await register();
    const { verifier, challenge } = pkce();
    const code = (await approve(clientId, challenge)).searchParams.get('code')!;
    const wrong = await exchange(clientId, code, pkce().verifier);
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ error: 'invalid_grant', error_description: expect.stringContaining('code_verifier') });
    expect((await exchange(clientId, code, verifier, { redirect_uri: 'http://127.0.0.1:8976/other' })).body).toMatchObject({ error: 'invalid_grant' });
    const issued = await exchange(clientId, code, verifier);
    expect(issued.status).toBe(200);
    const again = await exchange(clientId, code, verifier);
    expect(again.body).toMatchObject({ error: 'invalid_grant' });
    expect((await app.request('GET', '/api/v1/me', { token: issued.body.access_token })).status).toBe(401);
    const [grant] = await app.db.query<{ revoked: boolean }>('select revoked_at is not null as revoked from grants where id = $1', [issued.body.grant_id]);
    expect(grant).toEqual({ revoked: true });
  });

  it('a code lives a minute; another client cannot use it; a replayed refresh token revokes the grant', async () => {
    const clientId = await register();
    const other = await register();
    const late = pkce();
    const lateCode = (await approve(clientId, late.challenge)).searchParams.get('code')!;
    expect((await exchange(other, lateCode, late.verifier)).body).toMatchObject({ error: 'invalid_grant' });
    app.clock.advance(61_000);
    expect((await exchange(clientId, lateCode, late.verifier)).body).toMatchObject({ error: 'invalid_grant', error_description: expect.stringContaining('expired') });

    const { verifier, challenge } = pkce();
    const issued = (await exchange(clientId, (await approve(clientId, challenge)).searchParams.get('code')!, verifier)).body;
    expect((await form('/api/v1/oauth/token', { grant_type: 'refresh_token', refresh_token: issued.refresh_token })).status).toBe(200);
    const replay = await form('/api/v1/oauth/token', { grant_type: 'refresh_token', refresh_token: issued.refresh_token });
    expect(replay.body).toMatchObject({ error: 'invalid_grant' });
    const [grant] = await app.db.query<{ revoked: boolean }>('select revoked_at is not null as revoked from grants where id = $1', [issued.grant_id]);
    expect(grant).toEqual({ revoked: true });
  });

  it('answers an unknown client_id 401 invalid_client (RFC 6749 §5.2) with the API\'s challenge, and leaves the code unspent', async () => {
    const clientId = await register();
    const { verifier, challenge } = pkce();
    const code = (await approve(clientId, challenge)).searchParams.get('code')!;
    const refused = await exchange('cli_unknown', code, verifier);
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ error: 'invalid_client', error_description: expect.stringContaining('register again') });
    // As every 401 of the API (RFC 9110 §15.5.2); a public client sends no Authorization header to match.
    expect(refused.headers.get('www-authenticate')).toBe(`Bearer realm="task-and-directory", resource_metadata="${B}/.well-known/oauth-protected-resource"`);
    expect(refused.headers.get('cache-control')).toBe('no-store');
    const [row] = await app.db.query<{ used: boolean }>('select used_at is not null as used from oauth_authorization_codes where client_id = $1', [clientId]);
    expect(row).toEqual({ used: false });
    expect((await exchange(clientId, code, verifier)).status).toBe(200);
  });

  it('revokes a token named with a client_id only for the client it was issued to (RFC 7009 §2.1)', async () => {
    const clientId = await register();
    const other = await register();
    const { verifier, challenge } = pkce();
    const issued = (await exchange(clientId, (await approve(clientId, challenge)).searchParams.get('code')!, verifier)).body;
    const byOther = await form('/api/v1/oauth/revoke', { token: issued.refresh_token, client_id: other });
    expect(byOther.status).toBe(400);
    expect(byOther.body).toMatchObject({ error: 'invalid_grant', error_description: 'This token was issued to another client; nothing was revoked.' });
    const byUnknown = await form('/api/v1/oauth/revoke', { token: issued.access_token, client_id: 'cli_unknown' });
    expect(byUnknown.status).toBe(401);
    expect(byUnknown.body).toMatchObject({ error: 'invalid_client' });
    const revoked = async () => (await app.db.query<{ revoked: boolean }>('select revoked_at is not null as revoked from grants where id = $1', [issued.grant_id]))[0];
    expect(await revoked()).toEqual({ revoked: false });
    expect((await form('/api/v1/oauth/revoke', { token: issued.access_token, client_id: clientId })).status).toBe(200);
    expect(await revoked()).toEqual({ revoked: true });
  });

  it('answers a malformed token or revocation form 400 invalid_request, as RFC 6749 §5.2 and RFC 7009 ask', async () => {
    const noGrantType = await form('/api/v1/oauth/token', { code: 'tdc_x' });
    expect(noGrantType.status).toBe(400);
    expect(noGrantType.body).toMatchObject({ error: 'invalid_request', error_description: expect.any(String) });
    const longToken = await form('/api/v1/oauth/revoke', { token: 'x'.repeat(601) });
    expect(longToken.status).toBe(400);
    expect(longToken.body).toMatchObject({ error: 'invalid_request' });
  });

  it.each([
    ['a form value that is not percent-encoded UTF-8', '/api/v1/oauth/token', 'grant_type=refresh_token&refresh_token=%zz', 'application/x-www-form-urlencoded', 'invalid_request'],
    ['a NUL in a form value', '/api/v1/oauth/revoke', 'token=a%00b', 'application/x-www-form-urlencoded', 'invalid_request'],
    // RFC 6749 §3.1: no parameter more than once (the last copy was read: a code exchange became a refresh).
    [
      'a form field sent twice',
      '/api/v1/oauth/token',
      `grant_type=refresh_token&grant_type=authorization_code&code=x&client_id=cli_x&redirect_uri=http%3A%2F%2F127.0.0.1%2Fcb&code_verifier=${'v'.repeat(43)}`,
      'application/x-www-form-urlencoded',
      'invalid_request',
    ],
    ['JSON where a form is read', '/api/v1/oauth/token', '{"grant_type":"refresh_token","refresh_token":"x"}', 'application/json', 'invalid_request'],
    ['a device request that is not a form', '/api/v1/oauth/device_authorization', '{}', 'application/json', 'invalid_request'],
    ['a registration that is not JSON', '/api/v1/oauth/register', '{"client_name":', 'application/json', 'invalid_client_metadata'],
    ['a NUL in a registration', '/api/v1/oauth/register', '{"client_name":"a\\u0000","redirect_uris":["https://x.example/cb"]}', 'application/json', 'invalid_client_metadata'],
  ])('answers %s with 400 and the OAuth error body (error, error_description)', async (_case, path, rawBody, type, code) => {
    const res = await app.request('POST', path, { rawBody, headers: { 'content-type': type } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: code, error_description: expect.any(String), message: res.body.error_description });
  });

  // RFC 6749 §5.1 and §5.2: every answer of the token endpoint carries them, and revocation's (RFC
  // 7009 §2.2) with it, a refusal made before the form is read too.
  it.each([
    ['a text/plain body', '', 'x', '', 'text/plain', 'invalid_request', 'invalid_request'],
    ['a form sent as JSON', '', 'x', '', 'application/json', 'invalid_request', 'invalid_request'],
    ['a parameter sent twice', '', 'x', '&client_id=a&client_id=b', 'application/x-www-form-urlencoded', 'invalid_request', 'invalid_request'],
    ['a bad percent-encoding', '', '%zz', '', 'application/x-www-form-urlencoded', 'invalid_request', 'invalid_request'],
    ['an oversized body', '', 'x'.repeat(300 * 1024), '', 'application/x-www-form-urlencoded', 'invalid_request', 'invalid_request'],
    ['a token in the query string', '?access_token=tds_x', 'x', '', 'application/x-www-form-urlencoded', 'invalid_token', 'invalid_token'],
    ['a query string the edge cannot decode', '?q=%zz', 'x', '', 'application/x-www-form-urlencoded', 'validation_failed', 'validation_failed'],
    // Revocation answers an unknown token 200 (RFC 7009 §2.2).
    ['an unknown token', '', 'tdr_unknown', '', 'application/x-www-form-urlencoded', 'invalid_grant', undefined],
  ])('answers %s at the token endpoint and at revocation with Cache-Control: no-store and Pragma: no-cache', async (_case, query, token, extra, type, tokenError, revokeError) => {
    for (const [path, rawBody, error] of [
      ['/api/v1/oauth/token', `grant_type=refresh_token&refresh_token=${token}${extra}`, tokenError],
      ['/api/v1/oauth/revoke', `token=${token}${extra}`, revokeError],
    ] as const) {
      const res = await app.request('POST', `${path}${query}`, { rawBody, headers: { 'content-type': type } });
      expect(res.body, path).toEqual(error ? expect.objectContaining({ error }) : {});
      expect(res.headers.get('cache-control'), path).toBe('no-store');
      expect(res.headers.get('pragma'), path).toBe('no-cache');
      // Another origin's script may read it, as every answer of these endpoints.
      expect(res.headers.get('access-control-allow-origin'), path).toBe('*');
    }
  });

  it('shows errors before the redirect URI is trusted, and redirects the rest back (denied consent too)', async () => {
    const clientId = await register();
    const { challenge } = pkce();
    const check = (query: Record<string, string>) =>
      app.services.access.oauth.checkAuthorization({ client_id: clientId, redirect_uri: REDIRECT, response_type: 'code', code_challenge: challenge, code_challenge_method: 'S256', scope: 'jobs:write', ...query });
    expect(await check({ redirect_uri: 'http://127.0.0.1:8976/elsewhere' })).toMatchObject({ kind: 'show', error: 'invalid_redirect_uri' });
    expect(await check({ client_id: 'cli_unknown' })).toMatchObject({ kind: 'show', error: 'invalid_client' });
    const noPkce = await check({ code_challenge_method: 'plain' });
    expect(noPkce.kind).toBe('redirect');
    expect(new URL((noPkce as { to: string }).to).searchParams.get('error')).toBe('invalid_request');
    expect(new URL(((await check({ scope: 'everything' })) as { to: string }).to).searchParams.get('error')).toBe('invalid_scope');
    expect(new URL(((await check({ resource: 'https://other.example/mcp' })) as { to: string }).to).searchParams.get('error')).toBe('invalid_target');
    expect(await check({})).toMatchObject({ kind: 'consent', consent: { client_name: 'Desk Assistant', scopes: ['jobs:write'], days: 30 } });
    const denied = await approve(clientId, challenge, 'jobs:write', 'deny');
    expect(denied.searchParams.get('error')).toBe('access_denied');
    expect(denied.searchParams.get('state')).toBe('st-42');
    expect(denied.searchParams.get('code')).toBeNull();
  });
});

describe('a public client running in a browser on another origin', () => {
  const origin = { origin: 'https://inspector.example' };

  it.each(['/api/v1/oauth/register', '/api/v1/oauth/token', '/api/v1/oauth/revoke', '/api/v1/oauth/device_authorization'])(
    'gets the CORS preflight of %s answered: any origin, POST, a Content-Type header',
    async (path) => {
      const res = await app.request('OPTIONS', path, { headers: { ...origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' } });
      expect(res.status).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('access-control-allow-methods')).toBe('POST');
      expect(res.headers.get('access-control-allow-headers')).toBe('Content-Type');
      expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    },
  );

  it.each(['/.well-known/oauth-authorization-server', '/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/mcp'])(
    'gets the CORS preflight of the metadata at %s answered (GET with MCP-Protocol-Version), and may read it, refusals included',
    async (path) => {
      const preflight = await app.request('OPTIONS', path, { headers: { ...origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'mcp-protocol-version' } });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
      expect(preflight.headers.get('access-control-allow-methods')).toBe('GET');
      expect(preflight.headers.get('access-control-allow-headers')).toBe('MCP-Protocol-Version');
      expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
      const read = await app.request('GET', path, { headers: { ...origin, 'mcp-protocol-version': '2025-06-18' } });
      expect(read.status).toBe(200);
      expect(read.headers.get('access-control-allow-origin')).toBe('*');
      const refused = await app.request('GET', `${path}?access_token=x`, { headers: origin });
      expect(refused.status).toBe(401);
      expect(refused.headers.get('access-control-allow-origin')).toBe('*');
    },
  );

  it('may read what registration and the token endpoint answer, refusals included', async () => {
    const registered = await app.request('POST', '/api/v1/oauth/register', { body: { client_name: 'Web Inspector', redirect_uris: ['https://inspector.example/cb'] }, headers: origin });
    expect(registered.status).toBe(201);
    expect(registered.headers.get('access-control-allow-origin')).toBe('*');
    const refused = await app.request('POST', '/api/v1/oauth/token', {
      rawBody: new URLSearchParams({ grant_type: 'authorization_code', code: 'not-a-code', code_verifier: 'v'.repeat(43), redirect_uri: 'https://inspector.example/cb', client_id: registered.body.client_id }).toString(),
      headers: { ...origin, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(refused).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('gets no CORS on operations that read credentials', async () => {
    const token = (await app.agentToken(ada, ['jobs:write'])).token;
    const res = await app.request('POST', '/api/v1/jobs', { token, body: { title: 'Not from a browser elsewhere', outcome: 'No CORS.' }, headers: origin });
    expect(res.status).toBe(201);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});
