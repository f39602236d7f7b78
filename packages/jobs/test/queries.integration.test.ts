import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateQueryReport } from '@svc/db/testing';
import { QUERIES_FILE, jobsQueries } from '../scripts/queries.ts';

describe('the SQL file of the jobs repository', () => {
  let fresh: string;
  // Runs every method on a migrated in-memory PGlite, which takes a hook's time, not a test's.
  beforeAll(async () => {
    fresh = await generateQueryReport(jobsQueries);
  });

  it('holds the SQL every repository method sends today (src/queries/jobs.sql)', async () => {
    const checkedIn = await readFile(QUERIES_FILE, 'utf8').catch(() => '');
    if (fresh !== checkedIn) expect.fail(`src/queries/jobs.sql differs from the SQL the repository sends: run ${jobsQueries.command} to regenerate it`);
  });
});
