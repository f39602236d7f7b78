import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryItemJson, OwnerEntryJson, ResolutionJson } from '@svc/directory';
import { hiddenStateAddresses, support as supportActor, UNMODERATED } from '@svc/directory/testing';
import type { Actor } from '@svc/kernel';
import { textArray } from '@svc/db';
import { type Principal, type TestApp, type TestResponse, type ApiErrorBody } from '@svc/runtime/testing';
import { startApiTestApp } from './app.ts';

/** The directory over HTTP, on PostgreSQL: every Directory endpoint, its errors, and what the database holds afterwards. */

let app: TestApp;
let alice: Principal;
let bob: Principal;
let aliceActor: Actor;
/** Alice's agent that may change her entries and read her account. */
let aliceToken: string;
let aliceGrant: string;
/** Alice's second agent, also allowed to change entries: the one an agent limit leaves out. */
let aliceOtherToken: string;
let aliceOtherGrant: string;
/** Alice's agent that may only read. */
let aliceReader: string;
/** Alice's agent with an unrelated scope. */
let aliceJobsOnly: string;
/** Bob's agent with the same scopes: scope alone must never let it touch Alice's entries. */
let bobToken: string;

const support = supportActor({ principalId: 'prn_support_test' });

beforeAll(async () => {
  app = await startApiTestApp();
  alice = await app.signUp('Alice Owner');
  bob = await app.signUp('Bob Other');
  aliceActor = (await app.services.access.accounts.resolveSession(alice.session))!.actor;
  ({ token: aliceToken, grantId: aliceGrant } = await app.agentToken(alice, ['directory:write', 'account:read']));
  ({ token: aliceOtherToken, grantId: aliceOtherGrant } = await app.agentToken(alice, ['directory:write']));
  aliceReader = (await app.agentToken(alice, ['account:read'])).token;
  aliceJobsOnly = (await app.agentToken(alice, ['jobs:write'])).token;
  bobToken = (await app.agentToken(bob, ['directory:write', 'account:read'])).token;
});
afterAll(() => app?.close());

/**
 * Entries a describe block sets up once and keeps. Every other entry of Alice's is marked retired
 * after each test, as the daily cleanup would, so the 25-entry limit never decides an unrelated test.
 */
const kept = new Set<string>();
const keep = (entry: OwnerEntryJson): OwnerEntryJson => {
  kept.add(entry.handle);
  return entry;
};
afterEach(async () => {
  await app.db.query(
    `update directory_entries set status = 'retired', retired_at = updated_at where owner_id = $1 and status <> 'retired' and handle <> all($2::text[])`,
    [alice.id, textArray(['', ...kept])],
  );
});

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const DAY = 24 * 60 * 60 * 1000;

interface ErrorBody extends ApiErrorBody<OwnerEntryJson> {
  limit?: number;
}
type Entry = OwnerEntryJson & ErrorBody & { replayed?: boolean };
type Caller = { token?: string; session?: string; headers?: Record<string, string> };

let counter = 0;
const handle = (name = 'entry') => `${name}-${Date.now().toString(36)}-${++counter}`;

const WEB = { type: 'web', value: 'https://alice.example', label: 'Site', audience: 'public', approved_for_disclosure: true };
const MAIL = { type: 'email', value: 'alice@mail.example', label: 'Mail', audience: 'signed_in', approved_for_disclosure: true };
const HIDDEN = { type: 'phone', value: '+447700900123', label: 'Phone', audience: 'public', approved_for_disclosure: false };

const registration = (overrides: Record<string, unknown> = {}) => ({
  handle: handle(),
  display_name: 'Alice Bakes',
  description: 'Cakes to order.',
  entry_type: 'person',
  destinations: [WEB, MAIL, HIDDEN],
  ...overrides,
});

const post = (body: unknown, caller: Caller = { token: aliceToken }) =>
  app.request<Entry>('POST', '/api/v1/directory', { ...caller, body });

/** Registers as Alice's agent (or `caller`) and fails the test unless it is created. */
const register = async (overrides: Record<string, unknown> = {}, caller: Caller = { token: aliceToken }): Promise<OwnerEntryJson> => {
  const res = await post(registration(overrides), caller);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
};

const call = (method: string, path: string, body?: unknown, caller: Caller = { token: aliceToken }) =>
  app.request<Entry>(method, path, { ...caller, ...(body === undefined ? {} : { body }) });
const at = (entry: { address: string }, rest = '') => `/api/v1/directory/${entry.address}${rest}`;
const resolve = (address: string, caller: Caller = {}) => app.request<ResolutionJson & ErrorBody>('GET', `/api/v1/directory/${address}`, caller);

const stored = async (address: string) =>
  (await app.db.query<{ status: string; version: number; display_name: string; locked: boolean; suspended: boolean }>(
    'select status, version, display_name, locked, suspended from directory_entries where handle = $1',
    [address.replace(/^aar:/, '')],
  ))[0];
const historyActions = async (address: string): Promise<string[]> =>
  (await app.db.query<{ action: string }>(
    'select h.action from directory_history h join directory_entries e on e.id = h.entry_id where e.handle = $1 order by h.version',
    [address.replace(/^aar:/, '')],
  )).map((row) => row.action);

const paths = (res: TestResponse<ErrorBody>) => (res.body.details ?? []).map((detail) => detail.path);

