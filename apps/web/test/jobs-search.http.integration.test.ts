import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal, TestApp } from '@svc/runtime/testing';
import { startWebTestApp } from './app.ts';
import { parseHtml } from './html.ts';

/** The job search page as a person sees it, on PostgreSQL: a capped count reads as "at least", and older matches are one link away. */

let app: TestApp;
let poster: Principal;

/** 320 open jobs about lawns, one a minute from 2026-06-01 on: lawn 1 is the oldest. */
beforeAll(async () => {
  app = await startWebTestApp();
  poster = await app.signUp('Pat Poster');
  await app.db.query(
    `insert into jobs (id, status, version, title, outcome, scope, deliverables, constraints, fee_treatment,
       completion_checklist, tags, posted_by, created_at, updated_at)
     select 'job_lawn' || lpad(n::text, 3, '0'), 'open', 1, 'Mow the lawn ' || n, 'A short lawn', '', '', '', 'no_fee',
       '[]'::jsonb, array[]::text[], $1, timestamptz '2026-06-01T00:00:00Z' + (n - 1) * interval '1 minute',
       timestamptz '2026-06-01T00:00:00Z' + (n - 1) * interval '1 minute'
     from generate_series(1, 320) as n`,
    [poster.id],
  );
});
afterAll(() => app?.close());

const page = (path: string) => app.request<string>('GET', path, { headers: { accept: 'text/html' } });

describe('GET /jobs?q=…', () => {
  it('shows a capped count as a lower bound and links to the older matches, which the next page reaches', async () => {
    const res = await page('/jobs?q=lawn');
    expect(res.status).toBe(200);
    expect(res.body).toContain('300+ jobs matching “lawn”');
    expect(res.body).toContain('Page 1 of 15+');
    const older = parseHtml(res.body)
      .links()
      .find((link) => link.text === 'Search older matches')?.href;
    expect(older).toBeDefined();
    const url = new URL(older!, 'http://site.test');
    expect(url.searchParams.get('q')).toBe('lawn');
    expect(url.searchParams.get('posted_before')).toBe('2026-06-01T00:20:00.001Z');

    const next = await page(older!);
    expect(next.status).toBe(200);
    expect(next.body).toContain('21 jobs matching “lawn” posted before 2026-06-01');
    expect(next.body).toContain('Mow the lawn 21<');
    expect(next.body).not.toContain('Search older matches');
    // Paging keeps the date filter.
    const deeper = await page(`${older!}&offset=20`);
    expect(deeper.body).toContain('Mow the lawn 1<');
    expect(deeper.body).toContain('Page 2 of 2');
  });

  it('says an exact count plainly', async () => {
    const res = await page('/jobs?q=lawn&posted_before=2026-06-01T00:05:00.000Z');
    expect(res.body).toContain('5 jobs matching “lawn”');
    expect(res.body).not.toContain('5+');
  });
});

describe('GET /jobs?tag=…', () => {
  it('finds jobs by a tag typed in words, as the job form saves tags, and keeps the words in the box', async () => {
    const poster_ = (await app.services.access.accounts.resolveSession(poster.session))!.actor;
    const job = await app.services.jobs.create(poster_, { title: 'Plant a hedge', outcome: 'A hedge', tags: ['home-garden'] });
    for (const typed of ['Home & Garden', 'home garden', 'home-garden']) {
      const res = await page(`/jobs?${new URLSearchParams({ tag: typed })}`);
      expect(res.status).toBe(200);
      const found = parseHtml(res.body);
      expect(found.links('main').map((link) => link.href)).toContain(`/jobs/${job.id}`);
      expect(found.field('tag').value).toBe(typed);
      expect(found.text('[role="status"]')).toBe(`1 job tagged ${typed}`);
    }
  });

  it('says in plain words what a tag can hold when nothing usable was typed', async () => {
    const res = await page('/jobs?tag=!!!');
    expect(res.status).toBe(400);
    const refused = parseHtml(res.body);
    expect(refused.text('p.form-error')).toBe('Tag can hold letters, numbers, spaces and hyphens, such as “garden”.');
    expect(refused.field('tag').control.getAttribute('aria-invalid')).toBe('true');
    expect(res.body).not.toContain('slug');
    // No search ran: no count and no "No jobs match" below the refusal.
    expect(refused.find('[role="status"]')).toBeUndefined();
    expect(refused.text('main')).not.toContain('No jobs match');
  });
});
