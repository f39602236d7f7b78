import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_BASE_URL, type Principal, type TestApp, type TestResponse, type ApiErrorBody } from '@svc/runtime/testing';
import { partyDetails } from '@svc/templates/testing';
import { startApiTestApp } from './app.ts';
import type { JobJson } from '@svc/jobs';
import { jobInput } from '@svc/jobs/testing';

/** Jobs over HTTP, on PostgreSQL: every endpoint of the Jobs table, its errors, and what the database holds afterwards. */

let app: TestApp;
let alice: Principal;
let bob: Principal;
/** Alice's agent: may post and change jobs. */
let aliceToken: string;
/** Bob's agent, with the same scope: scope alone must never let it change Alice's jobs. */
let bobToken: string;
/** Alice's agent that may only read her account. */
let aliceReadOnly: string;

beforeAll(async () => {
  app = await startApiTestApp();
  alice = await app.signUp('Alice Poster');
  bob = await app.signUp('Bob Helper');
  aliceToken = (await app.agentToken(alice, ['jobs:write', 'account:read'])).token;
  bobToken = (await app.agentToken(bob, ['jobs:write'])).token;
  aliceReadOnly = (await app.agentToken(alice, ['account:read'])).token;
});
afterAll(() => app?.close());

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const PLANNING_CLAUSE = /must not contact suppliers, make bookings or purchases, or send invitations without the host.s explicit approval/;

type ErrorBody = ApiErrorBody<JobJson>;

interface StoredJob {
  status: string;
  version: number;
  title: string;
  constraints: string;
}

const minimalJob = (overrides: Record<string, unknown> = {}) => ({ title: 'Plan a garden party', outcome: 'A plan the host can follow.', ...overrides });

const postJob = (body: unknown, options: { token?: string; session?: string; headers?: Record<string, string> } = {}) =>
  app.request<JobJson & ErrorBody & { replayed?: boolean }>('POST', '/api/v1/jobs', { token: aliceToken, ...options, body });

/** Posts a job as Alice (or `token`) and fails the test unless it is created. */
const createJob = async (overrides: Record<string, unknown> = {}, token = aliceToken): Promise<JobJson> => {
  const res = await postJob(minimalJob(overrides), { token });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
};

const stored = async (id: string): Promise<StoredJob | undefined> =>
  (await app.db.query<StoredJob>('select status, version, title, constraints from jobs where id = $1', [id]))[0];

const countJobs = async (where = 'true', params: unknown[] = []): Promise<number> =>
  Number((await app.db.query<{ n: string }>(`select count(*) as n from jobs where ${where}`, params))[0]!.n);

const detailPaths = (res: TestResponse<ErrorBody>): string[] => (res.body.details ?? []).map((detail) => detail.path);

const listJobs = (query: string) => app.request<{ jobs: JobJson[]; total: number; limit: number; offset: number } & ErrorBody>('GET', `/api/v1/jobs?${query}`);
const idsOf = (list: { jobs: JobJson[] }) => list.jobs.map((job) => job.id);

const withKey = (key: string, body: unknown, token = aliceToken) => postJob(body, { token, headers: { 'idempotency-key': key } });

const patch = (id: string, body: unknown, token = aliceToken) => app.request<JobJson & ErrorBody>('PATCH', `/api/v1/jobs/${id}`, { token, body });

const act = (method: 'POST' | 'DELETE', path: string, token = aliceToken) => app.request<JobJson & ErrorBody>(method, path, { token });
const close = (id: string, token?: string) => act('POST', `/api/v1/jobs/${id}/close`, token);
const reopen = (id: string, token?: string) => act('POST', `/api/v1/jobs/${id}/reopen`, token);
const remove = (id: string, token?: string) => act('DELETE', `/api/v1/jobs/${id}`, token);

