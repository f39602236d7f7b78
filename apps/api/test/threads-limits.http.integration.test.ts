import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '@svc/kernel';
import { sessionActor, type Principal, type TestApp } from '@svc/runtime/testing';
import { startApiTestApp } from './app.ts';

/** Thread limits under concurrency, over HTTP on PostgreSQL: parallel requests never overshoot a limit. */

let app: TestApp;
let olive: Principal;
let oliveActor: Actor;
let pat: Principal;
let patActor: Actor;
let oliveToken: string;
let patToken: string;

const actorOf = (principal: Principal) => sessionActor(app, principal);

beforeAll(async () => {
  app = await startApiTestApp();
  olive = await app.signUp('Olive Owner');
  pat = await app.signUp('Pat Participant');
  oliveActor = await actorOf(olive);
  patActor = await actorOf(pat);
  oliveToken = (await app.agentToken(olive, ['threads:write'])).token;
  patToken = (await app.agentToken(pat, ['threads:write'])).token;
});
afterAll(() => app?.close());

const sharedThread = async () => {
  const thread = await app.services.threads.create(oliveActor, { title: 'Busy thread' });
  const invite = await app.services.threads.createInvite(oliveActor, thread.id, {});
  await app.services.threads.acceptInvite(patActor, invite.token!);
  return thread;
};

const count = async (table: string, threadId: string): Promise<number> =>
  Number((await app.db.query<{ n: string }>(`select count(*) as n from ${table} where thread_id = $1`, [threadId]))[0]!.n);

describe('entries per thread (500)', () => {
  it('at 499 entries, two parallel adds by two participants: exactly one 200, the other 409 limit_reached', async () => {
    const thread = await sharedThread();
    // 499 stored entries, written straight into the table to keep the test fast.
    const at = app.clock.now().toISOString();
    await app.db.query(
      `insert into thread_entries (id, thread_id, kind, text, author_id, created_at, updated_at)
       select 'ten_seed' || g, $1, 'update', 'Seed entry ' || g, $2, $3, $4 from generate_series(1, 499) g`,
      [thread.id, olive.id, at, at],
    );
    const results = await Promise.all([
      app.request('POST', `/api/v1/threads/${thread.id}/entries`, { token: oliveToken, body: { kind: 'update', text: 'Olive, last one' } }),
      app.request('POST', `/api/v1/threads/${thread.id}/entries`, { token: patToken, body: { kind: 'update', text: 'Pat, last one' } }),
    ]);
    expect(results.map((res) => res.status).sort()).toEqual([200, 409]);
    expect(results.find((res) => res.status === 409)!.body).toMatchObject({ error: 'limit_reached', limit: 'entries', max: 500 });
    expect(await count('thread_entries', thread.id)).toBe(500);
  });

  it('the same Idempotency-Key sent twice at once stores one entry', async () => {
    const thread = await sharedThread();
    const send = () =>
      app.request('POST', `/api/v1/threads/${thread.id}/entries`, { token: patToken, headers: { 'idempotency-key': 'same-entry' }, body: { kind: 'deliverable', text: 'The plan' } });
    const results = await Promise.all([send(), send()]);
    // Both 200 (the contract's status for this create): the one that stored it plain, the other a replay.
    expect(results.map((res) => res.status)).toEqual([200, 200]);
    expect(results.map((res) => res.body.replayed === true).sort()).toEqual([false, true]);
    expect(results[0]!.body.id).toBe(results[1]!.body.id);
    expect(await count('thread_entries', thread.id)).toBe(1);
  });
});

describe('checklist items per thread (30)', () => {
  it('at 25 items, 10 parallel adds: exactly 5 are created', async () => {
    const thread = await sharedThread();
    for (let i = 0; i < 25; i++) await app.services.threads.addItem(oliveActor, thread.id, { text: `Item ${i}` });
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => app.request('POST', `/api/v1/threads/${thread.id}/checklist`, { token: i % 2 ? patToken : oliveToken, body: { text: `Parallel ${i}` } })),
    );
    expect(results.filter((res) => res.status === 200)).toHaveLength(5);
    expect(results.filter((res) => res.status === 409).every((res) => res.body.error === 'limit_reached')).toBe(true);
    expect(await count('thread_checklist_items', thread.id)).toBe(30);
  });
});

describe('participants per thread (10)', () => {
  it('with 8 in the thread, 5 people accepting links at once: exactly 2 join', async () => {
    const thread = await app.services.threads.create(oliveActor, { title: 'Almost full' });
    for (let i = 0; i < 7; i++) {
      const member = await app.signUp(`Member ${i}`);
      const invite = await app.services.threads.createInvite(oliveActor, thread.id, {});
      await app.services.threads.acceptInvite(await actorOf(member), invite.token!);
    }
    const invites = await Promise.all(Array.from({ length: 5 }, () => app.services.threads.createInvite(oliveActor, thread.id, {})));
    const joiners = await Promise.all(invites.map((_, i) => app.signUp(`Joiner ${i}`)));
    const results = await Promise.all(
      invites.map((invite, i) => app.request('POST', '/api/v1/threads/invitations/accept', { session: joiners[i]!.session, body: { token: invite.token } })),
    );
    expect(results.filter((res) => res.status === 200)).toHaveLength(2);
    expect(results.filter((res) => res.status === 409).map((res) => res.body.error)).toEqual(['limit_reached', 'limit_reached', 'limit_reached']);
    expect(await count('thread_participants', thread.id)).toBe(10);
  });
});
