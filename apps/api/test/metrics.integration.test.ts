import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { setAgentRateLimits } from '@svc/runtime';
import { readScrape, TEST_METRICS_TOKEN, type Principal, type TestApp } from '@svc/runtime/testing';
import { startApiTestApp } from './app.ts';

// What an operator's Prometheus sees at /metrics (docs/operations.md, "Metrics"): after a known set
// of requests every counter and histogram moved by exactly that much, and no label names a record.

let app: TestApp;
let ada: Principal;
let token: string;

const scrape = async () => {
  const res = await app.request<string>('GET', '/metrics', { headers: { authorization: `Bearer ${TEST_METRICS_TOKEN}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return readScrape(res.body);
};

const job = { title: 'Plan a garden party', outcome: 'A plan the host can follow.' };

beforeAll(async () => {
  app = await startApiTestApp({ metrics: true });
  ada = await app.signUp('Ada Metrics');
  token = (await app.agentToken(ada, ['jobs:write'])).token;
  // The answer cache counts hits only while the change feed hears.
  await vi.waitFor(() => expect(app.services.changes.state().hearing).toBe(true), { timeout: 10_000, interval: 20 });
});
afterAll(() => app?.close());

describe('/metrics is not public', () => {
  it.each([
    ['no Authorization header', {}],
    ['another secret', { authorization: 'Bearer not-the-metrics-secret-at-all' }],
    ['the secret in another scheme', { authorization: `Basic ${TEST_METRICS_TOKEN}` }],
  ])('refuses %s with 401 unauthenticated and the Bearer challenge', async (_, headers: Record<string, string>) => {
    const res = await app.request('GET', '/metrics', { headers });
    expect(res).toMatchObject({ status: 401, body: { error: 'unauthenticated', message: expect.stringContaining('METRICS_TOKEN') } });
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer /);
  });

  it('is not there at all (404 not_found) in a process started without a metrics secret', async () => {
    const plain = await startApiTestApp();
    try {
      const res = await plain.request('GET', '/metrics', { headers: { authorization: `Bearer ${TEST_METRICS_TOKEN}` } });
      expect(res).toMatchObject({ status: 404, body: { error: 'not_found' } });
    } finally {
      await plain.close();
    }
  });
});

describe('counters and histograms after a known set of requests', () => {
  it('counts each request once by operation and status class, creates and replays, write groups and cache lookups', async () => {
    const before = await scrape();
    const created = await app.request('POST', '/api/v1/jobs', { token, body: job, headers: { 'idempotency-key': 'metrics-1' } });
    expect(created.status).toBe(201);
    const replayed = await app.request('POST', '/api/v1/jobs', { token, body: job, headers: { 'idempotency-key': 'metrics-1' } });
    expect(replayed).toMatchObject({ status: 200, body: { id: created.body.id, replayed: true } });
    // The create's notice reaches the change feed a moment after its answer; heard after the first
    // read, it would make the kept answer stale. Notices arrive in commit order, so a heartbeat sent
    // after the answer and heard means the create's notice was heard first (PGlite has no heartbeat).
    const answered = Date.now();
    await vi.waitFor(() => {
      const age = app.services.changes.heartbeatAgeMs();
      expect(age === undefined || Date.now() - age >= answered).toBe(true);
    }, { timeout: 10_000, interval: 20 });
    for (let i = 0; i < 3; i++) expect((await app.request('GET', `/api/v1/jobs/${created.body.id}`)).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await app.request('GET', '/api/v1/jobs/job_doesnotexist')).status).toBe(404);
    const after = await scrape();

    const moved = (operation: string, statusClass: string) =>
      after.histogram('svc_http_request_duration_seconds', { operation, status_class: statusClass }).count -
      before.histogram('svc_http_request_duration_seconds', { operation, status_class: statusClass }).count;
    expect(moved('jobs.create', '2xx')).toBe(2);
    expect(moved('jobs.get', '2xx')).toBe(3);
    expect(moved('jobs.get', '4xx')).toBe(2);
    expect(after.value('svc_idempotent_replays_total') - before.value('svc_idempotent_replays_total')).toBe(1);

    // The first read of the new job builds its answer; the two after it are served from the cache.
    // A refusal (404) is never kept: each read of the unknown id is a miss.
    const lookups = (scrape: typeof before, outcome: string) => scrape.value('svc_answer_cache_lookups_total', { outcome });
    expect(lookups(after, 'hit') - lookups(before, 'hit')).toBe(2);
    expect(lookups(after, 'miss') - lookups(before, 'miss')).toBe(3);
    expect(lookups(after, 'bypass') - lookups(before, 'bypass')).toBe(0);

    // One create wrote through the group commit, alone: one group of one.
    const groups = after.histogram('svc_db_write_group_size');
    const groupsBefore = before.histogram('svc_db_write_group_size');
    expect(groups.count - groupsBefore.count).toBeGreaterThanOrEqual(1);
    expect(groups.sum - groupsBefore.sum).toBe(groups.count - groupsBefore.count);
    expect(after.value('svc_db_write_group_retries_total')).toBe(before.value('svc_db_write_group_retries_total'));
    // Each group's message is one `commit` statement. The replay was answered from its stored key
    // by a select (this process stored the key), so no commit failed. The reads that missed the
    // cache sent selects, and nothing failed.
    const statements = (operation: string, outcome = 'ok') =>
      after.histogram('svc_db_statement_duration_seconds', { operation, outcome }).count -
      before.histogram('svc_db_statement_duration_seconds', { operation, outcome }).count;
    expect(statements('commit') + statements('commit', 'error')).toBe(groups.count - groupsBefore.count);
    expect(statements('commit', 'error')).toBe(0);
    expect(statements('select')).toBeGreaterThanOrEqual(3);
    for (const operation of ['select', 'insert', 'update']) expect(statements(operation, 'error')).toBe(0);
    expect(after.histogram('svc_db_statement_duration_seconds', { operation: 'select', outcome: 'ok' }).sum).toBeGreaterThan(0);

    // The scrape itself is the one request in flight when it is answered.
    expect(after.value('svc_http_requests_in_flight')).toBe(1);
  });

  it('counts each refusal of a rate limit under the limit\'s name', async () => {
    const before = await scrape();
    setAgentRateLimits(app.services, { writes: { limit: 1, windowSeconds: 60 } });
    try {
      const own = (await app.agentToken(ada, ['jobs:write'])).token;
      expect((await app.request('POST', '/api/v1/jobs', { token: own, body: job })).status).toBe(201);
      for (let i = 0; i < 2; i++) expect((await app.request('POST', '/api/v1/jobs', { token: own, body: job })).status).toBe(429);
    } finally {
      setAgentRateLimits(app.services, {});
    }
    const after = await scrape();
    const refused = (scrape: typeof before) => scrape.value('svc_rate_limit_refusals_total', { policy: 'agent-writes' });
    expect(refused(after) - refused(before)).toBe(2);
    expect(after.histogram('svc_http_request_duration_seconds', { operation: 'jobs.create', status_class: '4xx' }).count).toBe(2);
  });

  it('exports the pool, the change feed, and the process (memory, heap, event-loop lag)', async () => {
    const now = await scrape();
    expect(now.value('svc_db_pool_max')).toBe(25);
    expect(now.value('svc_db_pool_size')).toBeGreaterThanOrEqual(1);
    expect(now.value('svc_db_pool_idle')).toBeLessThanOrEqual(now.value('svc_db_pool_size'));
    expect(now.value('svc_db_pool_waiting')).toBe(0);
    expect(now.value('svc_change_feed_listens')).toBe(1);
    expect(now.value('svc_change_feed_hearing')).toBe(1);
    expect(now.value('svc_change_feed_heartbeat_age_seconds')).toBeLessThan(2);
    expect(now.value('process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(now.value('nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(now.names()).toContain('nodejs_eventloop_lag_p99_seconds');
  });

  it('labels name operations and route templates, never an id, an address or an e-mail', async () => {
    const values = (await scrape()).labelValues();
    expect(values).toContain('jobs.get');
    expect(values).toContain('GET /metrics');
    for (const value of values) {
      expect(value).not.toMatch(/job_[a-z0-9]|@|127\.0\.0\.1|[0-9a-f]{8}-[0-9a-f]{4}/i);
    }
  });
});
