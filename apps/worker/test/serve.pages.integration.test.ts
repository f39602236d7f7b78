import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_BASE_URL, type Principal, type TestApp } from '@svc/runtime/testing';
import { startServeTestApp } from './serve.ts';
import type { JobJson } from '@svc/jobs';
import type { TemplateDescription } from '@svc/templates';

/** The public pages over HTTP, on PostgreSQL: the job page and its machine forms, template descriptions, and no e-mail anywhere. */

let app: TestApp;
let alice: Principal;
let aliceToken: string;

beforeAll(async () => {
  app = await startServeTestApp();
  alice = await app.signUp('Alice Poster');
  aliceToken = (await app.agentToken(alice, ['jobs:write'])).token;
});
afterAll(() => app?.close());

const HTML = { accept: 'text/html' };
const PLANNING_CLAUSE = /must not contact suppliers, make bookings or purchases, or send invitations without the host.s explicit approval/;

const createJob = async (body: Record<string, unknown> = {}, token = aliceToken): Promise<JobJson> => {
  const res = await app.request<JobJson>('POST', '/api/v1/jobs', { token, body: { title: 'Plan a garden party', outcome: 'A plan', ...body } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
};

const removeJob = async (id: string, token = aliceToken) => {
  const res = await app.request('DELETE', `/api/v1/jobs/${id}`, { token });
  expect(res.status).toBe(200);
};

const page = (path: string) => app.request<string>('GET', path, { headers: HTML });

describe('GET /jobs/{id}', () => {
  it('shows the job as an HTML page with its title, details and the notice', async () => {
    const job = await createJob({
      title: 'Plan a garden party for Ada',
      scope: 'Food and a running order',
      budget: { amount: 75, currency: 'GBP' },
      completion_checklist: ['Menu agreed'],
      tags: ['garden'],
    });
    const res = await page(`/jobs/${job.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.body).toContain('<h1>Plan a garden party for Ada</h1>');
    expect(res.body).toContain(job.notice);
    expect(res.body).toContain('Food and a running order');
    expect(res.body).toContain('75 GBP');
    expect(res.body).toContain('Menu agreed');
    expect(res.body).toContain('Alice Poster');
    expect(res.body).toContain(`href="${job.rts_url}"`);
  });

  it('escapes what the poster wrote', async () => {
    const job = await createJob({ title: 'Fish & chips <script>alert(1)</script>' });
    const res = await page(`/jobs/${job.id}`);
    expect(res.status).toBe(200);
    // Preact escapes & and < in text (enough to keep markup out); > needs no escaping there.
    expect(res.body).toContain('Fish &amp; chips &lt;script>alert(1)&lt;/script>');
    expect(res.body).not.toContain('<script>alert(1)</script>');
  });

  it('gives the same Job JSON as the API with ?format=json', async () => {
    const job = await createJob({ title: 'JSON form job' });
    const res = await app.request<JobJson>('GET', `/jobs/${job.id}?format=json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.body).toEqual(job);
  });

  it('gives the RTS 0.2 task with ?format=rts, the same as the API', async () => {
    const job = await createJob({ title: 'RTS form job' });
    const res = await app.request('GET', `/jobs/${job.id}?format=rts`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ rts_version: '0.2', id: job.id, title: 'RTS form job', agreement: false });
    expect(res.body.notice).toMatch(/not an RTS agreement/);
    expect(res.body).toEqual((await app.request('GET', `/api/v1/jobs/${job.id}/rts`)).body);
    // The rts_url every job carries leads here.
    expect(job.rts_url).toBe(`${TEST_BASE_URL}/jobs/${job.id}?format=rts`);
  });

  it('answers a removed job with a 410 HTML page, and 410 removed in every machine form', async () => {
    const job = await createJob({ title: 'A job about to go' });
    await removeJob(job.id);
    const res = await page(`/jobs/${job.id}`);
    expect(res.status).toBe(410);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.body).toContain('This has been removed');
    expect(res.body).not.toContain('A job about to go');
    for (const format of ['json', 'rts']) {
      const machine = await app.request('GET', `/jobs/${job.id}?format=${format}`);
      expect(machine.status).toBe(410);
      expect(machine.body.error).toBe('removed');
    }
  });

  it('answers an unknown job with a 404 HTML page, and 404 not_found as JSON', async () => {
    const res = await page('/jobs/job_unknown00000000000000000000');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.body).toContain('Not found');
    const json = await app.request('GET', '/jobs/job_unknown00000000000000000000?format=json');
    expect(json.status).toBe(404);
    expect(json.body.error).toBe('not_found');
  });

  it('answers an id with a NUL character with 400 naming the path, not a server error', async () => {
    expect((await page('/jobs/job_a%00b')).status).toBe(400);
    expect((await app.request('GET', '/jobs/job_a%00b?format=rts')).status).toBe(400);
  });
});

