import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordStatements } from '@svc/db/testing';
import { type Principal, type TestApp, type TestResponse } from '@svc/runtime/testing';
import { startApiTestApp } from './app.ts';

/**
 * How many statements (round trips to PostgreSQL) the hot paths send, counted at the driver, so that
 * a change adding one is noticed (docs/performance.md, "Fourth round: round trips"). Each figure is
 * a ceiling: fewer is welcome, more fails. The answers are checked too, names included, because the
 * poster's and responder's names now come in the same statement as the record.
 */

let app: TestApp;
let alice: Principal;
let bob: Principal;
let aliceToken: string;
let bobToken: string;
let key = 0;

beforeAll(async () => {
  app = await startApiTestApp();
  alice = await app.signUp('Alice Counted');
  bob = await app.signUp('Bob Counted');
  aliceToken = (await app.agentToken(alice, ['jobs:write', 'services:write', 'account:read'])).token;
  bobToken = (await app.agentToken(bob, ['responses:write', 'account:read'])).token;
  // Both tokens used once: a token's first use in a minute also records when it was used.
  await app.request('GET', '/api/v1/me', { token: aliceToken });
  await app.request('GET', '/api/v1/me', { token: bobToken });
});
afterAll(() => app?.close());

const postJob = (title: string) =>
  app.request('POST', '/api/v1/jobs', { token: aliceToken, body: { title, tags: ['counted'] }, headers: { 'idempotency-key': `round-trip-${++key}` } });

/**
 * The request's answer and the statements it sent. Not the request's: the usage counter's periodic
 * flush, and a group commit's `prepare` of a text in common use (once per pooled connection).
 */
const counted = async (request: () => Promise<TestResponse>) => {
  let response!: TestResponse;
  const statements = await recordStatements(async () => {
    response = await request();
  });
  return { response, statements: statements.filter((sql) => !sql.includes('usage_counts')) };
};

