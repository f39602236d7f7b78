import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbSchema } from '@svc/db';
import { ENGINES, openTestDatabase, schemaDrift, type TestDatabase } from '@svc/db/testing';
import { accessEntities, accessMigrations } from '../src/index.ts';

describe.each(ENGINES)('access schema on %s', (engine) => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await openTestDatabase(engine, {
      entities: [...dbSchema.entities, ...accessEntities],
      migrations: [...dbSchema.migrations, ...accessMigrations],
      routines: dbSchema.routines,
    });
  });
  afterAll(() => db?.dispose());

  it('the entities describe exactly what the migrations create: columns, keys, foreign keys, indexes, checks', async () => {
    expect(await schemaDrift(db)).toEqual([]);
  });
});
