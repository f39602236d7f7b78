import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@svc/http';
import type { Actor } from '@svc/kernel';
import { sessionActor, type Principal, type RequestOptions, type TestApp } from '@svc/runtime/testing';
import type { ThreadJson } from '@svc/threads';
import { API_OPERATIONS } from '../src/index.ts';
import { startApiTestApp } from './app.ts';
import { callTool, connectMcp } from './mcp-client.ts';
import { THREADS_FIXTURES } from './matrix/threads.fixtures.ts';

/**
 * Privacy of threads, generated from the operations table: every `threads.*` operation that names a
 * thread answers the same 404 `not_found` to a stranger and to a removed or departed participant,
 * whatever the thread's state, exactly as for a thread that does not exist. And thread content never
 * reaches the logs or the usage counts.
 */

let app: TestApp;
const logLines: string[] = [];
let owner: Principal;
let ownerActor: Actor;
let stranger: Principal;
let strangerToken: string;
const people: Record<string, { principal: Principal; actor: Actor; token: string }> = {};

const actorOf = (principal: Principal) => sessionActor(app, principal);
const person = async (name: string) => {
  const principal = await app.signUp(name);
  return { principal, actor: await actorOf(principal), token: (await app.agentToken(principal, ['threads:write', 'account:read'])).token };
};

beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(...String(chunk).trim().split('\n'));
      done();
    },
  });
  app = await startApiTestApp({ logger: createLogger('info', sink) });
  owner = await app.signUp('Olive Owner');
  ownerActor = await actorOf(owner);
  stranger = await app.signUp('Sam Stranger');
  strangerToken = (await app.agentToken(stranger, ['threads:write', 'account:read', 'jobs:write', 'responses:write', 'services:write', 'directory:write', 'feedback:write'])).token;
  for (const name of ['Removed', 'Departed', 'Current']) people[name] = await person(`${name} Participant`);
});
afterAll(() => app?.close());

const THREAD_OPERATIONS = API_OPERATIONS.filter((operation) => operation.id.startsWith('threads.'));
/** Every operation whose path names a thread. */
const NAMING_A_THREAD = THREAD_OPERATIONS.filter((operation) => operation.path.includes('{id}'));

type State = 'open' | 'archived';

/**
 * A thread in `state` with something behind every path parameter: an entry, a checklist item and
 * a pending invitation; a current participant; one person removed by the owner and one who left.
 */
const fixtureThread = async (state: State): Promise<Record<string, string>> => {
  const { threads } = app.services;
  const thread = await threads.create(ownerActor, { title: `Private plans (${state})`, summary: 'Only for us' });
  for (const name of ['Removed', 'Departed', 'Current']) {
    const invite = await threads.createInvite(ownerActor, thread.id, {});
    await threads.acceptInvite(people[name]!.actor, invite.token!);
  }
  const entry = await threads.addEntry(people.Removed!.actor, thread.id, { kind: 'update', text: 'Written before removal' });
  const item = await threads.addItem(people.Departed!.actor, thread.id, { text: 'Added before leaving' });
  const invite = await threads.createInvite(ownerActor, thread.id, {});
  await threads.removeParticipant(ownerActor, thread.id, people.Removed!.principal.id);
  await threads.leave(people.Departed!.actor, thread.id);
  if (state === 'archived') await threads.archive(ownerActor, thread.id);
  return { id: thread.id, entry_id: entry.id, item_id: item.id, invite_id: invite.id, principal_id: people.Current!.principal.id };
};

const fill = (path: string, params: Record<string, string>): string =>
  path.replace(/\{([a-z_]+)\}/g, (_, name: string) => {
    if (!(name in params)) throw new Error(`The fixture has no value for {${name}} in ${path}`);
    return params[name]!;
  });

const send = (operation: (typeof THREAD_OPERATIONS)[number], params: Record<string, string>, credentials: RequestOptions) =>
  app.request(operation.method, fill(operation.path, params), {
    ...credentials,
    ...(['POST', 'PATCH', 'PUT'].includes(operation.method) ? { body: {} } : {}),
  });

describe('the operations table', () => {
  it('names a thread in every threads operation but the lists, create and accepting an invitation', () => {
    const others = THREAD_OPERATIONS.filter((operation) => !operation.path.includes('{id}')).map((operation) => operation.id).sort();
    expect(others).toEqual(['threads.accept_invitation', 'threads.accept_invite', 'threads.create', 'threads.invitations', 'threads.list']);
  });

  it('has a matrix fixture for every threads operation, and no other', () => {
    expect(Object.keys(THREADS_FIXTURES).sort()).toEqual(THREAD_OPERATIONS.map((operation) => operation.id).sort());
  });
});

