import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openStackFixture, type StackFixture } from './fixture.ts';
import { postJob, type JobAnswer } from './job-bodies.ts';
import { editAndReadBack, FRESH_WITHIN_MS } from './read-back.ts';
import { withAdmin } from './scratch-database.ts';

// Each API process caches public job answers and forgets them when PostgreSQL tells its listening
// session that `jobs` changed (docs/scaling.md, "Answer cache"). Behind PgBouncer the listener has a
// direct connection of its own (DATABASE_LISTEN_URL): edits made through one process must show
// through the other within a second, also after that connection was cut.

let world: StackFixture<'poster'>;
let job: JobAnswer;

const EDITS = 100;

beforeAll(async () => {
  world = await openStackFixture({ listen: 'direct', agents: { poster: ['jobs:write'] } });
  job = await postJob(world, world.agents.poster.token, 'Paint the fence');
});
afterAll(() => world?.close());

/** The listening sessions of the stack's processes, as PostgreSQL sees them. */
const listeners = () => world.count(`select count(*) as n from pg_stat_activity where application_name like 'svc-changes%' and datname = current_database()`);

const readBack = async (label: string) => {
  const [a, b] = world.stack.apis;
  const latest = await world.http.request<JobAnswer>(world.stack.url, 'GET', `/api/v1/jobs/${job.id}`);
  const report = await editAndReadBack({ http: world.http, writer: a!.url, reader: b!.url, token: world.agents.poster.token, job: latest.body, edits: EDITS, label });
  expect(report.late, `edits process B answered later than ${FRESH_WITHIN_MS} ms`).toEqual([]);
  expect(report.edits).toBe(EDITS);
  const stored = await world.database.client.query<{ version: number }>('select version from jobs where id = $1', [job.id]);
  expect(stored.rows[0]!.version).toBe(latest.body.version + EDITS);
};

describe('answers cached in one process, edits made through another', () => {
  it('every process listens on a connection of its own, straight to PostgreSQL', async () => {
    // Two API processes and two workers.
    expect(await listeners()).toBe(4);
  });

  it('shows each of 100 edits through the other process within a second', async () => {
    await readBack('direct listener');
  });

  it('still does after the listening connections were cut', async () => {
    const cut = await withAdmin((admin) =>
      admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where application_name like 'svc-changes%' and datname = $1`, [world.database.name]),
    );
    expect(cut.rowCount).toBe(4);
    await readBack('after the listeners were cut');
    // Each process listens again by itself.
    await vi.waitFor(async () => expect(await listeners()).toBe(4), { timeout: 15_000, interval: 200 });
    await readBack('after the listeners reconnected');
  });

  it('answered nothing with a server error, and every request got an answer', () => {
    expect(world.http.failures()).toEqual([]);
  });
});