describe('statements per request on PostgreSQL', () => {
  it('reads a job and its poster in one statement', async () => {
    const job = (await postJob('Count my round trips')).body;
    const { response, statements } = await counted(() => app.request('GET', `/api/v1/jobs/${job.id}`));
    expect(response.status).toBe(200);
    expect(response.body.posted_by).toMatchObject({ principal_id: alice.id, display_name: 'Alice Counted' });
    expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(1);
  });

  it.each([
    ['the front page', '/api/v1/jobs'],
    ['a tag', '/api/v1/jobs?tag=counted'],
    ['a search', '/api/v1/jobs?q=round%20trips'],
  ])('lists %s, its total and the posters in one statement', async (_name, path) => {
    await postJob('Round trips to list');
    const { response, statements } = await counted(() => app.request('GET', path));
    expect(response.status).toBe(200);
    expect(response.body.jobs.length).toBeGreaterThan(0);
    expect(response.body.total).toBeGreaterThan(0);
    for (const job of response.body.jobs) expect(job.posted_by.display_name).toBe('Alice Counted');
    expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(1);
  });

  it('reads an offer and its provider in one statement, and lists offers with their total in two', async () => {
    const offer = await app.request('POST', '/api/v1/services', {
      token: aliceToken,
      body: { title: 'Counted party planning', role: 'planner', industry: 'events' },
      headers: { 'idempotency-key': `round-trip-${++key}` },
    });
    expect(offer.status).toBe(201);
    expect(offer.body.provider.display_name).toBe('Alice Counted');
    const read = await counted(() => app.request('GET', `/api/v1/services/${offer.body.id}`));
    expect(read.response.body.provider).toMatchObject({ principal_id: alice.id, display_name: 'Alice Counted' });
    expect(read.statements.length, read.statements.join('\n')).toBeLessThanOrEqual(1);
    const list = await counted(() => app.request('GET', '/api/v1/services'));
    expect(list.response.body.services.map((s: { provider: { display_name: string } }) => s.provider.display_name)).toContain('Alice Counted');
    expect(list.statements.length, list.statements.join('\n')).toBeLessThanOrEqual(2);
  });

  it('answers /me in one statement: the token lookup reads every count with it', async () => {
    const { response, statements } = await counted(() => app.request('GET', '/api/v1/me', { token: aliceToken }));
    expect(response.status).toBe(200);
    expect(response.body.counts).toEqual({
      open_jobs: expect.any(Number),
      closed_jobs: 0,
      active_responses: 0,
      active_services: expect.any(Number),
      paused_services: 0,
    });
    expect(response.body.counts.open_jobs).toBeGreaterThan(0);
    expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(1);
    // A new job shows in the very next answer, with the token or with the website's session.
    await postJob('Counted once more');
    const after = await app.request('GET', '/api/v1/me', { token: aliceToken });
    expect(after.body.counts.open_jobs).toBe(response.body.counts.open_jobs + 1);
    const bySession = await app.request('GET', '/api/v1/me', { session: alice.session });
    expect(bySession.status).toBe(200);
    expect(bySession.body.counts).toEqual(after.body.counts);
  });

  it('posts a job with its idempotency record and write limit, and no read of the poster', async () => {
    const { response, statements } = await counted(() => postJob('Posted in few round trips'));
    expect(response.status).toBe(201);
    expect(response.body.posted_by.display_name).toBe('Alice Counted');
    // The token with the write counted; then begin, the job, the idempotency key with its answer and the commit, in one.
    expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(2);
    expect(statements[0]).toMatch(/rate_limit_hit\(.*from grants/s);
    // Each insert its own bound query, pipelined with the others in one message (group-commit.ts).
    const member = String.raw`insert into .*?`;
    expect(statements[1]).toMatch(new RegExp(`^begin; set local svc\\.announce = 'after_commit'; set local lock_timeout = '50ms'; ${member}; ${member}; commit; select pg_notify\\(`, 's'));
    const [stored] = await app.db.query<{ title: string }>('select title from jobs where id = $1', [response.body.id]);
    expect(stored?.title).toBe('Posted in few round trips');
    const [kept] = await app.db.query<{ status: number }>('select status from idempotency_keys where scope = $1 and key = $2', [alice.id, `round-trip-${key}`]);
    expect(kept?.status).toBe(201);
  });

  it('edits a job in one conditional statement after the token lookup, which counts the write', async () => {
    const job = (await postJob('Edit me cheaply')).body;
    const { response, statements } = await counted(() =>
      app.request('PATCH', `/api/v1/jobs/${job.id}`, { token: aliceToken, body: { expected_version: job.version, title: 'Edited cheaply' } }),
    );
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ title: 'Edited cheaply', version: job.version + 1, posted_by: { display_name: 'Alice Counted' } });
    // The token with the write counted, then the conditional UPDATE.
    expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(2);
  });

  it('still tells a stale edit, a stranger and a removed job apart', async () => {
    const job = (await postJob('Guarded edit')).body;
    const patch = (token: string, version: number) =>
      app.request('PATCH', `/api/v1/jobs/${job.id}`, { token, body: { expected_version: version, title: 'Not mine' } });
    const strangerToken = (await app.agentToken(bob, ['jobs:write'])).token;
    expect((await patch(strangerToken, job.version)).body.error).toBe('not_owner');
    const stale = await patch(aliceToken, job.version + 5);
    expect(stale.status).toBe(409);
    expect(stale.body.current).toMatchObject({ version: job.version, posted_by: { display_name: 'Alice Counted' } });
    expect((await app.request('DELETE', `/api/v1/jobs/${job.id}`, { token: aliceToken })).status).toBe(200);
    expect((await patch(aliceToken, job.version + 1)).status).toBe(410);
    expect((await app.db.query<{ title: string }>('select title from jobs where id = $1', [job.id]))[0]?.title).toBe('Guarded edit');
  });

  it('lists responses with their responders in one statement, and shows a new display name at once', async () => {
    const job = (await postJob('Respond to me')).body;
    const answer = await app.request('POST', `/api/v1/jobs/${job.id}/responses`, {
      token: bobToken,
      body: { kind: 'offer', message: 'I can help.' },
      headers: { 'idempotency-key': `round-trip-${++key}` },
    });
    expect(answer.status).toBe(201);
    const { response, statements } = await counted(() => app.request('GET', `/api/v1/jobs/${job.id}/responses`, { token: bobToken }));
    expect(response.body.responses.map((r: { responder: unknown }) => r.responder)).toEqual([{ principal_id: bob.id, display_name: 'Bob Counted' }]);
    // Token lookup, the job, its responses.
    expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(3);

    const session = await app.services.access.accounts.resolveSession(alice.session);
    await app.services.access.principals.rename(session!.actor, { display_name: 'Alice Renamed' });
    expect((await app.request('GET', `/api/v1/jobs/${job.id}`)).body.posted_by.display_name).toBe('Alice Renamed');
  });
});
