import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '@svc/db/testing';
import type { JobJson } from '@svc/jobs';
import type { Principal, TestApp } from '@svc/runtime/testing';
import { startApiTestApp } from './app.ts';

/**
 * How far a job search reaches, as a client sees it, on both engines: a search ranks the newest 300
 * matches and says its total is a lower bound, and `posted_before` / `posted_after` (with the
 * answer's `older_matches_before`) reach every older match.
 */

interface JobList {
  jobs: JobJson[];
  total: number;
  total_is_lower_bound: boolean;
  older_matches_before: string | null;
  limit: number;
  offset: number;
}

/** 320 open jobs about lawns, one a minute from this moment on: lawn 1 is the oldest, lawn 320 the newest. */
const FIRST_POSTED = Date.parse('2026-06-01T00:00:00.000Z');
const LAWNS = 320;
const postedAt = (n: number) => new Date(FIRST_POSTED + (n - 1) * 60_000);

describe.each(ENGINES)('job search reach on %s', (engine) => {
  let app: TestApp;
  let poster: Principal;

  beforeAll(async () => {
    app = await startApiTestApp({ engine });
    poster = await app.signUp('Pat Poster');
    await app.db.query(
      `insert into jobs (id, status, version, title, outcome, scope, deliverables, constraints, fee_treatment,
         completion_checklist, tags, posted_by, created_at, updated_at)
       select 'job_lawn' || lpad(n::text, 3, '0'), 'open', 1, 'Mow the lawn ' || n, 'A short lawn', '', '', '', 'no_fee',
         '[]'::jsonb, array[]::text[], $1, $2::timestamptz + (n - 1) * interval '1 minute', $3::timestamptz + (n - 1) * interval '1 minute'
       from generate_series(1, ${LAWNS}) as n`,
      [poster.id, postedAt(1), postedAt(1)],
    );
  });
  afterAll(() => app?.close());

  const search = (query: string) => app.request<JobList & { error?: string; details?: { path: string; message: string }[] }>('GET', `/api/v1/jobs?${query}`);
  const numbers = (list: JobList) => list.jobs.map((job) => Number(job.title.replace('Mow the lawn ', '')));

  it('ranks the newest 300 matches, says the total is at least 300, and where the older matches begin', async () => {
    const res = await search('q=lawn&limit=100');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 300, total_is_lower_bound: true, limit: 100, offset: 0 });
    // Lawn 21 is the oldest of the newest 300; the pointer is one millisecond after it.
    expect(res.body.older_matches_before).toBe(new Date(postedAt(21).getTime() + 1).toISOString());
    expect(Math.min(...numbers(res.body))).toBeGreaterThanOrEqual(21);
    expect((await search('q=lawn&limit=100&offset=300')).body).toMatchObject({ jobs: [], total: 300, total_is_lower_bound: true });
  });

  it('reaches every older match by following older_matches_before as posted_before', async () => {
    const first = await search('q=lawn&limit=100');
    const seen = new Set<number>();
    for (let offset = 0; offset < 300; offset += 100) numbers((await search(`q=lawn&limit=100&offset=${offset}`)).body).forEach((n) => seen.add(n));
    const older = await search(`q=lawn&limit=100&posted_before=${encodeURIComponent(first.body.older_matches_before!)}`);
    expect(older.status).toBe(200);
    expect(older.body).toMatchObject({ total: 21, total_is_lower_bound: false, older_matches_before: null });
    numbers(older.body).forEach((n) => seen.add(n));
    // Lawn 21 (the boundary millisecond) is ranked again; nothing is skipped.
    expect(numbers(older.body).sort((a, b) => a - b)).toEqual(Array.from({ length: 21 }, (_, i) => i + 1));
    expect(seen.size).toBe(LAWNS);
  });

  it('filters a search and a list by posted_after and posted_before, a day meaning its start in UTC', async () => {
    const window = await search(`q=lawn&posted_after=${encodeURIComponent(postedAt(10).toISOString())}&posted_before=${encodeURIComponent(postedAt(15).toISOString())}`);
    expect(window.body).toMatchObject({ total: 5, total_is_lower_bound: false, older_matches_before: null });
    expect(numbers(window.body).sort((a, b) => a - b)).toEqual([10, 11, 12, 13, 14]);
    const listed = await search('posted_before=2026-06-01&limit=5');
    expect(listed.body).toMatchObject({ jobs: [], total: 0 });
    // A list (no q) pages as deep as it goes, counting past the page asked for, so it needs no pointer.
    const fromDay = await search('posted_after=2026-06-01&limit=100&offset=300');
    expect(fromDay.body).toMatchObject({ total: LAWNS, total_is_lower_bound: false, older_matches_before: null });
    expect(fromDay.body.jobs).toHaveLength(20);
  });

  it.each([
    ['posted_before', 'yesterday'],
    ['posted_before', '2026-02-30'],
    ['posted_after', '1899-12-31'],
    ['posted_after', '2026-06-01T10:00:00'],
  ])('refuses %s=%s with 400 validation_failed naming it', async (name, value) => {
    const res = await search(`q=lawn&${name}=${encodeURIComponent(value)}`);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('validation_failed');
    expect(res.body.details!.map((detail) => detail.path)).toEqual([name]);
  });

  it('is described in the OpenAPI document', async () => {
    const { body: document } = await app.request('GET', '/api/v1/openapi.json');
    const names = document.paths['/api/v1/jobs'].get.parameters.map((parameter: { name: string }) => parameter.name);
    expect(names).toEqual(expect.arrayContaining(['posted_after', 'posted_before']));
    expect(document.components.schemas.JobList.required).toContain('older_matches_before');
  });
});
