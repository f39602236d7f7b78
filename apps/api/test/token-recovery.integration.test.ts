import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_BASE_URL, type Principal, type TestApp, type TestResponse } from '@svc/runtime/testing';
import { startApiTestApp } from './app.ts';

/**
 * How an agent gets back in: a token is taken only in the Authorization header (never in the
 * query string), and a token that expired or was revoked never blocks the way to a new one: connect,
 * the token poll and the metadata a 401 points at read no credentials, and every 401 for a bad
 * token says how to recover.
 */

const B = TEST_BASE_URL;
const CHALLENGE = `Bearer realm="task-and-directory", error="invalid_token", resource_metadata="${B}/.well-known/oauth-protected-resource"`;

let app: TestApp;
let ada: Principal;
let expired: string;
let revoked: string;

const count = async (table: string, where = 'true', params: unknown[] = []) =>
  Number((await app.db.query<{ n: string }>(`select count(*) as n from ${table} where ${where}`, params))[0]!.n);

beforeAll(async () => {
  app = await startApiTestApp();
  ada = await app.signUp('Ada');
  // A one-day token, then two days pass: expired.
  expired = (await app.agentToken(ada, ['account:read', 'jobs:write'], 1)).token;
  app.clock.advance(2 * 24 * 60 * 60 * 1000);
  revoked = (await app.agentToken(ada, ['account:read', 'jobs:write'])).token;
  expect((await app.request('DELETE', '/api/v1/agent/grant', { token: revoked })).status).toBe(200);
});
afterAll(() => app?.close());

const expectRecoverable401 = (res: TestResponse) => {
  expect(res.status).toBe(401);
  expect(res.headers.get('www-authenticate')).toBe(CHALLENGE);
  expect(res.body).toMatchObject({ error: 'invalid_token', instructions_url: `${B}/agents`, connect: `${B}/api/v1/agent/connect` });
};

describe('a token in the query string', () => {
  it.each([
    ['a scoped read', 'GET', '/api/v1/me'],
    ['a public list that takes a query', 'GET', '/api/v1/jobs'],
    ['a public read that takes no query', 'GET', '/api/v1/openapi.json'],
    ['connect, which reads no token at all', 'POST', '/api/v1/agent/connect'],
  ])('on %s is 401 invalid_token saying to send it in the Authorization header', async (_name, method, path) => {
    const { token } = await app.agentToken(ada, ['account:read']);
    const res = await app.request(method, `${path}?access_token=${encodeURIComponent(token)}`, method === 'POST' ? { body: { agent_name: 'Query agent', scopes: ['account:read'] } } : {});
    expectRecoverable401(res);
    expect(res.body.message).toMatch(/query string/);
    expect(res.body.message).toMatch(/Authorization: Bearer <token>/);
    expect(await count('device_authorizations', 'agent_name = $1', ['Query agent'])).toBe(0);
  });

  it('is refused even beside a valid Authorization header, and the write is not made', async () => {
    const { token } = await app.agentToken(ada, ['jobs:write']);
    const before = await count('jobs');
    const res = await app.request('POST', `/api/v1/jobs?access_token=${token}`, { token, body: { title: 'Via the URL', outcome: 'None' } });
    expectRecoverable401(res);
    expect(await count('jobs')).toBe(before);
  });

  it('is refused under any spelling of its value, an empty one too', async () => {
    for (const query of ['access_token=', 'access_token', 'access_token=a&access_token=b']) {
      expectRecoverable401(await app.request('GET', `/api/v1/jobs?${query}`));
    }
  });
});