describe('POST /api/v1/directory', () => {
  it('answers 201 with the owner view, stores the entry and its first history record', async () => {
    const name = handle('alice-bakes');
    const res = await post(registration({ handle: name, display_name: '  Alice Bakes  ' }));
    expect(res.status).toBe(201);
    const now = app.clock.now();
    expect(res.body).toEqual({
      address: `aar:${name}`,
      handle: name,
      display_name: 'Alice Bakes',
      description: 'Cakes to order.',
      entry_type: 'person',
      visibility: 'public',
      term: 'temporary',
      status: 'active',
      version: 1,
      expiry: new Date(now.getTime() + 30 * DAY).toISOString(),
      renewable_until: new Date(now.getTime() + 60 * DAY).toISOString(),
      destinations: [
        { id: expect.stringMatching(/^dst_/), ...WEB, preferred: false },
        { id: expect.stringMatching(/^dst_/), ...MAIL, preferred: false },
        { id: expect.stringMatching(/^dst_/), ...HIDDEN, preferred: false },
      ],
      ...UNMODERATED,
      history_summary: { count: 1, latest: { id: expect.stringMatching(/^dhi_/), action: 'register', at: now.toISOString(), version: 1 } },
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    });
    expect(await stored(name)).toMatchObject({ status: 'active', version: 1, display_name: 'Alice Bakes' });
    expect(await historyActions(name)).toEqual(['register']);
  });

  it('lets a signed-in person register an ongoing entry, and refuses it to an agent (403 human_only)', async () => {
    const ongoing = await register({ term: 'ongoing' }, { session: alice.session });
    expect(ongoing).toMatchObject({ term: 'ongoing', expiry: null, renewable_until: null });
    const refused = await post(registration({ term: 'ongoing' }));
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('human_only');
  });

  it('replays the original answer for a repeated Idempotency-Key (200, replayed) and refuses another body (409)', async () => {
    const body = registration();
    const first = await app.request<Entry>('POST', '/api/v1/directory', { token: aliceToken, body, headers: { 'idempotency-key': `key-${body.handle}` } });
    expect(first.status).toBe(201);
    const again = await app.request<Entry>('POST', '/api/v1/directory', { token: aliceToken, body, headers: { 'idempotency-key': `key-${body.handle}` } });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ ...first.body, replayed: true });
    const other = await app.request<Entry>('POST', '/api/v1/directory', {
      token: aliceToken,
      body: { ...body, display_name: 'Something else' },
      headers: { 'idempotency-key': `key-${body.handle}` },
    });
    expect(other.status).toBe(409);
    expect(other.body.error).toBe('idempotency_conflict');
    expect(Number((await app.db.query<{ n: string }>('select count(*) as n from directory_entries where handle = $1', [body.handle]))[0]!.n)).toBe(1);
  });

  it('answers 409 handle_taken for a handle in use, and never reassigns it', async () => {
    const entry = await register();
    const res = await post(registration({ handle: entry.handle }), { token: bobToken });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('handle_taken');
  });

  it.each([
    ['a handle with an underscore', { handle: 'alice_bakes' }, 'handle'],
    ['a handle too short', { handle: 'ab' }, 'handle'],
    ['a double hyphen', { handle: 'a--b' }, 'handle'],
    ['the reserved handle mine', { handle: 'mine' }, 'handle'],
    ['no display name', { display_name: '   ' }, 'display_name'],
    ['an unknown entry type', { entry_type: 'robot' }, 'entry_type'],
    ['an unknown field', { colour: 'blue' }, 'colour'],
    ['an expiry in the past', { expires_at: '2020-01-01T00:00:00.000Z' }, 'expires_at'],
  ])('answers 400 validation_failed for %s', async (_name, overrides, path) => {
    const res = await post(registration(overrides));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('validation_failed');
    expect(paths(res)).toContain(path);
  });

  it('answers 400 destination_invalid naming the value that does not fit its type', async () => {
    const res = await post(registration({ destinations: [WEB, { type: 'web', value: 'http://plain.example' }] }));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('destination_invalid');
    expect(paths(res)).toEqual(['destinations.1.value']);
  });

  it('answers 409 limit_reached with the limit after 25 entries', async () => {
    const carol = await app.signUp('Carol Many');
    const carolActor = (await app.services.access.accounts.resolveSession(carol.session))!.actor;
    for (let i = 0; i < 25; i++) {
      await app.services.directory.register(carolActor, { handle: handle('carol'), display_name: 'Carol', entry_type: 'person' });
    }
    const res = await post(registration(), { session: carol.session });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: 'limit_reached', limit: 'directory_entries', max: 25 });
  });

  it.each([
    ['anonymous', () => ({}), 401, 'unauthenticated'],
    ['a token without directory:write', () => ({ token: aliceReader }), 403, 'insufficient_scope'],
  ])('refuses %s', async (_name, caller, status, code) => {
    const res = await post(registration(), caller());
    expect(res.status).toBe(status);
    expect(res.body.error).toBe(code);
  });
});

describe('GET /api/v1/directory (discovery)', () => {
  let org: OwnerEntryJson;
  let restricted: OwnerEntryJson;
  let paused: OwnerEntryJson;
  beforeAll(async () => {
    org = keep(await register({ handle: handle('zebrafish-lab'), display_name: 'Zebrafish Lab', entry_type: 'organisation', description: 'Aquarium research.' }));
    restricted = keep(await register({ handle: handle('zebrafish-private'), display_name: 'Zebrafish Private', visibility: 'restricted' }));
    paused = keep(await register({ handle: handle('zebrafish-paused'), display_name: 'Zebrafish Paused' }));
    await app.services.directory.pause(aliceActor, paused.address, { expected_version: 1 });
  });

  it('lists active public entries in the resolution shape, public destinations only', async () => {
    const res = await app.request('GET', '/api/v1/directory?q=zebrafish');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      entries: [
        {
          address: org.address,
          display_name: 'Zebrafish Lab',
          entry_type: 'organisation',
          description: 'Aquarium research.',
          version: 1,
          destinations: [{ id: org.destinations[0]!.id, type: 'web', uri: WEB.value, label: 'Site', preferred: false }],
          expiry: org.expiry,
          owner: 'not disclosed',
        },
      ],
      total: 1,
      total_is_lower_bound: false,
      limit: 20,
      offset: 0,
    });
  });

  it('filters by type and pages with limit and offset', async () => {
    const byType = await app.request('GET', '/api/v1/directory?type=organisation');
    expect(byType.body.entries.map((e: ResolutionJson) => e.entry_type)).toEqual(expect.arrayContaining(['organisation']));
    expect(byType.body.entries.every((e: ResolutionJson) => e.entry_type === 'organisation')).toBe(true);
    const page = await app.request('GET', '/api/v1/directory?limit=1&offset=1');
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ limit: 1, offset: 1 });
    expect(page.body.entries).toHaveLength(1);
  });

  it('finds an entry by its address in q, aar:handle with the prefix in any case, as by the bare handle', async () => {
    for (const q of [org.handle, org.address, org.address.toUpperCase()]) {
      const res = await app.request('GET', `/api/v1/directory?q=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(200);
      expect(res.body.entries.map((e: ResolutionJson) => e.address), q).toEqual([org.address]);
    }
  });

  it('never lists restricted or paused entries, even to their owner', async () => {
    const res = await app.request('GET', '/api/v1/directory?q=zebrafish', { token: aliceToken });
    const addresses = res.body.entries.map((e: ResolutionJson) => e.address);
    expect(addresses).not.toContain(restricted.address);
    expect(addresses).not.toContain(paused.address);
  });

  it.each([
    ['an unknown key', 'colour=blue', 'colour'],
    ['an unknown type', 'type=robot', 'type'],
    ['a limit too large', 'limit=1000', 'limit'],
  ])('answers 400 validation_failed for %s', async (_name, query, path) => {
    const res = await app.request<ErrorBody>('GET', `/api/v1/directory?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('validation_failed');
    expect(paths(res)).toContain(path);
  });
});

