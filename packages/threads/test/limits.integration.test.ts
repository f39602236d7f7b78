import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '@svc/db/testing';
import { manualClock } from '@svc/kernel';
import { createThreadsModule, type ThreadsModule } from '../src/index.ts';
import { BASE_URL, createLinks, createPeople, openThreadsTestDatabase } from '../src/testing.ts';

/** Limits are counted under the thread's row lock (or the principal's lock): parallel calls cannot overshoot. */
describe('thread limits under concurrency (postgresql)', () => {
  let db: TestDatabase;
  let threads: ThreadsModule['threads'];
  const clock = manualClock('2026-11-22T09:00:00.000Z');
  const people = createPeople();
  const owner = people.person('Owner');

  beforeAll(async () => {
    db = await openThreadsTestDatabase('postgresql');
    ({ threads } = createThreadsModule({ db, clock, baseUrl: BASE_URL, principals: people.directory, links: createLinks() }));
  });
  afterAll(() => db?.dispose());

  const count = async (sql: string, params: unknown[]) => Number((await db.query<{ n: string }>(sql, params))[0]!.n);
  const outcomes = (results: PromiseSettledResult<unknown>[]) => ({
    fulfilled: results.filter((r) => r.status === 'fulfilled').length,
    codes: results.flatMap((r) => (r.status === 'rejected' ? [(r.reason as { code: string }).code] : [])),
  });

  it('20 parallel entries at 499 give exactly one success and 19 limit_reached', async () => {
    const thread = await threads.create(owner, { title: 'Busy' });
    await db.query(
      `insert into thread_entries (id, thread_id, kind, text, author_id, created_at, updated_at, deleted_at)
       select 'ten_fill_' || n, $1, 'update', 'x', $2, $3, $4, null from generate_series(1, 499) as n`,
      [thread.id, owner.principalId, clock.now(), clock.now()],
    );
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => db.withContext(() => threads.addEntry(owner, thread.id, { kind: 'update', text: `Race ${i}` }))),
    );
    expect(outcomes(results)).toEqual({ fulfilled: 1, codes: Array(19).fill('limit_reached') });
    expect(await count('select count(*) as n from thread_entries where thread_id = $1', [thread.id])).toBe(500);
  });

  it('20 parallel acceptances at 9 participants give exactly one success and 19 limit_reached', async () => {
    const thread = await threads.create(owner, { title: 'Crowded' });
    for (let i = 0; i < 8; i++) {
      await threads.acceptInvite(people.person(`Early ${i}`), (await threads.createInvite(owner, thread.id, {})).token!);
    }
    const invites = [];
    for (let i = 0; i < 20; i++) invites.push(await threads.createInvite(owner, thread.id, {}));
    const results = await Promise.allSettled(
      invites.map((invite, i) => db.withContext(() => threads.acceptInvite(people.person(`Racer ${i}`), invite.token!))),
    );
    expect(outcomes(results)).toEqual({ fulfilled: 1, codes: Array(19).fill('limit_reached') });
    expect(await count('select count(*) as n from thread_participants where thread_id = $1', [thread.id])).toBe(10);
  });

  it('20 parallel checklist items at 29 give exactly one success', async () => {
    const thread = await threads.create(owner, { title: 'Listy' });
    for (let i = 0; i < 29; i++) await threads.addItem(owner, thread.id, { text: `Item ${i}` });
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => db.withContext(() => threads.addItem(owner, thread.id, { text: `Race ${i}` }))),
    );
    expect(outcomes(results)).toEqual({ fulfilled: 1, codes: Array(19).fill('limit_reached') });
    expect(await count('select count(*) as n from thread_checklist_items where thread_id = $1', [thread.id])).toBe(30);
  });

  it('20 parallel creates at 99 threads give exactly one success', async () => {
    const busy = people.person('Busy');
    for (let i = 0; i < 99; i++) await threads.create(busy, { title: `T${i}` });
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => db.withContext(() => threads.create(busy, { title: `Race ${i}` }))),
    );
    expect(outcomes(results)).toEqual({ fulfilled: 1, codes: Array(19).fill('limit_reached') });
    expect(await count('select count(*) as n from thread_participants where principal_id = $1', [busy.principalId])).toBe(100);
  });

  it('the same link accepted 20 times in parallel joins once', async () => {
    const thread = await threads.create(owner, { title: 'One link' });
    const invite = await threads.createInvite(owner, thread.id, {});
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => db.withContext(() => threads.acceptInvite(people.person(`Clicker ${i}`), invite.token!))),
    );
    expect(outcomes(results)).toEqual({ fulfilled: 1, codes: Array(19).fill('invite_unavailable') });
    expect(await count('select count(*) as n from thread_participants where thread_id = $1', [thread.id])).toBe(2);
  });

  it('parallel summary edits at one version give one success and version conflicts', async () => {
    const thread = await threads.create(owner, { title: 'Edits' });
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) => db.withContext(() => threads.update(owner, thread.id, { summary: `Edit ${i}`, expected_version: 1 }))),
    );
    expect(outcomes(results)).toEqual({ fulfilled: 1, codes: Array(5).fill('version_conflict') });
    expect(await db.query('select summary_version from threads where id = $1', [thread.id])).toEqual([{ summary_version: 2 }]);
  });
});
