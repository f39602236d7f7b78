import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbEntities, dbMigrations, textArray } from '../src/index.ts';
import { IdempotencyKey } from '../src/entities.ts';
import { ENGINES, openTestDatabase, type TestDatabase } from '../src/testing.ts';

/** `db.query` sends bind parameters to the driver: the same values and rows as inlining gave, on both engines. */
describe.each(ENGINES)('raw queries on the driver, %s', (engine) => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await openTestDatabase(engine, { entities: dbEntities, migrations: dbMigrations });
    await db.query(`create table raw_values (
      id text primary key, at timestamptz, flag boolean, amount integer, ratio double precision,
      tags text[], doc jsonb, note text)`);
  });
  afterAll(() => db?.dispose());

  const keyCount = async (scope: string) =>
    Number((await db.query<{ n: number }>('select count(*)::int as n from idempotency_keys where scope = $1', [scope]))[0]!.n);
  const insertKey = (scope: string, key = 'k') =>
    db.query('insert into idempotency_keys (scope, route, key, fingerprint, created_at) values ($1, $2, $3, $4, $5)', [
      scope,
      'POST /raw',
      key,
      'f',
      new Date('2026-11-21T12:00:00.000Z'),
    ]);

  it('stores and reads back every kind of value the repositories pass', async () => {
    const at = new Date('2026-11-21T12:34:56.789Z');
    const doc = { steps: ['a', "it's \"quoted\""], n: 1 };
    await db.query('insert into raw_values (id, at, flag, amount, ratio, tags, doc, note) values ($1, $2, $3, $4, $5, $6::text[], $7::jsonb, $8)', [
      'full',
      at,
      true,
      42,
      0.5,
      textArray(['moving', 'a "quoted", tag', 'back\\slash']),
      JSON.stringify(doc),
      "O'Brien ? $1 \\ done",
    ]);
    await db.query('insert into raw_values (id, at, flag, amount, ratio, tags, doc, note) values ($1, $2, $3, $4, $5, $6::text[], $7::jsonb, $8)', [
      'empty',
      null,
      false,
      null,
      null,
      textArray([]),
      null,
      undefined,
    ]);
    const rows = await db.query<Record<string, unknown>>('select * from raw_values where id = any($1::text[]) order by id desc', [
      textArray(['full', 'empty']),
    ]);
    expect(rows.map((row) => ({ ...row, at: row.at === null ? null : new Date(row.at as Date | string) }))).toEqual([
      { id: 'full', at, flag: true, amount: 42, ratio: 0.5, tags: ['moving', 'a "quoted", tag', 'back\\slash'], doc, note: "O'Brien ? $1 \\ done" },
      { id: 'empty', at: null, flag: false, amount: null, ratio: null, tags: [], doc: null, note: null },
    ]);
    // Dates compare as instants; booleans and numbers bind where the column says what they are.
    const [found] = await db.query<{ id: string }>('select id from raw_values where at = $1 and flag = $2 and amount > $3 and ratio < $4', [
      at,
      true,
      41,
      0.75,
    ]);
    expect(found).toEqual({ id: 'full' });
  });

  it('refuses a NUL in a value as bad input (400), alone, deferred or in a write, and stores nothing', async () => {
    const insert = 'insert into idempotency_keys (scope, route, key, fingerprint, created_at) values ($1, $2, $3, $4, $5)';
    const values = ['nul', 'POST /n', 'a\u0000b', 'f', new Date()];
    const refused = { name: 'NulCharacterError', code: 'validation_failed' };
    await expect(db.query(insert, values)).rejects.toMatchObject(refused);
    await expect(db.write(insert, values)).rejects.toMatchObject(refused);
    await expect(db.transaction(async () => db.queryDeferred(insert, values).rows())).rejects.toMatchObject(refused);
    expect(await db.query("select key from idempotency_keys where scope = 'nul'")).toEqual([]);
  });

  it('hands timestamps over as it did through the ORM, so a Date reads them', async () => {
    const [row] = await db.query<{ at: Date | string }>('select $1::timestamptz as at', [new Date('2026-01-02T03:04:05.006Z')]);
    expect(new Date(row!.at).toISOString()).toBe('2026-01-02T03:04:05.006Z');
  });

  it('sends the text as written, and a wrong number of parameters is refused', async () => {
    const [row] = await db.query<{ q: string; v: number }>("select 'why?' as q, $1::int as v", [7]);
    expect(row).toEqual({ q: 'why?', v: 7 });
    await expect(db.query('select $1::int, $2::int', [1])).rejects.toThrow(/supplies 1 parameters/);
    await expect(db.query('select * from raw_values where id = any($1)', [['a', 'b']])).rejects.toThrow(/textArray/);
  });

  it('runs the same statement many times (prepared by name on PostgreSQL) with each call its own values', async () => {
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => db.query<{ v: number }>('select $1::int * 2 as v', [i])),
    );
    expect(results.map((rows) => rows[0]!.v)).toEqual(Array.from({ length: 40 }, (_, i) => i * 2));
  });

  it('prepares a statement in common use once, and plans a planForValues statement for each call', async () => {
    // pg's pool hands out the connection released last, so these sequential calls share one.
    const prepared = (text: string) =>
      db.query<{ runs: number }>('select (generic_plans + custom_plans)::int as runs from pg_prepared_statements where statement = $1', [text]);
    for (let i = 0; i < 10; i += 1) await db.query('select count(*) from raw_values where amount = $1', [i]);
    for (let i = 0; i < 10; i += 1) await db.query('select count(*) from raw_values where ratio = $1', [i], { planForValues: true });
    // On PostgreSQL the common text is named on its third call and runs prepared from then on; PGlite
    // sends every statement unnamed.
    expect(await prepared('select count(*) from raw_values where amount = $1')).toEqual(engine === 'postgresql' ? [{ runs: 8 }] : []);
    expect(await prepared('select count(*) from raw_values where ratio = $1')).toEqual([]);
  });

  it('keeps answering when a table changes under a prepared statement', async () => {
    await db.query('create table raw_shape (id text primary key)');
    await db.query('insert into raw_shape (id) values ($1)', ['a']);
    for (let i = 0; i < 30; i += 1) expect(await db.query('select * from raw_shape where id = $1', ['a'])).toEqual([{ id: 'a' }]);
    await db.query('alter table raw_shape add column extra text');
    for (let i = 0; i < 30; i += 1) {
      expect(await db.query('select * from raw_shape where id = $1', ['a'])).toEqual([{ id: 'a', extra: null }]);
    }
  });

  it('runs in the transaction: sees its own writes, and a driver error rolls everything back', async () => {
    await expect(
      db.transaction(async () => {
        await insertKey('tx-scope');
        // Same connection as the transaction: the uncommitted row is visible.
        expect(await keyCount('tx-scope')).toBe(1);
        await insertKey('tx-scope'); // duplicate key: the driver's error
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await keyCount('tx-scope')).toBe(0);
  });

  it('commits with the transaction, and other connections do not see it before', async () => {
    await db.transaction(async () => {
      await insertKey('tx-commit');
      if (engine === 'postgresql') {
        // Another connection (a new context) still sees nothing.
        const outside = await db.withContext(() => db.em.fork().getConnection().execute("select count(*)::int as n from idempotency_keys where scope = 'tx-commit'"));
        expect(outside).toEqual([{ n: 0 }]);
      }
    });
    expect(await keyCount('tx-commit')).toBe(1);
  });

  it('joins a transaction the entity manager opened, and nested transactions', async () => {
    await expect(
      db.withContext(() =>
        db.em.transactional(async (em) => {
          em.create(IdempotencyKey, { scope: 'em-tx', route: 'POST /raw', key: 'orm', fingerprint: 'f', body: null, createdAt: new Date() });
          await em.flush();
          await db.transaction(() => insertKey('em-tx', 'raw'));
          expect(await keyCount('em-tx')).toBe(2);
          throw new Error('abandon');
        }),
      ),
    ).rejects.toThrow('abandon');
    expect(await keyCount('em-tx')).toBe(0);
  });

  it('runs parameterless text as written (on PostgreSQL several statements too, as before)', async () => {
    if (engine === 'postgresql') {
      await db.query("insert into raw_values (id) values ('multi-1'); insert into raw_values (id) values ('multi-2')");
    } else {
      await db.query("insert into raw_values (id) values ('multi-1'), ('multi-2')");
    }
    expect(await db.query("select id from raw_values where id like 'multi-%' order by id")).toEqual([{ id: 'multi-1' }, { id: 'multi-2' }]);
  });
});
