import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbEntities, dbMigrations, type DatabaseObserver } from '../src/index.ts';
import { ENGINES, openTestDatabase, type TestDatabase } from '../src/testing.ts';

/**
 * What the metrics learn of statements (`svc_db_statement_duration_seconds`): each round trip once,
 * by its first keyword and outcome, on both engines; a write group's message once, as a `commit`.
 */
describe.each(ENGINES)('statements told to the observer on %s', (engine) => {
  let db: TestDatabase;
  const seen: { operation: string; seconds: number; outcome: string }[] = [];
  const groups: number[] = [];
  const observer: DatabaseObserver = {
    writeGroup: (size) => groups.push(size),
    writeGroupRetry: () => {},
    statement: (operation, seconds, outcome) => seen.push({ operation, seconds, outcome }),
  };
  const at = new Date('2026-11-26T12:00:00.000Z');

  beforeAll(async () => {
    db = await openTestDatabase(engine, { entities: dbEntities, migrations: dbMigrations, observer });
  });
  afterAll(() => db?.dispose());

  const during = async (work: () => Promise<unknown>) => {
    seen.length = 0;
    groups.length = 0;
    await work();
    return seen.map(({ operation, outcome }) => `${operation} ${outcome}`);
  };

  it('times each statement by its first keyword, and marks the one that failed', async () => {
    const told = await during(async () => {
      await db.query('select $1::int as n', [1]);
      await expect(db.query('select 1/0 as n')).rejects.toMatchObject({ code: '22012' });
      await db.query('with n as (select 1 as one) select one from n');
    });
    expect(told).toEqual(['select ok', 'select error', 'with ok']);
    for (const { seconds } of seen) expect(seconds).toBeGreaterThan(0);
  });

  it('tells a write committed in a group once, as a commit, with its statement inside', async () => {
    const told = await during(() =>
      db.write('insert into idempotency_keys (scope, route, key, fingerprint, created_at) values ($1, $2, $3, $4, $5)', ['observed', 'POST /a', 'k', 'f', at]),
    );
    // PostgreSQL sends the insert with the group's commit; PGlite runs it in a transaction of its own.
    expect(told).toEqual(engine === 'postgresql' ? ['commit ok'] : ['insert ok']);
    if (engine === 'postgresql') expect(groups).toEqual([1]);
    expect(await db.query('select key from idempotency_keys where scope = $1', ['observed'])).toEqual([{ key: 'k' }]);
  });
});
