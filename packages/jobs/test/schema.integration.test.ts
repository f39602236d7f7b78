import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, type TestDatabase } from '@svc/db/testing';
import { openJobsTestDatabase } from '../src/testing.ts';

describe.each(ENGINES)('jobs schema on %s', (engine) => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await openJobsTestDatabase(engine);
  });
  afterAll(() => db?.dispose());

  it('matches the entities: the migrated jobs tables need no change', async () => {
    const diff: string = await db.orm.schema.getUpdateSchemaSQL({ wrap: false });
    const jobStatements = diff
      .split('\n')
      .filter((line) => /"(jobs|job_responses)"/.test(line))
      // The IMMUTABLE wrapper behind the search column is created by the migration; routines are
      // not registered with the ORM, so its diff always offers to drop it.
      .filter((line) => !line.startsWith('drop function if exists "jobs_tags_text"'));
    expect(jobStatements).toEqual([]);
  });

  it('enforces statuses, kinds and the job reference in the database too', async () => {
    const insertJob = (id: string, status: string) =>
      db.query(
        `insert into jobs (id, status, version, title, outcome, scope, deliverables, constraints, fee_treatment,
           completion_checklist, tags, posted_by, created_at, updated_at)
         values ($1, $2, 1, 'Tents', '', '', '', '', 'no_fee', '[]'::jsonb, array[]::text[], 'prn_x', now(), now())`,
        [id, status],
      );
    await expect(insertJob('job_bad', 'archived')).rejects.toThrow();
    await insertJob('job_ok', 'open');
    const insertResponse = (jobId: string, kind: string) =>
      db.query(
        `insert into job_responses (id, job_id, kind, message, status, responder_id, job_version_seen, created_at, updated_at)
         values ($1, $2, $3, 'm', 'active', 'prn_y', 1, now(), now())`,
        [`rsp_${jobId}_${kind}`, jobId, kind],
      );
    await expect(insertResponse('job_ok', 'bid')).rejects.toThrow();
    await expect(insertResponse('job_missing', 'offer')).rejects.toThrow();
    await insertResponse('job_ok', 'offer');
    expect(await db.query("select search::text as search from jobs where id = 'job_ok'")).toEqual([{ search: "'tent':1A" }]);
  });
});
