import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '@svc/db/testing';
import type { Actor } from '@svc/kernel';
import { relateToOffer, type Principal, type TestApp } from '@svc/runtime/testing';
import { startApiTestApp } from './app.ts';

/**
 * What the contract rules out or leaves out, as a client sees it, on both engines: creates it gives
 * no status answer 200 (its default), a job posted without a budget says `budget: null` and the
 * published descriptions allow it, and an offer's feedback list carries no count.
 */

describe.each(ENGINES)('contract statuses and shapes on %s', (engine) => {
  let app: TestApp;
  let pat: Principal;
  let cleo: Principal;
  let patActor: Actor;
  let cleoActor: Actor;
  let patToken: string;
  let cleoToken: string;

  beforeAll(async () => {
    app = await startApiTestApp({ engine });
    pat = await app.signUp('Pat Provider');
    cleo = await app.signUp('Cleo Client');
    patActor = (await app.services.access.accounts.resolveSession(pat.session))!.actor;
    cleoActor = (await app.services.access.accounts.resolveSession(cleo.session))!.actor;
    patToken = (await app.agentToken(pat, ['jobs:write', 'threads:write', 'services:write', 'feedback:write'])).token;
    cleoToken = (await app.agentToken(cleo, ['feedback:write', 'threads:write'])).token;
  });
  afterAll(() => app?.close());

  const count = async (table: string, column: string, value: string): Promise<number> =>
    Number((await app.db.query<{ n: string }>(`select count(*) as n from ${table} where ${column} = $1`, [value]))[0]!.n);

  describe('creates the contract gives no status answer 200 with the record, which is stored', () => {
    it('feedback on an offer', async () => {
      const offer = await app.services.offers.create(patActor, { title: 'Party planning', role: 'planner', industry: 'events' });
      await relateToOffer(app, patActor, cleoActor, offer.id);
      const res = await app.request('POST', `/api/v1/services/${offer.id}/feedback`, { token: cleoToken, body: { needs_met: 'yes' } });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: expect.stringMatching(/^fbk_/), service_id: offer.id, needs_met: 'yes', version: 1 });
      expect(res.body).not.toHaveProperty('replayed');
      expect(await count('offer_feedback', 'id', res.body.id)).toBe(1);
    });

    it('a report and site feedback, sent without credentials', async () => {
      const job = await app.services.jobs.create(patActor, { title: 'Plan a garden party' });
      const report = await app.request('POST', '/api/v1/reports', { body: { target_kind: 'job', target_id: job.id, reason: 'spam' } });
      expect(report.status).toBe(200);
      expect(report.body).toMatchObject({ target_kind: 'job', target_id: job.id, status: 'open' });
      expect(await count('reports', 'id', report.body.id)).toBe(1);
      const note = await app.request('POST', '/api/v1/site-feedback', { body: { kind: 'feedback', message: 'Paging is clear.' } });
      expect(note.status).toBe(200);
      expect(note.body).toMatchObject({ kind: 'feedback', message: 'Paging is clear.', principal_id: null });
      expect(await count('site_feedback', 'id', note.body.id)).toBe(1);
    });

    it('a thread and an entry: 200 when stored, 200 with replayed: true when the same key comes again', async () => {
      const headers = { 'idempotency-key': `thread-${engine}` };
      const thread = await app.request('POST', '/api/v1/threads', { token: patToken, headers, body: { title: 'Garden party' } });
      expect(thread.status).toBe(200);
      expect(thread.body).not.toHaveProperty('replayed');
      const again = await app.request('POST', '/api/v1/threads', { token: patToken, headers, body: { title: 'Garden party' } });
      expect(again.status).toBe(200);
      expect(again.body).toEqual({ ...thread.body, replayed: true });
      expect(await count('threads', 'id', thread.body.id)).toBe(1);

      const entryHeaders = { 'idempotency-key': `entry-${engine}` };
      const entry = await app.request('POST', `/api/v1/threads/${thread.body.id}/entries`, { token: patToken, headers: entryHeaders, body: { kind: 'update', text: 'Hall booked.' } });
      expect(entry.status).toBe(200);
      expect(entry.body).toMatchObject({ kind: 'update', text: 'Hall booked.' });
      expect(entry.body).not.toHaveProperty('replayed');
      const replay = await app.request('POST', `/api/v1/threads/${thread.body.id}/entries`, { token: patToken, headers: entryHeaders, body: { kind: 'update', text: 'Hall booked.' } });
      expect(replay.status).toBe(200);
      expect(replay.body.replayed).toBe(true);
      expect(await count('thread_entries', 'thread_id', thread.body.id)).toBe(1);
    });

    it('a checklist item and an invitation', async () => {
      const thread = await app.services.threads.create(patActor, { title: 'Garden party' });
      const item = await app.request('POST', `/api/v1/threads/${thread.id}/checklist`, { token: patToken, body: { text: 'Book the hall' } });
      expect(item.status).toBe(200);
      expect(item.body).toMatchObject({ text: 'Book the hall', done: false });
      expect(await count('thread_checklist_items', 'thread_id', thread.id)).toBe(1);
      const invite = await app.request('POST', `/api/v1/threads/${thread.id}/invites`, { token: patToken, body: {} });
      expect(invite.status).toBe(200);
      expect(invite.body).toMatchObject({ status: 'pending', token: expect.any(String) });
      expect(await count('thread_invites', 'thread_id', thread.id)).toBe(1);
    });

    it('and the OpenAPI document declares exactly that: 200, no 201', async () => {
      const { body: document } = await app.request('GET', '/api/v1/openapi.json');
      const creates = [
        ['/api/v1/services/{id}/feedback', 'Feedback'],
        ['/api/v1/reports', 'Report'],
        ['/api/v1/site-feedback', 'SiteFeedback'],
        ['/api/v1/threads', 'Thread'],
        ['/api/v1/threads/{id}/entries', 'ThreadEntry'],
        ['/api/v1/threads/{id}/checklist', 'ChecklistItem'],
        ['/api/v1/threads/{id}/invites', 'ThreadInvite'],
      ];
      for (const [path, schema] of creates) {
        const responses = document.paths[path!].post.responses;
        expect(responses, path).not.toHaveProperty('201');
        expect(responses['200'].content['application/json'].schema, path).toEqual({ $ref: `#/components/schemas/${schema}` });
      }
      // Those the contract gives 201 keep it.
      expect(document.paths['/api/v1/jobs'].post.responses).toHaveProperty('201');
    });
  });

  describe('409 invalid_state', () => {
    it('names the change refused, and a state only where the state a record is in refuses it, as the Error schema says', async () => {
      // A state refuses it: closing a closed job.
      const job = await app.services.jobs.create(patActor, { title: 'Plan a garden party' });
      expect((await app.request('POST', `/api/v1/jobs/${job.id}/close`, { token: patToken })).status).toBe(200);
      const closed = await app.request('POST', `/api/v1/jobs/${job.id}/close`, { token: patToken });
      expect([closed.status, closed.body]).toEqual([409, expect.objectContaining({ error: 'invalid_state', status: 'closed', action: 'close' })]);

      // Something else refuses it, whatever state the record is in: a second reply, the owner leaving
      // their own thread, a session giving up a grant it does not hold.
      const offer = await app.services.offers.create(patActor, { title: 'Party planning', role: 'planner', industry: 'events' });
      await relateToOffer(app, patActor, cleoActor, offer.id);
      const item = await app.services.feedback.leave(cleoActor, offer.id, { needs_met: 'yes', published: true });
      expect((await app.request('POST', `/api/v1/feedback/${item.id}/reply`, { token: patToken, body: { text: 'Thank you.' } })).status).toBe(200);
      const thread = await app.services.threads.create(patActor, { title: 'Garden party' });
      const refusals = {
        reply: await app.request('POST', `/api/v1/feedback/${item.id}/reply`, { token: patToken, body: { text: 'Thank you again.' } }),
        leave: await app.request('POST', `/api/v1/threads/${thread.id}/leave`, { session: pat.session }),
        revoke: await app.request('DELETE', '/api/v1/agent/grant', { session: pat.session }),
      };
      for (const [action, res] of Object.entries(refusals)) {
        expect([res.status, res.body], action).toEqual([409, { error: 'invalid_state', message: expect.any(String), action }]);
      }

      const { body: document } = await app.request('GET', '/api/v1/openapi.json');
      const { status, action } = document.components.schemas.Error.properties;
      expect(status.description).toMatch(/with `invalid_state` when the state a record is in refuses the change/);
      expect(action.description).toBe('With `invalid_state`: the change refused.');
    });
  });

  describe('a job posted without a budget', () => {
    it('says budget: null, stores no amount, and every description of a job allows it', async () => {
      const res = await app.request('POST', '/api/v1/jobs', { token: patToken, body: { title: 'Plan a garden party' } });
      expect(res.status).toBe(201);
      expect(res.body.budget).toBeNull();
      expect((await app.db.query('select budget_amount, budget_currency from jobs where id = $1', [res.body.id]))[0]).toEqual({ budget_amount: null, budget_currency: null });
      expect((await app.request('GET', `/api/v1/jobs/${res.body.id}`)).body.budget).toBeNull();
      expect((await app.request('GET', `/api/v1/jobs/${res.body.id}/rts`)).body.budget).toBeNull();

      const { body: document } = await app.request('GET', '/api/v1/openapi.json');
      for (const schema of ['Job', 'RtsTask']) {
        expect(document.components.schemas[schema].properties.budget.anyOf, schema).toEqual(expect.arrayContaining([{ type: 'null' }]));
        expect(document.components.schemas[schema].required, schema).toContain('budget');
      }
    });

    it('and an edit to budget null takes a budget away again', async () => {
      const job = await app.services.jobs.create(patActor, { title: 'Plan a garden party', budget: { amount: 80, currency: 'GBP' } });
      const res = await app.request('PATCH', `/api/v1/jobs/${job.id}`, { token: patToken, body: { expected_version: 1, budget: null } });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ budget: null, version: 2 });
      expect((await app.db.query('select budget_amount from jobs where id = $1', [job.id]))[0]).toEqual({ budget_amount: null });
    });
  });

  describe("an offer's feedback list", () => {
    it('carries no total, only whether another page has items', async () => {
      const offer = await app.services.offers.create(patActor, { title: 'Party planning', role: 'planner', industry: 'events' });
      await relateToOffer(app, patActor, cleoActor, offer.id);
      await app.services.feedback.leave(cleoActor, offer.id, { needs_met: 'yes', published: true });
      const dana = await app.signUp('Dana Client');
      const danaActor = (await app.services.access.accounts.resolveSession(dana.session))!.actor;
      await relateToOffer(app, patActor, danaActor, offer.id);
      app.clock.advance(1_000);
      await app.services.feedback.leave(danaActor, offer.id, { needs_met: 'partly', published: true });

      const first = await app.request('GET', `/api/v1/services/${offer.id}/feedback?limit=1`);
      expect(first.status).toBe(200);
      expect(Object.keys(first.body).sort()).toEqual(['feedback', 'has_more', 'limit', 'offset']);
      expect(first.body).toMatchObject({ has_more: true, limit: 1, offset: 0 });
      expect(first.body.feedback.map((item: { needs_met: string }) => item.needs_met)).toEqual(['partly']);
      const second = await app.request('GET', `/api/v1/services/${offer.id}/feedback?limit=1&offset=1`);
      expect(second.body).toMatchObject({ has_more: false, feedback: [expect.objectContaining({ needs_met: 'yes' })] });
      const past = await app.request('GET', `/api/v1/services/${offer.id}/feedback?offset=1000000001`);
      expect(past.status).toBe(400);
      expect(past.body.error).toBe('validation_failed');

      const { body: document } = await app.request('GET', '/api/v1/openapi.json');
      expect(Object.keys(document.components.schemas.FeedbackList.properties).sort()).toEqual(['feedback', 'has_more', 'limit', 'offset']);
    });
  });
});