describe('a stale token never locks an agent out', () => {
  const connectBody = (name: string) => ({ agent_name: name, scopes: ['account:read'] });

  it.each([
    ['expired', () => expired],
    ['revoked', () => revoked],
  ])('an %s token is still refused where it would act: 401 with how to recover', async (_kind, stale) => {
    const me = await app.request('GET', '/api/v1/me', { token: stale() });
    expectRecoverable401(me);
    expect(me.body.message).toMatch(/expired or revoked/);
    expect(me.body.message).toMatch(/POST the `connect` URL \(it ignores any Authorization header\)/);
    // A public read with a bad token answers the same (docs/decisions.md): the agent learns at once.
    expectRecoverable401(await app.request('GET', '/api/v1/jobs', { token: stale() }));
  });

  it.each([
    ['expired', () => expired],
    ['revoked', () => revoked],
  ])('with an %s token, the 401\'s own connect pointer answers as if no token were sent, and leads to a new token', async (kind, stale) => {
    const refused = await app.request('GET', '/api/v1/me', { token: stale() });
    const connectPath = new URL(refused.body.connect as string).pathname;

    const plain = await app.request('POST', connectPath, { body: connectBody(`Plain ${kind}`) });
    const connect = await app.request('POST', connectPath, { token: stale(), body: connectBody(`Stale ${kind}`) });
    expect(plain.status).toBe(201);
    expect(connect.status).toBe(201);
    expect(Object.keys(connect.body).sort()).toEqual(Object.keys(plain.body).sort());
    const [stored] = await app.db.query<{ status: string; principal_id: string | null }>(
      'select status, principal_id from device_authorizations where agent_name = $1',
      [`Stale ${kind}`],
    );
    expect(stored).toEqual({ status: 'pending', principal_id: null });

    // Polling with the stale header: pending, exactly as without it.
    const pending = await app.request('POST', '/api/v1/agent/token', { token: stale(), body: { device_code: connect.body.device_code } });
    expect(pending.status).toBe(400);
    expect(pending.body).toMatchObject({ error: 'authorization_pending' });

    const person = (await app.services.access.accounts.resolveSession(ada.session))!.actor;
    await app.services.access.deviceFlow.approve(person, { user_code: connect.body.user_code });
    app.clock.advance(10_000);
    const issued = await app.request('POST', '/api/v1/agent/token', { token: stale(), body: { device_code: connect.body.device_code } });
    expect(issued.status).toBe(200);
    expect(issued.body).toMatchObject({ token_type: 'Bearer', scopes: ['account:read'], principal_id: ada.id });
    expect(await count('grants', 'principal_id = $1 and revoked_at is null and expires_at > $2', [ada.id, app.clock.now().toISOString()])).toBeGreaterThan(0);
    expect((await app.request('GET', '/api/v1/me', { token: issued.body.access_token })).status).toBe(200);
  });

  it.each([
    ['expired', () => expired],
    ['revoked', () => revoked],
    ['unknown', () => 'tds_not-a-token'],
    ['malformed', () => 'not a bearer token at all'],
  ])('with an %s Authorization header, the way back answers as without one', async (_kind, stale) => {
    const withHeader = (token: string) => (token.includes(' ') ? { headers: { authorization: token } } : { token });
    const device = await app.request('POST', '/api/v1/oauth/device_authorization', {
      ...withHeader(stale()),
      rawBody: 'client_id=Form+agent&scope=account%3Aread',
      headers: { ...withHeader(stale()).headers, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(device.status).toBe(200);
    const poll = await app.request('POST', '/api/v1/oauth/token', {
      ...withHeader(stale()),
      rawBody: `grant_type=${encodeURIComponent('urn:ietf:params:oauth:grant-type:device_code')}&device_code=${device.body.device_code}`,
      headers: { ...withHeader(stale()).headers, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(poll.status).toBe(400);
    expect(poll.body).toMatchObject({ error: 'authorization_pending' });
    for (const path of ['/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/mcp', '/.well-known/oauth-authorization-server']) {
      const res = await app.request('GET', path, withHeader(stale()));
      expect(res.status, path).toBe(200);
    }
    const connect = await app.request('POST', '/api/v1/agent/connect', { ...withHeader(stale()), body: connectBody('Header agent') });
    expect(connect.status).toBe(201);
  });

  it('a session cookie is not read there either: a cross-site form cannot fail connect with csrf_failed', async () => {
    const res = await app.request('POST', '/api/v1/agent/connect', {
      body: connectBody('Cookie agent'),
      headers: { cookie: `svc_session=${ada.session}`, origin: 'https://elsewhere.example' },
    });
    expect(res.status).toBe(201);
    // Nothing ties the request to the signed-in person until they approve it.
    expect(await count('device_authorizations', "agent_name = 'Cookie agent' and principal_id is null")).toBe(1);
  });
});
