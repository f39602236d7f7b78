import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_BASE_URL, type TestApp } from '@svc/runtime/testing';
import { startApiTestApp } from './app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startApiTestApp();
});
afterAll(() => app?.close());

const valid = { schema_version: '1', agent_name: 'Scout', purpose: 'Browsing jobs', agent_url: 'https://scout.example/agent' };
let client = 0;
/** Each request speaks as another client address (the test app trusts X-Forwarded-For), so the rate limit of one does not touch the others. */
const introduce = (body: unknown, headers: Record<string, string> = {}) =>
  app.request('POST', '/api/v1/agent-introductions', { body, headers: { 'x-forwarded-for': `203.0.113.${++client}`, ...headers } });

describe('agent introductions', () => {
  it('records an introduction that grants nothing', async () => {
    const res = await introduce(valid);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      introduction_id: expect.stringMatching(/^int_/),
      evidence: 'self_declared',
      next_action: 'continue_public_browsing',
      instructions_url: `${TEST_BASE_URL}/agents`,
      expires_at: '2026-12-21T12:00:00.000Z',
    });
    const [row] = await app.db.query<{ count: string }>('select count(*) from grants');
    expect(Number(row!.count)).toBe(0);
  });

  it('replays the same key and body with 200, and refuses another body with 409', async () => {
    const headers = { 'idempotency-key': 'intro-1', 'x-forwarded-for': '192.0.2.10' };
    const first = await introduce(valid, headers);
    const again = await app.request('POST', '/api/v1/agent-introductions', { body: valid, headers });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ ...first.body, replayed: true });
    const other = await app.request('POST', '/api/v1/agent-introductions', { body: { ...valid, agent_name: 'Other' }, headers });
    expect(other).toMatchObject({ status: 409, body: { error: 'idempotency_conflict' } });
    const rows = await app.db.query("select id from agent_introductions where agent_name = 'Other'");
    expect(rows).toHaveLength(0);
  });

  it('refuses an Idempotency-Key over 128 characters', async () => {
    expect((await introduce(valid, { 'idempotency-key': 'k'.repeat(128) })).status).toBe(201);
    const res = await introduce(valid, { 'idempotency-key': 'k'.repeat(129) });
    expect(res).toMatchObject({ status: 400, body: { error: 'invalid_idempotency_key' } });
  });

  it.each([
    ['a missing schema_version', { agent_name: 'x' }, 'schema_version'],
    ['another schema_version', { ...valid, schema_version: '2' }, 'schema_version'],
    ['an additional property', { ...valid, token: 'x' }, 'token'],
    ['an empty agent_name', { ...valid, agent_name: '' }, 'agent_name'],
    ['agent_name over 120', { ...valid, agent_name: 'a'.repeat(121) }, 'agent_name'],
    ['purpose over 240', { ...valid, purpose: 'p'.repeat(241) }, 'purpose'],
    ['client_name over 120', { ...valid, client_name: 'c'.repeat(121) }, 'client_name'],
    ['client_version over 64', { ...valid, client_version: 'v'.repeat(65) }, 'client_version'],
    ['built_with over 120', { ...valid, built_with: 'b'.repeat(121) }, 'built_with'],
    ['model over 120', { ...valid, model: 'm'.repeat(121) }, 'model'],
    ['agent_url that is no URI', { ...valid, agent_url: 'nope' }, 'agent_url'],
    ['an agent_name of spaces and an ideographic space', { ...valid, agent_name: '  \u3000 ' }, 'agent_name'],
    ['an agent_name of a zero-width space', { ...valid, agent_name: '\u200b' }, 'agent_name'],
    ['an agent_url that would run script', { ...valid, agent_url: 'javascript:alert(1)' }, 'agent_url'],
    ['an agent_card_url of another scheme', { ...valid, agent_card_url: 'file:///etc/passwd' }, 'agent_card_url'],
    ['agent_card_url over 2048', { ...valid, agent_card_url: `https://x.example/${'a'.repeat(2040)}` }, 'agent_card_url'],
  ])('refuses %s with validation_failed', async (_name, body, path) => {
    const res = await introduce(body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('validation_failed');
    expect(res.body.details.map((d: { path: string }) => d.path)).toContain(path);
  });

  it('refuses bodies over 64 KiB, other media types and malformed JSON', async () => {
    expect((await introduce({ ...valid, purpose: 'p'.repeat(70 * 1024) })).body.error).toBe('body_too_large');
    const plain = await app.request('POST', '/api/v1/agent-introductions', { rawBody: 'hi', headers: { 'content-type': 'text/plain', 'x-forwarded-for': '198.51.100.1' } });
    expect(plain).toMatchObject({ status: 415, body: { error: 'unsupported_media_type' } });
    const broken = await app.request('POST', '/api/v1/agent-introductions', { rawBody: '{', headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.2' } });
    expect(broken).toMatchObject({ status: 400, body: { error: 'invalid_json' } });
  });

  it('refuses a browser post from another site', async () => {
    const res = await introduce(valid, { origin: 'https://elsewhere.example' });
    expect(res).toMatchObject({ status: 403, body: { error: 'origin_not_allowed' } });
    expect((await introduce(valid, { origin: TEST_BASE_URL })).status).toBe(201);
  });

  it('limits each client address, with Retry-After', async () => {
    const headers = { 'x-forwarded-for': '198.51.100.3' };
    for (let i = 0; i < 20; i++) {
      expect((await app.request('POST', '/api/v1/agent-introductions', { body: valid, headers })).status).toBe(201);
    }
    const limited = await app.request('POST', '/api/v1/agent-introductions', { body: valid, headers });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ error: 'rate_limited', retry_after: expect.any(Number) });
    expect(limited.headers.get('retry-after')).toBe(String(limited.body.retry_after));
    expect((await introduce(valid)).status).toBe(201);
  });
});
