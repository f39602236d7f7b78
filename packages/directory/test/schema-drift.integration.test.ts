import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbSchema } from '@svc/db';
import { ENGINES, openTestDatabase, schemaDrift, type TestDatabase } from '@svc/db/testing';
import { directorySchema } from '../src/index.ts';

describe.each(ENGINES)('directory schema drift on %s', (engine) => {
  let db: TestDatabase;

  // Only the shared tables and this domain's are loaded: a foreign key to another domain's table
  // could be neither declared nor migrated here.
  beforeAll(async () => {
    db = await openTestDatabase(engine, {
      entities: [...dbSchema.entities, ...directorySchema.entities],
      migrations: [...dbSchema.migrations, ...directorySchema.migrations],
      routines: dbSchema.routines,
    });
  });
  afterAll(() => db?.dispose());

  it('the entities describe exactly what the migrations create: columns, the unique handle, foreign keys, indexes, status checks, the generated search column', async () => {
    expect(await schemaDrift(db)).toEqual([]);
  });
});