describe('POST /api/v1/jobs', () => {
  it('answers 201 with every field of the Job, as stored', async () => {
    // Spaces around the title, and a deadline with an offset: what the service trims and turns into UTC.
    const sent = jobInput({ title: '  Plan a garden party  ', response_deadline: '2026-12-01T18:00:00+01:00' });
    const res = await postJob(sent);
    expect(res.status).toBe(201);
    const now = app.clock.now().toISOString();
    // Every field comes back as sent, but for the trimmed title and the deadline turned into UTC.
    expect(res.body).toEqual({
      ...sent,
      id: expect.stringMatching(/^job_[0-9a-z]+$/),
      url: `${TEST_BASE_URL}/jobs/${res.body.id}`,
      rts_url: `${TEST_BASE_URL}/jobs/${res.body.id}?format=rts`,
      status: 'open',
      version: 1,
      title: 'Plan a garden party',
      response_deadline: '2026-12-01T17:00:00.000Z',
      template: null,
      posted_by: { principal_id: alice.id, display_name: 'Alice Poster', profile: `${TEST_BASE_URL}/principals/${alice.id}` },
      created_at: now,
      updated_at: now,
      notice: expect.stringMatching(/creates no agreement/),
    });
    expect(res.body.created_at).toMatch(ISO_MS);
    expect(res.body.notice).toMatch(/payment/);
    expect(JSON.stringify(res.body)).not.toContain(alice.email);
    expect(await stored(res.body.id)).toMatchObject({ status: 'open', version: 1, title: 'Plan a garden party' });
    // What was stored is what a public read shows.
    const read = await app.request<JobJson>('GET', `/api/v1/jobs/${res.body.id}`);
    expect(read.body).toEqual(res.body);
  });

  it('fills the defaults of a minimal job: no_fee, nulls and empty lists', async () => {
    const res = await postJob({ title: 'Just a title' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      title: 'Just a title',
      outcome: '',
      scope: '',
      deliverables: '',
      constraints: '',
      budget: null,
      fee_treatment: 'no_fee',
      response_deadline: null,
      delivery_deadline: null,
      timezone: null,
      completion_checklist: [],
      tags: [],
      template: null,
    });
  });

  it('normalises input as documented: trimmed text, canonical time zone, duplicate tags dropped', async () => {
    const res = await postJob(minimalJob({ scope: '  Food  ', timezone: 'europe/london', tags: ['food', 'food', 'music'] }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ scope: 'Food', timezone: 'Europe/London', tags: ['food', 'music'] });
  });

  it('gives random, unrelated ids', async () => {
    const [one, two] = [await createJob(), await createJob()];
    expect(one.id).not.toBe(two.id);
    expect(one.id.slice(0, 10)).not.toBe(two.id.slice(0, 10));
  });

  it('refuses a caller without a token with 401 and a Bearer challenge', async () => {
    const before = await countJobs();
    const res = await app.request<ErrorBody & { instructions_url: string; connect: string }>('POST', '/api/v1/jobs', { body: minimalJob() });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer realm="[^"]+"/);
    expect(res.body).toMatchObject({
      error: 'unauthenticated',
      instructions_url: `${TEST_BASE_URL}/agents`,
      connect: `${TEST_BASE_URL}/api/v1/agent/connect`,
    });
    expect(await countJobs()).toBe(before);
  });

  it('refuses an unknown token with 401 invalid_token', async () => {
    const res = await postJob(minimalJob(), { token: 'tds_not-a-real-token' });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('invalid_token');
    expect(res.headers.get('www-authenticate')).toMatch(/error="invalid_token"/);
  });

  it('refuses a token without jobs:write with 403 insufficient_scope and stores nothing', async () => {
    const before = await countJobs();
    const res = await postJob(minimalJob(), { token: aliceReadOnly });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('insufficient_scope');
    expect(await countJobs()).toBe(before);
  });

  it.each([
    ['an unknown field', 'colour', { colour: 'red' }],
    ['no title', 'title', { title: undefined }],
    ['an empty title', 'title', { title: '   ' }],
    ['a title over 200 characters', 'title', { title: 'x'.repeat(201) }],
    ['an outcome over 4,000 characters', 'outcome', { outcome: 'x'.repeat(4001) }],
    ['a lower-case currency', 'budget.currency', { budget: { amount: 10, currency: 'gbp' } }],
    ['a currency that is not ISO 4217', 'budget.currency', { budget: { amount: 10, currency: 'XYZ' } }],
    ['a negative budget', 'budget.amount', { budget: { amount: -1, currency: 'GBP' } }],
    ['an unknown fee treatment', 'fee_treatment', { fee_treatment: 'free' }],
    ['eleven tags', 'tags', { tags: Array.from({ length: 11 }, (_, i) => `tag-${i}`) }],
    ['a tag that is no slug', 'tags.0', { tags: ['Party Planning'] }],
    ['an unknown time zone', 'timezone', { timezone: 'Mars/Olympus_Mons' }],
    ['an offset instead of a time zone', 'timezone', { timezone: '+01:00' }],
    ['a deadline that is no timestamp', 'response_deadline', { response_deadline: 'next Friday' }],
    ['31 checklist items', 'completion_checklist', { completion_checklist: Array.from({ length: 31 }, (_, i) => `item ${i}`) }],
    ['details without a template', 'details', { details: { guest_count: 3 } }],
    ['a deadline in year 0000', 'response_deadline', { response_deadline: '0000-06-01T12:00:00.000Z' }],
    ['a deadline on a day that does not exist', 'delivery_deadline', { delivery_deadline: '2026-02-30T12:00:00.000Z' }],
    // The test clock stands at 2026-11-21T12:00:00.000Z.
    ['a response deadline in the past', 'response_deadline', { response_deadline: '2026-11-21T11:59:59.999Z' }],
    ['a delivery deadline in the past', 'delivery_deadline', { delivery_deadline: '2026-11-20T12:00:00.000Z' }],
    ['a delivery before the response deadline', 'delivery_deadline', { response_deadline: '2026-12-10T12:00:00.000Z', delivery_deadline: '2026-12-01T12:00:00.000Z' }],
    ['a NUL character in the title', 'title', { title: 'Plan\u0000a party' }],
    ['a NUL character in the outcome', 'outcome', { outcome: 'A plan\u0000' }],
    ['a NUL character in a checklist item', 'completion_checklist.0', { completion_checklist: ['Done\u0000'] }],
  ])('refuses %s with 400 validation_failed naming %s, and stores nothing', async (_case, path, overrides) => {
    const before = await countJobs();
    const res = await postJob(minimalJob(overrides));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('validation_failed');
    expect(res.body.message).toEqual(expect.any(String));
    expect(detailPaths(res)).toContain(path);
    expect(await countJobs()).toBe(before);
  });

  it.each([
    ['malformed JSON', 400, 'invalid_json', { rawBody: '{"title": "Plan', headers: { 'content-type': 'application/json' } }],
    ['a JSON body sent as text/plain', 415, 'unsupported_media_type', { rawBody: '{"title":"Plan"}', headers: { 'content-type': 'text/plain' } }],
    ['a form post', 415, 'unsupported_media_type', { rawBody: 'title=Plan', headers: { 'content-type': 'application/x-www-form-urlencoded' } }],
    ['a body over 256 KiB', 413, 'body_too_large', { rawBody: JSON.stringify({ title: 'x', outcome: 'y'.repeat(300 * 1024) }), headers: { 'content-type': 'application/json' } }],
  ])('answers %s with %i %s and stores nothing', async (_case, status, code, options) => {
    const before = await countJobs();
    const res = await app.request<ErrorBody>('POST', '/api/v1/jobs', { token: aliceToken, ...options });
    expect(res.status).toBe(status);
    expect(res.body.error).toBe(code);
    expect(await countJobs()).toBe(before);
  });

  it('lets the signed-in principal post from the website origin', async () => {
    const res = await postJob(minimalJob({ title: 'Posted from the website' }), { token: undefined, session: alice.session });
    expect(res.status).toBe(201);
    expect(res.body.posted_by.principal_id).toBe(alice.id);
    expect(await stored(res.body.id)).toMatchObject({ title: 'Posted from the website' });
  });

  it('refuses a session post from another site (403 csrf_failed) and stores nothing', async () => {
    const before = await countJobs();
    const res = await postJob(minimalJob(), { token: undefined, session: alice.session, headers: { origin: 'https://elsewhere.example' } });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('csrf_failed');
    expect(await countJobs()).toBe(before);
  });
});

