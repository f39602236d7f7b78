import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Principal, type TestApp, type ApiErrorBody } from '@svc/runtime/testing';
import { startApiTestApp } from './app.ts';
import type { JobJson, JobResponseJson } from '@svc/jobs';

/** Responses to jobs over HTTP, on PostgreSQL: who may respond, who may read them, and withdrawing. */

let app: TestApp;
/** Posts the jobs. */
let alice: Principal;
/** Responds. */
let bob: Principal;
/** Responds too. */
let carol: Principal;
/** Has nothing to do with any job. */
let dave: Principal;
const tokens: Record<'alice' | 'bob' | 'carol' | 'dave' | 'bobWriteOnly' | 'bobReadOnly', string> = {
  alice: '',
  bob: '',
  carol: '',
  dave: '',
  bobWriteOnly: '',
  bobReadOnly: '',
};

beforeAll(async () => {
  app = await startApiTestApp();
  alice = await app.signUp('Alice Poster');
  bob = await app.signUp('Bob Responder');
  carol = await app.signUp('Carol Responder');
  dave = await app.signUp('Dave Bystander');
  tokens.alice = (await app.agentToken(alice, ['jobs:write', 'responses:write', 'account:read'])).token;
  tokens.bob = (await app.agentToken(bob, ['responses:write', 'account:read'])).token;
  tokens.carol = (await app.agentToken(carol, ['responses:write', 'account:read'])).token;
  tokens.dave = (await app.agentToken(dave, ['responses:write', 'account:read'])).token;
  tokens.bobWriteOnly = (await app.agentToken(bob, ['responses:write'])).token;
  tokens.bobReadOnly = (await app.agentToken(bob, ['account:read'])).token;
});
afterAll(() => app?.close());

type ErrorBody = ApiErrorBody<JobJson>;

type ResponseAnswer = JobResponseJson & ErrorBody & { replayed?: boolean };

const createJob = async (title = 'Plan a garden party'): Promise<JobJson> => {
  const res = await app.request<JobJson>('POST', '/api/v1/jobs', { token: tokens.alice, body: { title, outcome: 'A plan' } });
  expect(res.status).toBe(201);
  return res.body;
};

/** `token` null: an anonymous request (undefined would mean Bob). */
const respond = (jobId: string, body: unknown, token: string | null = tokens.bob, headers: Record<string, string> = {}) =>
  app.request<ResponseAnswer>('POST', `/api/v1/jobs/${jobId}/responses`, { token: token ?? undefined, body, headers });

const offer = (message = 'I can plan this for you.') => ({ kind: 'offer', message });

const listResponses = (jobId: string, token: string | undefined) =>
  app.request<{ responses: JobResponseJson[]; total: number; limit: number; offset: number } & ErrorBody>('GET', `/api/v1/jobs/${jobId}/responses`, { token });

/** `token` null: an anonymous request (undefined would mean Bob). */
const withdraw = (responseId: string, token: string | null = tokens.bob) =>
  app.request<ResponseAnswer>('POST', `/api/v1/responses/${responseId}/withdraw`, { token: token ?? undefined });

const countResponses = async (jobId: string): Promise<number> =>
  Number((await app.db.query<{ n: string }>('select count(*) as n from job_responses where job_id = $1', [jobId]))[0]!.n);

const storedResponse = async (id: string) =>
  (await app.db.query<{ status: string; message: string; job_version_seen: number }>(
    'select status, message, job_version_seen from job_responses where id = $1',
    [id],
  ))[0];

const closeJob = (id: string) => app.request('POST', `/api/v1/jobs/${id}/close`, { token: tokens.alice });
const removeJob = (id: string) => app.request('DELETE', `/api/v1/jobs/${id}`, { token: tokens.alice });

