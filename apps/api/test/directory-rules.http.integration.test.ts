import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OwnerEntryJson } from '@svc/directory';
import { support as supportActor } from '@svc/directory/testing';
import { ENGINES } from '@svc/db/testing';
import type { Principal, TestApp } from '@svc/runtime/testing';
import { startApiTestApp } from './app.ts';

/**
 * The directory's rules as a client meets them, on both engines: each case checks the answer and
 * what the database holds afterwards.
 */
describe.each(ENGINES)('directory rules on %s', (engine) => {
  let app: TestApp;
  let bob: Principal;
  let bobToken: string;
  const support = supportActor({ principalId: 'prn_support_rules' });

  /** A new owner per block, with a session and a token, so no block meets the 25-entry limit. */
  const owner = async (name: string) => {
    const principal = await app.signUp(name);
    const actor = (await app.services.access.accounts.resolveSession(principal.session))!.actor;
    const { token } = await app.agentToken(principal, ['directory:write', 'account:read']);
    return { principal, actor, token };
  };

  beforeAll(async () => {
    app = await startApiTestApp({ engine });
    bob = await app.signUp('Bob Stranger');
    bobToken = (await app.agentToken(bob, ['directory:write', 'account:read'])).token;
  });
  afterAll(() => app?.close());

  const DAY = 24 * 60 * 60 * 1000;
  const WEB = { type: 'web', value: 'https://alice.example', label: 'Site', approved_for_disclosure: true };
  let counter = 0;
  const handle = (stem = 'entry') => `${stem}-${++counter}`;
  const at = (address: string, rest = '') => `/api/v1/directory/${address}${rest}`;
  const daysFromNow = (days: number) => new Date(app.clock.now().getTime() + days * DAY);

  const row = async (handleOrAddress: string) =>
    (await app.db.query<{ status: string; version: number; display_name: string; expires_at: Date | string | null; destinations: number | string }>(
      `select e.status, e.version, e.display_name, e.expires_at,
              (select count(*) from directory_destinations d where d.entry_id = e.id) as destinations
         from directory_entries e where e.handle = $1`,
      [handleOrAddress.replace(/^aar:/, '')],
    ))[0];
  const stored = async (handleOrAddress: string) => {
    const found = await row(handleOrAddress);
    return found && {
      status: found.status,
      version: found.version,
      display_name: found.display_name,
      expires_at: found.expires_at === null ? null : new Date(found.expires_at).toISOString(),
      destinations: Number(found.destinations),
    };
  };
  const historyOf = async (handleOrAddress: string) =>
    (await app.db.query<{ action: string }>(
      'select h.action from directory_history h join directory_entries e on e.id = h.entry_id where e.handle = $1 order by h.version',
      [handleOrAddress.replace(/^aar:/, '')],
    )).map((record) => record.action);

  describe("a stranger's changes", () => {
    let alice: Awaited<ReturnType<typeof owner>>;
    let entry: OwnerEntryJson;
    let locked: OwnerEntryJson;
    let restricted: OwnerEntryJson;
    beforeAll(async () => {
      alice = await owner('Alice Owner');
      const register = (overrides: Record<string, unknown> = {}) =>
        app.services.directory.register(alice.actor, { handle: handle('alice'), display_name: 'Alice Bakes', entry_type: 'person', destinations: [WEB], ...overrides });
      entry = await register();
      restricted = await register({ visibility: 'restricted' });
      const toLock = await register();
      locked = await app.services.directory.lock(alice.actor, toLock.address, { expected_version: 1 });
    });

    // What a stranger may send to each owner-only change; `{dest}` and `{record}` are filled in from the entry.
    const byToken: [string, string, string, unknown][] = [
      ['PATCH', 'update', '', { expected_version: 1, display_name: 'Taken over' }],
      ['DELETE', 'delete', '?expected_version=1', undefined],
      ['POST', 'remove', '/remove', { expected_version: 1 }],
      ['POST', 'pause', '/pause', { expected_version: 1 }],
      ['POST', 'reactivate', '/reactivate', { expected_version: 1 }],
      ['POST', 'renew', '/renew', { expected_version: 1 }],
      ['POST', 'restore', '/restore', { expected_version: 1 }],
      ['POST', 'add a destination', '/destinations', { expected_version: 1, destination: { type: 'phone', value: '+447700900123' } }],
      ['PATCH', 'change a destination', '/destinations/{dest}', { expected_version: 1, label: 'Mine now' }],
      ['DELETE', 'remove a destination', '/destinations/{dest}?expected_version=1', undefined],
    ];
    const bySession: [string, string, string, unknown][] = [
      ['POST', 'lock', '/lock', { expected_version: 1 }],
      ['PUT', 'set agents', '/agents', { expected_version: 1, grant_ids: [] }],
      ['POST', 'restore history', '/history/{record}/restore', { expected_version: 1 }],
    ];
    const fill = async (target: OwnerEntryJson, rest: string) => {
      const { history } = await app.services.directory.history(alice.actor, target.address);
      return rest.replace('{dest}', target.destinations[0]!.id).replace('{record}', history[0]!.id);
    };
    const unchanged = async (target: OwnerEntryJson) => {
      expect(await stored(target.address)).toMatchObject({ status: 'active', version: target.version, display_name: 'Alice Bakes', destinations: 1 });
      expect(await historyOf(target.address)).toEqual(target.version === 1 ? ['register'] : ['register', 'lock']);
    };

    it.each(byToken)('%s (%s) on a public entry they can resolve: 403 not_owner, nothing changed', async (method, _name, rest, body) => {
      const res = await app.request(method, at(entry.address, await fill(entry, rest)), { token: bobToken, ...(body === undefined ? {} : { body }) });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: 'not_owner', message: 'Only the owner of this entry can change it.' });
      await unchanged(entry);
    });

    it.each(bySession)('%s (%s) by a signed-in stranger: 403 not_owner, nothing changed', async (method, _name, rest, body) => {
      const res = await app.request(method, at(entry.address, await fill(entry, rest)), { session: bob.session, body });
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('not_owner');
      await unchanged(entry);
    });

    it('unlock by a signed-in stranger, and a change to a restricted entry (it resolves for anyone signed in): 403 not_owner', async () => {
      const unlock = await app.request('POST', at(locked.address, '/unlock'), { session: bob.session, body: { expected_version: 2 } });
      expect([unlock.status, unlock.body.error]).toEqual([403, 'not_owner']);
      await unchanged(locked);
      const edit = await app.request('PATCH', at(restricted.address), { token: bobToken, body: { expected_version: 1, display_name: 'Taken over' } });
      expect([edit.status, edit.body.error]).toEqual([403, 'not_owner']);
      await unchanged(restricted);
    });

    it('answers the identical 404 not_found for every entry the stranger cannot see, and changes nothing', async () => {
      const register = () =>
        app.services.directory.register(alice.actor, { handle: handle('hidden'), display_name: 'Alice Bakes', entry_type: 'person', destinations: [WEB] });
      const paused = await app.services.directory.pause(alice.actor, (await register()).address, { expected_version: 1 });
      const removed = await app.services.directory.remove(alice.actor, (await register()).address, 1);
      const suspended = await app.services.moderation.suspend(support, (await register()).address, 'Reported');
      const expired = await register();
      await app.db.query('update directory_entries set expires_at = $1 where handle = $2', [daysFromNow(-1), expired.handle]);
      const hidden = { paused, removed, suspended, expired };

      const unknown = await app.request('PATCH', at('aar:nobody-registered-this'), { token: bobToken, body: { expected_version: 1, display_name: 'X' } });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ error: 'not_found', message: 'No such directory entry.' });
      for (const [state, target] of Object.entries(hidden)) {
        const before = await stored(target.address);
        const edit = await app.request('PATCH', at(target.address), { token: bobToken, body: { expected_version: target.version, display_name: 'X' } });
        expect({ state, status: edit.status, body: edit.body }).toEqual({ state, status: 404, body: unknown.body });
        const action = state === 'paused' ? '/reactivate' : state === 'removed' ? '/restore' : '/renew';
        const lifecycle = await app.request('POST', at(target.address, action), { token: bobToken, body: { expected_version: target.version } });
        expect({ state, status: lifecycle.status, body: lifecycle.body }).toEqual({ state, status: 404, body: unknown.body });
        expect(await stored(target.address)).toEqual(before);
      }
    });

    it('still lets the owner make the change the stranger was refused', async () => {
      const res = await app.request('PATCH', at(entry.address), { token: alice.token, body: { expected_version: 1, display_name: 'Alice Bakes Bread' } });
      expect(res.status).toBe(200);
      expect(await stored(entry.address)).toMatchObject({ version: 2, display_name: 'Alice Bakes Bread' });
    });
  });

  describe('destinations on registration and after', () => {
    let carol: Awaited<ReturnType<typeof owner>>;
    beforeAll(async () => {
      carol = await owner('Carol Owner');
    });
    const phones = (n: number) => Array.from({ length: n }, (_, i) => ({ type: 'phone', value: `+4477009001${String(i).padStart(2, '0')}` }));
    const register = (body: Record<string, unknown>) =>
      app.request('POST', '/api/v1/directory', { token: carol.token, body: { display_name: 'Carol Cakes', entry_type: 'person', ...body } });

    it('refuses nine destinations with 400 validation_failed naming destinations, storing nothing', async () => {
      const name = handle('nine');
      const res = await register({ handle: name, destinations: phones(9) });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'validation_failed', details: [{ path: 'destinations', message: 'must have at most 8 destinations' }] });
      expect(await stored(name)).toBeUndefined();
    });

    it('registers eight, then answers 409 limit_reached to a ninth, keeping eight', async () => {
      const name = handle('eight');
      const created = await register({ handle: name, destinations: phones(8) });
      expect(created.status).toBe(201);
      expect(created.body.destinations).toHaveLength(8);
      const ninth = await app.request('POST', at(`aar:${name}`, '/destinations'), {
        token: carol.token,
        body: { expected_version: 1, destination: { type: 'phone', value: '+447700900199' } },
      });
      expect(ninth.status).toBe(409);
      expect(ninth.body).toMatchObject({ error: 'limit_reached', limit: 'destinations', max: 8 });
      expect(await stored(name)).toMatchObject({ version: 1, destinations: 8 });
    });

    it('refuses a destination listed twice (same type and value) with 400 naming the repeat, storing nothing', async () => {
      const name = handle('twice');
      const res = await register({ handle: name, destinations: [WEB, { type: 'mcp', value: WEB.value }, { type: 'web', value: `  ${WEB.value} ` }] });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        error: 'validation_failed',
        details: [{ path: 'destinations.2', message: 'repeats destinations.0 (the same type and value)' }],
      });
      expect(await stored(name)).toBeUndefined();
    });

    it('refuses an e-mail address in a public destination’s label or link with 422 blocked_content naming it, and nothing is published', async () => {
      const name = handle('leaky');
      const labelled = await register({ handle: name, destinations: [{ ...WEB, label: 'mail jo@example.org' }] });
      expect(labelled).toMatchObject({ status: 422, body: { error: 'blocked_content', details: [{ path: 'destinations.0.label', found: 'email_address' }] } });
      expect(await stored(name)).toBeUndefined();
      const created = await register({ handle: name, destinations: [WEB] });
      const linked = await app.request('POST', at(`aar:${name}`, '/destinations'), {
        token: carol.token,
        body: { expected_version: 1, destination: { type: 'mcp', value: 'https://a.example/contact?email=jo@example.org', approved_for_disclosure: true } },
      });
      expect(linked).toMatchObject({ status: 422, body: { error: 'blocked_content', details: [{ path: 'destination.value', found: 'email_address' }] } });
      const [first] = created.body.destinations as OwnerEntryJson['destinations'];
      const relabelled = await app.request('PATCH', at(`aar:${name}`, `/destinations/${first!.id}`), { token: carol.token, body: { expected_version: 1, label: 'jo@example.org' } });
      expect(relabelled).toMatchObject({ status: 422, body: { error: 'blocked_content', details: [{ path: 'label', found: 'email_address' }] } });
      const seen = await app.request('GET', at(`aar:${name}`));
      expect(JSON.stringify(seen.body)).not.toContain('jo@example.org');
      expect(await stored(name)).toMatchObject({ version: 1, destinations: 1 });
    });

    it('accepts the same value under another type', async () => {
      const name = handle('types');
      const res = await register({ handle: name, destinations: [WEB, { type: 'mcp', value: WEB.value }] });
      expect(res.status).toBe(201);
      expect(await stored(name)).toMatchObject({ destinations: 2 });
    });

    it('answers 409 destination_exists with the stored id to adding, or changing a value to, one the entry has', async () => {
      const name = handle('exists');
      const created = await register({ handle: name, destinations: [WEB, { type: 'web', value: 'https://carol.example' }] });
      const [first, second] = created.body.destinations as OwnerEntryJson['destinations'];
      const added = await app.request('POST', at(`aar:${name}`, '/destinations'), {
        token: carol.token,
        body: { expected_version: 1, destination: { type: 'web', value: ` ${WEB.value}` } },
      });
      expect(added.status).toBe(409);
      expect(added.body).toEqual({
        error: 'destination_exists',
        message: 'This entry already has a destination of this type with this value.',
        destination_id: first!.id,
      });
      const changed = await app.request('PATCH', at(`aar:${name}`, `/destinations/${second!.id}`), {
        token: carol.token,
        body: { expected_version: 1, value: WEB.value },
      });
      expect(changed.status).toBe(409);
      expect(changed.body).toMatchObject({ error: 'destination_exists', destination_id: first!.id });
      expect(await stored(name)).toMatchObject({ version: 1, destinations: 2 });
      expect(await historyOf(name)).toEqual(['register']);
    });
  });

  describe('renewal', () => {
    let dave: Awaited<ReturnType<typeof owner>>;
    beforeAll(async () => {
      dave = await owner('Dave Owner');
    });
    const register = async (expiresInDays: number): Promise<OwnerEntryJson> =>
      app.services.directory.register(dave.actor, {
        handle: handle('term'),
        display_name: 'Dave Delivers',
        entry_type: 'organisation',
        expires_at: daysFromNow(expiresInDays).toISOString(),
      });
    const renew = (entry: OwnerEntryJson, body: Record<string, unknown>) =>
      app.request('POST', at(entry.address, '/renew'), { token: dave.token, body: { expected_version: entry.version, ...body } });

    it('keeps a later expiry: an entry with 80 days left still has 80 after renewing', async () => {
      const entry = await register(80);
      const res = await renew(entry, {});
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ version: 2, expiry: daysFromNow(80).toISOString() });
      expect(await stored(entry.address)).toMatchObject({ version: 2, expires_at: daysFromNow(80).toISOString() });
      expect(await historyOf(entry.address)).toEqual(['register', 'renew']);
    });

    it('extends a shorter term to now + 30 days, and an expired one too', async () => {
      const short = await register(10);
      expect((await renew(short, {})).body).toMatchObject({ version: 2, expiry: daysFromNow(30).toISOString() });
      const expired = await register(10);
      await app.db.query('update directory_entries set expires_at = $1 where handle = $2', [daysFromNow(-3), expired.handle]);
      const res = await renew(expired, {});
      expect(res.body).toMatchObject({ status: 'active', version: 2, expiry: daysFromNow(30).toISOString() });
      expect(await stored(expired.address)).toMatchObject({ status: 'active', expires_at: daysFromNow(30).toISOString() });
    });

    it('gives a longer term asked for with expires_at, up to 90 days ahead', async () => {
      const entry = await register(10);
      const res = await renew(entry, { expires_at: daysFromNow(90).toISOString() });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ version: 2, expiry: daysFromNow(90).toISOString() });
      expect(await stored(entry.address)).toMatchObject({ expires_at: daysFromNow(90).toISOString() });
    });

    it.each([
      ['past 90 days ahead', 10, 90.5, 'must be at most 90 days ahead'],
      ['before the current expiry (a renewal never shortens)', 80, 40, 'a renewal never shortens the term'],
      ['before now + 30 days', 10, 20, 'a renewal never shortens the term'],
    ])('refuses an expires_at %s with 400 validation_failed naming expires_at, changing nothing', async (_case, left, asked, message) => {
      const entry = await register(left);
      const res = await renew(entry, { expires_at: daysFromNow(asked).toISOString() });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'validation_failed', details: [{ path: 'expires_at', message: expect.stringContaining(message) }] });
      expect(await stored(entry.address)).toMatchObject({ version: 1, expires_at: daysFromNow(left).toISOString() });
    });

    it('keeps the term when an edit re-sends an unchanged temporary term, writing nothing', async () => {
      const entry = await register(80);
      const res = await app.request('PATCH', at(entry.address), { token: dave.token, body: { expected_version: 1, term: 'temporary' } });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ version: 1, term: 'temporary', expiry: daysFromNow(80).toISOString() });
      expect(await stored(entry.address)).toMatchObject({ expires_at: daysFromNow(80).toISOString() });
    });
  });

  describe('addresses in any case', () => {
    let erin: Awaited<ReturnType<typeof owner>>;
    beforeAll(async () => {
      erin = await owner('Erin Owner');
      const created = await app.request('POST', '/api/v1/directory', {
        token: erin.token,
        body: { handle: 'alice-bakes', display_name: 'Alice Bakes', entry_type: 'person', destinations: [WEB] },
      });
      expect(created.status).toBe(201);
    });

    it.each(['aar:Alice-Bakes', 'AAR:ALICE-BAKES', 'Alice-Bakes'])('resolves %s as aar:alice-bakes', async (address) => {
      const res = await app.request('GET', at(address));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ address: 'aar:alice-bakes', display_name: 'Alice Bakes' });
    });

    it('finds the entry for every operation taking an address: manage, history and a change', async () => {
      expect((await app.request('GET', at('aar:Alice-Bakes', '/manage'), { token: erin.token })).body.handle).toBe('alice-bakes');
      expect((await app.request('GET', at('aar:Alice-Bakes', '/history'), { token: erin.token })).body.total).toBe(1);
      const edit = await app.request('PATCH', at('aar:ALICE-bakes'), { token: erin.token, body: { expected_version: 1, description: 'Cakes to order.' } });
      expect(edit.status).toBe(200);
      expect(edit.body).toMatchObject({ address: 'aar:alice-bakes', version: 2, description: 'Cakes to order.' });
      expect(await stored('alice-bakes')).toMatchObject({ version: 2 });
    });

    it('answers 409 handle_taken to registering Alice-Bakes while alice-bakes exists, storing nothing new', async () => {
      const res = await app.request('POST', '/api/v1/directory', { token: bobToken, body: { handle: 'Alice-Bakes', display_name: 'Impostor', entry_type: 'person' } });
      expect(res.status).toBe(409);
      expect(res.body.error).toBe('handle_taken');
      expect(await app.db.query('select handle from directory_entries where lower(handle) = $1', ['alice-bakes'])).toEqual([{ handle: 'alice-bakes' }]);
    });

    it('registers a handle given in capitals in lower case', async () => {
      const res = await app.request('POST', '/api/v1/directory', { token: erin.token, body: { handle: 'Erin-Writes', display_name: 'Erin Writes', entry_type: 'person' } });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ handle: 'erin-writes', address: 'aar:erin-writes' });
      expect(await app.db.query('select handle from directory_entries where lower(handle) = $1', ['erin-writes'])).toEqual([{ handle: 'erin-writes' }]);
      expect((await app.request('GET', at('aar:Erin-Writes'))).status).toBe(200);
    });
  });
});
