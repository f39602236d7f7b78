import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, type TestDatabase } from '@svc/db/testing';
import { openJobsTestDatabase } from '../src/testing.ts';
import { buildSearchQuery, createMikroOrmJobsRepository, jobsClient, SEARCH_CANDIDATES } from '../src/jobs.repository.mikro-orm.ts';

describe.each(ENGINES)('search query plan on %s', (engine) => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await openJobsTestDatabase(engine);
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
  const plan = async (filter: Parameters<typeof buildSearchQuery>[1], which: 'page' | 'count' = 'page') => {
    const query = buildSearchQuery(jobsClient(db), filter, { limit: 20, offset: 0 })[which].compile();
    const rows = await db.compiled.query<Record<string, string>>({ sql: `explain ${query.sql}`, parameters: query.parameters });
    return rows.map((row) => Object.values(row)[0]).join('\n');
  };

  it('answers full-text search from the GIN index on the search column', async () => {
    expect(await plan({ q: 'planning party', status: 'open' })).toContain('Bitmap Index Scan on jobs_search_index');
  });

  it('counts matches from the GIN index too, stopping at the cap', async () => {
    const counted = await plan({ q: 'planning party', status: 'open' }, 'count');
    expect(counted).toContain('Bitmap Index Scan on jobs_search_index');
    expect(counted).toContain('Limit');
  });

  it('pages the front page straight off the (status, created_at, id) index, with no sort', async () => {
    const front = await plan({ status: 'open' });
    expect(front).toContain('jobs_status_created_at_id_index');
    expect(front).not.toContain('Sort');
  });

  it('walks a common word back from posted_before on an index, stopping at the candidates', async () => {
    const bounded = await plan({ q: 'lawn', status: 'open', postedBefore: new Date(Date.now() + 60_000) });
    expect(bounded).toMatch(/jobs_status_created_at_id_index|jobs_search_index/);
    expect(bounded).toContain('Limit');
  });

  it('answers the tag filter from the GIN index on tags', async () => {
    expect(await plan({ tag: 'tag-7', status: 'open' })).toContain('Bitmap Index Scan on jobs_tags_index');
  });

  it('says when a total is a lower bound, and counts exactly below the cap', async () => {
    const repo = createMikroOrmJobsRepository(jobsClient(db));
    // 2,700 open lawns: more than the cap.
    const lawns = await repo.search({ q: 'lawn', status: 'open' }, { limit: 20, offset: 0 });
    expect(lawns).toMatchObject({ total: SEARCH_CANDIDATES, totalIsLowerBound: true, oldestRanked: expect.any(Date) });
    expect(lawns.rows).toHaveLength(20);
    // Where the ranked window ended is known past the last page too; a list needs no such pointer.
    const past = await repo.search({ q: 'lawn', status: 'open' }, { limit: 20, offset: SEARCH_CANDIDATES });
    expect(past.oldestRanked).toEqual(lawns.oldestRanked);
    const front = await repo.search({ status: 'open' }, { limit: 20, offset: 0 });
    expect(front).toMatchObject({ total: SEARCH_CANDIDATES + 1, totalIsLowerBound: true, oldestRanked: null });
    // A deep page of a list still has a total at least as large as what the caller has seen.
    const deep = await repo.search({ status: 'open' }, { limit: 20, offset: 2_000 });
    expect(deep.rows).toHaveLength(20);
    expect(deep).toMatchObject({ total: 2_021, totalIsLowerBound: true });
    // Relevance ranks the newest candidates only: past them a search has no more pages.
    expect((await repo.search({ q: 'lawn', status: 'open' }, { limit: 20, offset: SEARCH_CANDIDATES })).rows).toEqual([]);
    // 60 tagged tag-7, all open (n % 50 = 7 is never a multiple of 10): exact, with or without the count query.
    expect(await repo.search({ tag: 'tag-7', status: 'open' }, { limit: 100, offset: 0 })).toMatchObject({ total: 60, totalIsLowerBound: false });
    expect(await repo.search({ tag: 'tag-7', status: 'open' }, { limit: 10, offset: 0 })).toMatchObject({ total: 60, totalIsLowerBound: false });
  });

  it('finds what the plan promises', async () => {
    const page = buildSearchQuery(jobsClient(db), { q: 'planning', status: 'open' }, { limit: 100, offset: 0 }).page.compile();
    const rows = await db.compiled.query<{ title: string }>(page);
    // Titles 97, 194, … are parties; every tenth row is closed (970 and 1940 among them).
    const expected = Array.from({ length: 30 }, (_, i) => (i + 1) * 97).filter((n) => n % 10 !== 0);
    expect(rows.map((row) => row.title).toSorted()).toEqual(expected.map((n) => `Plan a party ${n}`).toSorted());
  });
});
