import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '@svc/kernel';
import { TEST_BASE_URL, ISO_MS, sessionActor, type Principal, type RequestOptions, type TestApp, type TestResponse, type ApiErrorBody } from '@svc/runtime/testing';
import type { EntryJson, ChecklistItemJson, InviteJson, ThreadJson } from '@svc/threads';
import { API_OPERATIONS } from '../src/index.ts';
import { startApiTestApp } from './app.ts';

/** Threads over HTTP, on PostgreSQL: every endpoint, every thread error code, and what the database holds afterwards. */

let app: TestApp;
/** Owns the threads. */
let olive: Principal;
/** Takes part in Olive's threads. */
let pat: Principal;
/** Takes part in nothing of Olive's. */
let sam: Principal;
let oliveActor: Actor;
let patActor: Actor;
/** Agents with both thread scopes. */
let oliveToken: string;
let patToken: string;
/** Olive's agent that may only read her account. */
let oliveReader: string;
/** Olive's agent that may only post jobs. */
let oliveJobs: string;

const actorOf = (principal: Principal) => sessionActor(app, principal);

beforeAll(async () => {
  app = await startApiTestApp();
  olive = await app.signUp('Olive Owner');
  pat = await app.signUp('Pat Participant');
  sam = await app.signUp('Sam Stranger');
  oliveActor = await actorOf(olive);
  patActor = await actorOf(pat);
  oliveToken = (await app.agentToken(olive, ['threads:write', 'account:read'])).token;
  patToken = (await app.agentToken(pat, ['threads:write', 'account:read'])).token;
  oliveReader = (await app.agentToken(olive, ['account:read'])).token;
  oliveJobs = (await app.agentToken(olive, ['jobs:write'])).token;
});
afterAll(() => app?.close());

interface ErrorBody extends ApiErrorBody<ThreadJson> {
  status?: string;
}

type Res<T> = TestResponse<T & ErrorBody & { replayed?: boolean }>;

const call = <T = unknown>(method: string, path: string, options: RequestOptions = {}): Promise<Res<T>> =>
  app.request(method, `/api/v1${path}`, { token: oliveToken, ...options });

/** A thread of Olive's (made through the service) with Pat in it. */
const sharedThread = async (title = 'Garden party planning'): Promise<ThreadJson> => {
  const thread = await app.services.threads.create(oliveActor, { title, summary: 'First draft' });
  const invite = await app.services.threads.createInvite(oliveActor, thread.id, {});
  return app.services.threads.acceptInvite(patActor, invite.token!);
};

const row = async <T extends object>(sql: string, params: unknown[]): Promise<T | undefined> => (await app.db.query<T>(sql, params))[0];
const count = async (table: string, threadId: string): Promise<number> =>
  Number((await row<{ n: string }>(`select count(*) as n from ${table} where thread_id = $1`, [threadId]))!.n);