describe('POST /api/v1/jobs with an Idempotency-Key', () => {
  it('replays the same key and body with 200, replayed: true and the same job; one record exists', async () => {
    const body = minimalJob({ title: 'Idempotent party' });
    const first = await withKey('key-replay-1', body);
    expect(first.status).toBe(201);
    expect(first.body.replayed).toBeUndefined();
    app.clock.advance(60_000);
    // Same body, other key order: still the same request.
    const again = await withKey('key-replay-1', { outcome: body.outcome, title: body.title });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ ...first.body, replayed: true });
    expect(await countJobs('title = $1', ['Idempotent party'])).toBe(1);
  });

  it('refuses the same key with another body (409 idempotency_conflict) and creates nothing', async () => {
    const first = await withKey('key-conflict-1', minimalJob({ title: 'Conflict party' }));
    expect(first.status).toBe(201);
    const other = await withKey('key-conflict-1', minimalJob({ title: 'Another party' }));
    expect(other.status).toBe(409);
    expect(other.body.error).toBe('idempotency_conflict');
    expect(await countJobs('title in ($1, $2)', ['Conflict party', 'Another party'])).toBe(1);
  });

  it('accepts a key of 100 characters and refuses one of 101 (400 invalid_idempotency_key)', async () => {
    const ok = await withKey('k'.repeat(100), minimalJob({ title: 'Long key party' }));
    expect(ok.status).toBe(201);
    const before = await countJobs();
    const tooLong = await withKey('k'.repeat(101), minimalJob({ title: 'Too long key party' }));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error).toBe('invalid_idempotency_key');
    expect(await countJobs()).toBe(before);
  });

  it('scopes the key to the caller: another principal with the same key gets a job of their own', async () => {
    const body = minimalJob({ title: 'Shared key party' });
    const mine = await withKey('key-shared-1', body);
    const theirs = await withKey('key-shared-1', body, bobToken);
    expect(mine.status).toBe(201);
    expect(theirs.status).toBe(201);
    expect(theirs.body.id).not.toBe(mine.body.id);
    expect(theirs.body.posted_by.principal_id).toBe(bob.id);
    expect(await countJobs('title = $1', ['Shared key party'])).toBe(2);
  });

  it('stores no key for a refused request, so the corrected retry with that key is created', async () => {
    const refused = await withKey('key-retry-1', minimalJob({ title: 'Retry party', colour: 'red' }));
    expect(refused.status).toBe(400);
    const keys = await app.db.query('select key from idempotency_keys where key = $1', ['key-retry-1']);
    expect(keys).toHaveLength(0);
    const retried = await withKey('key-retry-1', minimalJob({ title: 'Retry party' }));
    expect(retried.status).toBe(201);
    expect(await countJobs('title = $1', ['Retry party'])).toBe(1);
  });

  it('still replays a key a day later (keys are kept at least 24 hours)', async () => {
    const body = minimalJob({ title: 'Day-old key party' });
    const first = await withKey('key-day-old-1', body);
    app.clock.advance(25 * 60 * 60 * 1000);
    const again = await withKey('key-day-old-1', body);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: first.body.id, replayed: true });
    expect(await countJobs('title = $1', ['Day-old key party'])).toBe(1);
  });

  it('creates exactly one job for two concurrent requests with one key', async () => {
    const body = minimalJob({ title: 'Concurrent key party' });
    const answers = await Promise.all([withKey('key-race-1', body), withKey('key-race-1', body)]);
    expect(answers.map((res) => res.status).toSorted()).toEqual([200, 201]);
    expect(answers[0]!.body.id).toBe(answers[1]!.body.id);
    expect(await countJobs('title = $1', ['Concurrent key party'])).toBe(1);
  });
});

