import { Routine } from '@mikro-orm/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbEntities, dbMigrations } from '@svc/db';
import { ENGINES, openTestDatabase, schemaDrift, type TestDatabase } from '@svc/db/testing';
import { jobsEntities, jobsMigrations } from '../src/index.ts';

/**
 * The IMMUTABLE wrapper the search column calls (created by `jobsMigrations`). Declared so the
 * comparison knows it instead of offering to drop it; it belongs beside the entities. Its body is
 * not compared: PostgreSQL gives a SQL-standard body (`return …`) back as the whole definition,
 * which MikroORM cannot tell apart from a changed one. `strict parallel safe` has no declaration.
 */
const jobsTagsText = new Routine({
  name: 'jobs_tags_text',
  type: 'function',
  language: 'sql',
  deterministic: true,
  params: { tags: { type: 'text[]' } },
  returns: { runtimeType: 'string', columnType: 'text' },
  body: "return array_to_string(tags, ' ')",
  ignoreSchemaChanges: ['body'],
});

describe.each(ENGINES)('jobs schema drift on %s', (engine) => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await openTestDatabase(engine, {
      entities: [...dbEntities, ...jobsEntities],
      migrations: [...dbMigrations, ...jobsMigrations],
      routines: [jobsTagsText],
    });
  });
  afterAll(() => db?.dispose());

  it('the entities describe exactly what the migrations create, the generated search column included', async () => {
    expect(await schemaDrift(db)).toEqual([]);
  });
});
