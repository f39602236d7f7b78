import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '@svc/db/testing';
import type { Actor } from '@svc/kernel';
import { relateToOffer, type Principal, type TestApp, type TestResponse } from '@svc/runtime/testing';
import { startApiTestApp } from './app.ts';

/**
 * The versioning rule on every removal and status change, as a client sees it: `expected_version`
 * in the query of a DELETE or the body of a status change is enforced when sent (409
 * `version_conflict` with `current`, nothing changed); jobs, offers and feedback keep working
 * without it, the directory requires it. A missing version is 428 whatever the body, none at all
 * included, on every change that requires one (PUT …/agents too).
 */
describe.each(ENGINES)('versioned removals and status changes on %s', (engine) => {
  let app: TestApp;
  /** Posts jobs, provides offers and owns directory entries. */
  let olive: Principal;
  let oliveActor: Actor;
  let oliveToken: string;
  /** Leaves feedback on Olive's offers. */
  let cleoActor: Actor;
  let cleoToken: string;
  let bobToken: string;

  beforeAll(async () => {
    app = await startApiTestApp({ engine });
    olive = await app.signUp('Olive Owner');
    const cleo = await app.signUp('Cleo Client');
    const bob = await app.signUp('Bob Other');
    oliveActor = (await app.services.access.accounts.resolveSession(olive.session))!.actor;
    cleoActor = (await app.services.access.accounts.resolveSession(cleo.session))!.actor;
    oliveToken = (await app.agentToken(olive, ['jobs:write', 'services:write', 'directory:write'])).token;
    cleoToken = (await app.agentToken(cleo, ['feedback:write'])).token;
    bobToken = (await app.agentToken(bob, ['jobs:write'])).token;
  });
  afterAll(() => app?.close());

  type Answer = { error?: string; version?: number; status?: string; current?: { id?: string; address?: string; version: number } };
  const send = (method: string, path: string, body?: unknown, caller: { token?: string; session?: string } = { token: oliveToken }) =>
    app.request<Answer>(method, path, { ...caller, ...(body === undefined ? {} : { body }) });

  /** What a change would touch: the state, the version and the time of the last change. */
  interface Row {
    state: string;
    version: number;
    updated_at: string;
  }
  const rowOf = async (sql: string, id: string): Promise<Row> => {
    const [row] = await app.db.query<Row>(sql, [id]);
    return { state: row!.state, version: Number(row!.version), updated_at: String(row!.updated_at) };
  };
  const jobRow = (id: string) => rowOf('select status as state, version, updated_at::text as updated_at from jobs where id = $1', id);
  const offerRow = (id: string) => rowOf('select status as state, version, updated_at::text as updated_at from offers where id = $1', id);
  const feedbackRow = (id: string) =>
    rowOf(
      `select case when removed_at is null then 'active' else 'removed' end as state, version, updated_at::text as updated_at from offer_feedback where id = $1`,
      id,
    );
  const entryRow = (handle: string) =>
    rowOf('select status as state, version, updated_at::text as updated_at from directory_entries where handle = $1', handle.replace(/^aar:/, ''));

  let counter = 0;
  /** Each record is made at version 1 and changed once, so version 1 is stale and 2 current. */
  const jobAt2 = async (status: 'open' | 'closed' = 'open') => {
    const job = await app.services.jobs.create(oliveActor, { title: `Versioned job ${++counter}` });
    return status === 'closed' ? app.services.jobs.close(oliveActor, job.id) : app.services.jobs.update(oliveActor, job.id, { expected_version: 1, outcome: 'Edited' });
  };
  const offerAt2 = async (status: 'active' | 'paused' = 'active') => {
    const offer = await app.services.offers.create(oliveActor, { title: `Versioned offer ${++counter}`, role: 'planner', industry: 'events' });
    return status === 'paused' ? app.services.offers.pause(oliveActor, offer.id) : app.services.offers.update(oliveActor, offer.id, { expected_version: 1, summary: 'Edited' });
  };
  const feedbackAt2 = async () => {
    const offer = await app.services.offers.create(oliveActor, { title: `Offer with feedback ${++counter}`, role: 'planner', industry: 'events' });
    await relateToOffer(app, oliveActor, cleoActor, offer.id);
    const item = await app.services.feedback.leave(cleoActor, offer.id, { needs_met: 'partly', comment: 'A clear plan.' });
    return app.services.feedback.edit(cleoActor, item.id, { expected_version: 1, comment: 'A clear plan, on time.' });
  };
  const entryAt2 = async (status: 'active' | 'paused' = 'active') => {
    const entry = await app.services.directory.register(oliveActor, {
      handle: `versioned-${Date.now().toString(36)}-${++counter}`,
      display_name: 'Olive Plans',
      entry_type: 'person',
      destinations: [{ type: 'web', value: 'https://olive.example', approved_for_disclosure: true }],
    });
    return status === 'paused'
      ? app.services.directory.pause(oliveActor, entry.address, { expected_version: 1 })
      : app.services.directory.update(oliveActor, entry.address, { expected_version: 1, description: 'Edited' });
  };

  interface Case {
    /** Makes a record at version 2 and names it for `request` and `row`. */
    make(): Promise<string>;
    /** The change, with `expected_version` when a version is given. */
    request(id: string, version?: number): Promise<TestResponse<Answer>>;
    row(id: string): Promise<Row>;
    /** The state the change leads to. */
    after: string;
    /** What a change without any version answers: today's change (200), or 428 where the version is required. */
    withoutVersion: 200 | 428;
  }
  const query = (version?: number) => (version === undefined ? '' : `?expected_version=${version}`);
  const body = (version?: number) => (version === undefined ? undefined : { expected_version: version });
  const CASES: Record<string, Case> = {
    'DELETE /api/v1/jobs/{id}': {
      make: async () => (await jobAt2()).id,
      request: (id, version) => send('DELETE', `/api/v1/jobs/${id}${query(version)}`),
      row: jobRow,
      after: 'removed',
      withoutVersion: 200,
    },
    'POST /api/v1/jobs/{id}/close': {
      make: async () => (await jobAt2()).id,
      request: (id, version) => send('POST', `/api/v1/jobs/${id}/close`, body(version)),
      row: jobRow,
      after: 'closed',
      withoutVersion: 200,
    },
    'POST /api/v1/jobs/{id}/reopen': {
      make: async () => (await jobAt2('closed')).id,
      request: (id, version) => send('POST', `/api/v1/jobs/${id}/reopen`, body(version)),
      row: jobRow,
      after: 'open',
      withoutVersion: 200,
    },
    'DELETE /api/v1/services/{id}': {
      make: async () => (await offerAt2()).id,
      request: (id, version) => send('DELETE', `/api/v1/services/${id}${query(version)}`),
      row: offerRow,
      after: 'removed',
      withoutVersion: 200,
    },
    'POST /api/v1/services/{id}/pause': {
      make: async () => (await offerAt2()).id,
      request: (id, version) => send('POST', `/api/v1/services/${id}/pause`, body(version)),
      row: offerRow,
      after: 'paused',
      withoutVersion: 200,
    },
    'POST /api/v1/services/{id}/resume': {
      make: async () => (await offerAt2('paused')).id,
      request: (id, version) => send('POST', `/api/v1/services/${id}/resume`, body(version)),
      row: offerRow,
      after: 'active',
      withoutVersion: 200,
    },
    'DELETE /api/v1/feedback/{id}': {
      make: async () => (await feedbackAt2()).id,
      request: (id, version) => send('DELETE', `/api/v1/feedback/${id}${query(version)}`, undefined, { token: cleoToken }),
      row: feedbackRow,
      after: 'removed',
      withoutVersion: 200,
    },
    'DELETE /api/v1/directory/{address}': {
      make: async () => (await entryAt2()).address,
      request: (address, version) => send('DELETE', `/api/v1/directory/${address}${query(version)}`),
      row: entryRow,
      after: 'removed',
      withoutVersion: 428,
    },
    'POST /api/v1/directory/{address}/remove': {
      make: async () => (await entryAt2()).address,
      request: (address, version) => send('POST', `/api/v1/directory/${address}/remove`, body(version)),
      row: entryRow,
      after: 'removed',
      withoutVersion: 428,
    },
    'POST /api/v1/directory/{address}/pause': {
      make: async () => (await entryAt2()).address,
      request: (address, version) => send('POST', `/api/v1/directory/${address}/pause`, body(version)),
      row: entryRow,
      after: 'paused',
      withoutVersion: 428,
    },
    'POST /api/v1/directory/{address}/reactivate': {
      make: async () => (await entryAt2('paused')).address,
      request: (address, version) => send('POST', `/api/v1/directory/${address}/reactivate`, body(version)),
      row: entryRow,
      after: 'active',
      withoutVersion: 428,
    },
  };
  const names = Object.keys(CASES);

  describe('expected_version on every removal and status change', () => {
    it.each(names)('%s: a stale version answers 409 version_conflict with current, and the record stays as it was', async (name) => {
      const { make, request, row } = CASES[name]!;
      const id = await make();
      const before = await row(id);
      const res = await request(id, 1);
      expect(res.status, JSON.stringify(res.body)).toBe(409);
      expect(res.body.error).toBe('version_conflict');
      expect(res.body.current).toMatchObject({ version: 2 });
      expect(res.body.current!.id ?? res.body.current!.address).toBe(id);
      expect(await row(id)).toEqual(before);
    });

    it.each(names)('%s: the version read applies the change, one version on', async (name) => {
      const { make, request, row, after } = CASES[name]!;
      const id = await make();
      const res = await request(id, 2);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.version).toBe(3);
      expect(await row(id)).toMatchObject({ state: after, version: 3 });
    });

    it.each(names)('%s: without a version, jobs, offers and feedback change as before; the directory asks for one (428)', async (name) => {
      const { make, request, row, after, withoutVersion } = CASES[name]!;
      const id = await make();
      const before = await row(id);
      const res = await request(id);
      expect(res.status, JSON.stringify(res.body)).toBe(withoutVersion);
      if (withoutVersion === 200) {
        expect(await row(id)).toMatchObject({ state: after, version: 3 });
      } else {
        expect(res.body.error).toBe('expected_version_required');
        expect(await row(id)).toEqual(before);
      }
    });

    it.each([
      ['an empty query version', 'DELETE', '?expected_version=', undefined, 428, 'expected_version_required'],
      ['a version no record can have', 'DELETE', '?expected_version=2147483648', undefined, 400, 'validation_failed'],
      ['a version that is not a number', 'DELETE', '?expected_version=two', undefined, 400, 'validation_failed'],
      ['another query parameter', 'DELETE', '?expected_version=2&force=yes', undefined, 400, 'validation_failed'],
      ['an empty body version', 'POST', '/close', { expected_version: null }, 428, 'expected_version_required'],
      ['a body version out of range', 'POST', '/close', { expected_version: 0 }, 400, 'validation_failed'],
      ['another body field', 'POST', '/close', { expected_version: 2, reason: 'done' }, 400, 'validation_failed'],
      ['a body that is not an object', 'POST', '/close', 'now', 400, 'validation_failed'],
    ])('refuses %s and changes nothing', async (_name, method, rest, sent, status, code) => {
      const job = await jobAt2();
      const before = await jobRow(job.id);
      const res = await send(method, `/api/v1/jobs/${job.id}${rest}`, sent);
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(res.body.error).toBe(code);
      expect(await jobRow(job.id)).toEqual(before);
    });

    it("answers another principal's change not_owner before looking at the version", async () => {
      const job = await jobAt2();
      const res = await send('DELETE', `/api/v1/jobs/${job.id}?expected_version=1`, undefined, { token: bobToken });
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('not_owner');
      expect(await jobRow(job.id)).toMatchObject({ state: 'open', version: 2 });
    });

    it('lets exactly one of several concurrent removals at one version through', async () => {
      const job = await jobAt2();
      const answers = await Promise.all(Array.from({ length: 5 }, () => send('DELETE', `/api/v1/jobs/${job.id}?expected_version=2`)));
      expect(answers.filter((res) => res.status === 200)).toHaveLength(1);
      for (const loser of answers.filter((res) => res.status !== 200)) {
        expect(loser.status).toBe(409);
        expect(loser.body).toMatchObject({ error: 'version_conflict', current: { id: job.id, version: 3, status: 'removed' } });
      }
      expect(await jobRow(job.id)).toMatchObject({ state: 'removed', version: 3 });
    });
  });

  describe('a missing version is 428, whatever the body', () => {
    const NO_VERSION: [string, unknown][] = [
      ['no body', undefined],
      ['an empty body', {}],
      ['a body without expected_version', { reason: 'tidy up' }],
    ];

    it.each([
      ['pause', 'token'],
      ['reactivate', 'token'],
      ['renew', 'token'],
      ['remove', 'token'],
      ['restore', 'token'],
      ['lock', 'session'],
      ['unlock', 'session'],
      ['history/{id}/restore', 'session'],
    ])('POST …/%s', async (action, who) => {
      const entry = await entryAt2();
      const [edit] = (await app.services.directory.history(oliveActor, entry.address)).history;
      const caller = who === 'session' ? { session: olive.session } : { token: oliveToken };
      const before = await entryRow(entry.address);
      for (const [label, sent] of NO_VERSION) {
        const res = await send('POST', `/api/v1/directory/${entry.address}/${action.replace('{id}', edit!.id)}`, sent, caller);
        expect(res.status, label).toBe(428);
        expect(res.body.error, label).toBe('expected_version_required');
      }
      expect(await entryRow(entry.address)).toEqual(before);
    });

    it('PUT …/agents names its version like every other change: 428 without it, 409 when stale, applied when current', async () => {
      const entry = await entryAt2();
      const agents = (sent: unknown) => send('PUT', `/api/v1/directory/${entry.address}/agents`, sent, { session: olive.session });
      for (const sent of [undefined, { grant_ids: [] }]) {
        const res = await agents(sent);
        expect(res.status).toBe(428);
        expect(res.body.error).toBe('expected_version_required');
      }
      const stale = await agents({ grant_ids: [], expected_version: 1 });
      expect(stale.status).toBe(409);
      expect(stale.body).toMatchObject({ error: 'version_conflict', current: { address: entry.address, version: 2 } });
      expect(await entryRow(entry.address)).toMatchObject({ version: 2 });
      const applied = await agents({ grant_ids: [], expected_version: 2 });
      expect(applied.status).toBe(200);
      expect(applied.body.version).toBe(3);
      expect(await entryRow(entry.address)).toMatchObject({ version: 3 });
    });

    it('PATCH and POST …/destinations with no body at all', async () => {
      const job = await jobAt2();
      const offer = await offerAt2();
      const item = await feedbackAt2();
      const entry = await entryAt2();
      const changes: [string, string, string, { token?: string }, () => Promise<Row>][] = [
        ['PATCH', `/api/v1/jobs/${job.id}`, 'job', { token: oliveToken }, () => jobRow(job.id)],
        ['PATCH', `/api/v1/services/${offer.id}`, 'offer', { token: oliveToken }, () => offerRow(offer.id)],
        ['PATCH', `/api/v1/feedback/${item.id}`, 'feedback', { token: cleoToken }, () => feedbackRow(item.id)],
        ['PATCH', `/api/v1/directory/${entry.address}`, 'entry', { token: oliveToken }, () => entryRow(entry.address)],
        ['PATCH', `/api/v1/directory/${entry.address}/destinations/${entry.destinations[0]!.id}`, 'destination', { token: oliveToken }, () => entryRow(entry.address)],
        ['POST', `/api/v1/directory/${entry.address}/destinations`, 'new destination', { token: oliveToken }, () => entryRow(entry.address)],
      ];
      for (const [method, path, label, caller, row] of changes) {
        const before = await row();
        const res = await send(method, path, undefined, caller);
        expect(res.status, label).toBe(428);
        expect(res.body.error, label).toBe('expected_version_required');
        expect(await row(), label).toEqual(before);
      }
    });
  });
});