describe('GET /api/v1/directory/mine', () => {
  it('lists every entry of the caller in the owner view, newest first, for account:read or directory:write', async () => {
    const entry = await register();
    for (const caller of [{ token: aliceReader }, { token: aliceOtherToken }, { session: alice.session }]) {
      const res = await app.request<{ entries: OwnerEntryJson[] }>('GET', '/api/v1/directory/mine', caller);
      expect(res.status).toBe(200);
      expect(res.body.entries.find((e) => e.address === entry.address)).toEqual(entry);
    }
    const bobs = await app.request<{ entries: OwnerEntryJson[] }>('GET', '/api/v1/directory/mine', { token: bobToken });
    expect(bobs.body.entries.map((e) => e.address)).not.toContain(entry.address);
  });

  it('is never taken for an address: anonymous callers are asked to sign in, not told it is unavailable', async () => {
    const res = await app.request<ErrorBody>('GET', '/api/v1/directory/mine');
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('unauthenticated');
    const scope = await app.request<ErrorBody>('GET', '/api/v1/directory/mine', { token: aliceJobsOnly });
    expect(scope.status).toBe(403);
    expect(scope.body.error).toBe('insufficient_scope');
  });
});

describe('GET /api/v1/directory/{address} (resolution)', () => {
  let entry: OwnerEntryJson;
  beforeAll(async () => {
    entry = keep(await register({ handle: handle('resolve-me') }));
  });

  const PUBLIC_ONLY = () => [{ id: entry.destinations[0]!.id, type: 'web', uri: WEB.value, label: 'Site', preferred: false }];
  const SIGNED_IN = () => [...PUBLIC_ONLY(), { id: entry.destinations[1]!.id, type: 'email', uri: MAIL.value, label: 'Mail', preferred: false }];

  it('answers exactly the resolution output, with public destinations for an anonymous caller', async () => {
    const res = await resolve(entry.address);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      address: entry.address,
      display_name: 'Alice Bakes',
      entry_type: 'person',
      description: 'Cakes to order.',
      version: 1,
      destinations: PUBLIC_ONLY(),
      expiry: entry.expiry,
      owner: 'not disclosed',
    });
  });

  it.each([
    ['a token', () => ({ token: bobToken })],
    ['a token with an unrelated scope', () => ({ token: aliceJobsOnly })],
    ['a session', () => ({ session: bob.session })],
  ])('adds the signed-in destinations for %s, never the undisclosed one', async (_name, caller) => {
    const res = await resolve(entry.address, caller());
    expect(res.status).toBe(200);
    expect(res.body.destinations).toEqual(SIGNED_IN());
  });

  it('takes the bare handle as well as the aar: address', async () => {
    const res = await resolve(entry.handle);
    expect(res.status).toBe(200);
    expect(res.body.address).toBe(entry.address);
  });

  it('refuses a bad token with 401 rather than answering as anonymous', async () => {
    const res = await resolve(entry.address, { token: 'not-a-token' });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('invalid_token');
  });

  it('sends a strong ETag, Vary: Authorization, Cookie and Cache-Control: private, no-cache', async () => {
    const anonymous = await resolve(entry.address);
    const signedIn = await resolve(entry.address, { token: bobToken });
    expect(anonymous.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
    expect(anonymous.headers.get('vary')).toBe('Authorization, Cookie');
    expect(anonymous.headers.get('cache-control')).toBe('private, no-cache');
    expect(signedIn.headers.get('etag')).not.toBe(anonymous.headers.get('etag'));
  });

  it('answers 304 without a body for a matching If-None-Match, and 200 for a tag of the other audience', async () => {
    const first = await resolve(entry.address);
    const etag = first.headers.get('etag')!;
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await resolve(entry.address, { headers: { 'if-none-match': header } });
      expect(again.status, header).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.get('etag')).toBe(etag);
      expect(again.headers.get('vary')).toBe('Authorization, Cookie');
      expect(again.headers.get('cache-control')).toBe('private, no-cache');
    }
    const signedIn = await resolve(entry.address, { token: bobToken, headers: { 'if-none-match': etag } });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.destinations).toEqual(SIGNED_IN());
  });

  it('never revalidates a destination that stopped being visible: a changed audience answers 200 with the new body', async () => {
    const fresh = await register({ handle: handle('revalidate') });
    const old = await resolve(fresh.address);
    expect(old.body.destinations.map((d) => d.uri)).toEqual([WEB.value]);
    const etag = old.headers.get('etag')!;
    const changed = await call('PATCH', at(fresh, `/destinations/${fresh.destinations[0]!.id}`), { expected_version: 1, audience: 'signed_in' });
    expect(changed.status).toBe(200);
    const again = await resolve(fresh.address, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(200);
    expect(again.body.version).toBe(2);
    expect(again.body.destinations).toEqual([]);
    expect(again.headers.get('etag')).not.toBe(etag);
    // Once hidden, the old tag gets the 404, never a 304.
    await call('POST', at(fresh, '/pause'), { expected_version: 2 });
    const hidden = await resolve(fresh.address, { headers: { 'if-none-match': again.headers.get('etag')! } });
    expect(hidden.status).toBe(404);
    expect(hidden.body.error).toBe('unavailable');
  });

  it('resolves a restricted entry only for a signed-in caller', async () => {
    const restricted = await register({ visibility: 'restricted' });
    expect((await resolve(restricted.address)).status).toBe(404);
    expect((await resolve(restricted.address, { token: bobToken })).status).toBe(200);
    expect((await resolve(restricted.address, { session: bob.session })).status).toBe(200);
  });

  it('answers the identical 404 unavailable, byte for byte with the same headers, for every hidden state', async () => {
    const make = () => register();
    const paused = await make();
    await app.services.directory.pause(aliceActor, paused.address, { expected_version: 1 });
    const expired = await make();
    await app.db.query('update directory_entries set expires_at = $1 where handle = $2', [new Date(app.clock.now().getTime() - 1000), expired.handle]);
    const retired = await make();
    await app.services.directory.remove(aliceActor, retired.address, 1);
    const retire = app.services.cleanupJobs.find((job) => job.name === 'directory-retire')!;
    await app.services.db.withContext(() => retire.run(new Date(app.clock.now().getTime() + 31 * DAY)));
    expect((await stored(retired.address))!.status).toBe('retired');
    const removed = await make();
    await app.services.directory.remove(aliceActor, removed.address, 1);
    const suspended = await make();
    await app.services.moderation.suspend(support, suspended.address, 'Reported as impersonation');
    const restricted = await register({ visibility: 'restricted' });
    // Every state is visible to its owner as itself, so each case really is what it says.
    expect((await stored(paused.address))!.status).toBe('paused');
    expect((await stored(removed.address))!.status).toBe('removed');
    expect((await stored(suspended.address))!.suspended).toBe(true);

    const cases = {
      unknown: 'aar:never-registered-here',
      'not a handle': 'aar:NOT_A_HANDLE',
      ...hiddenStateAddresses({ paused, expired, removed, retired, suspended, 'restricted while signed out': restricted }),
    };
    const answers = await Promise.all(
      Object.entries(cases).map(async ([name, address]) => {
        const res = await fetch(`${app.url}/api/v1/directory/${address}`);
        const headers = [...res.headers.entries()].filter(([key]) => key !== 'x-request-id' && key !== 'date').sort();
        return { name, status: res.status, headers, body: await res.text() };
      }),
    );
    const [first] = answers;
    expect(first!.status).toBe(404);
    expect(JSON.parse(first!.body)).toEqual({ error: 'unavailable', message: 'This address is not available.' });
    expect(first!.headers).toEqual(expect.arrayContaining([['vary', 'Authorization, Cookie'], ['cache-control', 'private, no-cache']]));
    for (const other of answers) {
      expect({ name: other.name, status: other.status, headers: other.headers, body: other.body }).toEqual({ ...first, name: other.name });
    }
  });

  it('answers the signed-in 404 alike too, for every state a signed-in caller cannot see', async () => {
    const paused = await register();
    await app.services.directory.pause(aliceActor, paused.address, { expected_version: 1 });
    const unknown = await resolve('aar:nobody-at-all', { token: bobToken });
    const hidden = await resolve(paused.address, { token: bobToken });
    expect([unknown.status, hidden.status]).toEqual([404, 404]);
    expect(hidden.body).toEqual(unknown.body);
  });
});

