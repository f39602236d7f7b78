import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbEntities, dbMigrations } from '../src/index.ts';
import { openTestDatabase, type TestDatabase } from '../src/testing.ts';

/**
 * PGlite used to keep some of its stack for every failed statement (pglite-stack.ts): after about
 * 3,000 of them every statement, `rollback` included, failed with `stack depth limit exceeded`.
 */
describe('the embedded database after thousands of failed statements', () => {
  let db: TestDatabase;
  const at = new Date('2026-11-22T12:00:00.000Z');
  const insertKey = (key: string) =>
    db.query('insert into idempotency_keys (scope, route, key, fingerprint, created_at) values ($1, $2, $3, $4, $5)', ['stack', 'POST /stack', key, 'f', at]);
  const keys = async () => (await db.query<{ key: string }>("select key from idempotency_keys where scope = 'stack' order by key")).map((row) => row.key);

  beforeAll(async () => {
    db = await openTestDatabase('pglite', { entities: dbEntities, migrations: dbMigrations });
  });
  afterAll(() => db?.dispose());

  it('still runs statements and transactions, and rolls back the failed ones', async () => {
    await insertKey('taken');
    const outcomes = new Set<string>();
    for (let i = 0; i < 4_000; i++) {
      // Some in a transaction, as an idempotent replay fails its key's insert at commit.
      const attempt = i % 20 === 0 ? db.transaction(async () => (await insertKey(`rolled-back-${i}`), await insertKey('taken'))) : insertKey('taken');
      await attempt.then(
        () => outcomes.add('inserted'),
        (error: { code?: string }) => outcomes.add(`failed ${error.code}`),
      );
    }
    expect([...outcomes]).toEqual(['failed 23505']);
    await db.transaction(() => insertKey('after'));
    expect(await keys()).toEqual(['after', 'taken']);
  }, 120_000);
});
