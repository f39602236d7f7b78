import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PoolMode } from '@svc/db';
import { setAgentRateLimits } from '@svc/runtime';
import type { TestApp } from '@svc/runtime/testing';
import { startApiTestApp } from './app.ts';

/**
 * A request whose statement runs past DATABASE_STATEMENT_TIMEOUT_MS is stopped by PostgreSQL and
 * answers `503 query_timeout` with `Retry-After`, never a 500, and the service answers normally
 * once the cause is gone: a read (the list of jobs) and a write (an edit, committed in a group),
 * each held up by a lock another session keeps past the limit. In both ways connections reach
 * PostgreSQL: directly (`session`) and as behind PgBouncer in transaction mode (`transaction`).
 */
const LIMIT_MS = 300;

describe.each<PoolMode>(['session', 'transaction'])('a statement past its time limit (%s mode)', (poolMode) => {
  let app: TestApp;
  let token: string;
  let jobId: string;

  beforeAll(async () => {
    app = await startApiTestApp({ statementTimeoutMs: LIMIT_MS, poolMode });
    setAgentRateLimits(app.services, { writes: { limit: 1_000, windowSeconds: 60 } });
    const poster = await app.signUp('Timeout Poster');
    ({ token } = await app.agentToken(poster, ['jobs:write']));
    const created = await app.request('POST', '/api/v1/jobs', { token, body: { title: 'Held job', outcome: 'Something to edit.' }, headers: { 'idempotency-key': 'held-1' } });
    expect(created.status).toBe(201);
    jobId = created.body.id;
  });
  afterAll(() => app?.close());

  /** Runs `during` while another session holds `lock` (a statement that takes a lock) open in a transaction. */
  const whileLocked = async <T>(lock: string, params: unknown[], during: () => Promise<T>): Promise<T> =>
    // The holder's own statement is instant; a longer limit so it is never the one stopped.
    app.db.withStatementTimeout(60_000, () =>
      app.db.transaction(async () => {
        await app.db.query(lock, params);
        return during();
      }),
    );

  const expectTimedOut = (res: Awaited<ReturnType<TestApp['request']>>) => {
    expect(res.status, JSON.stringify(res.body)).toBe(503);
    expect(res.body).toMatchObject({ error: 'query_timeout', retry_after: 1 });
    expect(res.headers.get('retry-after')).toBe('1');
  };

  it('answers a read held past the limit with 503 query_timeout, then reads again', async () => {
    const started = performance.now();
    const held = await whileLocked('lock table jobs in access exclusive mode', [], () => app.request('GET', '/api/v1/jobs'));
    expectTimedOut(held);
    // Stopped near the limit, not when the lock went.
    expect(performance.now() - started).toBeLessThan(LIMIT_MS * 10);
    const after = await app.request('GET', '/api/v1/jobs');
    expect(after.status).toBe(200);
    expect(after.body.jobs.map((job: { id: string }) => job.id)).toContain(jobId);
  });

  it('answers a write held past the limit with 503 query_timeout, keeps nothing of it, then writes again', async () => {
    const held = await whileLocked('select id from jobs where id = $1 for update', [jobId], () =>
      app.request('PATCH', `/api/v1/jobs/${jobId}`, { token, body: { expected_version: 1, title: 'Edited while held' } }),
    );
    expectTimedOut(held);
    const unchanged = await app.request('GET', `/api/v1/jobs/${jobId}`);
    expect([unchanged.body.title, unchanged.body.version]).toEqual(['Held job', 1]);
    const edited = await app.request('PATCH', `/api/v1/jobs/${jobId}`, { token, body: { expected_version: 1, title: 'Edited after' } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.version).toBe(2);
  });
});