describe('GET …/{address}/manage and …/history', () => {
  it('answers the owner view to the owner (token with account:read, or session) and 404 not_found to anyone else', async () => {
    const entry = await register();
    for (const caller of [{ token: aliceReader }, { token: aliceToken }, { session: alice.session }]) {
      const res = await call('GET', at(entry, '/manage'), undefined, caller);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(entry);
    }
    const other = await call('GET', at(entry, '/manage'), undefined, { token: bobToken });
    expect(other.status).toBe(404);
    expect(other.body.error).toBe('not_found');
    expect((await call('GET', '/api/v1/directory/aar:nobody-here/manage')).body.error).toBe('not_found');
    expect((await call('GET', at(entry, '/manage'), undefined, {})).status).toBe(401);
    expect((await call('GET', at(entry, '/manage'), undefined, { token: aliceJobsOnly })).status).toBe(403);
  });

  it('lists the private history newest first with who acted, paged, for the owner only', async () => {
    const entry = await register();
    await call('PATCH', at(entry), { expected_version: 1, display_name: 'Alice Bakes More' }, { session: alice.session });
    const res = await app.request<{ history: HistoryItemJson[]; total: number; limit: number; offset: number }>('GET', at(entry, '/history'), { token: aliceReader });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 2, limit: 20, offset: 0 });
    expect(res.body.history.map((h) => [h.action, h.version])).toEqual([['update', 2], ['register', 1]]);
    expect(res.body.history[0]).toMatchObject({ actor: { kind: 'person', principal_id: alice.id }, previous: { display_name: 'Alice Bakes' } });
    expect(res.body.history[1]).toMatchObject({ actor: { kind: 'agent', principal_id: alice.id, grant_id: aliceGrant, agent_name: 'Test agent' }, previous: null });
    expect(res.body.history[0]!.at).toMatch(ISO_MS);
    const paged = await app.request('GET', `${at(entry, '/history')}?limit=1&offset=1`, { token: aliceReader });
    expect(paged.body.history.map((h: HistoryItemJson) => h.action)).toEqual(['register']);
    const other = await call('GET', at(entry, '/history'), undefined, { token: bobToken });
    expect(other.status).toBe(404);
    expect(other.body.error).toBe('not_found');
    expect((await call('GET', `${at(entry, '/history')}?colour=blue`)).status).toBe(400);
  });
});

