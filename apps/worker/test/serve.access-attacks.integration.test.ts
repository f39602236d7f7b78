import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '@svc/db/testing';
import type { Principal, TestApp, TestResponse } from '@svc/runtime/testing';
import { startServeTestApp } from './serve.ts';

/**
 * The attacks on sign-in, sessions and the device flow, made as a client would make them over HTTP,
 * and what the service answers and keeps (docs/access.md, "Limits and lifetimes").
 */
describe.each(ENGINES)('access under attack on %s', (engine) => {
  let app: TestApp;
  beforeAll(async () => {
    // 12:00:00 starts a 15-minute window, so Retry-After is the whole window.
    app = await startServeTestApp({ engine, now: '2026-11-21T12:00:00.000Z' });
  });
  afterAll(() => app?.close());

  const from = (address: string) => ({ 'x-forwarded-for': address });
  const HTML = { accept: 'text/html' };
  const statuses = (responses: TestResponse[]) =>
    responses.reduce<Record<number, number>>((counts, { status }) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {});
  const expectRetryAfter = (res: TestResponse, seconds: number) => {
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe(String(seconds));
  };
  const sessionOf = (res: TestResponse) => /svc_session=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];

  describe('sign-in', () => {
    it('checks at most 10 of 40 concurrent wrong passwords; the owner signs in from another address', async () => {
      const owner = await app.signUp('Targeted');
      const login = (password: string, address: string) =>
        app.request('POST', '/auth/login', { headers: from(address), body: { email: owner.email, password } });

      const guesses = await Promise.all(Array.from({ length: 40 }, (_, i) => login(`guess number ${i}`, '203.0.113.9')));
      expect(statuses(guesses)).toEqual({ 401: 10, 429: 30 });
      for (const refused of guesses.filter((res) => res.status === 429)) {
        expectRetryAfter(refused, 900);
        expect(refused.body).toMatchObject({ error: 'rate_limited', retry_after: 900 });
      }
      // The database counted exactly the ten that were checked.
      const bucket = createHash('sha256').update(`sign-in-failures-account-address:${JSON.stringify([owner.email, '203.0.113.9'])}`).digest('hex');
      expect(await app.db.query('select count from rate_limit_windows where bucket = $1', [bucket])).toEqual([{ count: 10 }]);

      expectRetryAfter(await login('correct horse battery', '203.0.113.9'), 900);
      const owners = await login('correct horse battery', '198.51.100.20');
      expect(owners.status).toBe(200);
      expect((await app.request('GET', '/api/v1/me', { session: sessionOf(owners)! })).status).toBe(200);
    });

    it('tells a person at the sign-in form when to come back', async () => {
      const form = await app.request<string>('GET', '/login', { headers: HTML });
      const csrf = /name="_csrf" value="([^"]+)"/.exec(form.body)![1]!;
      const cookie = /svc_csrf=[^;]+/.exec(form.headers.get('set-cookie')!)![0];
      const attempt = () =>
        app.request<string>('POST', '/auth/login', {
          headers: { ...from('203.0.113.10'), cookie, 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
          rawBody: new URLSearchParams({ _csrf: csrf, email: 'someone@example.test', password: 'not the password' }).toString(),
        });
      for (let i = 0; i < 10; i++) expect((await attempt()).status).toBe(401);
      const refused = await attempt();
      expectRetryAfter(refused, 900);
      expect(refused.body).toContain('Too many failed sign-ins from this address');
    });
  });

  describe('sessions', () => {
    let person: Principal;
    let token: string;

    it('ends every other session on a password change: an older session gets 401 on /api/v1/me, agents keep working', async () => {
      person = await app.signUp('Changer');
      ({ token } = await app.agentToken(person, ['account:read']));
      const older = sessionOf(await app.request('POST', '/auth/login', { body: { email: person.email, password: 'correct horse battery' } }))!;
      expect((await app.request('GET', '/api/v1/me', { session: older })).status).toBe(200);

      const changed = await app.request('POST', '/account/password', {
        session: person.session,
        body: { current_password: 'correct horse battery', new_password: 'a fresh long password' },
      });
      expect(changed.status).toBe(204);
      expect(await app.request('GET', '/api/v1/me', { session: older })).toMatchObject({ status: 401, body: { error: 'unauthenticated' } });
      expect((await app.request('GET', '/api/v1/me', { session: person.session })).status).toBe(200);
      expect((await app.request('GET', '/api/v1/me', { token })).status).toBe(200);
      expect(await app.db.query('select count(*)::int as n from sessions where principal_id = $1', [person.id])).toEqual([{ n: 1 }]);
    });

    it('offers signing out everywhere and revoking every agent on the account page, each in one step', async () => {
      const page = await app.request<string>('GET', '/account', { session: person.session, headers: HTML });
      expect(page.body).toContain('action="/account/sign-out-everywhere"');
      // Revoking is irreversible, so it asks first, as every such action does; the one confirmed post revokes them all.
      expect(page.body).toContain('href="/account/grants/revoke-all"');
      const confirm = await app.request<string>('GET', '/account/grants/revoke-all', { session: person.session, headers: HTML });
      expect(confirm.status).toBe(200);
      expect(confirm.body).toContain('action="/account/grants/revoke-all"');

      const second = (await app.agentToken(person, ['account:read'])).token;
      const revoked = await app.request('POST', '/account/grants/revoke-all', { session: person.session });
      expect(revoked).toMatchObject({ status: 200, body: { grants_revoked: 2 } });
      for (const stale of [token, second]) expect((await app.request('GET', '/api/v1/me', { token: stale })).status).toBe(401);
      expect(await app.db.query('select count(*)::int as n from grants where principal_id = $1 and revoked_at is null', [person.id])).toEqual([{ n: 0 }]);

      const other = sessionOf(await app.request('POST', '/auth/login', { body: { email: person.email, password: 'a fresh long password' } }))!;
      const ended = await app.request('POST', '/account/sign-out-everywhere', { session: person.session });
      expect(ended).toMatchObject({ status: 200, body: { sessions_ended: 2 } });
      expect(ended.headers.get('set-cookie')).toMatch(/svc_session=;/);
      for (const session of [person.session, other]) expect((await app.request('GET', '/api/v1/me', { session })).status).toBe(401);
    });

    it('ends a session after 7 days without use, and keeps one in use', async () => {
      const idle = await app.signUp('Idle');
      const busy = await app.signUp('Busy');
      for (let day = 0; day < 7; day++) {
        app.clock.advance(24 * 60 * 60 * 1000 - 1);
        expect((await app.request('GET', '/api/v1/me', { session: busy.session })).status).toBe(200);
      }
      app.clock.advance(7);
      expect((await app.request('GET', '/api/v1/me', { session: idle.session })).status).toBe(401);
      expect((await app.request('GET', '/api/v1/me', { session: busy.session })).status).toBe(200);
      // The account page tells the person.
      const page = await app.request<string>('GET', '/account', { session: busy.session, headers: HTML });
      expect(page.body).toContain('after 7 days without use');
    });
  });

  describe('the device flow (RFC 8628 §5.1)', () => {
    const wrongCode = (i: number) => `WXYZ-${'BCDFGHJKLMNPQRSTVWXZ'[i % 20]}${'BCDFGHJKLMNPQRSTVWXZ'[Math.floor(i / 20)]}BB`;

    it('refuses a person typing wrong user codes on /connect after 5, with Retry-After', async () => {
      app.clock.advance(15 * 60 * 1000 - (app.clock.now().getTime() % (15 * 60 * 1000)));
      const guesser = await app.signUp('Guesser');
      const answers: TestResponse<string>[] = [];
      for (let i = 0; i < 30; i++) {
        answers.push(await app.request<string>('GET', `/connect?user_code=${wrongCode(i)}`, { session: guesser.session, headers: { ...HTML, ...from('192.0.2.30') } }));
      }
      expect(statuses(answers)).toEqual({ 404: 5, 429: 25 });
      expect(answers[4]!.body).toContain('No connection request has this code.');
      expectRetryAfter(answers[5]!, 900);
      expect(answers[5]!.body).toContain('Too many codes tried at once or matching no connection request');
    });

    it('refuses wrong codes on /connect/deny after 5, per person and per address', async () => {
      const denier = await app.signUp('Denier');
      const deny = (person: Principal, i: number, address: string) =>
        app.request('POST', '/connect/deny', { session: person.session, headers: from(address), body: { user_code: wrongCode(i) } });
      const answers: TestResponse[] = [];
      for (let i = 0; i < 10; i++) answers.push(await deny(denier, i, '192.0.2.31'));
      expect(statuses(answers)).toEqual({ 404: 5, 429: 5 });
      expect(answers[5]!.body).toMatchObject({ error: 'rate_limited', retry_after: expect.any(Number) });
      expect(Number(answers[5]!.headers.get('retry-after'))).toBeGreaterThan(0);

      // One address with many accounts: 20 misses, then the address is refused for everyone.
      const crowd = await Promise.all(Array.from({ length: 5 }, () => app.signUp()));
      const fromOneAddress: TestResponse[] = [];
      for (let i = 0; i < 25; i++) fromOneAddress.push(await deny(crowd[i % 5]!, i, '192.0.2.32'));
      expect(statuses(fromOneAddress)).toEqual({ 404: 20, 429: 5 });
    });

    it('stores at most 20 anonymous connect requests per address in 15 minutes', async () => {
      const connect = (address: string) =>
        app.request('POST', '/api/v1/agent/connect', { headers: from(address), body: { agent_name: 'Flooder', scopes: ['account:read'] } });
      const answers = await Promise.all(Array.from({ length: 25 }, () => connect('203.0.113.66')));
      expect(statuses(answers)).toEqual({ 201: 20, 429: 5 });
      for (const refused of answers.filter((res) => res.status === 429)) {
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(refused.body).toMatchObject({ error: 'rate_limited' });
      }
      const form = await app.request('POST', '/api/v1/oauth/device_authorization', {
        headers: { ...from('203.0.113.66'), 'content-type': 'application/x-www-form-urlencoded' },
        rawBody: 'client_id=Flooder&scope=account%3Aread',
      });
      expect(form).toMatchObject({ status: 429, body: { error: 'rate_limited', error_description: expect.any(String) } });
      expect(await app.db.query("select count(*)::int as n from device_authorizations where agent_name = 'Flooder'")).toEqual([{ n: 20 }]);
      expect((await connect('203.0.113.67')).status).toBe(201);
    });
  });
});
