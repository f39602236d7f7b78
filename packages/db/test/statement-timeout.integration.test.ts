import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbEntities, dbMigrations, type PoolMode } from '../src/index.ts';
import { openTestDatabase, recordQueries, type TestDatabase } from '../src/testing.ts';

/**
 * The request statement limit (statement-timeout.ts) stops a long statement wherever it runs — on
 * the pool outside a transaction, in a transaction of our own, in a commit group — in both ways
 * connections reach PostgreSQL: `session` (direct) and `transaction` (what PgBouncer in transaction
 * mode gets; here forced on a direct connection, so the test can look at the server session
 * afterwards and see that nothing of the limit stayed in it). A transaction given a longer limit
 * (the daily cleanup's) runs past the request limit.
 */
// Long enough that an ordinary statement never reaches it on a loaded machine.
const LIMIT_MS = 1_500;
/** Far past the limit: a statement that ran to its end would take this long. */
const SLEEP_SECONDS = 6;

const timedOut = async (work: () => Promise<unknown>) => {
  const started = performance.now();
  const error = await work().then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect((error as { code?: string } | undefined)?.code, String(error)).toBe('57014');
  // Stopped at the limit, not at the end of the sleep.
  expect(performance.now() - started).toBeLessThan(SLEEP_SECONDS * 1000 * 0.75);
};

describe.each<PoolMode>(['session', 'transaction'])('the statement limit on PostgreSQL in %s mode', (mode) => {
  let db: TestDatabase;
  const at = new Date('2026-11-24T12:00:00.000Z');

  beforeAll(async () => {
    db = await openTestDatabase('postgresql', { entities: dbEntities, migrations: dbMigrations, statementTimeoutMs: LIMIT_MS, poolMode: mode });
  });
  afterAll(() => db?.dispose());

  it('stops a long read outside a transaction, every time it is sent', async () => {
    // Three times: in session mode the third goes as a statement prepared by name.
    for (let i = 0; i < 3; i++) await timedOut(() => db.query('select pg_sleep($1)', [SLEEP_SECONDS]));
    // A text with a quote in it is limited too.
    await timedOut(() => db.query("select pg_sleep($1), 'quoted' as q", [SLEEP_SECONDS]));
    expect(await db.query<{ n: number }>('select $1::int as n', [7])).toEqual([{ n: 7 }]);
  });

  it('stops a long statement in a transaction of our own, and rolls it back', async () => {
    await timedOut(() =>
      db.transaction(async () => {
        await db.query('insert into idempotency_keys (scope, route, key, fingerprint, created_at) values ($1, $2, $3, $4, $5)', ['limit-tx', 'POST /a', 'k', 'f', at]);
        await db.query('select pg_sleep($1)', [SLEEP_SECONDS]);
      }),
    );
    expect(await db.query('select key from idempotency_keys where scope = $1', ['limit-tx'])).toEqual([]);
  });

  it('stops a long write committed in a group, and only that member', async () => {
    const insert = (key: string, sleep: number) =>
      db.write(
        'insert into idempotency_keys (scope, route, key, fingerprint, created_at) select $1, $2, $3, $4, $5 from (select pg_sleep($6)) as slept',
        ['limit-group', 'POST /a', key, 'f', at, sleep],
      );
    const [slow, ...quick] = await Promise.allSettled([insert('slow', SLEEP_SECONDS), insert('a', 0), insert('b', 0), insert('c', 0)]);
    expect((slow as PromiseRejectedResult).reason?.code).toBe('57014');
    expect(quick.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    expect((await db.query<{ key: string }>('select key from idempotency_keys where scope = $1 order by key', ['limit-group'])).map((row) => row.key)).toEqual([
      'a',
      'b',
      'c',
    ]);
  });

  it('lets a transaction given a longer limit (the daily cleanup) run past the request limit', async () => {
    const rows = await db.withStatementTimeout(10_000, () => db.transaction(() => db.query<{ done: number }>('select 1 as done from pg_sleep($1)', [(LIMIT_MS * 1.5) / 1000])));
    expect(rows).toEqual([{ done: 1 }]);
  });

  it(mode === 'session' ? 'sets the limit as the session default of its own connections' : 'leaves nothing of the limit in the server session', async () => {
    const sent = await recordQueries(() => db.query('select $1::int as n', [1]));
    if (mode === 'transaction') expect(sent.map((statement) => statement.text)).toEqual([`begin; set local statement_timeout = ${LIMIT_MS}; select $1::int as n; commit`]);
    // Asked through the entity manager, which sends the statement as it is: the session's own value.
    const [shown] = await db.em.fork().execute<{ statement_timeout: string }[]>('show statement_timeout');
    expect(shown!.statement_timeout).toBe(mode === 'session' ? `${LIMIT_MS}ms` : '0');
  });
});

describe('the statement limit on PGlite', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await openTestDatabase('pglite', { entities: dbEntities, migrations: dbMigrations, statementTimeoutMs: LIMIT_MS });
  });
  afterAll(() => db?.dispose());

  it('sets nothing (PGlite has no timer to stop a statement), and statements run as before', async () => {
    const shown = await db.transaction(() => db.query<{ statement_timeout: string }>('show statement_timeout'));
    expect(shown).toEqual([{ statement_timeout: '0' }]);
    expect(await db.query<{ n: number }>('select $1::int as n', [1])).toEqual([{ n: 1 }]);
  });
});