describe('PATCH /api/v1/directory/{address}', () => {
  it('changes the fields sent, adds exactly 1 to the version and records the earlier values', async () => {
    const entry = await register();
    const res = await call('PATCH', at(entry), { expected_version: 1, display_name: 'New name', entry_type: 'organisation' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ version: 2, display_name: 'New name', entry_type: 'organisation' });
    expect(await stored(entry.address)).toMatchObject({ version: 2, display_name: 'New name' });
    expect(await historyActions(entry.address)).toEqual(['register', 'update']);
  });

  it('answers 409 version_conflict with the current owner view and changes nothing', async () => {
    const entry = await register();
    await call('PATCH', at(entry), { expected_version: 1, description: 'First' });
    const res = await call('PATCH', at(entry), { expected_version: 1, description: 'Second' });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('version_conflict');
    expect(res.body.current).toMatchObject({ version: 2, description: 'First' });
    expect((await stored(entry.address))!.version).toBe(2);
  });

  it.each([
    ['no expected_version', { display_name: 'X' }, 428, 'expected_version_required'],
    ['a body that is not an object', [1, 2], 400, 'validation_failed'],
    ['an unknown field', { expected_version: 1, colour: 'blue' }, 400, 'validation_failed'],
    ['nothing to change', { expected_version: 1 }, 400, 'validation_failed'],
    ['a bad visibility', { expected_version: 1, visibility: 'secret' }, 400, 'validation_failed'],
    ['an ongoing term from an agent', { expected_version: 1, term: 'ongoing' }, 403, 'human_only'],
  ])('answers %s ', async (_name, body, status, code) => {
    const entry = await register();
    const res = await call('PATCH', at(entry), body);
    expect(res.status).toBe(status);
    expect(res.body.error).toBe(code);
    expect((await stored(entry.address))!.version).toBe(1);
  });

  it("answers 403 not_owner for another principal's entry they can resolve, whatever its scope", async () => {
    const entry = await register();
    const res = await call('PATCH', at(entry), { expected_version: 1, display_name: 'Taken over' }, { token: bobToken });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('not_owner');
    expect((await call('PATCH', at(entry), { expected_version: 1, display_name: 'X' }, { token: aliceReader })).body.error).toBe('insufficient_scope');
    expect((await call('PATCH', at(entry), { expected_version: 1, display_name: 'X' }, {})).body.error).toBe('unauthenticated');
  });

  it('answers 409 invalid_state for a removed entry', async () => {
    const entry = await register();
    await call('DELETE', `${at(entry)}?expected_version=1`);
    const res = await call('PATCH', at(entry), { expected_version: 2, display_name: 'Too late' });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('invalid_state');
  });

  it('lets a session make an entry ongoing', async () => {
    const entry = await register();
    const res = await call('PATCH', at(entry), { expected_version: 1, term: 'ongoing' }, { session: alice.session });
    expect(res.body).toMatchObject({ term: 'ongoing', expiry: null, version: 2 });
  });
});

describe('DELETE /api/v1/directory/{address} and POST …/remove, …/restore', () => {
  it('removes with the version in the query: resolution stops at once, restorable for 30 days', async () => {
    const entry = await register();
    const res = await call('DELETE', `${at(entry)}?expected_version=1`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'removed', version: 2, removed_at: app.clock.now().toISOString() });
    expect(res.body.restorable_until).toBe(new Date(app.clock.now().getTime() + 30 * DAY).toISOString());
    expect((await resolve(entry.address)).status).toBe(404);
    const restored = await call('POST', at(entry, '/restore'), { expected_version: 2 });
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ status: 'active', version: 3 });
    expect((await resolve(entry.address)).status).toBe(200);
    expect(await historyActions(entry.address)).toEqual(['register', 'remove', 'restore']);
  });

  it.each([
    ['DELETE without expected_version', 'DELETE', '', undefined, 428, 'expected_version_required'],
    ['DELETE with a bad expected_version', 'DELETE', '?expected_version=abc', undefined, 400, 'validation_failed'],
    ['DELETE at an old version', 'DELETE', '?expected_version=7', undefined, 409, 'version_conflict'],
    ['POST …/remove without a version', 'POST', '/remove', {}, 428, 'expected_version_required'],
    ['POST …/remove with another field', 'POST', '/remove', { expected_version: 1, why: 'x' }, 400, 'validation_failed'],
    ['POST …/remove with a body that is not an object', 'POST', '/remove', 'yes', 400, 'validation_failed'],
    ['POST …/restore of an entry that is not removed', 'POST', '/restore', { expected_version: 1 }, 409, 'not_removed'],
  ])('answers %s ', async (_name, method, rest, body, status, code) => {
    const entry = await register();
    const res = await call(method, at(entry, rest), body);
    expect(res.status).toBe(status);
    expect(res.body.error).toBe(code);
  });

  it('removes by POST …/remove, refuses removing twice (invalid_state) and restoring after 30 days (restore_window_ended)', async () => {
    const entry = await register();
    const removed = await call('POST', at(entry, '/remove'), { expected_version: 1 });
    expect(removed.body).toMatchObject({ status: 'removed', version: 2 });
    const twice = await call('POST', at(entry, '/remove'), { expected_version: 2 });
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe('invalid_state');
    // Removed 31 days ago: past the restore window.
    await app.db.query('update directory_entries set removed_at = $1 where handle = $2', [new Date(app.clock.now().getTime() - 31 * DAY), entry.handle]);
    const late = await call('POST', at(entry, '/restore'), { expected_version: 2 });
    expect(late.status).toBe(409);
    expect(late.body.error).toBe('restore_window_ended');
  });

  it("refuses another principal's entry with 403 not_owner", async () => {
    const entry = await register();
    expect((await call('DELETE', `${at(entry)}?expected_version=1`, undefined, { token: bobToken })).body.error).toBe('not_owner');
    expect((await call('POST', at(entry, '/remove'), { expected_version: 1 }, { token: bobToken })).body.error).toBe('not_owner');
    expect((await stored(entry.address))!.status).toBe('active');
  });
});

