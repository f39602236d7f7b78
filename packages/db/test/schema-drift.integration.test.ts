import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbSchema } from '../src/index.ts';
import { ENGINES, openTestDatabase, schemaDrift, type TestDatabase } from '../src/testing.ts';

describe.each(ENGINES)('db schema on %s', (engine) => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await openTestDatabase(engine, dbSchema);
  });
  afterAll(() => db?.dispose());

  it('the entities describe exactly what the migrations create', async () => {
    expect(await schemaDrift(db)).toEqual([]);
  });

  it('reports a difference as the SQL that would remove it', async () => {
    await db.query('alter table usage_counts add column note text null');
    try {
      expect(await schemaDrift(db)).toEqual(['alter table "usage_counts" drop column "note"']);
    } finally {
      await db.query('alter table usage_counts drop column note');
    }
  });
});
