import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '@svc/db/testing';
import type { Actor } from '@svc/kernel';
import type { Principal, TestApp } from '@svc/runtime/testing';
import { startApiTestApp } from './app.ts';

/**
 * Every list pages, as a client sees it, on both engines: the caller's own jobs, responses and
 * offers (GET /api/v1/me/*), a job's responses and the caller's directory entries, each with
 * `limit` / `offset` bounded at the edge like every other list, and each showing only what is the
 * caller's.
 */

interface Page<T> {
  total: number;
  limit: number;
  offset: number;
  jobs?: T[];
  responses?: T[];
  services?: T[];
  entries?: T[];
  error?: string;
  details?: { path: string; message: string }[];
}

describe.each(ENGINES)('paged lists on %s', (engine) => {
  let app: TestApp;
  let ada: Principal;
  let bob: Principal;
  let adaActor: Actor;
  let bobActor: Actor;
  /** Ada's agent that may only read her account. */
  let adaRead: string;
  /** Bob's agent that may only read his account. */
  let bobRead: string;

  beforeAll(async () => {
    app = await startApiTestApp({ engine });
    ada = await app.signUp('Ada Owner');
    bob = await app.signUp('Bob Other');
    adaActor = (await app.services.access.accounts.resolveSession(ada.session))!.actor;
    bobActor = (await app.services.access.accounts.resolveSession(bob.session))!.actor;
    adaRead = (await app.agentToken(ada, ['account:read'])).token;
    bobRead = (await app.agentToken(bob, ['account:read'])).token;
  });
  afterAll(() => app?.close());

  const get = <T>(path: string, token = adaRead) => app.request<Page<T>>('GET', path, { token });
  const count = async (sql: string, params: unknown[]) => Number((await app.db.query<{ n: string }>(sql, params))[0]!.n);
  /** Moves the clock so that each record is newer than the last, and "newest first" is one order. */
  const tick = () => app.clock.advance(1_000);

  describe('GET /api/v1/me/jobs', () => {
    let titles: string[];
    beforeAll(async () => {
      titles = [];
      for (const title of ['Ada open 1', 'Ada closed', 'Ada removed', 'Ada open 2']) {
        tick();
        const job = await app.services.jobs.create(adaActor, { title });
        if (title === 'Ada closed') await app.services.jobs.close(adaActor, job.id);
        if (title === 'Ada removed') await app.services.jobs.remove(adaActor, job.id);
        titles.push(title);
      }
      await app.services.jobs.create(bobActor, { title: 'Bob open' });
    });

    it('lists the caller’s own open and closed jobs, newest first, removed ones only when asked, never anyone else’s', async () => {
      const res = await get<{ title: string; status: string }>('/api/v1/me/jobs');
      expect(res.status).toBe(200);
      expect(res.body.jobs!.map((job) => job.title)).toEqual(['Ada open 2', 'Ada closed', 'Ada open 1']);
      expect(res.body).toMatchObject({ total: 3, total_is_lower_bound: false, limit: 20, offset: 0 });
      expect(res.body.total).toBe(await count("select count(*) as n from jobs where posted_by = $1 and status <> 'removed'", [ada.id]));
      expect((await get<{ title: string }>('/api/v1/me/jobs', bobRead)).body.jobs!.map((job) => job.title)).toEqual(['Bob open']);
    });

    it('filters by status and pages', async () => {
      const closed = await get<{ title: string }>('/api/v1/me/jobs?status=closed');
      expect(closed.body).toMatchObject({ total: 1, jobs: [expect.objectContaining({ title: 'Ada closed', status: 'closed' })] });
      const second = await get<{ title: string }>('/api/v1/me/jobs?limit=1&offset=1');
      expect(second.body).toMatchObject({ total: 3, limit: 1, offset: 1, jobs: [expect.objectContaining({ title: 'Ada closed' })] });
      // Removed jobs stay the poster's to read (their responses with them), asked for by status.
      const removed = await get<{ title: string }>('/api/v1/me/jobs?status=removed');
      expect(removed.status).toBe(200);
      expect(removed.body).toMatchObject({ total: 1, jobs: [expect.objectContaining({ title: 'Ada removed', status: 'removed' })] });
      const unknown = await get('/api/v1/me/jobs?status=deleted');
      expect(unknown.status).toBe(400);
      expect(unknown.body.details!.map((detail) => detail.path)).toEqual(['status']);
    });

    it('is open to a token with jobs:write as well as account:read, and to the signed-in person', async () => {
      const writer = (await app.agentToken(ada, ['jobs:write'])).token;
      expect((await get('/api/v1/me/jobs', writer)).status).toBe(200);
      expect((await app.request<Page<unknown>>('GET', '/api/v1/me/jobs', { session: ada.session })).body.total).toBe(3);
      const other = (await app.agentToken(ada, ['responses:write'])).token;
      const refused = await get('/api/v1/me/jobs', other);
      expect(refused.status).toBe(403);
      expect(refused.body.error).toBe('insufficient_scope');
      expect((await app.request('GET', '/api/v1/me/jobs')).status).toBe(401);
    });
  });

  describe('GET /api/v1/me/responses', () => {
    beforeAll(async () => {
      for (const title of ['Bob job 1', 'Bob job 2', 'Bob job 3']) {
        tick();
        const job = await app.services.jobs.create(bobActor, { title });
        const response = await app.services.responses.create(adaActor, job.id, { kind: 'offer', message: `Ada on ${title}` });
        if (title === 'Bob job 2') await app.services.responses.withdraw(adaActor, response.id);
      }
    });

    it('lists the caller’s responses with their jobs, newest first, withdrawn ones too, filtered by status', async () => {
      const all = await get<{ message: string; status: string; job: { title: string } }>('/api/v1/me/responses');
      expect(all.status).toBe(200);
      expect(all.body.responses!.map((response) => [response.job.title, response.status])).toEqual([
        ['Bob job 3', 'active'],
        ['Bob job 2', 'withdrawn'],
        ['Bob job 1', 'active'],
      ]);
      expect(all.body.total).toBe(await count('select count(*) as n from job_responses where responder_id = $1', [ada.id]));
      const withdrawn = await get<{ job: { title: string } }>('/api/v1/me/responses?status=withdrawn');
      expect(withdrawn.body).toMatchObject({ total: 1, responses: [expect.objectContaining({ job: expect.objectContaining({ title: 'Bob job 2' }) })] });
      const page = await get<{ job: { title: string } }>('/api/v1/me/responses?status=active&limit=1&offset=1');
      expect(page.body).toMatchObject({ total: 2, limit: 1, offset: 1, responses: [expect.objectContaining({ job: expect.objectContaining({ title: 'Bob job 1' }) })] });
      expect((await get('/api/v1/me/responses', bobRead)).body).toMatchObject({ responses: [], total: 0 });
    });
  });

  describe('GET /api/v1/jobs/{id}/responses', () => {
    let jobId: string;
    beforeAll(async () => {
      jobId = (await app.services.jobs.create(adaActor, { title: 'Many answers' })).id;
      for (let i = 1; i <= 3; i++) {
        const person = await app.signUp(`Responder ${i}`);
        const actor = (await app.services.access.accounts.resolveSession(person.session))!.actor;
        tick();
        await app.services.responses.create(actor, jobId, { kind: 'question', message: `Question ${i}` });
      }
      tick();
      await app.services.responses.create(bobActor, jobId, { kind: 'question', message: 'Question from Bob' });
    });

    it('pages the poster’s view, oldest first, with the total', async () => {
      const first = await get<{ message: string }>(`/api/v1/jobs/${jobId}/responses?limit=2`);
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ total: 4, limit: 2, offset: 0 });
      expect(first.body.responses!.map((response) => response.message)).toEqual(['Question 1', 'Question 2']);
      const rest = await get<{ message: string }>(`/api/v1/jobs/${jobId}/responses?limit=2&offset=2`);
      expect(rest.body.responses!.map((response) => response.message)).toEqual(['Question 3', 'Question from Bob']);
      expect(first.body.total).toBe(await count('select count(*) as n from job_responses where job_id = $1', [jobId]));
      // Past the end: no response, and still the total.
      expect((await get(`/api/v1/jobs/${jobId}/responses?offset=10`)).body).toMatchObject({ responses: [], total: 4, offset: 10 });
    });

    it('counts only the caller’s own responses for anyone else', async () => {
      expect((await get<{ message: string }>(`/api/v1/jobs/${jobId}/responses`, bobRead)).body).toMatchObject({
        total: 1,
        responses: [expect.objectContaining({ message: 'Question from Bob' })],
      });
    });
  });

  describe('GET /api/v1/me/services', () => {
    beforeAll(async () => {
      const input = { role: 'planner', industry: 'events' };
      for (const title of ['Ada active 1', 'Ada paused', 'Ada removed', 'Ada active 2']) {
        tick();
        const offer = await app.services.offers.create(adaActor, { ...input, title, contact_url: 'https://ada.example/contact' });
        if (title === 'Ada paused') await app.services.offers.pause(adaActor, offer.id);
        if (title === 'Ada removed') await app.services.offers.remove(adaActor, offer.id);
      }
      await app.services.offers.create(bobActor, { ...input, title: 'Bob active' });
    });

    it('lists the caller’s own active and paused offers, newest first, filtered by status and paged', async () => {
      const all = await get<{ title: string; status: string; contact_url: string | null }>('/api/v1/me/services');
      expect(all.status).toBe(200);
      expect(all.body.services!.map((offer) => [offer.title, offer.status])).toEqual([
        ['Ada active 2', 'active'],
        ['Ada paused', 'paused'],
        ['Ada active 1', 'active'],
      ]);
      expect(all.body.services![1]!.contact_url).toBeNull();
      expect(all.body.total).toBe(await count("select count(*) as n from offers where provider_id = $1 and status <> 'removed'", [ada.id]));
      expect((await get('/api/v1/me/services?status=paused')).body).toMatchObject({ total: 1, services: [expect.objectContaining({ title: 'Ada paused' })] });
      expect((await get('/api/v1/me/services?limit=1&offset=2')).body).toMatchObject({ total: 3, services: [expect.objectContaining({ title: 'Ada active 1' })] });
      expect((await get<{ title: string }>('/api/v1/me/services', bobRead)).body.services!.map((offer) => offer.title)).toEqual(['Bob active']);
    });
  });

  describe('GET /api/v1/directory/mine', () => {
    it('pages the caller’s entries, retired ones counted too', async () => {
      for (const handle of ['ada-first', 'ada-second', 'ada-third']) {
        tick();
        await app.services.directory.register(adaActor, {
          handle: `${handle}-${engine}`,
          display_name: 'Ada',
          description: 'Ada’s address.',
          entry_type: 'person',
          destinations: [{ type: 'web', value: 'https://ada.example', label: 'Site', approved_for_disclosure: true }],
        });
      }
      await app.db.query("update directory_entries set status = 'retired', retired_at = created_at where handle = $1", [`ada-first-${engine}`]);
      const page = await get<{ address: string; status: string }>('/api/v1/directory/mine?limit=2');
      expect(page.status).toBe(200);
      expect(page.body).toMatchObject({ total: 3, limit: 2, offset: 0 });
      expect(page.body.entries!.map((entry) => entry.address)).toEqual([`aar:ada-third-${engine}`, `aar:ada-second-${engine}`]);
      const rest = await get<{ address: string; status: string }>('/api/v1/directory/mine?limit=2&offset=2');
      expect(rest.body.entries).toEqual([expect.objectContaining({ address: `aar:ada-first-${engine}`, status: 'retired' })]);
      expect(page.body.total).toBe(await count('select count(*) as n from directory_entries where owner_id = $1', [ada.id]));
      expect((await get('/api/v1/directory/mine', bobRead)).body).toMatchObject({ entries: [], total: 0 });
    });
  });

  describe('paging is bounded at the edge, like every list', () => {
    it.each(['/api/v1/me/jobs', '/api/v1/me/responses', '/api/v1/me/services', '/api/v1/directory/mine', '/api/v1/jobs/job_unknown/responses'])(
      '%s refuses limit 0 and 101, offset -1 and past 10,000, and unknown parameters',
      async (path) => {
        for (const query of ['limit=0', 'limit=101', 'offset=-1', 'offset=10001', 'limit=ten']) {
          const res = await get(`${path}?${query}`);
          expect(res.status, `${path}?${query}`).toBe(400);
          expect(res.body.error).toBe('validation_failed');
          expect(res.body.details!.map((detail) => detail.path)).toEqual([query.split('=')[0]]);
        }
        const stray = await get(`${path}?sort=newest`);
        expect(stray.status).toBe(400);
        expect(stray.body.details!.map((detail) => detail.path)).toEqual(['sort']);
        const max = await get(`${path}?limit=100&offset=10000`);
        expect(max.status, JSON.stringify(max.body)).toBe(path.includes('job_unknown') ? 404 : 200);
      },
    );
  });
});
