import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SCOPES } from '@svc/access';
import { setAgentRateLimits } from '@svc/runtime';
import { TEST_BASE_URL, type Principal, type TestApp, type TestResponse } from '@svc/runtime/testing';
import { API_OPERATIONS } from '../src/operations/index.ts';
import { startApiTestApp } from './app.ts';

/**
 * A client's view of the rate limits: every answer that counted carries its `RateLimit` headers,
 * refusals included; the count is taken before the work, so a refused write runs out too; and
 * `x-rate-limit` in the document names exactly the policies a request to each operation counts against.
 */

let app: TestApp;
let ada: Principal;
let document: any;

beforeAll(async () => {
  app = await startApiTestApp();
  ada = await app.signUp('Ada Limited');
  document = (await app.request('GET', '/api/v1/openapi.json')).body;
});
afterAll(() => app?.close());
afterEach(() => setAgentRateLimits(app.services, {}));

const json = { 'content-type': 'application/json' };
/** The policies an answer names in `RateLimit-Policy`. */
const policiesOf = (res: TestResponse) => [...(res.headers.get('ratelimit-policy') ?? '').matchAll(/"([^"]+)"/g)].map((m) => m[1]!);
const notJson = (token: string) => app.request('POST', '/api/v1/jobs', { token, rawBody: 'title=x', headers: { 'content-type': 'text/plain' } });
const brokenJson = (token: string) => app.request('POST', '/api/v1/jobs', { token, rawBody: '{"title": ', headers: json });
const withoutScope = (token: string) => app.request('POST', '/api/v1/jobs', { token, body: { title: 'No scope', outcome: 'Refused' } });

describe('a refused write carries the count', () => {
  it('415, 400 invalid_json and 403 insufficient_scope each carry RateLimit-Policy and RateLimit', async () => {
    setAgentRateLimits(app.services, { writes: { limit: 5, windowSeconds: 60 } });
    const { token: writer } = await app.agentToken(ada, ['jobs:write']);
    const { token: reader } = await app.agentToken(ada, ['account:read']);
    const answers = [await notJson(writer), await brokenJson(writer), await withoutScope(reader)];
    expect(answers.map((res) => [res.status, res.body.error])).toEqual([
      [415, 'unsupported_media_type'],
      [400, 'invalid_json'],
      [403, 'insufficient_scope'],
    ]);
    for (const res of answers) expect(res.headers.get('ratelimit-policy')).toBe('"writes";q=5;w=60');
    expect(answers.map((res) => res.headers.get('ratelimit')!.replace(/t=\d+/, 't'))).toEqual(['"writes";r=4;t', '"writes";r=3;t', '"writes";r=4;t']);
  });

  it('a refused write by a session carries its session-writes count', async () => {
    setAgentRateLimits(app.services, { 'session-writes': { limit: 5, windowSeconds: 60 } });
    const res = await app.request('POST', '/api/v1/jobs', { session: ada.session, rawBody: '{', headers: { ...json, origin: TEST_BASE_URL } });
    expect([res.status, res.body.error]).toEqual([400, 'invalid_json']);
    expect(res.headers.get('ratelimit-policy')).toBe('"session-writes";q=5;w=60');
    expect(res.headers.get('ratelimit')).toMatch(/^"session-writes";r=4;t=\d+$/);
  });
});

describe('past the budget, a refused write is 429 too', () => {
  it('an agent repeating a write it may not make runs out, then gets 429 with Retry-After whatever the shape', async () => {
    setAgentRateLimits(app.services, { writes: { limit: 3, windowSeconds: 60 } });
    const { token } = await app.agentToken(ada, ['account:read']);
    for (let i = 0; i < 3; i++) expect((await withoutScope(token)).status).toBe(403);
    for (const res of [await withoutScope(token), await notJson(token), await brokenJson(token)]) {
      expect([res.status, res.body.error]).toEqual([429, 'rate_limited']);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(res.body.retry_after).toBe(Number(res.headers.get('retry-after')));
      expect(res.headers.get('ratelimit-policy')).toBe('"writes";q=3;w=60');
      expect(res.headers.get('ratelimit')).toMatch(/^"writes";r=0;t=\d+$/);
    }
    app.clock.advance(60_000);
    expect((await withoutScope(token)).status).toBe(403);
  });

  it('says "1 second", not "1 seconds"', async () => {
    setAgentRateLimits(app.services, { writes: { limit: 1, windowSeconds: 60 } });
    const { token } = await app.agentToken(ada, ['account:read']);
    const now = app.clock.now().getTime();
    app.clock.advance(60_000 - (now % 60_000) - 500);
    await withoutScope(token);
    const refused = await withoutScope(token);
    expect([refused.status, refused.body.retry_after]).toEqual([429, 1]);
    expect(refused.body.message).toContain('wait 1 second ');
  });
});