describe('GET /templates/{id}', () => {
  it('describes birthday-party as JSON: the details schema, the defaults and the clause', async () => {
    const res = await app.request<TemplateDescription>('GET', '/templates/birthday-party?format=json');
    expect(res.status).toBe(200);
    const described = res.body;
    expect(described).toMatchObject({ id: 'birthday-party', title: expect.any(String), description: expect.any(String) });
    expect(described.details).toMatchObject({ type: 'object', unknown_fields: 'refused' });
    const fields = new Map((described.details.fields ?? []).map((field) => [field.name, field]));
    expect([...fields.keys()]).toEqual(
      expect.arrayContaining(['child_name', 'age', 'date', 'start_time', 'guest_count', 'general_area', 'theme', 'budget', 'dietary_notes', 'activities']),
    );
    for (const required of ['date', 'guest_count', 'general_area']) expect(fields.get(required)?.required).toBe(true);
    expect(fields.get('theme')?.required).toBe(false);
    expect(fields.get('guest_count')).toMatchObject({ type: 'number', integer: true, minimum: 1 });
    expect(fields.get('general_area')?.description).toMatch(/Street addresses are refused/);
    expect(described.fills_when_blank).toEqual(['title', 'outcome', 'scope', 'deliverables', 'completion_checklist', 'tags']);
    expect(described.constraints_clause).toMatch(PLANNING_CLAUSE);
    expect(described.example.details).toMatchObject({ general_area: expect.any(String) });
    expect(described.example.defaults.title).toEqual(expect.any(String));
  });

  it('describes what a job posted with the example details really gets', async () => {
    const described = (await app.request<TemplateDescription>('GET', '/templates/birthday-party?format=json')).body;
    const job = await createJob({ title: undefined, outcome: undefined, template: 'birthday-party', details: described.example.details });
    const { defaults } = described.example;
    expect(job).toMatchObject({
      title: defaults.title,
      outcome: defaults.outcome,
      scope: defaults.scope,
      deliverables: defaults.deliverables,
      completion_checklist: defaults.completion_checklist,
      tags: defaults.tags,
      template: { id: 'birthday-party', details: described.example.details },
    });
    expect(job.constraints).toContain(described.constraints_clause);
  });

  it('answers an unknown template with 404 not_found (JSON) and a 404 page (HTML)', async () => {
    const json = await app.request('GET', '/templates/wedding?format=json');
    expect(json.status).toBe(404);
    expect(json.body.error).toBe('not_found');
    const html = await page('/templates/wedding');
    expect(html.status).toBe(404);
    expect(html.body).toContain('Not found');
  });

  it('shows people an HTML page of the template', async () => {
    const res = await page('/templates/birthday-party');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.body).toContain('Birthday party');
  });
});

describe('e-mail addresses are never published', () => {
  let poster: Principal;
  let open: JobJson;
  let closed: JobJson;
  let removed: JobJson;

  beforeAll(async () => {
    poster = await app.signUp('Private Poster');
    const token = (await app.agentToken(poster, ['jobs:write'])).token;
    open = await createJob({ title: 'Open job of the private poster', tags: ['privacy-check'] }, token);
    closed = await createJob({ title: 'Closed job of the private poster', tags: ['privacy-check'] }, token);
    removed = await createJob({ title: 'Removed job of the private poster', tags: ['privacy-check'] }, token);
    expect((await app.request('POST', `/api/v1/jobs/${closed.id}/close`, { token })).status).toBe(200);
    await removeJob(removed.id, token);
  });

  const expectNoEmail = (body: unknown) => {
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    expect(text).not.toContain(poster.email);
    expect(text).not.toContain('@example.test');
  };

  it.each([
    ['the job list', () => `/api/v1/jobs?tag=privacy-check`, {}],
    ['the closed job list', () => `/api/v1/jobs?tag=privacy-check&status=closed`, {}],
    ['a job', () => `/api/v1/jobs/${open.id}`, {}],
    ['a job as RTS', () => `/api/v1/jobs/${open.id}/rts`, {}],
    ['the job page', () => `/jobs/${open.id}`, HTML],
    ['the job page as JSON', () => `/jobs/${open.id}?format=json`, {}],
    ['the profile', () => `/principals/${poster.id}?format=json`, {}],
    ['the profile page', () => `/principals/${poster.id}`, HTML],
  ])('keeps it out of %s', async (_case, path, headers) => {
    const res = await app.request('GET', path(), { headers });
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).toContain('Private Poster');
    expectNoEmail(res.body);
  });

  it('lists the poster’s open jobs, and only those, on the public profile', async () => {
    const res = await app.request('GET', `/principals/${poster.id}?format=json`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      principal_id: poster.id,
      display_name: 'Private Poster',
      profile: `${TEST_BASE_URL}/principals/${poster.id}`,
      joined_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      open_jobs: [{ id: open.id, title: 'Open job of the private poster', url: open.url }],
      active_services: [],
    });
    expect(open.posted_by.profile).toBe(res.body.profile);
  });

  it('answers an unknown principal with 404 not_found', async () => {
    const res = await app.request('GET', '/principals/prn_unknown00000000000000000000?format=json');
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('not_found');
  });
});
