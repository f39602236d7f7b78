import { defineEntity, p } from '@mikro-orm/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createQueryClient, dbEntities, dbMigrations, listPage, totalCount, totalOverAll, type QueryClient } from '../src/index.ts';
import { IdempotencyKey, UsageCount } from '../src/entities.ts';
import { ENGINES, openTestDatabase, recordQueries, type TestDatabase } from '../src/testing.ts';

/** A statement's text without what every transaction sends to announce its changes (change-feed.integration.test.ts). */
const shape = (text: string) =>
  text.replace("begin; set local svc.announce = 'after_commit'; ", 'begin; ').replace("set local lock_timeout = '50ms'; ", '').replace(/; select pg_notify\(.*$/s, '');

/**
 * Statements built with the typed builder go through the same executor as raw SQL: the same
 * outcome on both engines and, on PostgreSQL, the same messages (transaction.integration.test.ts).
 */
describe.each(ENGINES)('the query client on %s', (engine) => {
  let db: TestDatabase;
  let client: QueryClient<(typeof dbEntities)[number]>;
  const at = new Date('2026-11-22T12:00:00.123Z');
  const body = { title: "O'Brien's \\ \"party\" $1 ?", n: 12 };

  beforeAll(async () => {
    db = await openTestDatabase(engine, { entities: dbEntities, migrations: dbMigrations });
    client = createQueryClient(db, dbEntities);
  });
  afterAll(() => db?.dispose());

  const keysOf = (scope: string) => {
    const keys = client.table(IdempotencyKey);
    return client.builder.selectFrom('idempotency_keys').select(keys.columns).where('scope', '=', scope).orderBy('key');
  };

  it('inserts records and reads them back as the entities type them: Dates, parsed JSON, numbers from bigint', async () => {
    await client.insert(IdempotencyKey, { scope: 'read', route: 'POST /x', key: "k'1 $1", fingerprint: 'f', status: 201, body, createdAt: at });
    await client.insert(UsageCount, [
      { day: '2026-11-22', route: 'GET /x', outcome: 'ok', count: 3_000_000_000 },
      { day: '2026-11-22', route: 'GET /y', outcome: 'ok', count: 1 },
    ]);
    const keys = client.table(IdempotencyKey);
    expect((await client.query(keysOf('read'))).map(keys.read)).toEqual([
      { scope: 'read', route: 'POST /x', key: "k'1 $1", fingerprint: 'f', status: 201, body, createdAt: at },
    ]);
    const usage = client.table(UsageCount);
    const counts = await client.query(client.builder.selectFrom('usage_counts').select(usage.columns).orderBy('route'));
    expect(counts.map(usage.read).map((row) => [row.route, row.count])).toEqual([
      ['GET /x', 3_000_000_000],
      ['GET /y', 1],
    ]);
  });

  it('inserts each shape of record again with its own values: the statement built once per table and columns', async () => {
    const keys = client.table(IdempotencyKey);
    // Two records of one shape, then one with fewer columns, then two rows at once: each stored as given.
    for (const [key, status] of [['a', 201], ['b', 409]] as const) {
      await client.insert(IdempotencyKey, { scope: 'shapes', route: 'POST /x', key, fingerprint: key, status, body: { key }, createdAt: at });
    }
    await client.insert(IdempotencyKey, { scope: 'shapes', route: 'POST /x', key: 'c', fingerprint: 'c', createdAt: at });
    await client.insert(IdempotencyKey, [
      { scope: 'shapes', route: 'POST /x', key: 'd', fingerprint: 'd', status: 200, createdAt: at },
      { scope: 'shapes', route: 'POST /x', key: 'e', fingerprint: 'e', createdAt: at },
    ]);
    const stored = (await client.query(keysOf('shapes'))).map(keys.read).map(({ key, status, body }) => ({ key, status, body }));
    expect(stored).toEqual([
      { key: 'a', status: 201, body: { key: 'a' } },
      { key: 'b', status: 409, body: { key: 'b' } },
      { key: 'c', status: null, body: null },
      { key: 'd', status: 200, body: null },
      { key: 'e', status: null, body: null },
    ]);
  });

  it('sends a transaction as the executor does: an insert waits for the next statement, which goes with the begin', async () => {
    const sent = await recordQueries(() =>
      client.transaction(async () => {
        await client.insert(IdempotencyKey, { scope: 'tx', route: 'POST /x', key: 'k', fingerprint: 'f', createdAt: at });
        expect(await client.query(client.builder.selectFrom('idempotency_keys').select('key').where('scope', '=', 'tx'))).toEqual([{ key: 'k' }]);
      }),
    );
    if (engine === 'postgresql') {
      expect(sent.map((statement) => shape(statement.text))).toEqual([
        "begin; insert into idempotency_keys (scope, route, key, fingerprint, created_at) values ($1, $2, $3, $4, $5); select key from idempotency_keys where scope = $1",
        'commit',
      ]);
    }
  });

  it('writes one change as a transaction of its own, in one message on PostgreSQL, and answers its rows', async () => {
    let rows: unknown[] = [];
    const sent = await recordQueries(async () => {
      rows = await client.write(client.builder.updateTable('idempotency_keys').set({ status: 204 }).where('scope', '=', 'read').returning(['key', 'status']));
    });
    expect(rows).toEqual([{ key: "k'1 $1", status: 204 }]);
    if (engine === 'postgresql') {
      expect(sent.map((statement) => shape(statement.text))).toEqual([
        "begin; update idempotency_keys set status = $1 where scope = $2 returning key, status; commit",
      ]);
    }
  });

  it('sets the properties a change gives, as their columns and converted as inserts are; a property left out keeps its value', async () => {
    const keys = client.table(IdempotencyKey);
    await client.insert(IdempotencyKey, { scope: 'change', route: 'POST /x', key: 'k', fingerprint: 'f', status: 201, body, createdAt: at });
    const later = new Date('2026-11-23T08:30:00.000Z');
    const change = client.builder.updateTable('idempotency_keys').where('scope', '=', 'change').returning(keys.columns);
    const [changed] = await client.query(change.set(keys.updates({ status: null, body: { replaced: true }, createdAt: later, fingerprint: undefined })));
    expect(keys.read(changed!)).toEqual({ scope: 'change', route: 'POST /x', key: 'k', fingerprint: 'f', status: null, body: { replaced: true }, createdAt: later });
  });

  it('reads a page of a list with the number of all its rows in one statement, and counts alone only past the end', async () => {
    const keys = client.table(IdempotencyKey);
    await client.insert(
      IdempotencyKey,
      ['a', 'b', 'c'].map((key) => ({ scope: 'list', route: 'POST /x', key, fingerprint: key, createdAt: at })),
    );
    const list = client.builder.selectFrom('idempotency_keys').where('scope', '=', 'list');
    const pageAt = async (offset: number) => {
      const paging = { limit: 2, offset };
      let answer: { rows: { key: string }[]; total: number } | undefined;
      const sent = await recordQueries(async () => {
        answer = await listPage(client, list.select([...keys.columns, totalOverAll]).orderBy('key').limit(paging.limit).offset(paging.offset), () => list.select(totalCount), paging);
      });
      return { keys: answer!.rows.map((row) => row.key), total: answer!.total, statements: sent.length };
    };
    const statements = engine === 'postgresql' ? { one: 1, two: 2 } : { one: expect.any(Number), two: expect.any(Number) };
    expect(await pageAt(0)).toEqual({ keys: ['a', 'b'], total: 3, statements: statements.one });
    expect(await pageAt(2)).toEqual({ keys: ['c'], total: 3, statements: statements.one });
    expect(await pageAt(4)).toEqual({ keys: [], total: 3, statements: statements.two });
  });

  it('defers a statement to the commit, whatever its text holds', async () => {
    await client.transaction(async () => {
      const deleted = client.deferred(client.builder.deleteFrom('idempotency_keys').where('scope', '=', 'tx').returning('key'));
      const quoted = client.deferred(sql<{ q: string }>`select 'quoted' as q`);
      expect(await deleted.rows()).toEqual([{ key: 'k' }]);
      expect(await quoted.rows()).toEqual([{ q: 'quoted' }]);
    });
    expect(await client.query(keysOf('tx'))).toEqual([]);
  });

  it('runs a sql template, its values bound', async () => {
    const [row] = await client.query(sql<{ echoed: string }>`select ${"it's $1"}::text as echoed`);
    expect(row).toEqual({ echoed: "it's $1" });
  });

  it('knows only its own entities', () => {
    const Other = defineEntity({ name: 'Other', tableName: 'others', properties: { id: p.text().primary() } });
    expect(() => client.table(Other as never)).toThrow(/Other is not one of this client's entities/);
  });
});
