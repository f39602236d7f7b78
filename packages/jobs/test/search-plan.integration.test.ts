import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbEntities, dbMigrations } from '@svc/db';
import { ENGINES, openTestDatabase, type TestDatabase } from '@svc/db/testing';
import { jobsEntities, jobsMigrations } from '../src/index.ts';
import { buildSearchQuery } from '../src/jobs.repository.mikro-orm.ts';

describe.each(ENGINES)('search query plan on %s', (engine) => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await openTestDatabase(engine, {
      entities: [...dbEntities, ...jobsEntities],
      migrations: [...dbMigrations, ...jobsMigrations],
    });
    // Enough rows, mostly open, that the status index alone is no help and statistics say so.
    await db.query(
      `insert into jobs (id, status, version, title, outcome, scope, deliverables, constraints, fee_treatment,
         completion_checklist, tags, posted_by, created_at, updated_at)
       select 'job_' || n, case when n % 10 = 0 then 'closed' else 'open' end, 1,
         case when n % 97 = 0 then 'Plan a party ' || n else 'Mow a lawn ' || n end, 'outcome', '', '', '', 'no_fee',
         '[]'::jsonb, array['tag-' || (n % 50)], 'prn_seed', now(), now()
       from generate_series(1, 3000) as n`,
    );
    // VACUUM also moves the new rows out of the GIN pending list, as autovacuum would on a live table.
    await db.query('vacuum analyze jobs');
  });
  afterAll(() => db?.dispose());

  /** The plan of the exact SQL the repository runs (no planner settings changed: 3,000 rows suffice). */
  const plan = async (filter: Parameters<typeof buildSearchQuery>[0]) => {
    const { page } = buildSearchQuery(filter, { limit: 20, offset: 0 });
    const rows = await db.query<Record<string, string>>(`explain ${page.sql}`, page.params);
    return rows.map((row) => Object.values(row)[0]).join('\n');
  };

  it('answers full-text search from the GIN index on the search column', async () => {
    expect(await plan({ q: 'planning party', status: 'open' })).toContain('Bitmap Index Scan on jobs_search_index');
  });

  it('answers the tag filter from the GIN index on tags', async () => {
    expect(await plan({ tag: 'tag-7', status: 'open' })).toContain('Bitmap Index Scan on jobs_tags_index');
  });

  it('finds what the plan promises', async () => {
    const { page } = buildSearchQuery({ q: 'planning', status: 'open' }, { limit: 100, offset: 0 });
    const rows = await db.query<{ title: string }>(page.sql, page.params);
    // Titles 97, 194, … are parties; every tenth row is closed (970 and 1940 among them).
    const expected = Array.from({ length: 30 }, (_, i) => (i + 1) * 97).filter((n) => n % 10 !== 0);
    expect(rows.map((row) => row.title).toSorted()).toEqual(expected.map((n) => `Plan a party ${n}`).toSorted());
  });
});
