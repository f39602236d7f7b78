import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordStatements } from '@svc/db/testing';
import type { DirectoryModule } from '../src/index.ts';
import { openHarness, person, registration, type Harness } from '../src/testing.ts';

/**
 * How many statements (round trips) each directory operation sends to PostgreSQL, counted at the
 * driver, so that a change to how the repository builds or sends its SQL cannot add one unnoticed.
 * PGlite has no driver to watch.
 *
 * With hand-written SQL the operations cost: registered 7, resolved 1, listed 2, searched 2, mine 2,
 * managed 1, updated 5, added 6, history 3, paused 5. Written with Kysely, the owner's select (an
 * entry with its destinations and history summary) has no quoted text any more (its JSON keys were
 * text literals), so the inserts a change defers, or its transaction's `begin`, go out with it
 * instead of on their own: each change sends one statement fewer. Discovery counts its total in the
 * page's own statement (to a cap), one fewer again.
 */
describe('directory operations, statements on PostgreSQL', () => {
  let h: Harness;
  let directory: DirectoryModule['directory'];
  const alice = person('Alice');

  beforeAll(async () => {
    h = await openHarness('postgresql');
    ({ directory } = h.module);
  });
  afterAll(() => h?.db.dispose());

  /** The operation's answer and how many statements it sent (a group commit's `prepare` is the pool's, once per connection). */
  const counted = async <T>(operation: () => Promise<T>): Promise<{ result: T; statements: string[] }> => {
    let result!: T;
    const statements = await recordStatements(async () => {
      result = await operation();
    });
    return { result, statements: statements.filter((sql) => !sql.startsWith('prepare svc_')) };
  };

  it('sends no more statements per operation than it did with hand-written SQL', async () => {
    const body = registration({ handle: 'counted-bakery', display_name: 'Counted Bakery' });
    const registered = await counted(() => directory.register(alice, body));
    const address = registered.result.address;
    const resolved = await counted(() => directory.resolve(address, null));
    const listed = await counted(() => directory.discover({}));
    const searched = await counted(() => directory.discover({ q: 'bakery' }));
    const mine = await counted(() => directory.mine(alice, {}));
    const managed = await counted(() => directory.manage(alice, address));
    const updated = await counted(() => directory.update(alice, address, { expected_version: 1, description: 'Bread only.' }));
    const added = await counted(() =>
      directory.addDestination(alice, address, { expected_version: 2, destination: { type: 'web', value: 'https://bakery.example/orders', label: 'Orders' } }),
    );
    const history = await counted(() => directory.history(alice, address, {}));
    const paused = await counted(() => directory.pause(alice, address, { expected_version: 3 }));

    expect(resolved.result.body.display_name).toBe('Counted Bakery');
    expect(listed.result.entries.map((entry) => entry.address)).toEqual([address]);
    expect(searched.result.entries.map((entry) => entry.address)).toEqual([address]);
    expect(mine.result.total).toBe(1);
    expect(managed.result.version).toBe(1);
    expect(updated.result.description).toBe('Bread only.');
    expect(added.result.destinations).toHaveLength(4);
    expect(history.result.history.map((record) => record.action)).toEqual(['destination_add', 'update', 'register']);
    expect(paused.result.status).toBe('paused');

    const costs = Object.fromEntries(
      Object.entries({ registered, resolved, listed, searched, mine, managed, updated, added, history, paused }).map(([name, { statements }]) => [
        name,
        statements.length,
      ]),
    );
    expect(costs).toEqual({
      registered: 6,
      resolved: 1,
      listed: 1,
      searched: 1,
      mine: 1,
      managed: 1,
      updated: 4,
      added: 5,
      history: 2,
      paused: 4,
    });
  });
});
