import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CommandResult } from '../src/processes.ts';
import { openStackFixture, type StackFixture } from './fixture.ts';
import { jobBody } from './job-bodies.ts';

// Every worker schedules the daily cleanup; each job runs under a transaction-scoped advisory lock,
// so when two workers run it at the same moment, through PgBouncer, each expired record is retired
// or deleted once: by one of them, never by both, never by neither.

/** Far past every retention period (idempotency keys, sessions, device codes, temporary entries, history). */
const LATER = '2100-01-01T00:00:00.000Z';

let world: StackFixture<'registrar'>;
const suffix = randomBytes(3).toString('hex');
const ENTRIES = 3;

interface CleanupOutput {
  now: string;
  reports: { job: string; ran: boolean; counts?: Record<string, number> }[];
}

/** What the cleanup retires or deletes, as PostgreSQL holds it now. */
const tally = async () => ({
  idempotencyKeys: await world.count('select count(*) as n from idempotency_keys'),
  rateLimitWindows: await world.count('select count(*) as n from rate_limit_windows'),
  sessions: await world.count('select count(*) as n from sessions'),
  devices: await world.count('select count(*) as n from device_authorizations'),
  introductions: await world.count('select count(*) as n from agent_introductions'),
  liveEntries: await world.count(`select count(*) as n from directory_entries where status <> 'retired'`),
  history: await world.count('select count(*) as n from directory_history'),
});

beforeAll(async () => {
  world = await openStackFixture({ workers: 0, agents: { registrar: ['directory:write', 'jobs:write'] } });
  const { token } = world.agents.registrar;
  for (let i = 0; i < 3; i++) {
    const job = await world.http.request(world.stack.url, 'POST', '/api/v1/jobs', { token, body: jobBody(`Kept job ${i}`), headers: { 'idempotency-key': `job-${i}` } });
    expect(job.status, JSON.stringify(job.body)).toBe(201);
    const introduction = await world.http.request(world.stack.url, 'POST', '/api/v1/agent-introductions', {
      body: { schema_version: '1', agent_name: `Visitor ${i}` },
      headers: { 'idempotency-key': `intro-${i}` },
    });
    expect(introduction.status, JSON.stringify(introduction.body)).toBe(201);
  }
  for (let i = 0; i < ENTRIES; i++) {
    const entry = await world.http.request(world.stack.url, 'POST', '/api/v1/directory', {
      token,
      body: { handle: `stack-cleanup-${suffix}-${i}`, display_name: `Entry ${i}`, entry_type: 'agent' },
    });
    expect(entry.status, JSON.stringify(entry.body)).toBe(201);
  }
});
afterAll(() => world?.close());

describe('two workers running the daily cleanup at the same moment', () => {
  it('retire or delete each expired record exactly once, and both finish cleanly', async () => {
    const before = await tally();
    expect(before).toMatchObject({ idempotencyKeys: 6, introductions: 3, liveEntries: ENTRIES });
    expect(before.sessions).toBeGreaterThan(0);
    expect(before.devices).toBeGreaterThan(0);
    expect(before.rateLimitWindows).toBeGreaterThan(0);
    const versions = await world.database.client.query<{ id: string; version: number }>('select id, version from directory_entries order by id');

    // A row of the first job is locked elsewhere: whichever run takes that job's advisory lock first
    // waits on the row, holding the job, while the other run finds the job taken and does the rest.
    // So the two runs truly overlap, however differently fast the two processes start.
    const holder = new pg.Client({ connectionString: world.database.url });
    await holder.connect();
    let runs: CommandResult[];
    let finishedFirst: number;
    try {
      await holder.query('begin');
      await holder.query(`select key from idempotency_keys where key = 'job-0' for update`);
      const pending = [world.stack.svc('worker', 'cleanup', '--now', LATER), world.stack.svc('worker', 'cleanup', '--now', LATER)];
      finishedFirst = await Promise.race(pending.map((run, index) => run.then(() => index)));
      // The other one is still waiting for the row.
      await vi.waitFor(
        async () => expect(await world.count(`select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query ilike '%delete from idempotency_keys%'`)).toBe(1),
        { timeout: 10_000, interval: 100 },
      );
      await holder.query('commit');
      runs = await Promise.all(pending);
    } finally {
      await holder.end();
    }
    for (const run of runs!) expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
    const outputs = runs!.map((run) => JSON.parse(run.stdout) as CleanupOutput);
    console.log(
      outputs[0]!.reports
        .map((report, index) => {
          const other = outputs[1]!.reports[index]!;
          const said = (run: typeof report) => (run.ran ? JSON.stringify(run.counts) : 'skipped');
          return `${report.job}: run 1 ${said(report)}, run 2 ${said(other)}`;
        })
        .join('\n'),
    );

    /** Adds a job's count over both runs; a run that skipped the job (the other held its lock) counts nothing. */
    const total = (job: string, count: string) =>
      outputs.reduce((sum, output) => sum + (output.reports.find((report) => report.job === job)?.counts?.[count] ?? 0), 0);
    const ranSomewhere = (job: string) => outputs.some((output) => output.reports.find((report) => report.job === job)?.ran);
    for (const job of ['idempotency-keys', 'rate-limit-windows', 'access', 'directory-retire', 'directory-history']) expect(ranSomewhere(job), job).toBe(true);
    // The run that finished first skipped the job the other held.
    expect(outputs[finishedFirst!]!.reports.find((report) => report.job === 'idempotency-keys')).toEqual({ job: 'idempotency-keys', ran: false });

    expect(total('idempotency-keys', 'deleted')).toBe(before.idempotencyKeys);
    expect(total('rate-limit-windows', 'deleted')).toBe(before.rateLimitWindows);
    expect(total('access', 'sessions')).toBe(before.sessions);
    expect(total('access', 'devices')).toBe(before.devices);
    expect(total('access', 'introductions')).toBe(before.introductions);
    expect(total('directory-retire', 'retired')).toBe(ENTRIES);

    expect(await tally()).toEqual({ idempotencyKeys: 0, rateLimitWindows: 0, sessions: 0, devices: 0, introductions: 0, liveEntries: 0, history: 0 });
    // Retiring an entry raises its version once: twice would mean it was retired twice.
    const after = await world.database.client.query<{ id: string; version: number; status: string }>('select id, version, status from directory_entries order by id');
    expect(after.rows).toEqual(versions.rows.map((row) => ({ id: row.id, version: row.version + 1, status: 'retired' })));
    // The jobs are not the cleanup's.
    expect(await world.count(`select count(*) as n from jobs where title like 'Kept job %'`)).toBe(3);
  });

  it('answered nothing with a server error, and every request got an answer', () => {
    expect(world.http.failures()).toEqual([]);
  });
});