describe('POST /api/v1/jobs/{id}/responses', () => {
  it('answers 201 with the stored response record', async () => {
    const job = await createJob();
    const res = await respond(job.id, { kind: 'offer', message: '  I have planned twenty parties.  ', expected_version: 1 });
    expect(res.status).toBe(201);
    const now = app.clock.now().toISOString();
    expect(res.body).toEqual({
      id: expect.stringMatching(/^rsp_[0-9a-z]+$/),
      job_id: job.id,
      kind: 'offer',
      message: 'I have planned twenty parties.',
      status: 'active',
      responder: { principal_id: bob.id, display_name: 'Bob Responder' },
      job_version_seen: 1,
      created_at: now,
      updated_at: now,
    });
    expect(JSON.stringify(res.body)).not.toContain(bob.email);
    expect(await storedResponse(res.body.id)).toEqual({ status: 'active', message: 'I have planned twenty parties.', job_version_seen: 1 });
  });

  it('takes a question, and records the version the responder saw without expected_version', async () => {
    const job = await createJob();
    await app.request('PATCH', `/api/v1/jobs/${job.id}`, { token: tokens.alice, body: { expected_version: 1, title: 'Plan a bigger garden party' } });
    const res = await respond(job.id, { kind: 'question', message: 'Is the date fixed?' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ kind: 'question', job_version_seen: 2 });
  });

  it('lets the signed-in principal respond from the website origin', async () => {
    const job = await createJob();
    const res = await app.request<ResponseAnswer>('POST', `/api/v1/jobs/${job.id}/responses`, { session: carol.session, body: offer() });
    expect(res.status).toBe(201);
    expect(res.body.responder.principal_id).toBe(carol.id);
  });

  it('answers a changed job with 409 job_changed carrying the current job, and stores nothing', async () => {
    const job = await createJob();
    const edited = await app.request<JobJson>('PATCH', `/api/v1/jobs/${job.id}`, { token: tokens.alice, body: { expected_version: 1, budget: { amount: 50, currency: 'GBP' } } });
    expect(edited.status).toBe(200);
    const res = await respond(job.id, { ...offer(), expected_version: 1 });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('job_changed');
    expect(res.body.current).toEqual(edited.body);
    expect(res.body.current).toMatchObject({ version: 2, budget: { amount: 50, currency: 'GBP' } });
    expect(await countResponses(job.id)).toBe(0);
    // Read again, respond again: accepted.
    expect((await respond(job.id, { ...offer(), expected_version: 2 })).status).toBe(201);
  });

  it.each([
    ['a response to one’s own job', 409, 'own_job', async (job: JobJson) => respond(job.id, offer(), tokens.alice)],
    ['a response to a closed job', 409, 'job_closed', async (job: JobJson) => {
      await closeJob(job.id);
      return respond(job.id, offer());
    }],
    ['a response to a removed job', 409, 'job_closed', async (job: JobJson) => {
      await removeJob(job.id);
      return respond(job.id, offer());
    }],
    ['the owner responding to their own closed job (job_closed is checked first)', 409, 'job_closed', async (job: JobJson) => {
      await closeJob(job.id);
      return respond(job.id, offer(), tokens.alice);
    }],
    ['a kind other than offer or question', 400, 'validation_failed', async (job: JobJson) => respond(job.id, { kind: 'bid', message: 'Hi' })],
    ['no kind', 400, 'validation_failed', async (job: JobJson) => respond(job.id, { message: 'Hi' })],
    ['an empty message', 400, 'validation_failed', async (job: JobJson) => respond(job.id, { kind: 'offer', message: '' })],
    ['a blank message', 400, 'validation_failed', async (job: JobJson) => respond(job.id, { kind: 'offer', message: '   ' })],
    ['a NUL character in the message', 400, 'validation_failed', async (job: JobJson) => respond(job.id, { kind: 'offer', message: 'Hi\u0000there' })],
    ['a message over 4,000 characters', 400, 'validation_failed', async (job: JobJson) => respond(job.id, { kind: 'offer', message: 'x'.repeat(4001) })],
    ['an unknown field', 400, 'validation_failed', async (job: JobJson) => respond(job.id, { ...offer(), price: 10 })],
    ['an expected_version that is no integer', 400, 'validation_failed', async (job: JobJson) => respond(job.id, { ...offer(), expected_version: 'one' })],
    ['malformed JSON', 400, 'invalid_json', async (job: JobJson) =>
      app.request<ResponseAnswer>('POST', `/api/v1/jobs/${job.id}/responses`, { token: tokens.bob, rawBody: '{"kind":', headers: { 'content-type': 'application/json' } })],
    ['a body that is not JSON', 415, 'unsupported_media_type', async (job: JobJson) =>
      app.request<ResponseAnswer>('POST', `/api/v1/jobs/${job.id}/responses`, { token: tokens.bob, rawBody: 'kind=offer', headers: { 'content-type': 'text/plain' } })],
    ['an Idempotency-Key over 100 characters', 400, 'invalid_idempotency_key', async (job: JobJson) => respond(job.id, offer(), tokens.bob, { 'idempotency-key': 'k'.repeat(101) })],
    ['a caller without a token', 401, 'unauthenticated', async (job: JobJson) => respond(job.id, offer(), null)],
    ['a token without responses:write', 403, 'insufficient_scope', async (job: JobJson) => respond(job.id, offer(), tokens.bobReadOnly)],
  ])('refuses %s with %i %s and stores nothing', async (_case, status, code, attempt) => {
    const job = await createJob();
    const res = await attempt(job);
    expect(res.status).toBe(status);
    expect(res.body.error).toBe(code);
    expect(await countResponses(job.id)).toBe(0);
  });

  it('answers 404 not_found for an unknown job', async () => {
    const res = await respond('job_unknown00000000000000000000', offer());
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('not_found');
  });

  it.each([
    ['responding to', 'POST', '/api/v1/jobs/job_a%00b/responses', () => tokens.bob],
    ['listing the responses of', 'GET', '/api/v1/jobs/job_a%00b/responses', () => tokens.alice],
  ])('answers %s a job id with a NUL character with 400 naming the path, not a server error', async (_case, method, path, token) => {
    const res = await app.request<ErrorBody>(method, path, { token: token(), ...(method === 'POST' ? { body: offer() } : {}) });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'validation_failed', details: [{ path: 'path' }] });
  });

  it('names the field that is wrong', async () => {
    const job = await createJob();
    const res = await respond(job.id, { kind: 'bid', message: '' });
    expect(res.status).toBe(400);
    expect((res.body.details ?? []).map((detail) => detail.path).toSorted()).toEqual(['kind', 'message']);
  });

  it.each([null, ''])('answers an empty expected_version (%j) with 428, as a status change does, and stores nothing', async (version) => {
    const job = await createJob();
    const res = await respond(job.id, { ...offer(), expected_version: version });
    expect(res.status).toBe(428);
    expect(res.body.error).toBe('expected_version_required');
    expect(await countResponses(job.id)).toBe(0);
  });
});

