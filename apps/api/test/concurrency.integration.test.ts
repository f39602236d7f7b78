import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '@svc/db/testing';
import { type Principal, type TestApp } from '@svc/runtime/testing';
import { startApiTestApp } from './app.ts';

describe.each(ENGINES)('concurrent requests on %s', (engine) => {
  let app: TestApp;
  let poster: Principal;
  let token: string;
  beforeAll(async () => {
    app = await startApiTestApp({ engine });
    poster = await app.signUp('Poster');
    ({ token } = await app.agentToken(poster, ['jobs:write']));
  });
  afterAll(() => app?.close());

  const jobCount = async (title: string) =>
    Number((await app.db.query<{ n: string }>('select count(*) as n from jobs where title = $1', [title]))[0]!.n);

  it('creates exactly one job for 20 concurrent identical requests with one Idempotency-Key', async () => {
    const body = { title: 'Twenty at once', outcome: 'One job' };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        app.request('POST', '/api/v1/jobs', { token, body, headers: { 'idempotency-key': 'same-key-20' } }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 200)).toHaveLength(19);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(answers.filter((a) => a.body.replayed === true)).toHaveLength(19);
    expect(await jobCount('Twenty at once')).toBe(1);
  });

  it('lets exactly one of several concurrent edits with the same expected_version win', async () => {
    const created = await app.request('POST', '/api/v1/jobs', { token, body: { title: 'Edited at once' } });
    const answers = await Promise.all(
      ['first', 'second', 'third', 'fourth', 'fifth'].map((outcome) =>
        app.request('PATCH', `/api/v1/jobs/${created.body.id}`, { token, body: { expected_version: 1, outcome } }),
      ),
    );
    const winners = answers.filter((a) => a.status === 200);
    const losers = answers.filter((a) => a.status === 409);
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(4);
    for (const loser of losers) {
      expect(loser.body).toMatchObject({ error: 'version_conflict', current: { id: created.body.id, version: 2 } });
    }
    const [row] = await app.db.query<{ version: number; outcome: string }>('select version, outcome from jobs where id = $1', [created.body.id]);
    expect(Number(row!.version)).toBe(2);
    expect(row!.outcome).toBe(winners[0]!.body.outcome);
  });

  it('answers a versioned change without expected_version with 428 and changes nothing', async () => {
    const created = await app.request('POST', '/api/v1/jobs', { token, body: { title: 'Needs a version' } });
    const res = await app.request('PATCH', `/api/v1/jobs/${created.body.id}`, { token, body: { outcome: 'x' } });
    expect(res).toMatchObject({ status: 428, body: { error: 'expected_version_required' } });
    const [row] = await app.db.query<{ version: number }>('select version from jobs where id = $1', [created.body.id]);
    expect(Number(row!.version)).toBe(1);
  });
});
