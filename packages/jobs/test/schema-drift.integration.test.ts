import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbSchema } from '@svc/db';
import { ENGINES, openTestDatabase, schemaDrift, type TestDatabase } from '@svc/db/testing';
import { jobsSchema } from '../src/index.ts';

describe.each(ENGINES)('jobs schema drift on %s', (engine) => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await openTestDatabase(engine, {
      entities: [...dbSchema.entities, ...jobsSchema.entities],
      migrations: [...dbSchema.migrations, ...jobsSchema.migrations],
      routines: [...dbSchema.routines, ...jobsSchema.routines],
    });
  });
  afterAll(() => db?.dispose());

  it('the entities describe exactly what the migrations create, the generated search column included', async () => {
    expect(await schemaDrift(db)).toEqual([]);
  });
});
