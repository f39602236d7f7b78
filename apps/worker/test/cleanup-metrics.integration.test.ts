import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readScrape, startTestApp, TEST_METRICS_TOKEN, type TestApp } from '@svc/runtime/testing';
import { runCleanup } from '../src/cleanup.ts';

// The worker serves no HTTP: it records each cleanup job's success in the database, and every API
// process exports it at /metrics (docs/operations.md, "Metrics").

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ registrars: [], metrics: true });
});
afterAll(() => app?.close());

const scrape = async () =>
  readScrape((await app.request<string>('GET', '/metrics', { headers: { authorization: `Bearer ${TEST_METRICS_TOKEN}` } })).body);

describe('the daily cleanup as the metrics show it', () => {
  it('exports each job\'s last success time and the rows it retired, added up over runs', async () => {
    const before = await scrape();
    expect(before.value('svc_cleanup_last_success_timestamp_seconds', { job: 'idempotency-keys' })).toBe(0);

    await app.db.query(`insert into idempotency_keys (scope, route, key, fingerprint, created_at) values ('s', 'r', 'k1', 'f', $1), ('s', 'r', 'k2', 'f', $2)`, [
      '2026-11-01T00:00:00Z',
      '2026-11-01T00:00:00Z',
    ]);
    // A run as of another day (a manual `--now`) is recorded when it finished, so the alert sees it ran now.
    const first = new Date('2026-11-21T03:17:00Z');
    const ranFrom = Date.now() / 1000;
    await runCleanup(app.services, first);
    const ranTo = Date.now() / 1000;
    let now = await scrape();
    const recorded = now.value('svc_cleanup_last_success_timestamp_seconds', { job: 'idempotency-keys' });
    expect(recorded).toBeGreaterThanOrEqual(Math.floor(ranFrom));
    expect(recorded).toBeLessThanOrEqual(ranTo);
    expect(now.value('svc_cleanup_rows_retired_total', { job: 'idempotency-keys', kind: 'deleted' })).toBe(2);

    await app.db.query(`insert into idempotency_keys (scope, route, key, fingerprint, created_at) values ('s', 'r', 'k3', 'f', $1)`, ['2026-11-01T00:00:00Z']);
    const second = new Date('2026-11-22T03:17:00Z');
    const reports = await runCleanup(app.services, second);
    expect(reports.every((report) => report.ran)).toBe(true);
    now = await scrape();
    expect(now.value('svc_cleanup_last_success_timestamp_seconds', { job: 'idempotency-keys' })).toBeGreaterThanOrEqual(recorded);
    expect(now.value('svc_cleanup_rows_retired_total', { job: 'idempotency-keys', kind: 'deleted' })).toBe(3);
    // Every job that ran has its success recorded, whether or not it retired anything.
    for (const report of reports) expect(now.value('svc_cleanup_last_success_timestamp_seconds', { job: report.job })).toBeGreaterThanOrEqual(recorded);
  });
});