/** For each operation with policies beside the callers' writes: a request that those policies count. */
const COUNTED_REQUESTS: Record<string, () => Promise<TestResponse>> = {
  'agent.connect': () => app.request('POST', '/api/v1/agent/connect', { body: { agent_name: 'Counted', scopes: ['account:read'] } }),
  'agent.token': () => app.request('POST', '/api/v1/agent/token', { body: { device_code: 'dc_unknown' } }),
  'introductions.create': () =>
    app.request('POST', '/api/v1/agent-introductions', { body: { schema_version: '1', agent_name: 'Counted', purpose: 'Being counted.' } }),
  'reports.create': () => app.request('POST', '/api/v1/reports', { body: { target_kind: 'service', target_id: 'svc_missing', reason: 'spam' } }),
  'site_feedback.create': () => app.request('POST', '/api/v1/site-feedback', { body: { kind: 'feedback', message: 'Counted.' } }),
  'oauth.device_authorization': () => form('/api/v1/oauth/device_authorization', { client_id: 'Counted', scope: 'account:read' }),
  'oauth.register': () => app.request('POST', '/api/v1/oauth/register', { body: { client_name: 'Counted', redirect_uris: ['https://client.example/cb'] } }),
  'oauth.token': () => form('/api/v1/oauth/token', { grant_type: 'urn:ietf:params:oauth:grant-type:device_code', device_code: 'dc_unknown' }),
};
const form = (path: string, fields: Record<string, string>) =>
  app.request('POST', path, { rawBody: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });

describe('x-rate-limit names exactly what each operation counts', () => {
  const declared = (operationId: string): string[] => {
    const operation = API_OPERATIONS.find((op) => op.id === operationId)!;
    return (document.paths[operation.path][operation.method.toLowerCase()]['x-rate-limit'] ?? []).map((p: { policy: string }) => p.policy);
  };
  const CALLER_POLICIES = new Set(['writes', 'session-writes']);

  it('every operation: a token counts `writes` and a session `session-writes` exactly where the document says, and nothing undeclared', async () => {
    setAgentRateLimits(app.services, { writes: { limit: 10_000, windowSeconds: 60 }, 'session-writes': { limit: 10_000, windowSeconds: 60 } });
    const { token } = await app.agentToken(ada, [...SCOPES]);
    const seen: string[] = [];
    const expected: string[] = [];
    // Giving up the token's grant is sent last: every other call still has a live token.
    const operations = [...API_OPERATIONS].sort((a, b) => Number(a.id === 'agent.revoke_grant') - Number(b.id === 'agent.revoke_grant'));
    for (const operation of operations) {
      const path = operation.path.replace(/\{[a-z_]+\}/g, 'x_unknown');
      const body = operation.method === 'GET' ? undefined : {};
      const policies = declared(operation.id);
      const asAgent = await app.request(operation.method, path, { token, ...(body ? { body } : {}) });
      const asPerson = await app.request(operation.method, path, { session: ada.session, headers: { origin: TEST_BASE_URL }, ...(body ? { body } : {}) });
      const asNobody = await app.request(operation.method, path, body ? { body } : {});
      for (const res of [asAgent, asPerson, asNobody]) expect(res.status, `${operation.id} ${res.status}`).toBeLessThan(500);
      seen.push(`${operation.id} agent:${policiesOf(asAgent).filter((p) => CALLER_POLICIES.has(p))} person:${policiesOf(asPerson).filter((p) => CALLER_POLICIES.has(p))}`);
      expected.push(`${operation.id} agent:${policies.filter((p) => p === 'writes')} person:${policies.filter((p) => p === 'session-writes')}`);
      for (const res of [asAgent, asPerson, asNobody]) {
        for (const policy of policiesOf(res)) expect(policies, `${operation.id} counted ${policy}`).toContain(policy);
      }
      expect(policiesOf(asNobody).filter((p) => CALLER_POLICIES.has(p))).toEqual([]);
      // An operation that reads no credentials names no caller's limit.
      if (operation.auth === 'anonymous') expect(policies.filter((p) => CALLER_POLICIES.has(p))).toEqual([]);
    }
    expect(seen).toEqual(expected);
  }, 120_000);

  it('every other policy an operation names is counted by a request to it, and is on no other operation', async () => {
    const others = API_OPERATIONS.filter((op) => declared(op.id).some((p) => !CALLER_POLICIES.has(p))).map((op) => op.id);
    expect(others.sort()).toEqual(Object.keys(COUNTED_REQUESTS).sort());
    for (const [operationId, send] of Object.entries(COUNTED_REQUESTS)) {
      const res = await send();
      expect(res.status, `${operationId}: ${JSON.stringify(res.body)}`).toBeLessThan(500);
      expect(policiesOf(res).sort(), operationId).toEqual(declared(operationId).filter((p) => !CALLER_POLICIES.has(p)).sort());
    }
  });

  it('gives each limited operation a 429 with Retry-After and the RateLimit headers on its answers, and no other', () => {
    for (const operation of API_OPERATIONS) {
      const described = document.paths[operation.path][operation.method.toLowerCase()];
      const limited = described['x-rate-limit'] !== undefined;
      expect(described.responses['429'] !== undefined, operation.id).toBe(limited);
      if (!limited) continue;
      expect(Object.keys(described.responses['429'].headers).sort(), operation.id).toEqual(['RateLimit', 'RateLimit-Policy', 'Retry-After']);
      const success = Object.keys(described.responses).find((status) => status.startsWith('2'))!;
      expect(Object.keys(described.responses[success].headers ?? {}), operation.id).toEqual(['RateLimit-Policy', 'RateLimit']);
    }
  });
});