describe('destinations', () => {
  it('adds, changes and removes destinations, each a new version with the earlier list in history', async () => {
    const entry = await register({ destinations: [] });
    const added = await call('POST', at(entry, '/destinations'), {
      expected_version: 1,
      destination: { type: 'a2a_agent_card', value: 'https://alice.example/.well-known/agent.json', label: 'Card', approved_for_disclosure: true },
    });
    expect(added.status).toBe(200);
    expect(added.body.version).toBe(2);
    const dest = added.body.destinations[0]!;
    expect(dest).toMatchObject({ type: 'a2a_agent_card', audience: 'public', preferred: false, approved_for_disclosure: true });
    expect((await resolve(entry.address)).body.destinations).toHaveLength(1);

    const changed = await call('PATCH', at(entry, `/destinations/${dest.id}`), { expected_version: 2, preferred: true, label: 'Agent card' });
    expect(changed.body.destinations[0]).toMatchObject({ id: dest.id, preferred: true, label: 'Agent card' });
    expect((await resolve(entry.address)).body.destinations[0]).toMatchObject({ preferred: true, label: 'Agent card' });

    const removed = await call('DELETE', `${at(entry, `/destinations/${dest.id}`)}?expected_version=3`);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ version: 4, destinations: [] });
    expect(await historyActions(entry.address)).toEqual(['register', 'destination_add', 'destination_update', 'destination_remove']);
    const [record] = (await app.services.directory.history(aliceActor, entry.address)).history;
    expect(record!.previous).toEqual({ destinations: [changed.body.destinations[0]] });
  });

  it.each([
    ['an invalid value', 'POST', '', { expected_version: 1, destination: { type: 'email', value: 'not an address' } }, 400, 'destination_invalid'],
    ['a bad type', 'POST', '', { expected_version: 1, destination: { type: 'fax', value: '+1' } }, 400, 'validation_failed'],
    ['no version', 'POST', '', { destination: WEB }, 428, 'expected_version_required'],
    ['an unknown destination', 'PATCH', '/dst_unknown', { expected_version: 1, label: 'X' }, 404, 'destination_not_found'],
    ['a changed value that does not fit', 'PATCH', '/0', { expected_version: 1, value: 'ftp://x.example' }, 400, 'destination_invalid'],
    ['a change without fields', 'PATCH', '/0', { expected_version: 1 }, 400, 'validation_failed'],
    ['a change at an old version', 'PATCH', '/0', { expected_version: 9, label: 'X' }, 409, 'version_conflict'],
    ['removing an unknown destination', 'DELETE', '/dst_unknown?expected_version=1', undefined, 404, 'destination_not_found'],
    ['removing without a version', 'DELETE', '/0', undefined, 428, 'expected_version_required'],
  ])('answers %s ', async (_name, method, rest, body, status, code) => {
    const entry = await register();
    const path = at(entry, `/destinations${rest.replace('/0', `/${entry.destinations[0]!.id}`)}`);
    const res = await call(method, path, body);
    expect(res.status).toBe(status);
    expect(res.body.error).toBe(code);
    expect((await stored(entry.address))!.version).toBe(1);
  });

  it('answers 409 limit_reached past 8 destinations', async () => {
    const eight = Array.from({ length: 8 }, (_, i) => ({ type: 'web', value: `https://site${i}.example` }));
    const entry = await register({ destinations: eight });
    const res = await call('POST', at(entry, '/destinations'), { expected_version: 1, destination: WEB });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: 'limit_reached', limit: 'destinations', max: 8 });
  });

  it("answers 403 not_owner on another principal's entry", async () => {
    const entry = await register();
    const res = await call('PATCH', at(entry, `/destinations/${entry.destinations[0]!.id}`), { expected_version: 1, label: 'X' }, { token: bobToken });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('not_owner');
  });
});

describe('pause, reactivate, renew', () => {
  it('pauses (resolution stops) and reactivates (it resumes), each +1', async () => {
    const entry = await register();
    const paused = await call('POST', at(entry, '/pause'), { expected_version: 1 });
    expect(paused.body).toMatchObject({ status: 'paused', version: 2 });
    expect((await resolve(entry.address)).status).toBe(404);
    const again = await call('POST', at(entry, '/pause'), { expected_version: 2 });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('invalid_state');
    const active = await call('POST', at(entry, '/reactivate'), { expected_version: 2 });
    expect(active.body).toMatchObject({ status: 'active', version: 3 });
    expect((await resolve(entry.address)).status).toBe(200);
    const twice = await call('POST', at(entry, '/reactivate'), { expected_version: 3 });
    expect(twice.body.error).toBe('invalid_state');
  });

  it('renews an expired temporary entry to now + 30 days within the grace, never after it', async () => {
    const entry = await register();
    const expireAgo = (ms: number) =>
      app.db.query('update directory_entries set expires_at = $1 where handle = $2', [new Date(app.clock.now().getTime() - ms), entry.handle]);
    await expireAgo(DAY);
    expect((await resolve(entry.address)).status).toBe(404);
    expect((await call('GET', at(entry, '/manage'))).body.status).toBe('expired');
    const renewed = await call('POST', at(entry, '/renew'), { expected_version: 1 });
    expect(renewed.status).toBe(200);
    expect(renewed.body).toMatchObject({ status: 'active', version: 2, expiry: new Date(app.clock.now().getTime() + 30 * DAY).toISOString() });
    expect((await resolve(entry.address)).status).toBe(200);
    await expireAgo(31 * DAY);
    const late = await call('POST', at(entry, '/renew'), { expected_version: 2 });
    expect(late.status).toBe(409);
    expect(late.body.error).toBe('grace_ended');
  });

  it('answers 409 not_temporary for an ongoing entry', async () => {
    const entry = await register({ term: 'ongoing' }, { session: alice.session });
    const res = await call('POST', at(entry, '/renew'), { expected_version: 1 }, { session: alice.session });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('not_temporary');
  });

  it.each(['pause', 'reactivate', 'renew', 'restore'])('…/%s answers 428 without a version and 403 not_owner to a stranger', async (action) => {
    const entry = await register();
    expect((await call('POST', at(entry, `/${action}`), {})).body.error).toBe('expected_version_required');
    expect((await call('POST', at(entry, `/${action}`), { expected_version: 1 }, { token: bobToken })).body.error).toBe('not_owner');
    expect((await call('POST', at(entry, `/${action}`), { expected_version: 1 }, { token: aliceReader })).body.error).toBe('insufficient_scope');
  });
});

