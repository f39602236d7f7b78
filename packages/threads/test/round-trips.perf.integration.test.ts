import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '@svc/kernel';
import { recordStatements, type TestDatabase } from '@svc/db/testing';
import { createThreadsModule, type ThreadsModule } from '../src/index.ts';
import { createLinks, createPeople, openThreadsTestDatabase } from '../src/testing.ts';

/**
 * How many statements (round trips) each thread operation sends to PostgreSQL, counted at the
 * driver, so that a change to how the repository builds or sends its SQL cannot add one unnoticed.
 * Each figure is what the operation cost when its queries were hand-written SQL; a change to one must
 * say why. PGlite has no driver to watch.
 */
describe('thread operations, statements on PostgreSQL', () => {
  let db: TestDatabase;
  let threads: ThreadsModule['threads'];
  const clock = manualClock('2026-11-22T09:00:00.000Z');
  const people = createPeople();
  const alice = people.person('Alice');
  const bob = people.person('Bob');

  beforeAll(async () => {
    db = await openThreadsTestDatabase('postgresql');
    ({ threads } = createThreadsModule({ db, clock, baseUrl: 'https://threads.example.org', principals: people.directory, links: createLinks() }));
  });
  afterAll(() => db?.dispose());

  /** The operation's answer and how many statements it sent (a group commit's `prepare` is the pool's, once per connection). */
  const counted = async <T>(operation: () => Promise<T>): Promise<{ result: T; statements: string[] }> => {
    let result!: T;
    const statements = await recordStatements(async () => {
      result = await operation();
    });
    return { result, statements: statements.filter((sql) => !sql.startsWith('prepare svc_')) };
  };

  it('sends no more statements per operation than it did before the repository was written with typed queries (a list and its total: one)', async () => {
    const created = await counted(() => threads.create(alice, { title: 'Counted', summary: 'Round trips.' }));
    const id = created.result.id;
    const read = await counted(() => threads.get(alice, id));
    const listed = await counted(() => threads.list(alice, {}));
    const updated = await counted(() => threads.update(alice, id, { summary: 'Changed.', expected_version: 1 }));
    const entry = await counted(() => threads.addEntry(alice, id, { kind: 'update', text: 'Booked.' }));
    const edited = await counted(() => threads.editEntry(alice, id, entry.result.id, { text: 'Booked the hall.' }));
    const item = await counted(() => threads.addItem(alice, id, { text: 'Chairs' }));
    const ticked = await counted(() => threads.updateItem(alice, id, item.result.id, { done: true }));
    const invited = await counted(() => threads.createInvite(alice, id, {}));
    const accepted = await counted(() => threads.acceptInvite(bob, invited.result.token!));
    const invitations = await counted(() => threads.invitations(bob, {}));
    const left = await counted(() => threads.leave(bob, id));

    expect(read.result.summary).toBe('Round trips.');
    expect(listed.result.threads.map((thread) => thread.id)).toEqual([id]);
    expect(updated.result.summary_version).toBe(2);
    expect(edited.result.text).toBe('Booked the hall.');
    expect(ticked.result.done).toBe(true);
    expect(accepted.result.participants.map((p) => p.principal_id)).toEqual([alice.principalId, bob.principalId]);
    expect(invitations.result.invitations).toEqual([]);
    expect(left.result).toMatchObject({ left: true });

    const costs = Object.fromEntries(
      Object.entries({ created, read, listed, updated, entry, edited, item, ticked, invited, accepted, invitations, left }).map(([name, { statements }]) => [
        name,
        statements.length,
      ]),
    );
    expect(costs).toEqual({
      created: 8,
      read: 7,
      listed: 1,
      updated: 9,
      entry: 5,
      edited: 6,
      item: 5,
      ticked: 6,
      invited: 4,
      accepted: 14,
      invitations: 1,
      left: 5,
    });
  });
});
