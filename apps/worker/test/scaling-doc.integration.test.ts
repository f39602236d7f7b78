import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOC_DATABASE_URL, runGuide, type GuideRun } from './doc-blocks.ts';

/**
 * docs/scaling.md promises that its shell blocks run as written against a process on PostgreSQL:
 * liveness and readiness as a balancer reads them, the process's listening connection in
 * `pg_stat_activity`, and a list's capped-total fields. The test checks each shape.
 */

describe('docs/scaling.md, run as written', () => {
  let guide: GuideRun;
  let outputOf: GuideRun['outputOf'];
  const lines = (output: string) => output.split('\n').map((line) => line.trim()).filter(Boolean);

  beforeAll(async () => {
    guide = await runGuide('scaling.md', {
      serverCommand: `createdb -h 127.0.0.1 -U postgres svc\nDATABASE_URL=${DOC_DATABASE_URL} npx -y pnpm@12.21.0 start`,
    });
    ({ outputOf } = guide);
  }, 240_000);

  afterAll(() => guide?.close());

  it('runs every block', () => {
    expect(guide.outputs).toHaveLength(guide.blocks.length);
    expect(guide.blocks.length).toBeGreaterThanOrEqual(3);
  });

  it('answers liveness and readiness with every check named', () => {
    expect(lines(outputOf('/readyz'))).toEqual(['{"status":"ok"}', '{"status":"ready","checks":{"database":"ok","change_feed":"ok"}}200']);
  });

  it('shows one listening connection, named after the process', () => {
    expect(lines(outputOf('pg_stat_activity'))).toEqual([expect.stringMatching(/^svc-changes \d+$/)]);
  });

  it('says whether a total is capped', () => {
    expect(lines(outputOf('total_is_lower_bound'))).toEqual(['{"total":0,"total_is_lower_bound":false,"older_matches_before":null,"limit":5,"offset":0}']);
  });
});
