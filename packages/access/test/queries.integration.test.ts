import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateQueryReport } from '@svc/db/testing';
import { QUERIES_FILE, accessQueries } from '../scripts/queries.ts';

describe('the SQL file of the access repository', () => {
  let fresh: string;
  // Runs every method on a migrated in-memory PGlite, which takes a hook's time, not a test's.
  beforeAll(async () => {
    fresh = await generateQueryReport(accessQueries);
  });

  it('holds the SQL every repository method sends today (src/queries/access.sql)', async () => {
    const checkedIn = await readFile(QUERIES_FILE, 'utf8').catch(() => '');
    if (fresh !== checkedIn) expect.fail(`src/queries/access.sql differs from the SQL the repository sends: run ${accessQueries.command} to regenerate it`);
  });
});