describe('lock, unlock and agent limits (signed-in person only)', () => {
  it.each(['lock', 'unlock'])('…/%s is refused to an agent with 403 human_only', async (action) => {
    const entry = await register();
    const res = await call('POST', at(entry, `/${action}`), { expected_version: 1 });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('human_only');
    expect((await call('POST', at(entry, `/${action}`), { expected_version: 1 }, {})).status).toBe(401);
  });

  it('locks an entry so that agents get 403 locked, while the person keeps editing; unlock lifts it', async () => {
    const entry = await register();
    const locked = await call('POST', at(entry, '/lock'), { expected_version: 1 }, { session: alice.session });
    expect(locked.status).toBe(200);
    expect(locked.body).toMatchObject({ locked: true, version: 2 });
    expect((await stored(entry.address))!.locked).toBe(true);
    const refused = await call('PATCH', at(entry), { expected_version: 2, display_name: 'Agent edit' });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('locked');
    expect((await call('POST', at(entry, '/pause'), { expected_version: 2 })).body.error).toBe('locked');
    const twice = await call('POST', at(entry, '/lock'), { expected_version: 2 }, { session: alice.session });
    expect(twice.body.error).toBe('invalid_state');
    const person = await call('PATCH', at(entry), { expected_version: 2, display_name: 'Person edit' }, { session: alice.session });
    expect(person.body).toMatchObject({ version: 3, display_name: 'Person edit' });
    const unlocked = await call('POST', at(entry, '/unlock'), { expected_version: 3 }, { session: alice.session });
    expect(unlocked.body).toMatchObject({ locked: false, version: 4 });
    expect((await call('PATCH', at(entry), { expected_version: 4, display_name: 'Agent edit' })).status).toBe(200);
    expect((await call('POST', at(entry, '/unlock'), { expected_version: 5 }, { session: alice.session })).body.error).toBe('invalid_state');
  });

  it('limits changes to chosen grants: another agent gets 403 agent_not_permitted; [] lifts the limit', async () => {
    const entry = await register();
    const limited = await call('PUT', at(entry, '/agents'), { grant_ids: [aliceGrant], expected_version: 1 }, { session: alice.session });
    expect(limited.status).toBe(200);
    expect(limited.body).toMatchObject({ agent_limit: [aliceGrant], version: 2 });
    const other = await call('PATCH', at(entry), { expected_version: 2, description: 'Other agent' }, { token: aliceOtherToken });
    expect(other.status).toBe(403);
    expect(other.body.error).toBe('agent_not_permitted');
    expect((await call('PATCH', at(entry), { expected_version: 2, description: 'Chosen agent' })).status).toBe(200);
    const lifted = await call('PUT', at(entry, '/agents'), { grant_ids: [], expected_version: 3 }, { session: alice.session });
    expect(lifted.body).toMatchObject({ agent_limit: null, version: 4 });
    expect((await call('PATCH', at(entry), { expected_version: 4, description: 'Other agent' }, { token: aliceOtherToken })).status).toBe(200);
    const [latest] = (await app.services.directory.history(aliceActor, entry.address)).history;
    expect(latest!.actor).toMatchObject({ kind: 'agent', grant_id: aliceOtherGrant });
  });

  it('refuses to limit an entry to a revoked or an expired grant of the owner, with the real grants', async () => {
    const revoked = await app.agentToken(alice, ['directory:write']);
    await app.services.access.grants.revoke(aliceActor, revoked.grantId);
    const expired = await app.agentToken(alice, ['directory:write']);
    await app.db.query('update grants set expires_at = $1 where id = $2', [new Date(app.clock.now().getTime() - 1000), expired.grantId]);
    const entry = await register();
    for (const grant of [revoked.grantId, expired.grantId]) {
      const res = await call('PUT', at(entry, '/agents'), { grant_ids: [aliceGrant, grant], expected_version: 1 }, { session: alice.session });
      expect(res.status, grant).toBe(400);
      expect(res.body).toMatchObject({ error: 'validation_failed', details: [{ path: 'grant_ids.1', message: 'is not one of your live agent grants' }] });
    }
    const [row] = await app.db.query<{ agent_limit: string[] | null; version: number }>('select agent_limit, version from directory_entries where handle = $1', [
      entry.address.replace(/^aar:/, ''),
    ]);
    expect(row).toEqual({ agent_limit: null, version: 1 });
    // And neither token can act on the entry in any case.
    for (const token of [revoked.token, expired.token]) {
      expect((await call('PATCH', at(entry), { expected_version: 1, description: 'Ghost' }, { token })).status).toBe(401);
    }
  });

  it.each([
    ['an agent', 'agent', { grant_ids: [], expected_version: 1 }, 403, 'human_only'],
    ['a grant that is not the owner’s', 'session', { grant_ids: ['grt_nobody'], expected_version: 1 }, 400, 'validation_failed'],
    ['a missing grant_ids', 'session', { expected_version: 1 }, 400, 'validation_failed'],
    ['a missing version', 'session', { grant_ids: [] }, 428, 'expected_version_required'],
    ['an old version', 'session', { grant_ids: [], expected_version: 9 }, 409, 'version_conflict'],
  ])('PUT …/agents refuses %s ', async (_name, caller, body, status, code) => {
    const entry = await register();
    const res = await call('PUT', at(entry, '/agents'), body, caller === 'session' ? { session: alice.session } : { token: aliceToken });
    expect(res.status).toBe(status);
    expect(res.body.error).toBe(code);
  });

  it("answers 403 not_owner to another person's session", async () => {
    const entry = await register();
    for (const [method, rest, body] of [
      ['POST', '/lock', { expected_version: 1 }],
      ['PUT', '/agents', { grant_ids: [], expected_version: 1 }],
    ] as const) {
      const res = await call(method, at(entry, rest), body, { session: bob.session });
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('not_owner');
    }
  });
});

