import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStackFixture, type StackFixture } from './fixture.ts';
import type { Answer } from './http.ts';
import { jobBody, type JobAnswer } from './job-bodies.ts';

// A transaction elsewhere (an operator's psql, a slow migration, a long report) may hold a job's row
// lock for seconds. The write that needs that row waits for it; no other write may wait with it, in
// either process, whatever each process batches together.

const HOLD_MS = 5_000;
/** Writes to other rows must answer within this while the lock is held. */
const UNRELATED_WITHIN_MS = 1_000;
/**
 * A write still unanswered after this is given up, so that a stalled service fails the test instead
 * of waiting on a lock the test would release only after the write.
 */
const GIVE_UP_MS = 3_000;

let world: StackFixture<'poster'>;
const jobs: JobAnswer[] = [];

beforeAll(async () => {
  // The writes beside the lock go as fast as the stack answers: on a quiet machine more than one
  // token's default write limit a minute, which is not what this test is about.
  world = await openStackFixture({ workers: 0, agents: { poster: ['jobs:write'] }, env: { AGENT_WRITES_PER_MINUTE: '1000000' } });
  for (let i = 0; i < 5; i++) {
    const created = await world.http.request<JobAnswer>(world.stack.url, 'POST', '/api/v1/jobs', { token: world.agents.poster.token, body: jobBody(`Job ${i}`) });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    jobs.push(created.body);
  }
});
afterAll(() => world?.close());

describe('a row lock held for 5 seconds outside the service', () => {
  it('stalls no write to other rows in either process; the write to the locked row goes through once it is released', async () => {
    const [a, b] = world.stack.apis;
    const [locked, ...others] = jobs as [JobAnswer, ...JobAnswer[]];
    const token = world.agents.poster.token;
    const versions = new Map(others.map((job) => [job.id, job.version]));

    const holder = new pg.Client({ connectionString: world.database.url });
    await holder.connect();
    let blocked: Promise<{ answer?: Answer<JobAnswer>; error?: unknown }> | undefined;
    const slow: string[] = [];
    const wrong: string[] = [];
    let rounds = 0;
    let slowest = 0;
    try {
      await holder.query('begin');
      await holder.query('select id from jobs where id = $1 for update', [locked.id]);
      const heldAt = performance.now();

      // The write that must wait: it is in flight during everything below.
      blocked = world.http
        .request<JobAnswer>(a!.url, 'PATCH', `/api/v1/jobs/${locked.id}`, { token, body: { expected_version: locked.version, title: 'Waited for the lock' } })
        .then((answer) => ({ answer }), (error: unknown) => ({ error }));

      while (performance.now() - heldAt < HOLD_MS - 1_500) {
        rounds++;
        const target = others[rounds % others.length]!;
        const writes = [a!, b!].flatMap((api) => [
          { what: `POST via ${api.name}`, url: api.url, method: 'POST', path: '/api/v1/jobs', body: jobBody(`During the hold ${rounds} ${api.name}`) },
          { what: `PATCH ${target.id} via ${api.name}`, url: api.url, method: 'PATCH', path: `/api/v1/jobs/${target.id}`, body: { expected_version: versions.get(target.id), title: `Edited in round ${rounds}` } },
        ]);
        // The two PATCHes of one row race: one wins, the other answers 409 version_conflict; both answer at once.
        const outcomes = await Promise.all(
          writes.map(async (write) => {
            try {
              return { ...write, answer: await world.http.request<JobAnswer>(write.url, write.method, write.path, { token, body: write.body, timeoutMs: GIVE_UP_MS }) };
            } catch {
              return { ...write, answer: undefined };
            }
          }),
        );
        for (const { what, method, answer } of outcomes) {
          if (!answer) {
            slow.push(`${what} got no answer within ${GIVE_UP_MS} ms`);
            continue;
          }
          slowest = Math.max(slowest, answer.ms);
          if (answer.ms > UNRELATED_WITHIN_MS) slow.push(`${what} took ${Math.round(answer.ms)} ms (status ${answer.status})`);
          const expected = method === 'POST' ? [201] : [200, 409];
          if (!expected.includes(answer.status)) wrong.push(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
          if (method === 'PATCH' && answer.status === 200) versions.set(target.id, answer.body.version);
        }
      }
      // The deliberate hold: the lock is released 5 s after it was taken.
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, HOLD_MS - (performance.now() - heldAt))));
      await holder.query('commit');
    } finally {
      await holder.end();
    }

    console.log(`${rounds} rounds of 4 writes to other rows while the lock was held; the slowest answered in ${Math.round(slowest)} ms`);
    expect(rounds).toBeGreaterThan(0);
    // Both lists at once: a write that failed and one that waited tell apart two different faults.
    expect({ wrong, slow }, `${rounds} rounds of 4 writes to other rows while the lock was held`).toEqual({ wrong: [], slow: [] });
    const outcome = await blocked!;
    expect(outcome.error, 'the write to the locked row got no answer').toBeUndefined();
    const waited = outcome.answer!;
    expect(waited.status, JSON.stringify(waited.body)).toBe(200);
    // It did wait for the lock: the hold is real.
    expect(waited.ms).toBeGreaterThan(HOLD_MS - 1_000);
    expect(waited.body.version).toBe(locked.version + 1);
    const stored = await world.database.client.query('select title, version from jobs where id = $1', [locked.id]);
    expect(stored.rows[0]).toEqual({ title: 'Waited for the lock', version: locked.version + 1 });
    expect(await world.count(`select count(*) as n from jobs where title like 'During the hold %'`)).toBe(rounds * 2);
  });

  it('answered nothing with a server error, and every request got an answer', () => {
    expect(world.http.failures()).toEqual([]);
  });
});