describe('POST /api/v1/jobs/{id}/responses with an Idempotency-Key', () => {
  it('replays the same key and body with 200 and replayed: true; one response exists', async () => {
    const job = await createJob();
    const headers = { 'idempotency-key': 'rsp-key-1' };
    const first = await respond(job.id, offer('Once only'), tokens.bob, headers);
    expect(first.status).toBe(201);
    const again = await respond(job.id, offer('Once only'), tokens.bob, headers);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ ...first.body, replayed: true });
    expect(await countResponses(job.id)).toBe(1);
  });

  it('refuses the same key with another body (409 idempotency_conflict)', async () => {
    const job = await createJob();
    const headers = { 'idempotency-key': 'rsp-key-2' };
    expect((await respond(job.id, offer('First words'), tokens.bob, headers)).status).toBe(201);
    const other = await respond(job.id, offer('Other words'), tokens.bob, headers);
    expect(other.status).toBe(409);
    expect(other.body.error).toBe('idempotency_conflict');
    expect(await countResponses(job.id)).toBe(1);
  });

  it('scopes the key to the job and the caller', async () => {
    const [one, two] = [await createJob(), await createJob()];
    const headers = { 'idempotency-key': 'rsp-key-3' };
    const onOne = await respond(one.id, offer('Same words'), tokens.bob, headers);
    const onTwo = await respond(two.id, offer('Same words'), tokens.bob, headers);
    const byCarol = await respond(one.id, offer('Same words'), tokens.carol, headers);
    expect([onOne.status, onTwo.status, byCarol.status]).toEqual([201, 201, 201]);
    expect(new Set([onOne.body.id, onTwo.body.id, byCarol.body.id]).size).toBe(3);
    expect(await countResponses(one.id)).toBe(2);
    expect(await countResponses(two.id)).toBe(1);
  });

  it('stores no key for a refused response, so the retry with that key is accepted once the job allows it', async () => {
    const job = await createJob();
    const headers = { 'idempotency-key': 'rsp-key-4' };
    const refused = await respond(job.id, { ...offer(), expected_version: 9 }, tokens.bob, headers);
    expect(refused.status).toBe(409);
    const retried = await respond(job.id, { ...offer(), expected_version: 1 }, tokens.bob, headers);
    expect(retried.status).toBe(201);
  });
});

