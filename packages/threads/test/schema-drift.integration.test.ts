import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbSchema } from '@svc/db';
import { ENGINES, openTestDatabase, schemaDrift, type TestDatabase } from '@svc/db/testing';
import { threadsSchema } from '../src/index.ts';

describe.each(ENGINES)('threads schema drift on %s', (engine) => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await openTestDatabase(engine, {
      entities: [...dbSchema.entities, ...threadsSchema.entities],
      migrations: [...dbSchema.migrations, ...threadsSchema.migrations],
      routines: dbSchema.routines,
    });
  });
  afterAll(() => db?.dispose());

  it('the entities describe exactly what the migrations create: columns, status and kind checks, unique token hashes, cascading foreign keys, indexes', async () => {
    expect(await schemaDrift(db)).toEqual([]);
  });
});
