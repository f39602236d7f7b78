import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DomainError, type Actor } from '@svc/kernel';
import { createIdempotencyStore, type SqlMigration } from '@svc/db';
import { ENGINES } from '@svc/db/testing';
import { resolutionEtag, type DirectoryModule, type OwnerEntryJson } from '../src/index.ts';
import { searchWordsOf } from '../src/directory.schemas.ts';
import { directoryMigrations } from '../src/migrations.ts';
import { START, UNMODERATED, agentOf, days, hiddenStateAddresses, openHarness, person, registration, support, uniqueHandle, type Harness } from '../src/testing.ts';

/** The error a promise rejects with, as a user of the API sees it. */
const failure = async (work: Promise<unknown>): Promise<{ code: string; message: string; extras: Record<string, unknown> }> => {
  try {
    await work;
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, message: error.message, extras: { ...error.extras } };
    throw error;
  }
  throw new Error('expected a failure');
};

describe.each(ENGINES)('directory on %s', (engine) => {
  let h: Harness;
  let directory: DirectoryModule['directory'];
  let moderation: DirectoryModule['moderation'];
  // A fresh owner per test, so no test meets the 25-entry limit by accident.
  let alice = person('Alice');
  const bob = person('Bob');

  beforeAll(async () => {
    h = await openHarness(engine);
    ({ directory, moderation } = h.module);
  });
  afterAll(() => h?.db.dispose());
  beforeEach(() => {
    h.clock.set(START);
    alice = person('Alice');
  });

  const register = (actor: Actor = alice, overrides: Record<string, unknown> = {}) =>
    directory.register(actor, registration(overrides));
  const history = async (handle: string) =>
    h.db.query<{ action: string; version: number; actor: unknown; previous: unknown }>(
      `select action, version, actor, previous from directory_history
       where entry_id = (select id from directory_entries where handle = $1) order by version`,
      [handle],
    );
  const stored = async (handle: string) =>
    (await h.db.query<{ status: string; version: number; display_name: string; description: string }>(
      'select status, version, display_name, description from directory_entries where handle = $1',
      [handle],
    ))[0];
  const retire = async () => {
    const [retireJob] = h.module.cleanupJobs;
    return retireJob!.run(h.clock.now());
  };

  describe('register', () => {
    it('stores an active temporary entry at version 1 expiring in 30 days and answers the owner view', async () => {
      const body = registration();
      const entry = await directory.register(alice, body);
      expect(entry.destinations.map((d) => d.id)).toEqual([
        expect.stringMatching(/^dst_[0-9a-z]{26}$/),
        expect.stringMatching(/^dst_/),
        expect.stringMatching(/^dst_/),
      ]);
      const historyRow = (await h.db.query<{ id: string }>('select id from directory_history where entry_id = (select id from directory_entries where handle = $1)', [body.handle]))[0]!;
      expect(historyRow.id).toMatch(/^dhi_[0-9a-z]{26}$/);
      expect(entry).toEqual({
        address: `aar:${body.handle}`,
        handle: body.handle,
        display_name: 'Alice Bakes',
        description: 'Sourdough and cakes for small parties.',
        entry_type: 'person',
        visibility: 'public',
        term: 'temporary',
        status: 'active',
        version: 1,
        expiry: '2026-12-22T12:00:00.000Z',
        renewable_until: '2027-01-21T12:00:00.000Z',
        destinations: [
          { id: entry.destinations[0]!.id, type: 'web', value: 'https://alice.example/bakes', label: 'Shop', audience: 'public', preferred: true, approved_for_disclosure: true },
          { id: entry.destinations[1]!.id, type: 'email', value: 'alice@example.org', label: 'Mail', audience: 'signed_in', preferred: false, approved_for_disclosure: true },
          { id: entry.destinations[2]!.id, type: 'phone', value: '+447700900123', label: 'Phone', audience: 'public', preferred: false, approved_for_disclosure: false },
        ],
        ...UNMODERATED,
        history_summary: { count: 1, latest: { id: historyRow.id, action: 'register', at: START, version: 1 } },
        created_at: START,
        updated_at: START,
      });
      const [row] = await h.db.query<{ id: string }>('select id from directory_entries where handle = $1', [body.handle]);
      expect(row!.id).toMatch(/^dir_[0-9a-z]{26}$/);
      expect(await history(body.handle as string)).toEqual([
        { action: 'register', version: 1, actor: { kind: 'person', principal_id: alice.principalId }, previous: null },
      ]);
    });

    it('lets a person register an ongoing entry (no expiry) and an agent only a temporary one', async () => {
      const ongoing = await register(alice, { term: 'ongoing' });
      expect(ongoing).toMatchObject({ term: 'ongoing', expiry: null, renewable_until: null });
      const agent = agentOf(alice, 'Baker bot');
      const refused = await failure(register(agent, { term: 'ongoing' }));
      expect(refused.code).toBe('human_only');
      const temporary = await register(agent, { expires_at: '2027-02-20T12:00:00.000Z' });
      expect(temporary.expiry).toBe('2027-02-20T12:00:00.000Z');
      expect((await history(temporary.handle))[0]!.actor).toEqual({
        kind: 'agent',
        principal_id: alice.principalId,
        grant_id: agent.grantId,
        agent_name: 'Baker bot',
      });
    });

    it('joins the caller’s transaction, so an idempotent registration stores one entry', async () => {
      const store = createIdempotencyStore(h.db, h.clock);
      const body = registration();
      const request = { scope: alice.principalId, route: 'POST /api/v1/directory', key: `k-${engine}`, body };
      const create = async () => ({ status: 201, body: await directory.register(alice, body) });
      const first = await store.run(request, create);
      expect(await store.run(request, create)).toEqual({ ...first, replayed: true });
      expect(await h.db.query('select id from directory_entries where handle = $1', [body.handle])).toHaveLength(1);
    });

    it.each([
      ['a handle of 2 characters', { handle: 'ab' }, 'validation_failed', 'handle'],
      ['a handle of 41 characters', { handle: 'a'.repeat(41) }, 'validation_failed', 'handle'],
      ['a leading hyphen', { handle: '-abc' }, 'validation_failed', 'handle'],
      ['a trailing hyphen', { handle: 'abc-' }, 'validation_failed', 'handle'],
      ['a double hyphen', { handle: 'ab--c' }, 'validation_failed', 'handle'],
      ['an underscore', { handle: 'alice_bakes' }, 'validation_failed', 'handle'],
      ['the reserved handle mine', { handle: 'mine' }, 'validation_failed', 'handle'],
      ['an unknown field', { colour: 'red' }, 'validation_failed', 'colour'],
      ['an expiry over 90 days ahead', { expires_at: '2027-02-20T12:00:00.001Z' }, 'validation_failed', 'expires_at'],
      ['an expiry in the past', { expires_at: '2026-11-01T12:00:00.000Z' }, 'validation_failed', 'expires_at'],
      ['a web destination over http', { destinations: [{ type: 'web', value: 'http://alice.example' }] }, 'destination_invalid', 'destinations.0.value'],
      ['an mcp destination that is no URL', { destinations: [{ type: 'mcp', value: 'alice' }] }, 'destination_invalid', 'destinations.0.value'],
      ['an agent card over ftp', { destinations: [{ type: 'a2a_agent_card', value: 'ftp://a.example/card' }] }, 'destination_invalid', 'destinations.0.value'],
      ['a bad e-mail address', { destinations: [{ type: 'email', value: 'alice.example.org' }] }, 'destination_invalid', 'destinations.0.value'],
      ['a phone number not in E.164', { destinations: [{ type: 'phone', value: '07700 900123' }] }, 'destination_invalid', 'destinations.0.value'],
    ])('refuses %s (%s), storing nothing', async (_case, overrides, code, path) => {
      const body = registration({ handle: uniqueHandle('refused'), ...overrides });
      const error = await failure(directory.register(alice, body));
      expect(error.code).toBe(code);
      expect(error.extras.details).toEqual(expect.arrayContaining([expect.objectContaining({ path })]));
      expect(await h.db.query('select id from directory_entries where handle = $1', [String(body.handle)])).toEqual([]);
    });

    it('refuses more than 8 destinations as a bad request naming destinations (it could never succeed)', async () => {
      const destinations = Array.from({ length: 9 }, (_, i) => ({ type: 'web', value: `https://alice.example/${i}` }));
      expect(await failure(register(alice, { destinations }))).toMatchObject({
        code: 'validation_failed',
        extras: { details: [{ path: 'destinations', message: 'must have at most 8 destinations' }] },
      });
    });

    it('refuses a destination listed twice (same type and value), naming the repeat', async () => {
      const web = { type: 'web', value: 'https://alice.example' };
      const error = await failure(register(alice, { destinations: [web, { type: 'mcp', value: web.value }, { ...web, value: ` ${web.value} ` }] }));
      expect(error).toMatchObject({
        code: 'validation_failed',
        extras: { details: [{ path: 'destinations.2', message: 'repeats destinations.0 (the same type and value)' }] },
      });
    });

    it('refuses a display name or description holding a contact detail (destinations carry those, under their audience): 422 blocked_content, nothing stored', async () => {
      const refused = await failure(register(alice, { handle: 'alice-contact', description: 'Ring +44 20 7946 0958 or call at 12 High Street.' }));
      expect(refused).toMatchObject({
        code: 'blocked_content',
        extras: { details: [{ path: 'description', found: 'phone_number' }, { path: 'description', found: 'street_address' }] },
      });
      expect(await stored('alice-contact')).toBeUndefined();
      const entry = await register(alice, { handle: 'alice-contact' });
      const edit = await failure(directory.update(alice, entry.address, { expected_version: 1, display_name: 'alice@example.org' }));
      expect(edit).toMatchObject({ code: 'blocked_content', extras: { details: [{ path: 'display_name', found: 'email_address' }] } });
      expect(await stored('alice-contact')).toMatchObject({ version: 1, display_name: entry.display_name });
    });

    it('refuses a destination shown to everyone whose label holds a contact detail or whose link holds an e-mail address (422 blocked_content at it), on every door; signed-in ones may', async () => {
      const web = { type: 'web', value: 'https://jo.example/', audience: 'public', approved_for_disclosure: true };
      const labelled = await failure(register(alice, { handle: 'jo-label', destinations: [{ ...web, label: 'mail jo@example.org' }] }));
      expect(labelled).toMatchObject({ code: 'blocked_content', extras: { details: [{ path: 'destinations.0.label', found: 'email_address' }] } });
      const linked = await failure(register(alice, { handle: 'jo-link', destinations: [{ ...web, value: 'https://jo.example/contact?email=jo@example.org' }] }));
      expect(linked).toMatchObject({ code: 'blocked_content', extras: { details: [{ path: 'destinations.0.value', found: 'email_address' }] } });
      expect(await stored('jo-label')).toBeUndefined();
      expect(await stored('jo-link')).toBeUndefined();

      const entry = await register(alice, { handle: uniqueHandle('jo'), destinations: [web] });
      const added = await failure(directory.addDestination(alice, entry.address, { expected_version: 1, destination: { ...web, value: 'https://jo.example/b', label: 'Call +44 20 7946 0958' } }));
      expect(added).toMatchObject({ code: 'blocked_content', extras: { details: [{ path: 'destination.label', found: 'phone_number' }] } });
      const [first] = entry.destinations;
      const changed = await failure(directory.updateDestination(alice, entry.address, first!.id, { expected_version: 1, label: 'jo@example.org' }));
      expect(changed).toMatchObject({ code: 'blocked_content', extras: { details: [{ path: 'label', found: 'email_address' }] } });
      expect(await stored(entry.handle)).toMatchObject({ version: 1 });
      // Shown to signed-in people only, a label may name the address an e-mail destination gives them.
      const kept = await directory.addDestination(alice, entry.address, { expected_version: 1, destination: { ...web, value: 'https://jo.example/c', label: 'or jo@example.org', audience: 'signed_in' } });
      expect(kept.version).toBe(2);
    });

    it('stops publishing e-mail addresses stored before the rule (migration 202612290100): each one replaced, the rest kept', async () => {
      const entry = await register(alice, { handle: uniqueHandle('old-text') });
      await h.db.query('update directory_entries set display_name = $1, description = $2 where handle = $3', [
        'Bakes by ann@example.org',
        'Orders: Jo.Smith+cakes@Mail.Example.co.uk. Open 9-5, @bakery on the socials.',
        entry.handle,
      ]);
      const migration = directoryMigrations.find((m) => m.name === '202612290100_directory_text_without_email') as SqlMigration;
      for (const statement of migration.statements) await h.db.query(statement);
      expect(await stored(entry.handle)).toMatchObject({
        display_name: 'Bakes by [e-mail address removed]',
        description: 'Orders: [e-mail address removed]. Open 9-5, @bakery on the socials.',
      });
    });

    it('stores the handle in lower case: Alice-Bakes is alice-bakes, and taken once that is', async () => {
      const handle = uniqueHandle('alice');
      const entry = await register(alice, { handle: handle.toUpperCase() });
      expect(entry).toMatchObject({ handle, address: `aar:${handle}` });
      expect((await failure(register(bob, { handle: `${handle[0]!.toUpperCase()}${handle.slice(1)}` }))).code).toBe('handle_taken');
      expect((await directory.resolve(`AAR:${handle.toUpperCase()}`, null)).body.address).toBe(`aar:${handle}`);
      expect((await directory.manage(alice, handle.toUpperCase())).handle).toBe(handle);
    });

    it('keeps a handle forever: taken while live, and still taken once retired', async () => {
      const entry = await register(alice);
      expect((await failure(register(bob, { handle: entry.handle }))).code).toBe('handle_taken');
      await directory.remove(alice, entry.address, entry.version);
      h.clock.set(new Date(new Date(START).getTime() + days(31)));
      await retire();
      expect((await stored(entry.handle))?.status).toBe('retired');
      expect((await failure(register(bob, { handle: entry.handle }))).code).toBe('handle_taken');
    });

    it('counts every entry but retired ones towards the 25 per principal', async () => {
      const carol = person('Carol');
      const entries: OwnerEntryJson[] = [];
      for (let i = 0; i < 25; i++) entries.push(await register(carol, { destinations: [] }));
      expect(await failure(register(carol))).toMatchObject({ code: 'limit_reached', extras: { limit: 'directory_entries', max: 25 } });
      // A removed entry still counts; a retired one does not.
      await directory.remove(carol, entries[0]!.handle, 1);
      expect((await failure(register(carol))).code).toBe('limit_reached');
      h.clock.set(new Date(new Date(START).getTime() + days(31)));
      await retire();
      h.clock.set(START);
      await expect(register(carol)).resolves.toMatchObject({ status: 'active' });
    });
  });

  describe('resolve', () => {
    it('answers exactly the resolution fields, with the destinations the caller may see', async () => {
      const entry = await register(alice);
      const anonymous = await directory.resolve(entry.address, null);
      const [web, email] = entry.destinations;
      expect(anonymous.body).toEqual({
        address: entry.address,
        display_name: 'Alice Bakes',
        entry_type: 'person',
        description: 'Sourdough and cakes for small parties.',
        version: 1,
        destinations: [{ id: web!.id, type: 'web', uri: 'https://alice.example/bakes', label: 'Shop', preferred: true }],
        expiry: '2026-12-22T12:00:00.000Z',
        owner: 'not disclosed',
      });
      const signedIn = await directory.resolve(entry.handle, bob);
      expect(signedIn.body.destinations).toEqual([
        { id: web!.id, type: 'web', uri: 'https://alice.example/bakes', label: 'Shop', preferred: true },
        { id: email!.id, type: 'email', uri: 'alice@example.org', label: 'Mail', preferred: false },
      ]);
      // An agent with a valid token counts as signed in too.
      expect((await directory.resolve(entry.handle, agentOf(bob))).body.destinations).toHaveLength(2);
    });

    it('says how many approved destinations it kept for signed-in callers, beside the body (never unapproved ones)', async () => {
      const entry = await register(alice);
      // The signed-in e-mail is withheld from a visitor; the unapproved phone is shown to nobody, so it is not counted.
      expect((await directory.resolve(entry.address, null)).withheld).toBe(1);
      expect((await directory.resolve(entry.address, bob)).withheld).toBe(0);
      expect(Object.keys((await directory.resolve(entry.address, null)).body)).not.toContain('withheld');
      const none = await register(alice, { destinations: [] });
      expect((await directory.resolve(none.address, null)).withheld).toBe(0);
    });

    it('gives a strong ETag of (entry, version, signed in) that changes with either', async () => {
      const entry = await register(alice);
      const [row] = await h.db.query<{ id: string }>('select id from directory_entries where handle = $1', [entry.handle]);
      const anonymous = await directory.resolve(entry.address, null);
      const signedIn = await directory.resolve(entry.address, bob);
      expect(anonymous.etag).toMatch(/^"[0-9a-f]{32}"$/);
      expect(anonymous.etag).toBe(resolutionEtag(row!.id, 1, false));
      expect(signedIn.etag).not.toBe(anonymous.etag);
      expect((await directory.resolve(entry.address, null)).etag).toBe(anonymous.etag);
      await directory.update(alice, entry.address, { expected_version: 1, description: 'Now with pies.' });
      expect((await directory.resolve(entry.address, null)).etag).not.toBe(anonymous.etag);
    });

    it('never renews: reading an entry leaves its expiry and version alone', async () => {
      const entry = await register(alice);
      await directory.resolve(entry.address, null);
      expect(await directory.manage(alice, entry.address)).toMatchObject({ version: 1, expiry: entry.expiry });
    });

    it('answers one identical unavailable for every hidden state', async () => {
      const paused = await register(alice);
      await directory.pause(alice, paused.address, { expected_version: 1 });
      const removed = await register(alice);
      await directory.remove(alice, removed.address, 1);
      const suspended = await register(alice);
      await moderation.suspend(support(), suspended.address, 'Impersonation report');
      const restricted = await register(alice, { visibility: 'restricted' });
      const retired = await register(alice);
      await directory.remove(alice, retired.address, 1);
      const expired = await register(alice, { expires_at: '2026-11-23T12:00:00.000Z' });
      h.clock.set(new Date(new Date(START).getTime() + days(31)));
      await retire();
      h.clock.set('2026-11-23T12:00:00.000Z');
      expect((await stored(retired.handle))?.status).toBe('retired');
      expect((await stored(expired.handle))?.status).toBe('active');

      const hidden = {
        unknown: 'aar:nobody-here',
        ...hiddenStateAddresses({ paused, expired, removed, retired, suspended, 'restricted while signed out': restricted }),
      };
      const errors = await Promise.all(Object.values(hidden).map((address) => failure(directory.resolve(address, null))));
      for (const error of errors) {
        expect(error).toEqual({ code: 'unavailable', message: errors[0]!.message, extras: {} });
        expect(error).toEqual(errors[0]);
      }
      expect(errors).toHaveLength(7);
      // The restricted entry shows to a signed-in caller; the others stay hidden to them too.
      await expect(directory.resolve(restricted.address, bob)).resolves.toMatchObject({ body: { address: restricted.address } });
      expect(await failure(directory.resolve(paused.address, bob))).toEqual(errors[0]);
      // Malformed addresses are simply unknown.
      expect(await failure(directory.resolve('aar:NOT VALID', null))).toEqual(errors[0]);
    });
  });

  describe('management', () => {
    it('lists the caller’s entries and shows the owner view to the owner only', async () => {
      const dave = person('Dave');
      const first = await register(dave);
      const second = await register(dave);
      expect((await directory.mine(dave)).entries.map((e) => e.handle).sort()).toEqual([first.handle, second.handle].sort());
      // Registered in the same millisecond: the second page holds whichever of the two the first did not.
      const [firstPage, secondPage] = [await directory.mine(dave, { limit: '1' }), await directory.mine(dave, { limit: '1', offset: '1' })];
      expect(secondPage).toMatchObject({ total: 2, limit: 1, offset: 1 });
      expect([...firstPage.entries, ...secondPage.entries].map((e) => e.handle).sort()).toEqual([first.handle, second.handle].sort());
      expect(await directory.manage(dave, first.handle)).toEqual(first);
      expect((await failure(directory.manage(bob, first.address))).code).toBe('not_found');
      expect((await failure(directory.manage(dave, 'aar:not-there'))).code).toBe('not_found');
      expect((await directory.mine(person('Nobody'))).entries).toEqual([]);
    });

    it('edits with expected_version, adds 1 to the version and keeps the previous values in history', async () => {
      const entry = await register(alice);
      const edited = await directory.update(alice, entry.address, {
        expected_version: 1,
        display_name: 'Alice’s Bakery',
        visibility: 'restricted',
      });
      expect(edited).toMatchObject({ version: 2, display_name: 'Alice’s Bakery', visibility: 'restricted' });
      expect((await history(entry.handle))[1]).toEqual({
        action: 'update',
        version: 2,
        actor: { kind: 'person', principal_id: alice.principalId },
        previous: { display_name: 'Alice Bakes', visibility: 'public' },
      });
    });

    it('writes nothing for an edit sending what the entry already says: no new version, no history; a field that differs goes alone into history', async () => {
      const entry = await register(alice);
      const same = await directory.update(alice, entry.address, { expected_version: 1, display_name: entry.display_name, term: 'temporary' });
      expect(same).toEqual(entry);
      expect(await stored(entry.handle)).toMatchObject({ version: 1 });
      expect(await history(entry.handle)).toHaveLength(1);
      // A stale version is still refused, changed or not.
      expect((await failure(directory.update(alice, entry.address, { expected_version: 7, display_name: entry.display_name }))).code).toBe('version_conflict');
      const edited = await directory.update(alice, entry.address, { expected_version: 1, display_name: entry.display_name, visibility: 'restricted' });
      expect(edited).toMatchObject({ version: 2, visibility: 'restricted' });
      expect((await history(entry.handle))[1]).toMatchObject({ version: 2, previous: { visibility: 'public' } });
    });

    it.each([
      ['no expected_version', { display_name: 'X' }, 'expected_version_required'],
      ['a stale expected_version', { expected_version: 7, display_name: 'X' }, 'version_conflict'],
      ['a non-integer expected_version', { expected_version: 'x', display_name: 'X' }, 'validation_failed'],
      ['nothing to change', { expected_version: 1 }, 'validation_failed'],
      ['an unknown field', { expected_version: 1, colour: 'red' }, 'validation_failed'],
    ])('refuses an edit with %s, changing nothing', async (_case, body, code) => {
      const entry = await register(alice);
      const error = await failure(directory.update(alice, entry.address, body));
      expect(error.code).toBe(code);
      if (code === 'version_conflict') expect(error.extras.current).toEqual(await directory.manage(alice, entry.address));
      expect(await stored(entry.handle)).toMatchObject({ version: 1, display_name: 'Alice Bakes' });
    });

    it('lets only the signed-in principal make an entry ongoing', async () => {
      const entry = await register(alice);
      expect((await failure(directory.update(agentOf(alice), entry.address, { expected_version: 1, term: 'ongoing' }))).code).toBe('human_only');
      const ongoing = await directory.update(alice, entry.address, { expected_version: 1, term: 'ongoing' });
      expect(ongoing).toMatchObject({ term: 'ongoing', expiry: null, version: 2 });
      const back = await directory.update(agentOf(alice), entry.address, { expected_version: 2, term: 'temporary' });
      expect(back).toMatchObject({ term: 'temporary', expiry: '2026-12-22T12:00:00.000Z', version: 3 });
    });

    it('adds, edits and removes destinations, each a new version', async () => {
      const entry = await register(alice, { destinations: [] });
      const added = await directory.addDestination(alice, entry.address, {
        expected_version: 1,
        destination: { type: 'mcp', value: 'https://alice.example/mcp', approved_for_disclosure: true },
      });
      const [mcp] = added.destinations;
      expect(added).toMatchObject({ version: 2 });
      expect(mcp).toEqual({ id: mcp!.id, type: 'mcp', value: 'https://alice.example/mcp', label: '', audience: 'public', preferred: false, approved_for_disclosure: true });
      const edited = await directory.updateDestination(alice, entry.address, mcp!.id, { expected_version: 2, audience: 'signed_in', label: 'Tools' });
      expect(edited.destinations[0]).toMatchObject({ audience: 'signed_in', label: 'Tools' });
      expect((await directory.resolve(entry.address, null)).body.destinations).toEqual([]);
      const emptied = await directory.removeDestination(alice, entry.address, mcp!.id, 3);
      expect(emptied).toMatchObject({ version: 4, destinations: [] });
      expect((await history(entry.handle)).map((row) => row.action)).toEqual([
        'register', 'destination_add', 'destination_update', 'destination_remove',
      ]);
    });

    it('writes nothing for a destination edit sending what it already says: no new version, no history', async () => {
      const entry = await register(alice);
      const [first] = entry.destinations;
      const same = await directory.updateDestination(alice, entry.address, first!.id, { expected_version: 1, value: first!.value, label: first!.label, audience: first!.audience });
      expect(same).toEqual(entry);
      expect(await stored(entry.handle)).toMatchObject({ version: 1 });
      expect(await history(entry.handle)).toHaveLength(1);
      expect((await failure(directory.updateDestination(alice, entry.address, first!.id, { expected_version: 7, label: first!.label }))).code).toBe('version_conflict');
      expect(await directory.updateDestination(alice, entry.address, first!.id, { expected_version: 1, label: 'Main' })).toMatchObject({ version: 2 });
    });

    it.each([
      ['an unknown destination on edit', 'update', 'destination_not_found'],
      ['an unknown destination on removal', 'remove', 'destination_not_found'],
      ['an invalid new value', 'bad-value', 'destination_invalid'],
      ['an invalid added destination', 'bad-add', 'destination_invalid'],
      ['a ninth destination', 'ninth', 'limit_reached'],
      ['adding a destination the entry already has', 'repeat-add', 'destination_exists'],
      ['changing a value to one another destination has', 'repeat-edit', 'destination_exists'],
      ['a removal without expected_version', 'no-version', 'expected_version_required'],
    ])('refuses %s with %s', async (_case, what, code) => {
      const eight = Array.from({ length: 8 }, (_, i) => ({ type: 'web', value: `https://alice.example/${i}` }));
      const entry = await register(alice, what === 'ninth' || what === 'repeat-edit' ? { destinations: eight } : {});
      const first = entry.destinations[0]!.id;
      const attempt = {
        update: () => directory.updateDestination(alice, entry.address, 'dst_missing', { expected_version: 1, label: 'x' }),
        remove: () => directory.removeDestination(alice, entry.address, 'dst_missing', 1),
        'bad-value': () => directory.updateDestination(alice, entry.address, first, { expected_version: 1, value: 'not a url' }),
        'bad-add': () => directory.addDestination(alice, entry.address, { expected_version: 1, destination: { type: 'phone', value: '12' } }),
        ninth: () => directory.addDestination(alice, entry.address, { expected_version: 1, destination: { type: 'web', value: 'https://x.example' } }),
        'repeat-add': () =>
          directory.addDestination(alice, entry.address, { expected_version: 1, destination: { type: 'web', value: ' https://alice.example/bakes ' } }),
        'repeat-edit': () =>
          directory.updateDestination(alice, entry.address, entry.destinations[1]!.id, { expected_version: 1, value: 'https://alice.example/0 ' }),
        'no-version': () => directory.removeDestination(alice, entry.address, first, undefined),
      }[what]!;
      expect((await failure(attempt())).code).toBe(code);
      expect((await stored(entry.handle))?.version).toBe(1);
    });

    it('never publishes an e-mail destination: its audience is signed_in by default, and public is refused on register, add and edit', async () => {
      const MAIL = { type: 'email', value: 'alice@example.org', approved_for_disclosure: true };
      const entry = await register(alice, { destinations: [MAIL] });
      expect(entry.destinations[0]).toMatchObject({ type: 'email', audience: 'signed_in' });
      expect((await directory.resolve(entry.address, null)).body.destinations).toEqual([]);
      expect((await directory.resolve(entry.address, bob)).body.destinations).toMatchObject([{ type: 'email', uri: 'alice@example.org' }]);
      const published = 'must be signed_in for an e-mail address: e-mail addresses are never published';
      const refused = await failure(register(alice, { handle: uniqueHandle('mail'), destinations: [{ type: 'web', value: 'https://a.example' }, { ...MAIL, audience: 'public' }] }));
      expect(refused).toMatchObject({ code: 'destination_invalid', extras: { details: [{ path: 'destinations.1.audience', message: published }] } });
      const add = await failure(directory.addDestination(alice, entry.address, { expected_version: 1, destination: { ...MAIL, value: 'shop@example.org', audience: 'public' } }));
      expect(add).toMatchObject({ code: 'destination_invalid', extras: { details: [{ path: 'destination.audience', message: published }] } });
      const edit = await failure(directory.updateDestination(alice, entry.address, entry.destinations[0]!.id, { expected_version: 1, audience: 'public' }));
      expect(edit).toMatchObject({ code: 'destination_invalid', extras: { details: [{ path: 'audience', message: published }] } });
      expect(await stored(entry.handle)).toMatchObject({ version: 1 });
      expect((await directory.manage(alice, entry.address)).destinations).toMatchObject([{ type: 'email', audience: 'signed_in' }]);
      // Other kinds keep public as their default.
      const web = await directory.addDestination(alice, entry.address, { expected_version: 1, destination: { type: 'web', value: 'https://alice.example' } });
      expect(web.destinations[1]).toMatchObject({ type: 'web', audience: 'public' });
    });

    it('stops publishing e-mail destinations stored as public before the rule (migration 202612300100): signed_in, and a new version', async () => {
      const entry = await register(alice, { destinations: [{ type: 'email', value: 'old@example.org', approved_for_disclosure: true }, { type: 'web', value: 'https://old.example', approved_for_disclosure: true }] });
      await h.db.query(`update directory_destinations set audience = 'public' where entry_id = (select id from directory_entries where handle = $1)`, [entry.handle]);
      expect((await directory.resolve(entry.address, null)).body.destinations).toHaveLength(2);
      const migration = directoryMigrations.find((m) => m.name === '202612300100_directory_email_destinations_signed_in') as SqlMigration;
      for (const statement of migration.statements) await h.db.query(statement);
      const anonymous = (await directory.resolve(entry.address, null)).body;
      expect(anonymous).toMatchObject({ version: 2, destinations: [{ type: 'web', uri: 'https://old.example' }] });
      expect(anonymous.destinations).toHaveLength(1);
      expect((await directory.manage(alice, entry.address)).destinations.map((d) => [d.type, d.audience])).toEqual([['email', 'signed_in'], ['web', 'public']]);
    });

    it('stops publishing e-mail addresses in public labels and links stored before the rule (migration 202612300200): signed_in, and a new version', async () => {
      const web = { type: 'web', approved_for_disclosure: true };
      const entry = await register(alice, {
        destinations: [
          { ...web, value: 'https://a.example/', label: 'Shop' },
          { ...web, value: 'https://b.example/', label: 'Shop' },
          { ...web, value: 'https://c.example/', label: 'Shop' },
          { type: 'phone', value: '+447700900123', label: 'Phone', approved_for_disclosure: true },
        ],
      });
      const ids = entry.destinations.map((d) => d.id);
      await h.db.query(`update directory_destinations set label = 'or mail jo@example.org' where id = $1`, [ids[0]]);
      await h.db.query(`update directory_destinations set value = 'https://b.example/?email=jo@example.org' where id = $1`, [ids[1]]);
      const migration = directoryMigrations.find((m) => m.name === '202612300200_directory_public_destinations_without_email') as SqlMigration;
      for (const statement of migration.statements) await h.db.query(statement);
      const anonymous = (await directory.resolve(entry.address, null)).body;
      expect(anonymous.version).toBe(2);
      expect(JSON.stringify(anonymous)).not.toContain('jo@example.org');
      expect((await directory.manage(alice, entry.address)).destinations.map((d) => d.audience)).toEqual(['signed_in', 'signed_in', 'public', 'public']);
    });

    it('pauses and reactivates; other transitions are invalid_state', async () => {
      const entry = await register(alice);
      expect((await failure(directory.reactivate(alice, entry.address, { expected_version: 1 })))).toMatchObject({ code: 'invalid_state' });
      const paused = await directory.pause(alice, entry.address, { expected_version: 1 });
      expect(paused).toMatchObject({ status: 'paused', version: 2 });
      expect((await failure(directory.pause(alice, entry.address, { expected_version: 2 }))).code).toBe('invalid_state');
      expect(await directory.reactivate(alice, entry.address, { expected_version: 2 })).toMatchObject({ status: 'active', version: 3 });
      expect((await failure(directory.pause(alice, entry.address, {}))).code).toBe('expected_version_required');
    });

    it('renews temporary entries, also once expired within the grace; then grace_ended; ongoing are not_temporary', async () => {
      const entry = await register(alice);
      h.clock.set('2026-12-30T12:00:00.000Z'); // 8 days after expiry
      expect((await directory.manage(alice, entry.address)).status).toBe('expired');
      const renewed = await directory.renew(alice, entry.address, { expected_version: 1 });
      expect(renewed).toMatchObject({ status: 'active', version: 2, expiry: '2027-01-29T12:00:00.000Z' });
      await expect(directory.resolve(entry.address, null)).resolves.toBeTruthy();
      h.clock.set('2027-02-28T12:00:00.001Z'); // 30 days and 1 ms after the new expiry
      expect((await failure(directory.renew(alice, entry.address, { expected_version: 2 }))).code).toBe('grace_ended');
      const ongoing = await register(alice, { term: 'ongoing' });
      expect((await failure(directory.renew(alice, ongoing.address, { expected_version: 1 }))).code).toBe('not_temporary');
    });

    it('never shortens a term on renewal, and gives a later expires_at asked for, up to 90 days ahead', async () => {
      const long = await register(alice, { expires_at: '2027-02-10T12:00:00.000Z' }); // 80 days left
      expect(await directory.renew(alice, long.address, { expected_version: 1 })).toMatchObject({ version: 2, expiry: '2027-02-10T12:00:00.000Z' });
      const short = await register(alice, { expires_at: '2026-12-02T12:00:00.000Z' }); // 10 days left
      expect((await directory.renew(alice, short.address, { expected_version: 1 })).expiry).toBe('2026-12-22T12:00:00.000Z');
      const asked = await directory.renew(alice, short.address, { expected_version: 2, expires_at: '2027-02-20T12:00:00.000Z' });
      expect(asked).toMatchObject({ version: 3, expiry: '2027-02-20T12:00:00.000Z' });
      for (const expires_at of ['2027-02-20T12:00:00.001Z', '2027-02-19T12:00:00.000Z']) {
        expect(await failure(directory.renew(alice, short.address, { expected_version: 3, expires_at }))).toMatchObject({
          code: 'validation_failed',
          extras: { details: [{ path: 'expires_at' }] },
        });
      }
      expect((await stored(short.handle))?.version).toBe(3);
    });

    it('removes (DELETE or POST …/remove) and restores to the status before, within 30 days', async () => {
      const entry = await register(alice, { term: 'ongoing' });
      await directory.pause(alice, entry.address, { expected_version: 1 });
      const removed = await directory.remove(alice, entry.address, 2);
      expect(removed).toMatchObject({ status: 'removed', version: 3, removed_at: START, restorable_until: '2026-12-22T12:00:00.000Z' });
      expect((await failure(directory.remove(alice, entry.address, 3))).code).toBe('invalid_state');
      h.clock.set('2026-12-22T12:00:00.000Z');
      const restored = await directory.restore(alice, entry.address, { expected_version: 3 });
      expect(restored).toMatchObject({ status: 'paused', version: 4, removed_at: null });
      expect((await failure(directory.restore(alice, entry.address, { expected_version: 4 }))).code).toBe('not_removed');
      expect((await failure(directory.remove(alice, entry.address, undefined))).code).toBe('expected_version_required');
    });

    it('refuses a restore after the window with restore_window_ended', async () => {
      const entry = await register(alice, { term: 'ongoing' });
      await directory.remove(alice, entry.address, 1);
      h.clock.set('2026-12-22T12:00:00.001Z');
      expect((await failure(directory.restore(alice, entry.address, { expected_version: 2 }))).code).toBe('restore_window_ended');
    });

    it('locks against agents; only the signed-in principal locks and unlocks', async () => {
      const entry = await register(alice);
      const agent = agentOf(alice);
      expect((await failure(directory.lock(agent, entry.address, { expected_version: 1 }))).code).toBe('human_only');
      await directory.lock(alice, entry.address, { expected_version: 1 });
      expect((await directory.manage(alice, entry.address)).locked).toBe(true);
      const refused = await failure(directory.update(agent, entry.address, { expected_version: 2, description: 'x' }));
      expect(refused.code).toBe('locked');
      expect((await failure(directory.pause(agent, entry.address, { expected_version: 2 }))).code).toBe('locked');
      expect((await failure(directory.unlock(agent, entry.address, { expected_version: 2 }))).code).toBe('human_only');
      expect((await failure(directory.lock(alice, entry.address, { expected_version: 2 }))).code).toBe('invalid_state');
      await directory.unlock(alice, entry.address, { expected_version: 2 });
      await expect(directory.update(agent, entry.address, { expected_version: 3, description: 'ok' })).resolves.toMatchObject({ version: 4 });
    });

    it('limits changes to listed live grants; an empty list lifts the limit', async () => {
      const entry = await register(alice);
      const allowed = agentOf(alice, 'Allowed');
      const other = agentOf(alice, 'Other');
      h.grants.give(allowed);
      expect((await failure(directory.setAgents(allowed, entry.address, { expected_version: 1, grant_ids: [allowed.grantId] }))).code).toBe('human_only');
      expect((await failure(directory.setAgents(alice, entry.address, { grant_ids: [allowed.grantId] }))).code).toBe('expected_version_required');
      const unknown = await failure(directory.setAgents(alice, entry.address, { expected_version: 1, grant_ids: [allowed.grantId, other.grantId] }));
      expect(unknown).toMatchObject({ code: 'validation_failed', extras: { details: [{ path: 'grant_ids.1' }] } });
      const limited = await directory.setAgents(alice, entry.address, { expected_version: 1, grant_ids: [allowed.grantId] });
      expect(limited).toMatchObject({ agent_limit: [allowed.grantId], version: 2 });
      expect((await failure(directory.update(other, entry.address, { expected_version: 2, description: 'x' }))).code).toBe('agent_not_permitted');
      await expect(directory.update(allowed, entry.address, { expected_version: 2, description: 'y' })).resolves.toMatchObject({ version: 3 });
      expect((await failure(directory.setAgents(alice, entry.address, { expected_version: 1, grant_ids: [] }))).code).toBe('version_conflict');
      expect(await directory.setAgents(alice, entry.address, { expected_version: 3, grant_ids: [] })).toMatchObject({ agent_limit: null, version: 4 });
      await expect(directory.update(other, entry.address, { expected_version: 4, description: 'z' })).resolves.toMatchObject({ version: 5 });
    });

    it('lists private history newest first with paging, to the owner only', async () => {
      const entry = await register(alice);
      await directory.update(alice, entry.address, { expected_version: 1, description: 'two' });
      await directory.update(alice, entry.address, { expected_version: 2, description: 'three' });
      const page = await directory.history(alice, entry.address, { limit: '2' });
      expect(page).toMatchObject({ total: 3, limit: 2, offset: 0 });
      expect(page.history.map((item) => [item.action, item.version])).toEqual([['update', 3], ['update', 2]]);
      expect(page.history[0]).toEqual({
        id: expect.stringMatching(/^dhi_/),
        action: 'update',
        actor: { kind: 'person', principal_id: alice.principalId },
        at: START,
        version: 3,
        previous: { description: 'two' },
      });
      expect((await directory.history(alice, entry.address, { offset: '2' })).history.map((item) => item.action)).toEqual(['register']);
      expect((await failure(directory.history(bob, entry.address))).code).toBe('not_found');
      expect((await failure(directory.history(alice, entry.address, { page: '2' }))).code).toBe('validation_failed');
    });

    it('puts back the earlier values of a history record (fields and destinations)', async () => {
      const entry = await register(alice);
      await directory.update(alice, entry.address, { expected_version: 1, display_name: 'Renamed', entry_type: 'organisation' });
      await directory.removeDestination(alice, entry.address, entry.destinations[0]!.id, 2);
      const [removal, rename] = (await directory.history(alice, entry.address)).history;
      expect((await failure(directory.restoreHistory(agentOf(alice), entry.address, rename!.id, { expected_version: 3 }))).code).toBe('human_only');
      expect((await failure(directory.restoreHistory(alice, entry.address, 'dhi_missing', { expected_version: 3 }))).code).toBe('history_not_found');
      expect((await failure(directory.restoreHistory(alice, entry.address, rename!.id, {}))).code).toBe('expected_version_required');
      const named = await directory.restoreHistory(alice, entry.address, rename!.id, { expected_version: 3 });
      expect(named).toMatchObject({ display_name: 'Alice Bakes', entry_type: 'person', version: 4 });
      const restored = await directory.restoreHistory(alice, entry.address, removal!.id, { expected_version: 4 });
      expect(restored.destinations).toEqual(entry.destinations);
      expect((await history(entry.handle)).at(-1)).toMatchObject({ action: 'history_restore', version: 5 });
    });

    it('refuses to restore a version whose text holds a contact detail (written before the rule): 422 blocked_content, nothing changed', async () => {
      const entry = await register(alice);
      await directory.update(alice, entry.address, { expected_version: 1, description: 'Cakes to order.' });
      const [edit] = (await directory.history(alice, entry.address)).history;
      // Text stored before contact details were refused, as the history holds it.
      await h.db.query(`update directory_history set previous = $1 where id = $2`, [JSON.stringify({ description: 'Mail me at alice@example.org' }), edit!.id]);
      const refused = await failure(directory.restoreHistory(alice, entry.address, edit!.id, { expected_version: 2 }));
      expect(refused).toMatchObject({ code: 'blocked_content', extras: { details: [{ path: 'description', found: 'email_address' }] } });
      expect(await stored(entry.handle)).toMatchObject({ version: 2, description: 'Cakes to order.' });
    });

    it('answers not_owner to anyone but the owner on every change to an entry they can resolve', async () => {
      const entry = await register(alice);
      const attempts = [
        () => directory.update(bob, entry.address, { expected_version: 1, description: 'x' }),
        () => directory.remove(bob, entry.address, 1),
        () => directory.pause(bob, entry.address, { expected_version: 1 }),
        () => directory.renew(bob, entry.address, { expected_version: 1 }),
        () => directory.lock(bob, entry.address, { expected_version: 1 }),
        () => directory.addDestination(bob, entry.address, { expected_version: 1, destination: { type: 'web', value: 'https://b.example' } }),
      ];
      for (const attempt of attempts) expect((await failure(attempt())).code).toBe('not_owner');
      expect((await stored(entry.handle))?.version).toBe(1);
      // Once it no longer resolves, the same change is the identical not_found.
      await directory.pause(alice, entry.address, { expected_version: 1 });
      for (const attempt of [...attempts, () => directory.reactivate(bob, entry.address, { expected_version: 2 })]) {
        expect((await failure(attempt())).code).toBe('not_found');
      }
      expect((await stored(entry.handle))?.version).toBe(2);
    });
  });

  describe('moderation', () => {
    it('lets support suspend and unsuspend; the owner sees it and keeps managing', async () => {
      const entry = await register(alice);
      expect((await failure(moderation.suspend(bob, entry.address, 'spam'))).code).toBe('not_found');
      expect((await failure(moderation.suspend(support(), 'aar:no-such-entry', 'spam'))).code).toBe('not_found');
      const suspended = await moderation.suspend(support(), entry.address, 'Impersonation report');
      expect(suspended).toMatchObject({
        status: 'suspended',
        suspended: true,
        suspension: { reason: 'Impersonation report', suspended_at: START, underlying_status: 'active' },
        version: 2,
      });
      expect((await failure(directory.resolve(entry.address, bob))).code).toBe('unavailable');
      expect((await failure(moderation.suspend(support(), entry.address, 'again'))).code).toBe('invalid_state');
      await directory.update(alice, entry.address, { expected_version: 2, description: 'Still mine' });
      expect((await history(entry.handle)).find((row) => row.action === 'suspend')?.actor).toEqual({ kind: 'support' });
      expect(await moderation.unsuspend(support(), entry.address)).toMatchObject({ status: 'active', suspended: false, suspension: null, version: 4 });
      await expect(directory.resolve(entry.address, null)).resolves.toMatchObject({ body: { description: 'Still mine' } });
    });

    it('shows support any entry nobody can look up, and the suspended ones latest first; anyone else finds nothing', async () => {
      // Suspended, then removed by its owner and retired: nothing is left to suspend.
      const gone = await register(alice);
      await moderation.suspend(support(), gone.address, 'Spam');
      await directory.remove(alice, gone.address, 2);
      const after = (minutes: number) => new Date(new Date(START).getTime() + days(31) + minutes * 60_000).toISOString();
      h.clock.set(after(0));
      await retire();
      expect((await stored(gone.handle))?.status).toBe('retired');
      const first = await register(alice, { display_name: 'First Held' });
      const second = await register(alice, { display_name: 'Second Held' });
      const lifted = await register(alice);
      const paused = await register(alice, { display_name: 'Paused Shop' });
      await directory.pause(alice, paused.address, { expected_version: 1 });
      h.clock.set(after(1));
      await moderation.suspend(support(), first.address, 'Impersonation');
      h.clock.set(after(2));
      await moderation.suspend(support(), second.address, 'Spam shop');
      await moderation.suspend(support(), lifted.address, 'Mistake');
      await moderation.unsuspend(support(), lifted.address);

      const all = await moderation.suspended(support(), { limit: '100' });
      const addresses = all.entries.map((entry) => entry.address);
      expect(addresses.slice(0, 2)).toEqual([second.address, first.address]);
      for (const free of [gone, lifted, paused]) expect(addresses).not.toContain(free.address);
      expect(all.total).toBe(all.entries.length);
      expect(all.entries[1]).toEqual({
        address: first.address,
        display_name: 'First Held',
        status: 'suspended',
        suspension: { reason: 'Impersonation', suspended_at: after(1), underlying_status: 'active' },
      });
      expect(await moderation.suspended(support(), { limit: '1', offset: '1' })).toEqual({ entries: [all.entries[1]], total: all.total, limit: 1, offset: 1 });

      // Any entry, by its address written in any case, whatever hides it from a lookup.
      expect(await moderation.get(support(), paused.address.toUpperCase())).toEqual({ address: paused.address, display_name: 'Paused Shop', status: 'paused', suspension: null });
      expect(await moderation.get(support(), second.address)).toEqual(all.entries[0]);
      expect(await moderation.get(support(), gone.address)).toMatchObject({ address: gone.address, status: 'retired', suspension: null });
      expect((await failure(moderation.get(support(), 'aar:no-such-entry'))).code).toBe('not_found');
      expect((await failure(moderation.get(bob, paused.address))).code).toBe('not_found');
      expect((await failure(moderation.suspended(bob))).code).toBe('not_found');
      expect((await stored(first.handle))?.version).toBe(2);
    });
  });

  describe('discover', () => {
    it('lists active public entries by full text and type, with public destinations only', async () => {
      const word = `zebra${Date.now().toString(36)}`;
      const shown = await register(alice, { description: `Painted ${word} cakes`, entry_type: 'organisation' });
      await register(alice, { description: `A ${word} person`, entry_type: 'person' });
      await register(alice, { description: `Hidden ${word}`, visibility: 'restricted' });
      const paused = await register(alice, { description: `Paused ${word}` });
      await directory.pause(alice, paused.address, { expected_version: 1 });
      const all = await directory.discover({ q: word });
      expect(all).toMatchObject({ total: 2, total_is_lower_bound: false, limit: 20, offset: 0 });
      const filtered = await directory.discover({ q: word, type: 'organisation' });
      expect(filtered.entries).toEqual([(await directory.resolve(shown.address, null)).body]);
      expect(filtered.entries[0]!.destinations.map((d) => d.type)).toEqual(['web']);
      expect((await directory.discover({ q: shown.handle })).entries.map((e) => e.address)).toContain(shown.address);
    });

    it('takes an address written aar:handle, the prefix in any case, as the handle; a prefix inside a word stays', async () => {
      const shown = await register(alice, { description: 'Wedding cakes' });
      for (const q of [shown.address, shown.address.toUpperCase(), `Aar:${shown.handle} cakes`, `"aar:${shown.handle}"`]) {
        expect((await directory.discover({ q })).entries.map((e) => e.address), q).toEqual([shown.address]);
      }
      expect((await directory.discover({ q: `cakes -aar:${shown.handle}` })).entries.map((e) => e.address)).not.toContain(shown.address);
      expect(searchWordsOf('bazaar:stall')).toBe('bazaar:stall');
    });

    it('counts matches up to a cap: past 301 the total says "at least", and a deeper page counts past itself', async () => {
      const word = `heron${Date.now().toString(36)}`;
      // 302 public entries stored at once: registering them one by one would take a principal per 25.
      await h.db.query(
        `insert into directory_entries (id, handle, owner_id, display_name, description, entry_type, visibility, term, status,
           version, locked, suspended, created_at, updated_at)
         select 'dir_' || $1::text || n, $2::text || '-' || n, $3::text, 'Heron', $4::text, 'person', 'public', 'ongoing', 'active', 1, false, false,
           $5::timestamptz, $6::timestamptz
         from generate_series(1, 302) as n`,
        [word, word, alice.principalId, `Watches the ${word} pond`, h.clock.now(), h.clock.now()],
      );
      const first = await directory.discover({ q: word });
      expect(first).toMatchObject({ total: 301, total_is_lower_bound: true, limit: 20, offset: 0 });
      expect(first.entries).toHaveLength(20);
      // A page past the cap counts one past itself: here every match, so the total is exact.
      const last = await directory.discover({ q: word, offset: '300' });
      expect(last).toMatchObject({ total: 302, total_is_lower_bound: false });
      expect(last.entries).toHaveLength(2);
      // A page past the end has no row to carry the count; it is counted alone.
      expect(await directory.discover({ q: word, offset: '400' })).toEqual({ entries: [], total: 302, total_is_lower_bound: false, limit: 20, offset: 400 });
      // Without words, every shown entry is counted the same way.
      expect(await directory.discover({ limit: '1' })).toMatchObject({ total: 301, total_is_lower_bound: true });
    });

    it.each([
      [{ sort: 'new' }],
      [{ type: 'robot' }],
      [{ limit: '101' }],
    ])('refuses the query %j', async (query) => {
      expect((await failure(directory.discover(query))).code).toBe('validation_failed');
    });
  });

  describe('cleanup', () => {
    it('retires past the windows, keeps the handle, deletes destinations, description and history; purges old history', async () => {
      const removed = await register(alice, { term: 'ongoing' });
      await directory.remove(alice, removed.address, 1);
      const temporary = await register(alice);
      const kept = await register(alice, { term: 'ongoing' });
      const [retireJob, historyJob] = h.module.cleanupJobs;
      h.clock.set('2027-01-21T12:00:00.000Z'); // grace of `temporary` ends exactly now: not yet
      await retireJob!.run(h.clock.now());
      expect((await stored(temporary.handle))?.status).toBe('active');
      h.clock.set('2027-01-21T12:00:00.001Z');
      const counts = await retireJob!.run(h.clock.now());
      expect(counts.retired).toBeGreaterThanOrEqual(2);
      for (const handle of [removed.handle, temporary.handle]) {
        expect(await stored(handle)).toMatchObject({ status: 'retired', display_name: '', description: '' });
        expect(await history(handle)).toEqual([]);
        expect(
          await h.db.query('select id from directory_destinations where entry_id = (select id from directory_entries where handle = $1)', [handle]),
        ).toEqual([]);
      }
      expect((await directory.manage(alice, removed.address)).status).toBe('retired');
      expect((await failure(directory.restore(alice, removed.address, { expected_version: 3 }))).code).toBe('restore_window_ended');
      expect(await retireJob!.run(h.clock.now())).toEqual({ retired: 0 });
      expect((await stored(kept.handle))?.status).toBe('active');
      h.clock.set('2027-02-20T12:00:00.001Z'); // 90 days after START
      expect((await historyJob!.run(h.clock.now())).purged).toBeGreaterThanOrEqual(1);
      expect(await history(kept.handle)).toEqual([]);
      expect(await historyJob!.run(h.clock.now())).toEqual({ purged: 0 });
    });

    it('retires a removed temporary entry when its renewal grace ends, within the restore window, which ends then too', async () => {
      const temporary = await register(alice);
      h.clock.set('2027-01-10T12:00:00.000Z'); // expired since 2026-12-22, within its grace
      const removed = await directory.remove(alice, temporary.address, 1);
      expect(removed.restorable_until).toBe('2027-01-21T12:00:00.000Z');
      h.clock.set('2027-01-21T12:00:00.001Z');
      expect((await failure(directory.restore(alice, temporary.address, { expected_version: 2 }))).code).toBe('restore_window_ended');
      expect(await retire()).toEqual({ retired: 1 });
      expect(await stored(temporary.handle)).toMatchObject({ status: 'retired', display_name: '', description: '' });
    });
  });
});