describe('GET /api/v1/jobs/{id}/responses', () => {
  let job: JobJson;
  let fromBob: JobResponseJson;
  let fromCarol: JobResponseJson;

  beforeAll(async () => {
    job = await createJob('A job with responses');
    fromBob = (await respond(job.id, offer('Bob’s private offer'))).body;
    app.clock.advance(1_000);
    fromCarol = (await respond(job.id, { kind: 'question', message: 'Carol’s private question' }, tokens.carol)).body;
  });

  it('shows the job owner every response, oldest first', async () => {
    const res = await listResponses(job.id, tokens.alice);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ responses: [fromBob, fromCarol], total: 2, limit: 20, offset: 0 });
  });

  it('shows a responder only their own response', async () => {
    const bobs = await listResponses(job.id, tokens.bob);
    expect(bobs.status).toBe(200);
    expect(bobs.body).toEqual({ responses: [fromBob], total: 1, limit: 20, offset: 0 });
    expect(JSON.stringify(bobs.body)).not.toContain('Carol’s private question');

    const carols = await listResponses(job.id, tokens.carol);
    expect(carols.body).toEqual({ responses: [fromCarol], total: 1, limit: 20, offset: 0 });
  });

  it('shows anyone else an empty list, never others’ responses', async () => {
    const res = await listResponses(job.id, tokens.dave);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ responses: [], total: 0, limit: 20, offset: 0 });
    const signedIn = await app.request('GET', `/api/v1/jobs/${job.id}/responses`, { session: dave.session });
    expect(signedIn.body).toEqual({ responses: [], total: 0, limit: 20, offset: 0 });
  });

  it.each([
    ['no token', 401, 'unauthenticated', () => undefined],
    ['a token without account:read', 403, 'insufficient_scope', () => tokens.bobWriteOnly],
    ['an unknown token', 401, 'invalid_token', () => 'tds_unknown'],
  ])('refuses %s with %i %s', async (_case, status, code, token) => {
    const res = await listResponses(job.id, token());
    expect(res.status).toBe(status);
    expect(res.body.error).toBe(code);
    expect(JSON.stringify(res.body)).not.toContain('private');
  });

  it('answers 404 not_found for an unknown job', async () => {
    const res = await listResponses('job_unknown00000000000000000000', tokens.alice);
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('not_found');
  });

  it('keeps responses readable by their participants after the job is closed and removed', async () => {
    const other = await createJob('A job that will go');
    const response = (await respond(other.id, offer('Still mine'))).body;
    expect((await closeJob(other.id)).status).toBe(200);
    expect((await listResponses(other.id, tokens.bob)).body).toEqual({ responses: [response], total: 1, limit: 20, offset: 0 });
    expect((await removeJob(other.id)).status).toBe(200);
    expect((await app.request('GET', `/api/v1/jobs/${other.id}`)).status).toBe(410);

    expect(await listResponses(other.id, tokens.alice)).toMatchObject({ status: 200, body: { responses: [response] } });
    expect(await listResponses(other.id, tokens.bob)).toMatchObject({ status: 200, body: { responses: [response] } });
    expect(await listResponses(other.id, tokens.dave)).toMatchObject({ status: 200, body: { responses: [] } });
  });
});

describe('POST /api/v1/responses/{id}/withdraw', () => {
  it('lets the author withdraw: 200 with status withdrawn, once', async () => {
    const job = await createJob();
    const response = (await respond(job.id, offer())).body;
    const activeBefore = (await app.request('GET', '/api/v1/me', { token: tokens.bob })).body.counts.active_responses as number;
    app.clock.advance(60_000);

    const res = await withdraw(response.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...response, status: 'withdrawn', updated_at: app.clock.now().toISOString() });
    expect(await storedResponse(response.id)).toMatchObject({ status: 'withdrawn' });
    // The owner still sees it, now withdrawn.
    expect((await listResponses(job.id, tokens.alice)).body.responses).toEqual([res.body]);
    expect((await app.request('GET', '/api/v1/me', { token: tokens.bob })).body.counts.active_responses).toBe(activeBefore - 1);

    const twice = await withdraw(response.id);
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe('invalid_state');
  });

  it.each([
    ['another principal', 404, 'not_found', () => tokens.carol],
    ['the job owner', 403, 'not_owner', () => tokens.alice],
    ['the author’s token without responses:write', 403, 'insufficient_scope', () => tokens.bobReadOnly],
    ['no token', 401, 'unauthenticated', () => null],
  ])('refuses %s with %i %s and leaves the response active', async (_case, status, code, token) => {
    const job = await createJob();
    const response = (await respond(job.id, offer())).body;
    const res = await withdraw(response.id, token());
    expect(res.status).toBe(status);
    expect(res.body.error).toBe(code);
    expect(await storedResponse(response.id)).toMatchObject({ status: 'active' });
  });

  it('answers the same 404 for an unknown response as for someone else’s', async () => {
    const job = await createJob();
    const response = (await respond(job.id, offer())).body;
    const unknown = await withdraw('rsp_unknown00000000000000000000', tokens.carol);
    const hidden = await withdraw(response.id, tokens.carol);
    expect(unknown.status).toBe(404);
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual(unknown.body);
  });

  it('answers a response id with a NUL character with 400 naming the path, not a server error', async () => {
    const res = await withdraw('rsp_a%00b');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'validation_failed', details: [{ path: 'path' }] });
  });

  it('lets the author withdraw after the job was removed', async () => {
    const job = await createJob();
    const response = (await respond(job.id, offer())).body;
    await removeJob(job.id);
    const res = await withdraw(response.id);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('withdrawn');
  });
});