describe('POST …/history/{id}/restore (signed-in person only)', () => {
  it('puts back earlier values as one new change, itself undoable', async () => {
    const entry = await register();
    await call('PATCH', at(entry), { expected_version: 1, display_name: 'Renamed' });
    await call('DELETE', `${at(entry, `/destinations/${entry.destinations[0]!.id}`)}?expected_version=2`);
    const { history } = (await app.request<{ history: HistoryItemJson[] }>('GET', at(entry, '/history'), { session: alice.session })).body;
    const rename = history.find((h) => h.action === 'update')!;
    const removal = history.find((h) => h.action === 'destination_remove')!;

    const res = await call('POST', at(entry, `/history/${rename.id}/restore`), { expected_version: 3 }, { session: alice.session });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ display_name: 'Alice Bakes', version: 4 });
    const back = await call('POST', at(entry, `/history/${removal.id}/restore`), { expected_version: 4 }, { session: alice.session });
    expect(back.body.destinations).toEqual(entry.destinations);
    expect((await resolve(entry.address)).body.destinations).toHaveLength(1);
    expect(await historyActions(entry.address)).toEqual(['register', 'update', 'destination_remove', 'history_restore', 'history_restore']);
  });

  it.each([
    ['an agent', 'agent', 'update', { expected_version: 2 }, 403, 'human_only'],
    ['an unknown record', 'session', 'dhi_unknown', { expected_version: 2 }, 404, 'history_not_found'],
    ['a record without earlier values', 'session', 'register', { expected_version: 2 }, 409, 'invalid_state'],
    ['no version', 'session', 'update', {}, 428, 'expected_version_required'],
    ['an old version', 'session', 'update', { expected_version: 1 }, 409, 'version_conflict'],
    ['another person', 'bob', 'update', { expected_version: 2 }, 403, 'not_owner'],
  ])('refuses %s ', async (_name, who, record, body, status, code) => {
    const entry = await register();
    await call('PATCH', at(entry), { expected_version: 1, display_name: 'Renamed' });
    const { history } = await app.services.directory.history(aliceActor, entry.address);
    const id = history.find((h) => h.action === record)?.id ?? record;
    const caller = who === 'agent' ? { token: aliceToken } : who === 'bob' ? { session: bob.session } : { session: alice.session };
    const res = await call('POST', at(entry, `/history/${id}/restore`), body, caller);
    expect(res.status).toBe(status);
    expect(res.body.error).toBe(code);
    expect((await stored(entry.address))!.version).toBe(2);
  });

  it("refuses another entry's history record with 404 history_not_found", async () => {
    const one = await register();
    const two = await register();
    await call('PATCH', at(one), { expected_version: 1, display_name: 'Renamed' });
    const { history } = await app.services.directory.history(aliceActor, one.address);
    const res = await call('POST', at(two, `/history/${history[0]!.id}/restore`), { expected_version: 1 }, { session: alice.session });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('history_not_found');
  });
});

describe('suspension by support', () => {
  it('hides the entry from resolution and discovery, shows it to the owner, who keeps managing it', async () => {
    const entry = await register({ handle: handle('suspend-me') });
    await app.services.moderation.suspend(support, entry.address, 'Reported as impersonation');
    expect((await resolve(entry.address)).status).toBe(404);
    const manage = await call('GET', at(entry, '/manage'));
    expect(manage.body).toMatchObject({
      status: 'suspended',
      suspended: true,
      suspension: { reason: 'Reported as impersonation', underlying_status: 'active' },
      version: 2,
    });
    const edit = await call('PATCH', at(entry), { expected_version: 2, description: 'Still mine' });
    expect(edit.status).toBe(200);
    await app.services.moderation.unsuspend(support, entry.address);
    expect((await resolve(entry.address)).status).toBe(200);
    const { history } = await app.services.directory.history(aliceActor, entry.address);
    expect(history.map((h) => [h.action, h.actor.kind])).toEqual([
      ['unsuspend', 'support'],
      ['update', 'agent'],
      ['suspend', 'support'],
      ['register', 'agent'],
    ]);
  });
});

describe('the OpenAPI document', () => {
  it('lists every directory operation, the website-only ones marked', async () => {
    const res = await app.request('GET', '/api/v1/openapi.json');
    const ids = Object.values(res.body.paths as Record<string, Record<string, { operationId: string }>>)
      .flatMap((methods) => Object.values(methods).map((operation) => operation.operationId))
      .filter((id) => id?.startsWith('directory.'));
    expect(ids.sort()).toEqual(
      [
        'directory.add_destination', 'directory.delete', 'directory.discover', 'directory.history', 'directory.lock', 'directory.manage',
        'directory.mine', 'directory.pause', 'directory.reactivate', 'directory.register', 'directory.remove', 'directory.remove_destination',
        'directory.renew', 'directory.resolve', 'directory.restore', 'directory.restore_history', 'directory.set_agents', 'directory.unlock',
        'directory.update', 'directory.update_destination', 'directory.webfinger',
      ].sort(),
    );
    expect(Object.keys(res.body.components.schemas)).toEqual(expect.arrayContaining(['DirectoryResolution', 'DirectoryEntry', 'DirectoryHistoryRecord']));
  });
});
