import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_BASE_URL, type TestApp } from '@svc/runtime/testing';
import { startServeTestApp } from './serve.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startServeTestApp();
});
afterAll(() => app?.close());

const connect = (body: Record<string, unknown> = {}) =>
  app.request('POST', '/api/v1/agent/connect', { body: { agent_name: 'Helper bot', scopes: ['jobs:write', 'account:read'], ...body } });
const poll = (device_code: string) => app.request('POST', '/api/v1/agent/token', { body: { device_code } });

describe('sign-up, sign-in and sign-out (JSON forms)', () => {
  it('signs up with a session cookie and never shows the e-mail', async () => {
    const res = await app.request('POST', '/auth/signup', {
      body: { email: 'Ada@Example.test', password: 'a long enough password', display_name: 'Ada' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ principal_id: expect.stringMatching(/^prn_/), display_name: 'Ada' });
    const cookie = res.headers.get('set-cookie')!;
    expect(cookie).toMatch(/svc_session=ses_/);
    expect(cookie.toLowerCase()).toContain('httponly');
    expect(cookie.toLowerCase()).toContain('samesite=lax');
    expect(JSON.stringify(res.body)).not.toContain('@');
  });

  it('refuses a second account for the same e-mail, whatever its case', async () => {
    const res = await app.request('POST', '/auth/signup', {
      body: { email: 'ada@example.TEST', password: 'a long enough password', display_name: 'Other' },
    });
    expect(res).toMatchObject({ status: 409, body: { error: 'email_taken' } });
  });

  it('rejects short passwords and unknown fields', async () => {
    const res = await app.request('POST', '/auth/signup', {
      body: { email: 'x@example.test', password: 'short', display_name: 'X', admin: true },
    });
    expect(res.status).toBe(400);
    expect(res.body.details.map((d: { path: string }) => d.path)).toEqual(expect.arrayContaining(['password', 'admin']));
  });

  it('gives the same answer for a wrong password and an unknown e-mail', async () => {
    const wrong = await app.request('POST', '/auth/login', { body: { email: 'ada@example.test', password: 'not it at all' } });
    const unknown = await app.request('POST', '/auth/login', { body: { email: 'nobody@example.test', password: 'not it at all' } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.error).toBe('invalid_credentials');
  });

  it('signs in and out; the old session stops working', async () => {
    const login = await app.request('POST', '/auth/login', { body: { email: 'ADA@example.test', password: 'a long enough password' } });
    expect(login.status).toBe(200);
    const session = /svc_session=([^;]+)/.exec(login.headers.get('set-cookie')!)![1]!;
    expect((await app.request('GET', '/api/v1/me', { session })).status).toBe(200);
    expect((await app.request('POST', '/auth/logout', { session })).status).toBe(204);
    expect((await app.request('GET', '/api/v1/me', { session })).status).toBe(401);
  });

  it('slows repeated failures for one e-mail, and lets the owner in again after the window', async () => {
    const owner = await app.signUp('Slowed');
    for (let i = 0; i < 10; i++) {
      await app.request('POST', '/auth/login', { body: { email: owner.email, password: 'guess guess' } });
    }
    const blocked = await app.request('POST', '/auth/login', { body: { email: owner.email, password: 'correct horse battery' } });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ error: 'rate_limited', retry_after: expect.any(Number) });
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    app.clock.advance(16 * 60 * 1000);
    const later = await app.request('POST', '/auth/login', { body: { email: owner.email, password: 'correct horse battery' } });
    expect(later.status).toBe(200);
  });
});

