import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAgentRateLimits } from '@svc/runtime';
import { type Principal, type TestApp } from '@svc/runtime/testing';
import { startServeTestApp } from './serve.ts';

/**
 * The website's pages are for people: an agent token sent to one is not read, so a token approved
 * for one thing never shows what only its principal may see there. Signed-in writes have a limit
 * of their own, whatever the door.
 */

const HTML = { accept: 'text/html' };

let app: TestApp;
let owner: Principal;
beforeAll(async () => {
  app = await startServeTestApp();
  owner = await app.signUp('Page Owner');
});
afterAll(() => app?.close());

describe('an agent token on the website', () => {
  it.each(['/my/responses', '/my/jobs', '/my/directory', '/account'])('reads nothing private at %s: the caller is sent to sign in', async (path) => {
    const { token } = await app.agentToken(owner, ['jobs:write', 'account:read']);
    const res = await app.request<string>('GET', path, { token, headers: HTML });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`/login?next=${encodeURIComponent(path)}`);
    expect(res.body).not.toContain('Page Owner');
  });

  it('changes nothing with a form post, even with every scope', async () => {
    const { token } = await app.agentToken(owner, ['jobs:write', 'account:read']);
    const res = await app.request('POST', '/account/name', {
      token,
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: { display_name: 'Renamed by a token' },
    });
    expect(res).toMatchObject({ status: 403, body: { error: 'human_only' } });
    const [row] = await app.db.query<{ display_name: string }>('select display_name from principals where id = $1', [owner.id]);
    expect(row!.display_name).toBe('Page Owner');
  });

  it('still answers the API with the same token', async () => {
    const { token } = await app.agentToken(owner, ['account:read']);
    expect((await app.request('GET', '/api/v1/me', { token })).status).toBe(200);
  });
});

describe('signed-in writes', () => {
  it('are limited per person, through the API and the website alike, with Retry-After', async () => {
    setAgentRateLimits(app.services, { 'session-writes': { limit: 3, windowSeconds: 60 } });
    try {
      const person = await app.signUp('Busy Person');
      const job = { title: 'By session', outcome: 'Counted per person.' };
      const first = await app.request('POST', '/api/v1/jobs', { session: person.session, body: job });
      expect(first.status).toBe(201);
      expect(first.headers.get('ratelimit-policy')).toBe('"session-writes";q=3;w=60');
      expect((await app.request('POST', '/api/v1/jobs', { session: person.session, body: job })).status).toBe(201);
      expect((await app.request('POST', '/account/name', { session: person.session, body: { display_name: 'Still Busy' } })).status).toBeLessThan(400);
      const refused = await app.request('POST', '/api/v1/jobs', { session: person.session, body: job });
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ error: 'rate_limited', retry_after: expect.any(Number) });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await app.db.query('select id from jobs where posted_by = $1', [person.id])).toHaveLength(2);
      // Another person has a count of their own; the next window starts afresh.
      const other = await app.signUp('Other Person');
      expect((await app.request('POST', '/api/v1/jobs', { session: other.session, body: job })).status).toBe(201);
      app.clock.advance(60_000);
      expect((await app.request('POST', '/api/v1/jobs', { session: person.session, body: job })).status).toBe(201);
    } finally {
      setAgentRateLimits(app.services, {});
    }
  });
});