describe('POST /api/v1/jobs with the birthday-party template', () => {
  it('fills the blank fields, adds the planning-only clause and carries template {id, details}', async () => {
    const details = partyDetails();
    const res = await postJob({ template: 'birthday-party', details });
    expect(res.status).toBe(201);
    const job = res.body;
    // The public title says where and how many, never who: no child's name or age.
    expect(job.title).toBe('Plan a birthday party in Camden, London — 12 guests');
    expect(job.outcome).toContain('Camden, London');
    expect(job.outcome).toContain('on Saturday 5 December 2026 at 14:00');
    expect(job.scope).toContain('Camden, London');
    expect(job.deliverables).not.toBe('');
    expect(job.completion_checklist.length).toBeGreaterThan(0);
    expect(job.tags).toContain('birthday-party');
    expect(job.constraints).toMatch(PLANNING_CLAUSE);
    expect(job.template).toEqual({ id: 'birthday-party', details });
    expect((await stored(job.id))?.constraints).toMatch(PLANNING_CLAUSE);
  });

  it('keeps what the poster wrote and still adds the clause to their constraints', async () => {
    const res = await postJob({
      template: 'birthday-party',
      details: partyDetails(),
      title: 'Mia turns seven',
      constraints: 'No clowns, please.',
      tags: ['mia'],
    });
    expect(res.status).toBe(201);
    expect(res.body.title).toBe('Mia turns seven');
    expect(res.body.tags).toEqual(['mia']);
    expect(res.body.constraints.startsWith('No clowns, please.')).toBe(true);
    expect(res.body.constraints).toMatch(PLANNING_CLAUSE);
  });

  it.each([
    ['an empty title', ''],
    ['a title of spaces', '   '],
  ])('fills %s from the template, as a blank field', async (_case, title) => {
    const res = await postJob({ template: 'birthday-party', details: partyDetails(), title, outcome: '', tags: [] });
    expect(res.status).toBe(201);
    expect(res.body.title).toBe('Plan a birthday party in Camden, London — 12 guests');
    expect(res.body.outcome).toContain('Camden, London');
    expect(res.body.tags).toContain('birthday-party');
  });

  it('still refuses a blank title without a template', async () => {
    const res = await postJob({ title: '' });
    expect(res.status).toBe(400);
    expect(detailPaths(res)).toEqual(['title']);
  });

  it('keeps the clause when the poster edits the constraints', async () => {
    const job = (await postJob({ template: 'birthday-party', details: partyDetails() })).body;
    const res = await app.request<JobJson>('PATCH', `/api/v1/jobs/${job.id}`, {
      token: aliceToken,
      body: { expected_version: job.version, constraints: 'Quiet games only.' },
    });
    expect(res.status).toBe(200);
    expect(res.body.constraints.startsWith('Quiet games only.')).toBe(true);
    expect(res.body.constraints).toMatch(PLANNING_CLAUSE);
  });

  it.each([
    ['a house number and street', '12 Main Street, Camden'],
    ['a continental street address', 'Hauptstraße 5, Berlin'],
    ['a postcode with a street', 'Baker Street NW1 6XE'],
  ])('refuses %s as general_area with 422 validation_failed naming details.general_area', async (_case, area) => {
    const before = await countJobs();
    const res = await postJob({ template: 'birthday-party', details: partyDetails({ general_area: area }) });
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('validation_failed');
    expect(detailPaths(res)).toEqual(['details.general_area']);
    expect(res.body.details?.[0]?.message).toMatch(/general area/);
    expect(await countJobs()).toBe(before);
  });

  it('stores no key for a refused street address, so the corrected retry with that key is created', async () => {
    const headers = { 'idempotency-key': 'key-street-1' };
    const refused = await postJob({ template: 'birthday-party', details: partyDetails({ general_area: '12 Main Street' }) }, { headers });
    expect(refused.status).toBe(422);
    const corrected = await postJob({ template: 'birthday-party', details: partyDetails({ general_area: 'north Leeds' }) }, { headers });
    expect(corrected.status).toBe(201);
    expect(corrected.body.template?.details.general_area).toBe('north Leeds');
  });

  it.each([
    ['an unknown template', 'template', { template: 'wedding', details: partyDetails() }],
    ['a template without details', 'details', { template: 'birthday-party' }],
    ['details without a date', 'details.date', { template: 'birthday-party', details: partyDetails({ date: undefined }) }],
    ['a date that does not exist', 'details.date', { template: 'birthday-party', details: partyDetails({ date: '2026-02-30' }) }],
    ['no guests', 'details.guest_count', { template: 'birthday-party', details: partyDetails({ guest_count: 0 }) }],
    ['no general area', 'details.general_area', { template: 'birthday-party', details: partyDetails({ general_area: undefined }) }],
    ['a NUL character in a details text', 'details.theme', { template: 'birthday-party', details: partyDetails({ theme: 'space\u0000' }) }],
    ['a NUL character in the general area', 'details.general_area', { template: 'birthday-party', details: partyDetails({ general_area: 'north\u0000Leeds' }) }],
    ['an unknown details field', 'details.address', { template: 'birthday-party', details: partyDetails({ address: 'x' }) }],
  ])('refuses %s with 400 validation_failed naming %s', async (_case, path, body) => {
    const before = await countJobs();
    const res = await postJob(body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('validation_failed');
    expect(detailPaths(res)).toContain(path);
    expect(await countJobs()).toBe(before);
  });
});

describe('GET /api/v1/jobs', () => {
  it('lists open jobs by default, newest first, with total, limit 20 and offset 0', async () => {
    const created: JobJson[] = [];
    for (let i = 0; i < 22; i++) {
      app.clock.advance(1_000);
      created.push(await createJob({ title: `Paged job ${i}`, tags: ['paging-check'] }));
    }
    const newestFirst = created.map((job) => job.id).toReversed();

    const first = await listJobs('tag=paging-check');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 22, total_is_lower_bound: false, limit: 20, offset: 0 });
    expect(idsOf(first.body)).toEqual(newestFirst.slice(0, 20));
    expect(first.body.jobs.every((job) => job.status === 'open')).toBe(true);

    const rest = await listJobs('tag=paging-check&limit=5&offset=20');
    expect(rest.body).toMatchObject({ total: 22, limit: 5, offset: 20 });
    expect(idsOf(rest.body)).toEqual(newestFirst.slice(20));

    const hundred = await listJobs('tag=paging-check&limit=100');
    expect(hundred.body.jobs).toHaveLength(22);
  });

  it.each([
    ['limit=101', 'limit'],
    ['limit=0', 'limit'],
    ['limit=abc', 'limit'],
    ['limit=1.5', 'limit'],
    ['offset=-1', 'offset'],
    ['offset=x', 'offset'],
    ['status=removed', 'status'],
    ['status=everything', 'status'],
    ['tag=Not%20a%20slug', 'tag'],
    ['q=plan%00party', 'q'],
    ['q=x&q=y', 'q'],
    ['colour=red', 'colour'],
  ])('refuses %s with 400 validation_failed naming %s', async (query, path) => {
    const res = await listJobs(query);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('validation_failed');
    expect(detailPaths(res)).toContain(path);
  });

  it('searches title, outcome, scope, deliverables and tags as full text, with stemming', async () => {
    const planned = await createJob({ title: 'Plan a picnic by the river', outcome: 'Sandwiches for six', tags: ['search-check'] });
    const inDeliverables = await createJob({ title: 'A picnic', outcome: 'Sandwiches', deliverables: 'A written planning document', tags: ['search-check'] });
    const inScope = await createJob({ title: 'A walk', outcome: 'A route', scope: 'Planned stops for lunch', tags: ['search-check'] });
    const unrelated = await createJob({ title: 'Fix a bicycle', outcome: 'It rides again', tags: ['search-check'] });
    const byTagWord = await createJob({ title: 'Something else', outcome: 'Paper', tags: ['search-check', 'origami'] });

    const planning = await listJobs('q=planning&tag=search-check');
    expect(planning.status).toBe(200);
    expect(idsOf(planning.body).toSorted()).toEqual([planned.id, inDeliverables.id, inScope.id].toSorted());
    expect(planning.body.total).toBe(3);
    // A match in the title ranks above one in the body.
    expect(idsOf(planning.body)[0]).toBe(planned.id);

    expect(idsOf((await listJobs('q=bicycles&tag=search-check')).body)).toEqual([unrelated.id]);
    expect(idsOf((await listJobs('q=origami&tag=search-check')).body)).toEqual([byTagWord.id]);
    expect((await listJobs('q=submarine&tag=search-check')).body).toMatchObject({ jobs: [], total: 0 });
  });

  it('filters by one tag and by status closed, and never lists removed jobs', async () => {
    const open = await createJob({ tags: ['status-check'] });
    const closed = await createJob({ tags: ['status-check'] });
    const removed = await createJob({ tags: ['status-check'] });
    const untagged = await createJob({ tags: ['other-check'] });
    expect((await app.request('POST', `/api/v1/jobs/${closed.id}/close`, { token: aliceToken })).status).toBe(200);
    expect((await app.request('DELETE', `/api/v1/jobs/${removed.id}`, { token: aliceToken })).status).toBe(200);

    const openList = await listJobs('tag=status-check');
    expect(idsOf(openList.body)).toEqual([open.id]);
    expect(openList.body.total).toBe(1);
    expect(idsOf(openList.body)).not.toContain(untagged.id);

    const closedList = await listJobs('tag=status-check&status=closed');
    expect(idsOf(closedList.body)).toEqual([closed.id]);
    expect(closedList.body.jobs[0]!.status).toBe('closed');

    const everything = await listJobs('limit=100');
    expect(idsOf(everything.body)).not.toContain(removed.id);
    expect((await listJobs('q=garden&limit=100')).body.jobs.map((job) => job.id)).not.toContain(removed.id);
  });
});

