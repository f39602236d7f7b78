import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IdempotencyKey } from '../src/entities.ts';
import { dbEntities, dbMigrations } from '../src/index.ts';
import { ENGINES, openTestDatabase, type TestDatabase } from '../src/testing.ts';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
};

describe.each(ENGINES)('entity-manager contexts on %s', (engine) => {
  let db: TestDatabase;
  const key = { scope: 'prn_ctx', route: 'POST /ctx', key: 'k' };

  beforeAll(async () => {
    db = await openTestDatabase(engine, { entities: dbEntities, migrations: dbMigrations });
    await db.query('insert into idempotency_keys (scope, route, key, fingerprint, created_at) values ($1, $2, $3, $4, $5)', [
      key.scope,
      key.route,
      key.key,
      'stored',
      new Date('2026-11-21T12:00:00.000Z'),
    ]);
  });
  afterAll(() => db?.dispose());

  it('refuses identity-map work on the global entity manager outside a context', async () => {
    await expect(db.em.findOne(IdempotencyKey, key)).rejects.toThrow(/global EntityManager/);
    expect(() => db.em.persist(db.em.getReference(IdempotencyKey, [key.scope, key.route, key.key]))).toThrow(/global EntityManager/);
  });

  it('gives each concurrent run its own identity map, whatever the interleaving', async () => {
    const firstChanged = deferred();
    const secondChanged = deferred();

    const first = db.withContext(async () => {
      const row = await db.em.findOneOrFail(IdempotencyKey, key);
      row.fingerprint = 'changed by the first run';
      firstChanged.resolve();
      await secondChanged.promise;
      // The same run still sees its own copy; the other run's change never reaches it.
      const again = await db.em.findOneOrFail(IdempotencyKey, key);
      return { same: again === row, fingerprint: again.fingerprint, seen: db.em.getUnitOfWork().getIdentityMap().values().length };
    });

    const second = db.withContext(async () => {
      await firstChanged.promise;
      const row = await db.em.findOneOrFail(IdempotencyKey, key);
      const before = row.fingerprint;
      row.fingerprint = 'changed by the second run';
      secondChanged.resolve();
      return { before, fingerprint: row.fingerprint };
    });

    const [a, b] = await Promise.all([first, second]);
    expect(b.before).toBe('stored');
    expect(a).toEqual({ same: true, fingerprint: 'changed by the first run', seen: 1 });
    expect(b.fingerprint).toBe('changed by the second run');
    // Nothing was flushed: the stored row is untouched.
    const [row] = await db.query<{ fingerprint: string }>('select fingerprint from idempotency_keys where scope = $1', [key.scope]);
    expect(row!.fingerprint).toBe('stored');
  });
});