describe.each<[string, State]>([
  ['an open', 'open'],
  ['an archived', 'archived'],
])('%s thread, to someone who is not a participant', (_label, state) => {
  it.each(NAMING_A_THREAD.map((operation) => [`${operation.method} ${operation.path}`, operation] as const))(
    '%s answers 404 not_found, as for a thread that does not exist',
    async (_name, operation) => {
      const params = await fixtureThread(state);
      const missing = { ...params, id: 'thr_doesnotexist0000000000000' };
      const humanOnly = operation.auth === 'human_only';
      const callers: [string, RequestOptions][] = [
        ['the stranger’s session', { session: stranger.session }],
        ['the removed participant’s session', { session: people.Removed!.principal.session }],
        ['the departed participant’s session', { session: people.Departed!.principal.session }],
        ['the stranger’s token with every scope', { token: strangerToken }],
        ['the removed participant’s token', { token: people.Removed!.token }],
        ['the departed participant’s token', { token: people.Departed!.token }],
      ];
      const unknown = await send(operation, missing, { session: stranger.session });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ error: 'not_found', message: expect.any(String) });
      for (const [who, credentials] of callers) {
        const res = await send(operation, params, credentials);
        if (humanOnly && credentials.token) {
          // An agent is refused before any thread is looked at: the same answer whether the thread exists or not.
          expect(res.status, who).toBe(403);
          expect(res.body.error, who).toBe('human_only');
          expect(res.body).toEqual((await send(operation, missing, credentials)).body);
        } else {
          expect(res.status, `${who}: ${JSON.stringify(res.body)}`).toBe(404);
          expect(res.body, who).toEqual(unknown.body);
        }
      }
      // Nothing a non-participant sent changed the thread.
      const after = await app.db.query<{ n: string; updated_at: Date }>(
        'select (select count(*) from thread_participants p where p.thread_id = t.id) as n, t.updated_at from threads t where t.id = $1',
        [params.id],
      );
      expect(Number(after[0]!.n)).toBe(2);
      // The same route with the owner's session finds the thread: the 404 above was about the caller.
      const control = await send(operation, params, { session: owner.session });
      expect(control.body?.error ?? null, `${operation.id} for its owner`).not.toBe('not_found');
    },
  );
});

describe('the matrix fixtures', () => {
  it.each(THREAD_OPERATIONS.map((operation) => [operation.id, operation] as const))('%s: the owner succeeds, the stranger gets what the fixture says', async (id, operation) => {
    const fixture = THREADS_FIXTURES[id]!;
    const matrixOwner = { ...people.Current!.principal, actor: people.Current!.actor };
    const matrixStranger = { ...stranger, actor: await actorOf(stranger) };
    const run = async (credentials: RequestOptions) => {
      const request = await fixture.setup({ app, owner: matrixOwner, stranger: matrixStranger });
      const query = request.query ? `?${new URLSearchParams(request.query)}` : '';
      return app.request(operation.method, fill(operation.path, request.params ?? {}) + query, {
        ...credentials,
        ...(request.body === undefined ? {} : { body: request.body }),
      });
    };
    const own = await run({ session: matrixOwner.session });
    expect(own.status, JSON.stringify(own.body)).toBeLessThan(300);
    const strangers = await run(operation.auth === 'human_only' ? { session: stranger.session } : { token: strangerToken });
    if (fixture.stranger === 'success') expect(strangers.status, JSON.stringify(strangers.body)).toBeLessThan(300);
    else expect(strangers.body.error).toBe(fixture.stranger);
  });
});

describe('the lists, to a removed participant', () => {
  it('no longer show the thread', async () => {
    const params = await fixtureThread('open');
    const res = await app.request<{ threads: { id: string }[] }>('GET', '/api/v1/threads', { token: people.Removed!.token });
    expect(res.status).toBe(200);
    expect(res.body.threads.map((thread) => thread.id)).not.toContain(params.id);
  });
});

