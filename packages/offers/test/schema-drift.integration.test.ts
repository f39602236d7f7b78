import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbSchema } from '@svc/db';
import { ENGINES, openTestDatabase, schemaDrift, type TestDatabase } from '@svc/db/testing';
import { offersSchema } from '../src/index.ts';

describe.each(ENGINES)('offers schema drift on %s', (engine) => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await openTestDatabase(engine, {
      entities: [...dbSchema.entities, ...offersSchema.entities],
      migrations: [...dbSchema.migrations, ...offersSchema.migrations],
      routines: [...dbSchema.routines, ...offersSchema.routines],
    });
  });
  afterAll(() => db?.dispose());

  it('the entities describe exactly what the migrations create: columns, status checks, foreign keys, indexes (the partial unique one included), the search function and column', async () => {
    expect(await schemaDrift(db)).toEqual([]);
  });

  // The entity and the migration share `OFFER_SEARCH_EXPRESSION`, so the comparison above cannot
  // tell whether that expression indexes what it should; this checks what it produces.
  it('weights the title above the capabilities, role and industry in the search column', async () => {
    await db.query(
      `insert into offers (id, status, version, title, summary, role, industry, capabilities, pricing_note, tags, templates,
         provider_id, created_at, updated_at)
       values ('svc_ok', 'active', 1, 'Tents and marquees', '', 'hire', 'events', array['big tents']::text[], '', array[]::text[],
         array[]::text[], 'prn_x', now(), now())`,
    );
    expect(await db.query("select search::text as search from offers where id = 'svc_ok'")).toEqual([
      { search: "'big':4B 'event':7B 'hire':6B 'marque':3A 'tent':1A,5B" },
    ]);
  });
});
