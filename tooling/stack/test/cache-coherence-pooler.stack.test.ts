import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStackFixture, type StackFixture } from './fixture.ts';
import { postJob, type JobAnswer } from './job-bodies.ts';
import { editAndReadBack, FRESH_WITHIN_MS } from './read-back.ts';

// The same edits as cache-coherence.stack.test.ts, on a stack given no direct route for the change
// feed (no DATABASE_LISTEN_URL): LISTEN through PgBouncer in transaction mode would never hear a
// change, so a process that cached an answer must not serve it; edits still show at once elsewhere.

let world: StackFixture<'poster'>;
let job: JobAnswer;

const EDITS = 100;

beforeAll(async () => {
  world = await openStackFixture({ listen: 'pooler', workers: 0, agents: { poster: ['jobs:write'] } });
  job = await postJob(world, world.agents.poster.token, 'Mow the lawn');
});
afterAll(() => world?.close());

describe('answers across processes when the change feed can only reach the pooler', () => {
  it('shows each of 100 edits through the other process within a second', async () => {
    const [a, b] = world.stack.apis;
    const report = await editAndReadBack({ http: world.http, writer: a!.url, reader: b!.url, token: world.agents.poster.token, job, edits: EDITS, label: 'no direct listener' });
    expect(report.late, `edits process B answered later than ${FRESH_WITHIN_MS} ms`).toEqual([]);
    expect(report.edits).toBe(EDITS);
    const stored = await world.database.client.query<{ version: number; title: string }>('select version, title from jobs where id = $1', [job.id]);
    expect(stored.rows[0]).toEqual({ version: job.version + EDITS, title: `${job.title} (no direct listener, edit ${EDITS})` });
  });

  it('answered nothing with a server error, and every request got an answer', () => {
    expect(world.http.failures()).toEqual([]);
  });
});
