import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbEntities, dbMigrations } from '../src/index.ts';
import { openTestDatabase, recordQueries, type TestDatabase } from '../src/testing.ts';

/**
 * Transactions that send nothing before their `commit` are committed together on PostgreSQL
 * (group-commit.ts): many at once share messages, each still all or nothing, and one member's
 * failure is its own.
 */
describe('group commit on PostgreSQL', () => {
  let db: TestDatabase;
  const at = new Date('2026-11-24T12:00:00.000Z');

  beforeAll(async () => {
    db = await openTestDatabase('postgresql', { entities: dbEntities, migrations: dbMigrations });
  });
  afterAll(() => db?.dispose());

  /** A transaction of two deferred inserts, the second with `returning`; resolves with its rows. */
  const create = (scope: string, key: string) =>
    db.transaction(async () => {
      db.queryDeferred('insert into idempotency_keys (scope, route, key, fingerprint, created_at) values (?, ?, ?, ?, ?)', [scope, 'POST /a', key, 'f', at]);
      return db.queryDeferred<{ key: string }>(
        'insert into idempotency_keys (scope, route, key, fingerprint, created_at) values (?, ?, ?, ?, ?) returning key',
        [scope, 'POST /b', key, 'f', at],
      );
    });

  const stored = async (scope: string) =>
    (await db.query<{ route: string; key: string }>('select route, key from idempotency_keys where scope = ? order by key, route', [scope])).map(
      (row) => `${row.route} ${row.key}`,
    );

  const keys = (count: number) => Array.from({ length: count }, (_, i) => `k${String(i).padStart(2, '0')}`);

  it('commits many concurrent transactions in fewer messages, each with its own rows', async () => {
    const wanted = keys(40);
    let deferred: Awaited<ReturnType<typeof create>>[] = [];
    const sent = await recordQueries(async () => {
      deferred = await Promise.all(wanted.map((key) => create('group-many', key)));
    });
    // Every transaction's `returning` gives its own key.
    expect(await Promise.all(deferred.map(async (statement) => (await statement.rows())[0]?.key))).toEqual(wanted);
    expect(await stored('group-many')).toEqual(wanted.flatMap((key) => [`POST /a ${key}`, `POST /b ${key}`]));
    const commits = sent.filter((statement) => statement.text.includes('; commit;'));
    expect(commits.length).toBeLessThan(wanted.length);
    expect(commits.some((statement) => statement.text.match(/insert into idempotency_keys/g)!.length > 2)).toBe(true);
  });

  it('fails only the member whose statement fails, and keeps nothing of it', async () => {
    await create('group-fail', 'k07');
    const results = await Promise.allSettled(keys(20).map((key) => create('group-fail', key)));
    // k07 was taken: that transaction fails on the unique index; the 19 others commit.
    expect(results.map((result) => result.status)).toEqual(keys(20).map((key) => (key === 'k07' ? 'rejected' : 'fulfilled')));
    expect(results[7]).toMatchObject({ status: 'rejected', reason: { code: '23505' } });
    expect(await stored('group-fail')).toEqual(keys(20).flatMap((key) => [`POST /a ${key}`, `POST /b ${key}`]));
  });

  it('keeps every statement of a failing member out, also the ones before its failure', async () => {
    // The first insert of each would succeed; the second collides with a row made beforehand.
    await db.query('insert into idempotency_keys (scope, route, key, fingerprint, created_at) values (?, ?, ?, ?, ?)', ['group-half', 'POST /b', 'k03', 'f', at]);
    const results = await Promise.allSettled(keys(6).map((key) => create('group-half', key)));
    expect(results.filter((result) => result.status === 'rejected')).toHaveLength(1);
    expect(await stored('group-half')).toEqual(
      keys(6).flatMap((key) => (key === 'k03' ? ['POST /b k03'] : [`POST /a ${key}`, `POST /b ${key}`])),
    );
  });
});