describe('POST /api/v1/threads', () => {
  it('answers 200 (the contract gives creates no other status) with the thread; the caller owns it and is its first participant', async () => {
    const res = await call<ThreadJson>('POST', '/threads', { body: { title: '  Garden party  ', summary: 'We plan it together.' } });
    expect(res.status).toBe(200);
    const now = app.clock.now().toISOString();
    expect(res.body).toEqual({
      id: expect.stringMatching(/^thr_[0-9a-z]+$/),
      url: `${TEST_BASE_URL}/threads/${res.body.id}`,
      title: 'Garden party',
      summary: 'We plan it together.',
      summary_version: 1,
      status: 'open',
      owner: { principal_id: olive.id, display_name: 'Olive Owner' },
      participants: [{ principal_id: olive.id, display_name: 'Olive Owner', role: 'owner', joined_at: now }],
      linked: null,
      entries: [],
      checklist: [],
      invites: [],
      created_at: now,
      updated_at: now,
      notice: expect.any(String),
    });
    expect(res.body.created_at).toMatch(ISO_MS);
    expect(JSON.stringify(res.body)).not.toContain(olive.email);
    expect(await row('select title, summary_version, status, owner_id from threads where id = $1', [res.body.id])).toEqual({
      title: 'Garden party',
      summary_version: 1,
      status: 'open',
      owner_id: olive.id,
    });
  });

  it('links a job with a snapshot of it as the caller reads it, marked as no contract', async () => {
    const job = await app.services.jobs.create(oliveActor, { title: 'Plan a garden party', outcome: 'A plan' });
    const res = await call<ThreadJson>('POST', '/threads', { body: { title: 'About the party job', link: { kind: 'job', id: job.id } } });
    expect(res.status).toBe(200);
    expect(res.body.linked).toMatchObject({ kind: 'job', id: job.id, not_a_contract: true, snapshot: { id: job.id, title: 'Plan a garden party' } });
  });

  it('replays the original thread for the same Idempotency-Key and body, and refuses another body', async () => {
    const headers = { 'idempotency-key': 'thread-create-1' };
    const first = await call<ThreadJson>('POST', '/threads', { headers, body: { title: 'Once only' } });
    const again = await call<ThreadJson>('POST', '/threads', { headers, body: { title: 'Once only' } });
    expect(first.status).toBe(200);
    expect(first.body.replayed).toBeUndefined();
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ ...first.body, replayed: true });
    const other = await call('POST', '/threads', { headers, body: { title: 'Something else' } });
    expect(other.status).toBe(409);
    expect(other.body.error).toBe('idempotency_conflict');
    expect(Number((await row<{ n: string }>("select count(*) as n from threads where title in ('Once only', 'Something else')", []))!.n)).toBe(1);
  });

  it.each([
    ['an empty title', { title: ' ' }, 'title'],
    ['a two-line title', { title: 'One\nTwo' }, 'title'],
    ['an unknown field', { title: 'Fine', colour: 'red' }, 'colour'],
    ['a link to a job that does not exist', { title: 'Fine', link: { kind: 'job', id: 'job_missing' } }, 'link.id'],
  ])('refuses %s with 400 validation_failed naming the field', async (_case, body, path) => {
    const res = await call('POST', '/threads', { body });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('validation_failed');
    expect(res.body.details?.map((d) => d.path)).toContain(path);
  });

  it('needs threads:write (401 without a token, 403 insufficient_scope with another scope)', async () => {
    expect((await call('POST', '/threads', { token: undefined as never, body: { title: 'x' } })).status).toBe(401);
    const res = await call('POST', '/threads', { token: oliveReader, body: { title: 'x' } });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('insufficient_scope');
  });
});

describe('GET /api/v1/threads and /api/v1/threads/invitations', () => {
  it('lists the threads the caller takes part in, with account:read or threads:write, never with another scope', async () => {
    const thread = await sharedThread('Listed for Pat');
    for (const token of [patToken, (await app.agentToken(pat, ['account:read'])).token, (await app.agentToken(pat, ['threads:write'])).token]) {
      const res = await call<{ threads: { id: string; participant_count: number }[]; total: number; limit: number; offset: number }>('GET', '/threads', { token });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ limit: 20, offset: 0 });
      expect(res.body.threads.find((t) => t.id === thread.id)).toMatchObject({ participant_count: 2 });
    }
    const sams = await call<{ threads: unknown[] }>('GET', '/threads', { session: sam.session, token: undefined as never });
    expect(sams.body.threads).toEqual([]);
    expect((await call('GET', '/threads', { token: oliveJobs })).body.error).toBe('insufficient_scope');
  });

  it('filters by status and refuses a bad limit', async () => {
    const thread = await sharedThread('To archive for the list');
    await app.services.threads.archive(oliveActor, thread.id);
    const archived = await call<{ threads: { id: string; status: string }[] }>('GET', '/threads?status=archived');
    expect(archived.body.threads.map((t) => t.id)).toContain(thread.id);
    expect(archived.body.threads.every((t) => t.status === 'archived')).toBe(true);
    const bad = await call('GET', '/threads?limit=1000');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('validation_failed');
  });

  it('lists pending invitations addressed to the caller with account:read (title and owner only)', async () => {
    const thread = await app.services.threads.create(oliveActor, { title: 'Invitation for Sam', summary: 'secret summary' });
    const invite = await app.services.threads.createInvite(oliveActor, thread.id, { invitee_principal_id: sam.id });
    const samReader = (await app.agentToken(sam, ['account:read'])).token;
    const res = await call<{ invitations: { id: string }[]; total: number }>('GET', '/threads/invitations', { token: samReader });
    expect(res.status).toBe(200);
    expect(res.body.invitations).toEqual([
      { id: invite.id, thread: { id: thread.id, title: 'Invitation for Sam', owner: { principal_id: olive.id, display_name: 'Olive Owner' } }, created_at: expect.any(String), expires_at: expect.any(String) },
    ]);
    expect(JSON.stringify(res.body)).not.toContain('secret summary');
    const writer = (await app.agentToken(sam, ['threads:write'])).token;
    expect((await call('GET', '/threads/invitations', { token: writer })).body.error).toBe('insufficient_scope');
  });
});

