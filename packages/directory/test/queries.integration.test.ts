import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateQueryReport } from '@svc/db/testing';
import { QUERIES_FILE, directoryQueries } from '../scripts/queries.ts';

describe('the SQL file of the directory repository', () => {
  let fresh: string;
  // Runs every method on a migrated in-memory PGlite, which takes a hook's time, not a test's.
  beforeAll(async () => {
    fresh = await generateQueryReport(directoryQueries);
  });

  it('holds the SQL every repository method sends today (src/queries/directory.sql)', async () => {
    const checkedIn = await readFile(QUERIES_FILE, 'utf8').catch(() => '');
    if (fresh !== checkedIn) expect.fail(`src/queries/directory.sql differs from the SQL the repository sends: run ${directoryQueries.command} to regenerate it`);
  });
});