describe('agent connect and token (device flow)', () => {
  it('connects with the RFC 8628 fields', async () => {
    const res = await connect({ days: 7, built_with: 'TypeScript', model: 'any' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      device_code: expect.stringMatching(/^dc_/),
      user_code: expect.stringMatching(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/),
      verification_uri: `${TEST_BASE_URL}/connect`,
      verification_uri_complete: `${TEST_BASE_URL}/connect?user_code=${res.body.user_code}`,
      expires_in: 900,
      interval: 5,
    });
  });

  it.each([
    ['an unknown scope', { scopes: ['admin'] }, 'scopes.0'],
    ['no scopes', { scopes: [] }, 'scopes'],
    ['a repeated scope', { scopes: ['jobs:write', 'jobs:write'] }, 'scopes'],
    ['days over 90', { days: 91 }, 'days'],
    ['days under 1', { days: 0 }, 'days'],
    ['fractional days', { days: 1.5 }, 'days'],
    ['built_with over 60', { built_with: 'b'.repeat(61) }, 'built_with'],
    ['model over 60', { model: 'm'.repeat(61) }, 'model'],
    ['an agent_url that is no URL', { agent_url: 'not a url' }, 'agent_url'],
    ['an empty agent_name', { agent_name: '' }, 'agent_name'],
    ['an unknown field', { secret: 1 }, 'secret'],
  ])('refuses %s', async (_name, body, path) => {
    const res = await connect(body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('validation_failed');
    expect(res.body.details.map((d: { path: string }) => d.path)).toContain(path);
  });

  it('runs the whole flow as an agent would: connect, approve with a session, poll, call /me', async () => {
    const person = await app.signUp('Grace');
    const started = await connect({ days: 10 });
    expect(await poll(started.body.device_code)).toMatchObject({ status: 400, body: { error: 'authorization_pending' } });

    const page = await app.request('GET', `/connect?user_code=${started.body.user_code}`, { session: person.session, headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.body).toContain('Helper bot');
    expect(page.body).toContain('self-declared');
    expect(page.body).toContain('Post jobs for you');

    const approved = await app.request('POST', '/connect/approve', { session: person.session, body: { user_code: started.body.user_code.toLowerCase() } });
    expect(approved).toMatchObject({ status: 200, body: { status: 'approved' } });

    app.clock.advance(5_000);
    const token = await poll(started.body.device_code);
    expect(token.status).toBe(200);
    expect(token.body).toEqual({
      access_token: expect.stringMatching(/^tds_[A-Za-z0-9_-]{43}$/),
      token_type: 'Bearer',
      expires_at: '2026-12-01T12:00:00.000Z'.replace('12:00:00', token.body.expires_at.slice(11, 19)),
      expires_in: expect.any(Number),
      scopes: ['jobs:write', 'account:read'],
      grant_id: expect.stringMatching(/^grt_/),
      principal_id: person.id,
    });

    const me = await app.request('GET', '/api/v1/me', { token: token.body.access_token });
    expect(me.status).toBe(200);
    expect(me.body).toEqual({
      principal: { principal_id: person.id, display_name: 'Grace', profile: `${TEST_BASE_URL}/principals/${person.id}` },
      grant: { grant_id: token.body.grant_id, agent_name: 'Helper bot', scopes: ['jobs:write', 'account:read'], expires_at: token.body.expires_at },
      counts: expect.any(Object),
    });
    expect(JSON.stringify(me.body)).not.toContain(person.email);

    app.clock.advance(5_000);
    expect(await poll(started.body.device_code)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });

  it('answers slow_down to a poll inside the interval, without moving the clock for honest pollers', async () => {
    const started = await connect();
    app.clock.advance(10_000);
    expect((await poll(started.body.device_code)).body.error).toBe('authorization_pending');
    app.clock.advance(2_000);
    expect((await poll(started.body.device_code)).body.error).toBe('slow_down');
    app.clock.advance(3_000);
    expect((await poll(started.body.device_code)).body.error).toBe('authorization_pending');
  });

  it('answers access_denied after a denial, expired_token after 15 minutes, invalid_grant for unknown codes', async () => {
    const person = await app.signUp();
    const denied = await connect();
    expect((await app.request('POST', '/connect/deny', { session: person.session, body: { user_code: denied.body.user_code } })).status).toBe(200);
    app.clock.advance(6_000);
    expect(await poll(denied.body.device_code)).toMatchObject({ status: 400, body: { error: 'access_denied' } });

    const late = await connect();
    app.clock.advance(15 * 60 * 1000 + 1);
    expect(await poll(late.body.device_code)).toMatchObject({ status: 400, body: { error: 'expired_token' } });
    const approveLate = await app.request('POST', '/connect/approve', { session: person.session, body: { user_code: late.body.user_code } });
    expect(approveLate).toMatchObject({ status: 400, body: { error: 'expired_token' } });

    expect(await poll('dc_nothing')).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect(await app.request('POST', '/api/v1/agent/token', { body: {} })).toMatchObject({ status: 400, body: { error: 'validation_failed' } });
  });

  it('lets only a signed-in person approve: an agent gets human_only, nobody gets unauthenticated', async () => {
    const person = await app.signUp();
    const { token } = await app.agentToken(person, ['account:read']);
    const started = await connect();
    const byAgent = await app.request('POST', '/connect/approve', { token, body: { user_code: started.body.user_code } });
    expect(byAgent).toMatchObject({ status: 403, body: { error: 'human_only' } });
    const anonymous = await app.request('POST', '/connect/approve', { body: { user_code: started.body.user_code } });
    expect(anonymous.status).toBe(401);
    const grants = await app.request('GET', '/account/grants', { token });
    expect(grants).toMatchObject({ status: 403, body: { error: 'human_only' } });
  });

  it('refuses a session change from another site (CSRF)', async () => {
    const person = await app.signUp();
    const started = await connect();
    const res = await app.request('POST', '/connect/approve', {
      session: person.session,
      headers: { origin: 'https://evil.example' },
      body: { user_code: started.body.user_code },
    });
    expect(res).toMatchObject({ status: 403, body: { error: 'csrf_failed' } });
  });
});

describe('tokens, scopes and revocation', () => {
  it('answers a missing token with 401 unauthenticated, WWW-Authenticate and pointers', async () => {
    const res = await app.request('GET', '/api/v1/me');
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe(`Bearer realm="task-and-directory", resource_metadata="${TEST_BASE_URL}/.well-known/oauth-protected-resource"`);
    expect(res.body).toEqual({
      error: 'unauthenticated',
      message: expect.any(String),
      instructions_url: `${TEST_BASE_URL}/agents`,
      connect: `${TEST_BASE_URL}/api/v1/agent/connect`,
    });
  });

  it('answers a bad token with 401 invalid_token', async () => {
    const res = await app.request('GET', '/api/v1/me', { token: 'tds_forged' });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe(
      `Bearer realm="task-and-directory", error="invalid_token", resource_metadata="${TEST_BASE_URL}/.well-known/oauth-protected-resource"`,
    );
    expect(res.body).toMatchObject({ error: 'invalid_token', instructions_url: expect.any(String), connect: expect.any(String) });
  });

  it('answers a token without the scope with 403 insufficient_scope', async () => {
    const person = await app.signUp();
    const { token } = await app.agentToken(person, ['jobs:write']);
    const res = await app.request('GET', '/api/v1/me', { token });
    expect(res).toMatchObject({ status: 403, body: { error: 'insufficient_scope' } });
  });

  it('stops a token on the very next request after the agent gives it up', async () => {
    const person = await app.signUp();
    const { token, grantId } = await app.agentToken(person, ['account:read']);
    expect((await app.request('GET', '/api/v1/me', { token })).status).toBe(200);
    const revoked = await app.request('DELETE', '/api/v1/agent/grant', { token });
    expect(revoked).toMatchObject({ status: 200, body: { revoked: true, grant: { grant_id: grantId, status: 'revoked' } } });
    expect((await app.request('GET', '/api/v1/me', { token })).body.error).toBe('invalid_token');
  });

  it('stops a token on the next request after the principal revokes it on the website, and lists last use', async () => {
    const person = await app.signUp();
    const other = await app.signUp();
    const { token, grantId } = await app.agentToken(person, ['account:read']);
    await app.request('GET', '/api/v1/me', { token });
    const list = await app.request('GET', '/account/grants', { session: person.session });
    expect(list.body.grants[0]).toMatchObject({ grant_id: grantId, status: 'active', last_used_at: app.clock.now().toISOString() });

    const notTheirs = await app.request('POST', `/account/grants/${grantId}/revoke`, { session: other.session });
    expect(notTheirs).toMatchObject({ status: 404, body: { error: 'not_found' } });
    expect((await app.request('GET', '/api/v1/me', { token })).status).toBe(200);

    const revoke = await app.request('POST', `/account/grants/${grantId}/revoke`, { session: person.session });
    expect(revoke.status).toBe(200);
    expect((await app.request('GET', '/api/v1/me', { token })).status).toBe(401);
    const [row] = await app.db.query<{ revoked: boolean }>('select revoked_at is not null as revoked from grants where id = $1', [grantId]);
    expect(row!.revoked).toBe(true);
  });

  it('stops a token when it expires', async () => {
    const person = await app.signUp();
    const { token } = await app.agentToken(person, ['account:read'], 2);
    app.clock.advance(2 * 24 * 60 * 60 * 1000 - 1000);
    expect((await app.request('GET', '/api/v1/me', { token })).status).toBe(200);
    app.clock.advance(1000);
    expect((await app.request('GET', '/api/v1/me', { token })).body.error).toBe('invalid_token');
  });

  it('stores tokens only as hashes', async () => {
    const person = await app.signUp();
    const { token, grantId } = await app.agentToken(person, ['account:read']);
    const [row] = await app.db.query<{ token_hash: string }>('select token_hash from grants where id = $1', [grantId]);
    expect(row!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.token_hash).not.toContain(token);
  });
});

describe('public principal profile', () => {
  it('shows name and join date, never the e-mail', async () => {
    const person = await app.signUp('Public Person');
    const res = await app.request('GET', `/principals/${person.id}?format=json`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      principal_id: person.id,
      display_name: 'Public Person',
      profile: `${TEST_BASE_URL}/principals/${person.id}`,
      joined_at: expect.stringMatching(/\.\d{3}Z$/),
      open_jobs: expect.any(Array),
      active_services: expect.any(Array),
    });
    expect(JSON.stringify(res.body)).not.toContain(person.email);
    const html = await app.request('GET', `/principals/${person.id}`, { headers: { accept: 'text/html' } });
    expect(html.body).toContain('Public Person');
    expect(html.body).not.toContain(person.email);
    expect((await app.request('GET', '/principals/prn_unknown?format=json')).status).toBe(404);
  });

  it('shows the e-mail only on the principal’s own account page', async () => {
    const person = await app.signUp('Account Owner');
    const own = await app.request('GET', '/account', { session: person.session, headers: { accept: 'text/html' } });
    expect(own.body).toContain(person.email);
  });
});