describe('GET /api/v1/threads/{id} and its export', () => {
  it('shows invitations to the owner only', async () => {
    const thread = await sharedThread();
    const owner = await call<ThreadJson>('GET', `/threads/${thread.id}`);
    const other = await call<ThreadJson>('GET', `/threads/${thread.id}`, { token: patToken });
    expect(owner.status).toBe(200);
    expect(owner.body.invites).toHaveLength(1);
    expect(owner.body.invites![0]).toMatchObject({ status: 'accepted', token: null, url: null });
    expect(other.body.invites).toBeNull();
    expect(other.body.participants.map((p) => p.role)).toEqual(['owner', 'participant']);
  });

  it('needs threads:write to read a thread', async () => {
    const thread = await sharedThread();
    const res = await call('GET', `/threads/${thread.id}`, { token: oliveReader });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('insufficient_scope');
  });

  it('exports Markdown as text/markdown; charset=utf-8 and JSON as the export document, also when archived', async () => {
    const thread = await sharedThread('Export me');
    await app.services.threads.addEntry(patActor, thread.id, { kind: 'update', text: 'Hall booked.' });
    await app.services.threads.archive(oliveActor, thread.id);
    const md = await call<string>('GET', `/threads/${thread.id}/export?format=md`, { token: patToken });
    expect(md.status).toBe(200);
    expect(md.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(md.headers.get('content-disposition')).toBe(`attachment; filename="${thread.id}.md"`);
    expect(md.body).toMatch(/^# Export me/);
    expect(md.body).toContain('> Hall booked.');
    const json = await call<{ export_version: number; thread: ThreadJson }>('GET', `/threads/${thread.id}/export?format=json`);
    expect(json.status).toBe(200);
    expect(json.headers.get('content-type')).toMatch(/^application\/json/);
    expect(json.body).toMatchObject({ export_version: 1, thread: { id: thread.id, status: 'archived' } });
    expect(json.body.thread).not.toHaveProperty('invites');
    for (const query of ['', '?format=pdf']) {
      const bad = await call('GET', `/threads/${thread.id}/export${query}`);
      expect(bad.status).toBe(400);
      expect(bad.body.error).toBe('validation_failed');
    }
  });
});

describe('PATCH /api/v1/threads/{id}', () => {
  it('lets any participant change the summary at the version they read; the version goes up by one', async () => {
    const thread = await sharedThread();
    const res = await call<ThreadJson>('PATCH', `/threads/${thread.id}`, { token: patToken, body: { summary: 'Date fixed.', expected_version: 1 } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ summary: 'Date fixed.', summary_version: 2 });
    expect(await row('select summary, summary_version from threads where id = $1', [thread.id])).toEqual({ summary: 'Date fixed.', summary_version: 2 });
  });

  it('answers 428 without expected_version and 409 version_conflict with current when stale; nothing changes', async () => {
    const thread = await sharedThread();
    await call('PATCH', `/threads/${thread.id}`, { body: { summary: 'Olive first.', expected_version: 1 } });
    const missing = await call('PATCH', `/threads/${thread.id}`, { token: patToken, body: { summary: 'Pat second.' } });
    expect(missing.status).toBe(428);
    expect(missing.body.error).toBe('expected_version_required');
    const stale = await call('PATCH', `/threads/${thread.id}`, { token: patToken, body: { summary: 'Pat second.', expected_version: 1 } });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toBe('version_conflict');
    expect(stale.body.current).toMatchObject({ summary: 'Olive first.', summary_version: 2, invites: null });
    expect(await row('select summary, summary_version from threads where id = $1', [thread.id])).toEqual({ summary: 'Olive first.', summary_version: 2 });
  });

  it('lets only the owner change the title', async () => {
    const thread = await sharedThread();
    const owner = await call<ThreadJson>('PATCH', `/threads/${thread.id}`, { body: { title: 'Renamed' } });
    expect(owner.status).toBe(200);
    expect(owner.body).toMatchObject({ title: 'Renamed', summary_version: 1 });
  });
});

describe('entries', () => {
  it('adds (200, Idempotency-Key honoured), edits by the author and deletes to a tombstone', async () => {
    const thread = await sharedThread();
    const headers = { 'idempotency-key': `entry-${thread.id}` };
    const added = await call<EntryJson>('POST', `/threads/${thread.id}/entries`, { token: patToken, headers, body: { kind: 'next_step', text: 'Call the hall.' } });
    expect(added.status).toBe(200);
    expect(added.body).toEqual({
      id: expect.stringMatching(/^ten_/),
      kind: 'next_step',
      text: 'Call the hall.',
      author: { principal_id: pat.id, display_name: 'Pat Participant' },
      created_at: app.clock.now().toISOString(),
      updated_at: app.clock.now().toISOString(),
      deleted: false,
    });
    const replay = await call<EntryJson>('POST', `/threads/${thread.id}/entries`, { token: patToken, headers, body: { kind: 'next_step', text: 'Call the hall.' } });
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual({ ...added.body, replayed: true });
    expect(await count('thread_entries', thread.id)).toBe(1);

    const edited = await call<EntryJson>('PATCH', `/threads/${thread.id}/entries/${added.body.id}`, { token: patToken, body: { kind: 'update', text: 'Hall called.' } });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ kind: 'update', text: 'Hall called.' });
    const deleted = await call<EntryJson>('DELETE', `/threads/${thread.id}/entries/${added.body.id}`, { token: patToken });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ id: added.body.id, text: null, deleted: true, author: { principal_id: pat.id } });
    expect(await row('select text, deleted_at is not null as gone from thread_entries where id = $1', [added.body.id])).toEqual({ text: null, gone: true });
    const read = await call<ThreadJson>('GET', `/threads/${thread.id}`);
    expect(read.body.entries).toEqual([deleted.body]);
  });
});