describe('an entry’s Idempotency-Key, sent again by someone no longer in the thread', () => {
  it('answers 404 not_found, as for a thread that does not exist, not the stored entry (REST and MCP, same or other text)', async () => {
    const { threads } = app.services;
    const thread = await threads.create(ownerActor, { title: 'Keys after leaving', summary: '' });
    for (const name of ['Removed', 'Departed', 'Current']) await threads.acceptInvite(people[name]!.actor, (await threads.createInvite(ownerActor, thread.id, {})).token!);
    const entry = { kind: 'next_step', text: 'Written with a key' };
    const post = (token: string, key: string, body: object = entry) =>
      app.request('POST', `/api/v1/threads/${thread.id}/entries`, { token, headers: { 'idempotency-key': key }, body });
    for (const name of ['Removed', 'Departed', 'Current']) {
      const created = await post(people[name]!.token, `key-${name}`);
      expect([created.status, created.body.text]).toEqual([200, entry.text]);
      const mcp = await connectMcp(app.url, people[name]!.token);
      expect((await callTool(mcp, 'threads.add_entry', { id: thread.id, ...entry, idempotency_key: `mcp-${name}` })).isError).toBeFalsy();
      await mcp.close();
    }
    await threads.removeParticipant(ownerActor, thread.id, people.Removed!.principal.id);
    await threads.leave(people.Departed!.actor, thread.id);
    const unknown = await app.request('POST', '/api/v1/threads/thr_doesnotexist0000000000000/entries', { token: strangerToken, body: entry });
    for (const name of ['Removed', 'Departed']) {
      const { token } = people[name]!;
      for (const body of [entry, { ...entry, text: 'Other text' }]) {
        const again = await post(token, `key-${name}`, body);
        expect(again.status, name).toBe(404);
        expect(again.body).toEqual(unknown.body);
      }
      const mcp = await connectMcp(app.url, token);
      const replay = await callTool(mcp, 'threads.add_entry', { id: thread.id, ...entry, idempotency_key: `mcp-${name}` });
      expect([replay.isError, replay.structuredContent?.error]).toEqual([true, 'not_found']);
      await mcp.close();
    }
    // A participant still in the thread gets the stored entry back, as always.
    const kept = await post(people.Current!.token, 'key-Current');
    expect([kept.status, kept.body.replayed]).toEqual([200, true]);
    const stored = await app.db.query<{ n: string }>('select count(*) as n from thread_entries where thread_id = $1', [thread.id]);
    expect(Number(stored[0]!.n)).toBe(6);
  });
});

describe('logs and usage counts', () => {
  it('name route templates and outcomes only: never thread content, ids, tokens or invitation links', async () => {
    const secret = 'the surprise is a pony';
    const created = await app.request<ThreadJson>('POST', '/api/v1/threads', {
      token: people.Current!.token,
      body: { title: `Plans: ${secret}`, summary: `Summary: ${secret}` },
      headers: { 'idempotency-key': 'private-create' },
    });
    expect(created.status).toBe(200);
    const id = created.body.id;
    const entry = await app.request('POST', `/api/v1/threads/${id}/entries`, { token: people.Current!.token, body: { kind: 'blocker', text: `Entry: ${secret}` } });
    await app.request('PATCH', `/api/v1/threads/${id}/entries/${entry.body.id}`, { token: people.Current!.token, body: { text: `Edited: ${secret}` } });
    await app.request('POST', `/api/v1/threads/${id}/checklist`, { token: people.Current!.token, body: { text: `Item: ${secret}` } });
    await app.request('PATCH', `/api/v1/threads/${id}`, { token: people.Current!.token, body: { summary: `Changed: ${secret}`, expected_version: 1 } });
    const invite = await app.request('POST', `/api/v1/threads/${id}/invites`, { token: people.Current!.token, body: {} });
    await app.request('POST', '/api/v1/threads/invitations/accept', { session: stranger.session, body: { token: invite.body.token } });
    await app.request('GET', `/api/v1/threads/${id}/export?format=md`, { token: people.Current!.token });
    await app.request('GET', `/api/v1/threads/${id}`, { token: people.Removed!.token });
    // A refused body is not logged either.
    await app.request('POST', `/api/v1/threads/${id}/entries`, { token: people.Current!.token, body: { kind: 'gossip', text: `Refused: ${secret}` } });

    await app.services.usage.flush();
    const usage = await app.services.usage.day(app.clock.now().toISOString().slice(0, 10));
    const routes = usage.map((row) => row.route);
    expect(routes).toEqual(
      expect.arrayContaining([
        'POST /api/v1/threads threads.create',
        'POST /api/v1/threads/:id/entries threads.add_entry',
        'PATCH /api/v1/threads/:id/entries/:entry_id threads.edit_entry',
        'GET /api/v1/threads/:id/export threads.export',
        'POST /api/v1/threads/invitations/accept threads.accept_invite',
      ]),
    );
    expect(usage).toEqual(expect.arrayContaining([{ route: 'GET /api/v1/threads/:id threads.get', outcome: '4xx:not_found', count: expect.any(Number) }]));

    const records = logLines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(records).toEqual(expect.arrayContaining([expect.objectContaining({ msg: 'request', method: 'POST', route: '/api/v1/threads/:id/entries', operation: 'threads.add_entry', status: 200 })]));
    const everything = [...logLines, ...usage.map((row) => `${row.route} ${row.outcome}`)].join('\n');
    for (const leak of [secret, id, entry.body.id, invite.body.token, invite.body.id, people.Current!.token, stranger.session, people.Current!.principal.id]) {
      expect(everything).not.toContain(leak);
    }
  });
});