describe('GET /api/v1/jobs/{id}', () => {
  it('reads a job without credentials', async () => {
    const job = await createJob({ title: 'Readable job' });
    const res = await app.request<JobJson>('GET', `/api/v1/jobs/${job.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(job);
  });

  it('answers 404 not_found for an unknown id and 410 removed for a removed job', async () => {
    const unknown = await app.request<ErrorBody>('GET', '/api/v1/jobs/job_doesnotexist000000000000000');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('not_found');

    const job = await createJob();
    await app.request('DELETE', `/api/v1/jobs/${job.id}`, { token: aliceToken });
    const gone = await app.request<ErrorBody>('GET', `/api/v1/jobs/${job.id}`);
    expect(gone.status).toBe(410);
    expect(gone.body.error).toBe('removed');
  });
});

describe('PATCH /api/v1/jobs/{id}', () => {

  it('changes the fields sent, adds 1 to the version and moves updated_at', async () => {
    const job = await createJob({ title: 'Before the edit', tags: ['edit-check'] });
    app.clock.advance(5 * 60_000);
    const res = await patch(job.id, { expected_version: 1, title: 'After the edit', budget: { amount: 80, currency: 'EUR' }, timezone: 'America/New_York' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ...job,
      version: 2,
      title: 'After the edit',
      budget: { amount: 80, currency: 'EUR' },
      timezone: 'America/New_York',
      updated_at: app.clock.now().toISOString(),
    });
    expect(await stored(job.id)).toMatchObject({ version: 2, title: 'After the edit' });
    expect((await app.request<JobJson>('GET', `/api/v1/jobs/${job.id}`)).body).toEqual(res.body);
  });

  it('refuses a deadline moved into the past or a delivery moved before the response deadline with 400, changing nothing', async () => {
    const in_ = (hours: number) => new Date(app.clock.now().getTime() + hours * 3_600_000).toISOString();
    const job = await createJob({ response_deadline: in_(2), delivery_deadline: in_(48) });
    const past = await patch(job.id, { expected_version: 1, response_deadline: in_(-1) });
    expect(past.status).toBe(400);
    expect(past.body).toMatchObject({ error: 'validation_failed', details: [{ path: 'response_deadline', message: expect.stringMatching(/^must not be in the past/) }] });
    const early = await patch(job.id, { expected_version: 1, delivery_deadline: in_(1) });
    expect(early.status).toBe(400);
    expect(early.body).toMatchObject({ error: 'validation_failed', details: [{ path: 'delivery_deadline', message: `must not be before the response deadline (${job.response_deadline})` }] });
    expect(await stored(job.id)).toMatchObject({ version: 1 });

    // Once the response deadline has passed, the job sent again as it was still saves.
    app.clock.advance(3 * 3_600_000);
    const again = await patch(job.id, { expected_version: 1, title: 'Still planning', response_deadline: job.response_deadline, delivery_deadline: job.delivery_deadline });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body).toMatchObject({ version: 2, title: 'Still planning', response_deadline: job.response_deadline });
  });

  it('clears a nullable field with null', async () => {
    const job = await createJob({ budget: { amount: 10, currency: 'GBP' }, timezone: 'Europe/Paris' });
    const res = await patch(job.id, { expected_version: 1, budget: null, timezone: null });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ version: 2, budget: null, timezone: null });
  });

  it('lets the signed-in owner edit from the website origin', async () => {
    const job = await createJob();
    const res = await app.request<JobJson>('PATCH', `/api/v1/jobs/${job.id}`, { session: alice.session, body: { expected_version: 1, title: 'Edited on the site' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ version: 2, title: 'Edited on the site' });
  });

  it('answers a stale version with 409 version_conflict carrying the current job, and changes nothing', async () => {
    const job = await createJob({ title: 'Version one' });
    expect((await patch(job.id, { expected_version: 1, title: 'Version two' })).status).toBe(200);
    const stale = await patch(job.id, { expected_version: 1, title: 'Lost edit' });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toBe('version_conflict');
    const current = await app.request<JobJson>('GET', `/api/v1/jobs/${job.id}`);
    expect(stale.body.current).toEqual(current.body);
    expect(stale.body.current).toMatchObject({ version: 2, title: 'Version two' });
    expect(await stored(job.id)).toMatchObject({ version: 2, title: 'Version two' });
  });

  it.each([
    ['no expected_version', 428, 'expected_version_required', { title: 'x' }],
    ['a null expected_version', 428, 'expected_version_required', { expected_version: null, title: 'x' }],
    ['an expected_version that is no number', 400, 'validation_failed', { expected_version: 'one', title: 'x' }],
    ['an expected_version of 0', 400, 'validation_failed', { expected_version: 0, title: 'x' }],
    ['no field to change', 400, 'validation_failed', { expected_version: 1 }],
    ['an unknown field', 400, 'validation_failed', { expected_version: 1, status: 'closed' }],
    ['an empty title', 400, 'validation_failed', { expected_version: 1, title: '' }],
    ['a template change', 400, 'validation_failed', { expected_version: 1, template: 'birthday-party' }],
    ['a bad currency', 400, 'validation_failed', { expected_version: 1, budget: { amount: 1, currency: 'pounds' } }],
    ['a body that is not an object', 400, 'validation_failed', ['title']],
  ])('refuses %s with %i %s and changes nothing', async (_case, status, code, body) => {
    const job = await createJob({ title: 'Unchanged job' });
    const res = await patch(job.id, body);
    expect(res.status).toBe(status);
    expect(res.body.error).toBe(code);
    expect(await stored(job.id)).toMatchObject({ version: 1, title: 'Unchanged job' });
  });

  it.each([
    ['another principal’s agent with jobs:write', 403, 'not_owner', () => bobToken],
    ['the owner’s agent without jobs:write', 403, 'insufficient_scope', () => aliceReadOnly],
    ['an anonymous caller', 401, 'unauthenticated', () => undefined],
  ])('refuses %s with %i %s and changes nothing', async (_case, status, code, token) => {
    const job = await createJob({ title: 'Owned by Alice' });
    const res = await app.request<ErrorBody>('PATCH', `/api/v1/jobs/${job.id}`, { token: token(), body: { expected_version: 1, title: 'Taken over' } });
    expect(res.status).toBe(status);
    expect(res.body.error).toBe(code);
    expect(await stored(job.id)).toMatchObject({ version: 1, title: 'Owned by Alice' });
  });

  it('refuses another signed-in principal with 403 not_owner', async () => {
    const job = await createJob({ title: 'Owned by Alice' });
    const res = await app.request<ErrorBody>('PATCH', `/api/v1/jobs/${job.id}`, { session: bob.session, body: { expected_version: 1, title: 'Taken over' } });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('not_owner');
    expect(await stored(job.id)).toMatchObject({ version: 1 });
  });

  it('answers 410 removed for a removed job and 404 for an unknown one', async () => {
    const job = await createJob();
    const removed = await app.request<JobJson>('DELETE', `/api/v1/jobs/${job.id}`, { token: aliceToken });
    const res = await patch(job.id, { expected_version: removed.body.version, title: 'Too late' });
    expect(res.status).toBe(410);
    expect(res.body.error).toBe('removed');
    expect(await stored(job.id)).toMatchObject({ status: 'removed', version: 2 });
    expect((await patch('job_unknown00000000000000000000', { expected_version: 1, title: 'x' })).status).toBe(404);
  });

  it('lets exactly one of two concurrent edits with the same expected_version through', async () => {
    const job = await createJob({ title: 'Race start' });
    const [a, b] = await Promise.all([
      patch(job.id, { expected_version: 1, title: 'Racer A' }),
      patch(job.id, { expected_version: 1, title: 'Racer B' }),
    ]);
    expect([a!.status, b!.status].toSorted()).toEqual([200, 409]);
    const winner = a!.status === 200 ? a! : b!;
    const loser = a!.status === 200 ? b! : a!;
    expect(loser.body.error).toBe('version_conflict');
    expect(loser.body.current).toMatchObject({ version: 2, title: winner.body.title });
    expect(await stored(job.id)).toMatchObject({ version: 2, title: winner.body.title });
  });
});

describe('close, reopen and DELETE', () => {

  it('closes, reopens and removes, each adding 1 to the version and returning the Job', async () => {
    const job = await createJob({ title: 'Lifecycle job' });
    app.clock.advance(1_000);
    const closed = await close(job.id);
    expect(closed.status).toBe(200);
    expect(closed.body).toEqual({ ...job, status: 'closed', version: 2, updated_at: app.clock.now().toISOString() });
    expect(await stored(job.id)).toMatchObject({ status: 'closed', version: 2 });
    // A closed job is still public.
    expect((await app.request<JobJson>('GET', `/api/v1/jobs/${job.id}`)).body.status).toBe('closed');

    const reopened = await reopen(job.id);
    expect(reopened.status).toBe(200);
    expect(reopened.body).toMatchObject({ id: job.id, status: 'open', version: 3 });
    expect(await stored(job.id)).toMatchObject({ status: 'open', version: 3 });

    const removed = await remove(job.id);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ id: job.id, status: 'removed', version: 4, title: 'Lifecycle job' });
    expect(await stored(job.id)).toMatchObject({ status: 'removed', version: 4 });
  });

  it('removes a closed job too', async () => {
    const job = await createJob();
    await close(job.id);
    const removed = await remove(job.id);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ status: 'removed', version: 3 });
  });

  it.each([
    ['reopening an open job', [] as string[], 'reopen', 'open', 1],
    ['closing a closed job', ['close'], 'close', 'closed', 2],
    ['closing a removed job', ['remove'], 'close', 'removed', 2],
    ['reopening a removed job', ['remove'], 'reopen', 'removed', 2],
    ['removing a removed job', ['remove'], 'remove', 'removed', 2],
  ])('refuses %s with 409 invalid_state and changes nothing', async (_case, setup, action, status, version) => {
    const job = await createJob();
    const run = { close, reopen, remove } as Record<string, (id: string, token?: string) => Promise<TestResponse<JobJson & ErrorBody>>>;
    for (const step of setup) expect((await run[step]!(job.id)).status).toBe(200);
    const res = await run[action]!(job.id);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('invalid_state');
    expect(await stored(job.id)).toMatchObject({ status, version });
  });

  it.each([
    ['close', close],
    ['reopen', reopen],
    ['DELETE', remove],
  ])('refuses %s by another principal’s agent holding jobs:write (403 not_owner)', async (_name, action) => {
    const job = await createJob();
    if (action === reopen) await close(job.id);
    const before = await stored(job.id);
    const res = await action(job.id, bobToken);
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('not_owner');
    expect(await stored(job.id)).toEqual(before);
  });

  it.each([
    ['close', 'POST', 'close'],
    ['reopen', 'POST', 'reopen'],
    ['DELETE', 'DELETE', ''],
  ])('refuses %s without jobs:write (403 insufficient_scope) and without a token (401)', async (_name, method, suffix) => {
    const job = await createJob();
    const path = suffix ? `/api/v1/jobs/${job.id}/${suffix}` : `/api/v1/jobs/${job.id}`;
    const scoped = await app.request<ErrorBody>(method, path, { token: aliceReadOnly });
    expect(scoped.status).toBe(403);
    expect(scoped.body.error).toBe('insufficient_scope');
    const anonymous = await app.request<ErrorBody>(method, path);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error).toBe('unauthenticated');
    expect(await stored(job.id)).toMatchObject({ status: 'open', version: 1 });
  });

  it('answers 404 for an unknown job', async () => {
    const res = await close('job_unknown00000000000000000000');
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('not_found');
  });

  it('answers another principal 410 for a removed job, without saying more', async () => {
    const job = await createJob();
    await remove(job.id);
    const res = await reopen(job.id, bobToken);
    expect(res.status).toBe(410);
    expect(res.body.error).toBe('removed');
  });
});

describe('GET /api/v1/jobs/{id}/rts', () => {
  it('gives the job as an RTS 0.2 task that says it is not an agreement', async () => {
    const job = await createJob({
      title: 'RTS job',
      outcome: 'A tidy garden',
      completion_checklist: ['Hedges cut'],
      response_deadline: '2026-12-01T18:00:00.000Z',
      budget: { amount: 40, currency: 'GBP' },
    });
    const res = await app.request('GET', `/api/v1/jobs/${job.id}/rts`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      rts_version: '0.2',
      id: job.id,
      title: 'RTS job',
      objective: 'A tidy garden',
      acceptance_criteria: ['Hedges cut'],
      budget: { amount: 40, currency: 'GBP' },
      deadlines: { respond_by: '2026-12-01T18:00:00.000Z', deliver_by: null },
      requester: { id: alice.id, name: 'Alice Poster' },
      source: { url: job.url, rts_url: job.rts_url },
      agreement: false,
    });
    expect(res.body.notice).toMatch(/not an RTS agreement/);
    expect(JSON.stringify(res.body)).not.toContain(alice.email);
  });

  it('answers 410 removed for a removed job and 404 for an unknown one', async () => {
    const job = await createJob();
    await app.request('DELETE', `/api/v1/jobs/${job.id}`, { token: aliceToken });
    const gone = await app.request<ErrorBody>('GET', `/api/v1/jobs/${job.id}/rts`);
    expect(gone.status).toBe(410);
    expect(gone.body.error).toBe('removed');
    const unknown = await app.request<ErrorBody>('GET', '/api/v1/jobs/job_unknown00000000000000000000/rts');
    expect(unknown.status).toBe(404);
  });
});

describe('identifiers that cannot exist', () => {
  it.each([
    ['GET', '/api/v1/jobs/job_a%00b'],
    ['GET', '/api/v1/jobs/job_a%00b/rts'],
    ['PATCH', '/api/v1/jobs/job_a%00b'],
    ['POST', '/api/v1/jobs/job_a%00b/close'],
    ['POST', '/api/v1/jobs/job_a%00b/reopen'],
    ['DELETE', '/api/v1/jobs/job_a%00b'],
  ])('answers %s %s (a NUL character in the id) with 400 validation_failed naming the path, not a server error', async (method, path) => {
    const res = await app.request<ErrorBody>(method, path, {
      token: method === 'GET' ? undefined : aliceToken,
      ...(method === 'PATCH' ? { body: { expected_version: 1, title: 'x' } } : {}),
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'validation_failed', details: [{ path: 'path', message: expect.stringContaining('NUL') }] });
  });
});

describe('methods and unknown routes', () => {
  it('answers a wrong method on a known path with 405 and an Allow header', async () => {
    const res = await app.request<ErrorBody>('PUT', '/api/v1/jobs', { token: aliceToken, body: minimalJob() });
    expect(res.status).toBe(405);
    expect(res.body.error).toBe('method_not_allowed');
    expect(res.headers.get('allow')).toMatch(/GET/);
    expect(res.headers.get('allow')).toMatch(/POST/);
  });
});