describe('checklist', () => {
  it('adds an item (200), any participant ticks it with an explicit done, a repeat changes nothing, the adder removes it', async () => {
    const thread = await sharedThread();
    const added = await call<ChecklistItemJson>('POST', `/threads/${thread.id}/checklist`, { body: { text: 'Book the hall' } });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ id: expect.stringMatching(/^tck_/), text: 'Book the hall', done: false, added_by: { principal_id: olive.id } });
    app.clock.advance(1_000);
    const ticked = await call<ChecklistItemJson>('PATCH', `/threads/${thread.id}/checklist/${added.body.id}`, { token: patToken, body: { done: true } });
    expect(ticked.status).toBe(200);
    expect(ticked.body).toMatchObject({ done: true, updated_at: app.clock.now().toISOString() });
    app.clock.advance(1_000);
    const again = await call<ChecklistItemJson>('PATCH', `/threads/${thread.id}/checklist/${added.body.id}`, { token: patToken, body: { done: true } });
    expect(again.body).toEqual(ticked.body);
    const removed = await call<ChecklistItemJson>('DELETE', `/threads/${thread.id}/checklist/${added.body.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ id: added.body.id, done: true });
    expect(await count('thread_checklist_items', thread.id)).toBe(0);
  });

  it('refuses the 31st item with 409 limit_reached', async () => {
    const thread = await sharedThread();
    for (let i = 0; i < 30; i++) await app.services.threads.addItem(oliveActor, thread.id, { text: `Item ${i}` });
    const res = await call('POST', `/threads/${thread.id}/checklist`, { body: { text: 'One too many' } });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: 'limit_reached', limit: 'checklist_items', max: 30 });
  });
});

describe('invitations', () => {
  it('creates a one-time link (200) shown once, for the website page that accepts it; revoking twice is harmless', async () => {
    const thread = await sharedThread();
    const created = await call<InviteJson>('POST', `/threads/${thread.id}/invites`, { body: { invitee_principal_id: sam.id } });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ id: expect.stringMatching(/^tin_/), thread_id: thread.id, invitee_principal_id: sam.id, status: 'pending', token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    expect(created.body.url).toBe(`${TEST_BASE_URL}/threads/invites/${created.body.token}`);
    expect(await row('select token_hash from thread_invites where id = $1', [created.body.id])).not.toEqual({ token_hash: created.body.token });
    const read = await call<ThreadJson>('GET', `/threads/${thread.id}`);
    expect(read.body.invites!.find((i) => i.id === created.body.id)).toMatchObject({ token: null, url: null });
    const plain = await call<InviteJson>('POST', `/threads/${thread.id}/invites`, {});
    expect(plain.status).toBe(200);
    expect(plain.body.invitee_principal_id).toBeNull();

    const revoked = await call<InviteJson>('DELETE', `/threads/${thread.id}/invites/${created.body.id}`);
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ status: 'revoked', token: null });
    expect((await call<InviteJson>('DELETE', `/threads/${thread.id}/invites/${created.body.id}`)).body.status).toBe('revoked');
    expect(await row('select status from thread_invites where id = $1', [created.body.id])).toEqual({ status: 'revoked' });
  });

  it('lets the signed-in person join by link and by invitation id; an agent gets 403 human_only', async () => {
    const thread = await app.services.threads.create(oliveActor, { title: 'Join me' });
    const link = await app.services.threads.createInvite(oliveActor, thread.id, {});
    const agent = await call('POST', '/threads/invitations/accept', { token: patToken, body: { token: link.token } });
    expect(agent.status).toBe(403);
    expect(agent.body.error).toBe('human_only');
    const joined = await call<ThreadJson>('POST', '/threads/invitations/accept', { token: undefined as never, session: pat.session, body: { token: link.token } });
    expect(joined.status).toBe(200);
    expect(joined.body.participants.map((p) => p.principal_id)).toEqual([olive.id, pat.id]);

    const named = await app.services.threads.createInvite(oliveActor, thread.id, { invitee_principal_id: sam.id });
    const samToken = (await app.agentToken(sam, ['threads:write', 'account:read'])).token;
    expect((await call('POST', `/threads/invitations/${named.id}/accept`, { token: samToken })).body.error).toBe('human_only');
    const byId = await call<ThreadJson>('POST', `/threads/invitations/${named.id}/accept`, { token: undefined as never, session: sam.session });
    expect(byId.status).toBe(200);
    expect(await count('thread_participants', thread.id)).toBe(3);
    expect(await row('select status, accepted_by from thread_invites where id = $1', [named.id])).toEqual({ status: 'accepted', accepted_by: sam.id });
  });

  it('refuses a missing token with 400 validation_failed', async () => {
    const res = await call('POST', '/threads/invitations/accept', { token: undefined as never, session: pat.session, body: {} });
    expect(res.status).toBe(400);
    expect(res.body.details?.map((d) => d.path)).toEqual(['token']);
  });
});

describe('people, archive and delete', () => {
  it('lets the owner remove a participant on the website (not an agent); the removed person no longer sees the thread', async () => {
    const thread = await sharedThread();
    const agent = await call('DELETE', `/threads/${thread.id}/participants/${pat.id}`);
    expect(agent.body.error).toBe('human_only');
    const res = await call<ThreadJson>('DELETE', `/threads/${thread.id}/participants/${pat.id}`, { token: undefined as never, session: olive.session });
    expect(res.status).toBe(200);
    expect(res.body.participants.map((p) => p.principal_id)).toEqual([olive.id]);
    const gone = await call('GET', `/threads/${thread.id}`, { token: patToken });
    expect(gone.status).toBe(404);
    expect(gone.body.error).toBe('not_found');
  });

  it('lets a participant leave; the owner cannot (409 invalid_state)', async () => {
    const thread = await sharedThread();
    const left = await call('POST', `/threads/${thread.id}/leave`, { token: undefined as never, session: pat.session });
    expect(left.status).toBe(200);
    expect(left.body).toEqual({ id: thread.id, left: true });
    const owner = await call('POST', `/threads/${thread.id}/leave`, { token: undefined as never, session: olive.session });
    expect(owner.status).toBe(409);
    expect(owner.body.error).toBe('invalid_state');
  });

  it('archives (read-only) and reopens, owner only; archiving twice is invalid_state', async () => {
    const thread = await sharedThread();
    const archived = await call<ThreadJson>('POST', `/threads/${thread.id}/archive`);
    expect(archived.status).toBe(200);
    expect(archived.body.status).toBe('archived');
    expect((await call('POST', `/threads/${thread.id}/archive`)).body.error).toBe('invalid_state');
    expect(await row('select status from threads where id = $1', [thread.id])).toEqual({ status: 'archived' });
    const reopened = await call<ThreadJson>('POST', `/threads/${thread.id}/reopen`);
    expect(reopened.status).toBe(200);
    expect(reopened.body.status).toBe('open');
    expect((await call('POST', `/threads/${thread.id}/reopen`)).body.error).toBe('invalid_state');
  });

  it('refuses a body on the delete without sending the caller to a query parameter it does not take', async () => {
    const thread = await sharedThread('Kept, since the delete was refused');
    const res = await call('DELETE', `/threads/${thread.id}`, { token: undefined as never, session: olive.session, body: { expected_version: 1 } });
    expect(res).toMatchObject({ status: 400, body: { error: 'validation_failed', details: [{ path: 'body', message: 'this operation reads no body' }] } });
    expect(await row('select id from threads where id = $1', [thread.id])).toEqual({ id: thread.id });
  });

  it('deletes a thread nobody else contributed to, with everything in it', async () => {
    const thread = await sharedThread();
    await app.services.threads.addEntry(oliveActor, thread.id, { kind: 'update', text: 'Only mine.' });
    const res = await call('DELETE', `/threads/${thread.id}`, { token: undefined as never, session: olive.session });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: thread.id, deleted: true });
    expect(await row('select id from threads where id = $1', [thread.id])).toBeUndefined();
    expect(await count('thread_entries', thread.id)).toBe(0);
    expect(await count('thread_participants', thread.id)).toBe(0);
  });
});

/** Every thread error code over HTTP: the status comes from the code's kind, and nothing changes. */
describe('thread error codes', () => {
  const session = (principal: () => Principal) => ({ token: undefined as never, session: principal().session });
  const cases: { code: string; status: number; run: () => Promise<Res<unknown>> }[] = [
    {
      code: 'archived',
      status: 409,
      run: async () => {
        const thread = await sharedThread();
        await app.services.threads.archive(oliveActor, thread.id);
        return call('POST', `/threads/${thread.id}/entries`, { token: patToken, body: { kind: 'update', text: 'Too late.' } });
      },
    },
    {
      code: 'owner_only',
      status: 403,
      run: async () => call('PATCH', `/threads/${(await sharedThread()).id}`, { token: patToken, body: { title: 'Mine now' } }),
    },
    {
      code: 'human_only',
      status: 403,
      run: async () => call('DELETE', `/threads/${(await sharedThread()).id}`),
    },
    {
      code: 'not_author',
      status: 403,
      run: async () => {
        const thread = await sharedThread();
        const entry = await app.services.threads.addEntry(oliveActor, thread.id, { kind: 'update', text: 'Olive wrote this.' });
        return call('PATCH', `/threads/${thread.id}/entries/${entry.id}`, { token: patToken, body: { text: 'Pat rewrote it.' } });
      },
    },
    {
      code: 'deleted',
      status: 409,
      run: async () => {
        const thread = await sharedThread();
        const entry = await app.services.threads.addEntry(patActor, thread.id, { kind: 'update', text: 'Gone soon.' });
        await app.services.threads.deleteEntry(patActor, thread.id, entry.id);
        return call('PATCH', `/threads/${thread.id}/entries/${entry.id}`, { token: patToken, body: { text: 'Back?' } });
      },
    },
    {
      code: 'entry_not_found',
      status: 404,
      run: async () => call('DELETE', `/threads/${(await sharedThread()).id}/entries/ten_missing`),
    },
    {
      code: 'item_not_found',
      status: 404,
      run: async () => call('PATCH', `/threads/${(await sharedThread()).id}/checklist/tck_missing`, { body: { done: true } }),
    },
    {
      code: 'invite_not_found',
      status: 404,
      run: async () => call('DELETE', `/threads/${(await sharedThread()).id}/invites/tin_missing`),
    },
    {
      code: 'invite_unavailable',
      status: 409,
      run: async () => {
        const thread = await app.services.threads.create(oliveActor, { title: 'Used link' });
        const invite = await app.services.threads.createInvite(oliveActor, thread.id, {});
        await app.services.threads.acceptInvite(patActor, invite.token!);
        return call('POST', '/threads/invitations/accept', { ...session(() => sam), body: { token: invite.token } });
      },
    },
    {
      code: 'not_for_you',
      status: 403,
      run: async () => {
        const thread = await app.services.threads.create(oliveActor, { title: 'For Pat only' });
        const invite = await app.services.threads.createInvite(oliveActor, thread.id, { invitee_principal_id: pat.id });
        return call('POST', '/threads/invitations/accept', { ...session(() => sam), body: { token: invite.token } });
      },
    },
    {
      code: 'already_participant',
      status: 409,
      run: async () => {
        const thread = await sharedThread();
        const invite = await app.services.threads.createInvite(oliveActor, thread.id, {});
        return call('POST', '/threads/invitations/accept', { ...session(() => pat), body: { token: invite.token } });
      },
    },
    {
      code: 'not_participant',
      status: 409,
      run: async () => call('DELETE', `/threads/${(await sharedThread()).id}/participants/${sam.id}`, session(() => olive)),
    },
    {
      code: 'has_contributions',
      status: 409,
      run: async () => {
        const thread = await sharedThread();
        await app.services.threads.addItem(patActor, thread.id, { text: 'Pat added this' });
        return call('DELETE', `/threads/${thread.id}`, session(() => olive));
      },
    },
  ];

  it('covers every code of the threads catalog', async () => {
    const { THREADS_ERRORS } = await import('@svc/threads');
    expect(new Set(cases.map((c) => c.code))).toEqual(new Set([...Object.keys(THREADS_ERRORS), 'human_only']));
  });

  it.each(cases)('$code answers $status with that code', async ({ code, status, run }) => {
    const res = await run();
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body.error).toBe(code);
    expect(res.body.message).toEqual(expect.any(String));
  });

  it('invite_unavailable names the invitation status; an archived thread refuses joining with archived', async () => {
    const thread = await app.services.threads.create(oliveActor, { title: 'Revoked link' });
    const invite = await app.services.threads.createInvite(oliveActor, thread.id, {});
    await app.services.threads.revokeInvite(oliveActor, thread.id, invite.id);
    const res = await call('POST', '/threads/invitations/accept', { token: undefined as never, session: sam.session, body: { token: invite.token } });
    expect(res.body).toMatchObject({ error: 'invite_unavailable', status: 'revoked' });
    const archivedThread = await app.services.threads.create(oliveActor, { title: 'Archived, then invited' });
    const late = await app.services.threads.createInvite(oliveActor, archivedThread.id, {});
    await app.services.threads.archive(oliveActor, archivedThread.id);
    const refused = await call('POST', '/threads/invitations/accept', { token: undefined as never, session: sam.session, body: { token: late.token } });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('archived');
    expect(await count('thread_participants', archivedThread.id)).toBe(1);
  });
});

describe('the OpenAPI document', () => {
  it('declares every threads operation, the website-only ones as human_only with x-website-only, and Markdown export as a string', async () => {
    interface OpenApiOperation {
      operationId: string;
      security: unknown[];
      'x-website-only'?: boolean;
      responses: Record<string, { description: string }>;
    }
    const res = await app.request<{ paths: Record<string, Record<string, OpenApiOperation>> }>('GET', '/api/v1/openapi.json');
    const ops = Object.values(res.body.paths).flatMap((methods) => Object.values(methods)).filter((op) => String(op.operationId).startsWith('threads.'));
    const declared = API_OPERATIONS.filter((op) => op.id.startsWith('threads.'));
    expect(ops.map((op) => op.operationId).sort()).toEqual(declared.map((op) => op.id).sort());
    const websiteOnly = ops.filter((op) => op['x-website-only']).map((op) => op.operationId).sort();
    expect(websiteOnly).toEqual(['threads.accept_invitation', 'threads.accept_invite', 'threads.delete', 'threads.leave', 'threads.remove_participant']);
    for (const op of ops.filter((o) => o['x-website-only'])) expect(op.security).toEqual([{ session: [] }]);
    const exported = res.body.paths['/api/v1/threads/{id}/export']!.get!;
    expect(JSON.stringify(exported.responses['200'])).toContain('"type":"string"');
    expect(res.body.paths['/api/v1/threads/{id}']!.get!.responses['404']!.description).toContain('not_found');
  });
});
