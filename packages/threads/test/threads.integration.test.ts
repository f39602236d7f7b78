import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { DAY_MS, manualClock, type Actor } from '@svc/kernel';
import { sha256 } from '@svc/db';
import { ENGINES, type TestDatabase } from '@svc/db/testing';
import {
  createThreadsModule,
  LINK_NOTICE,
  THREAD_NOTICE,
  threadJsonSchema,
  type ThreadJson,
  type ThreadsModule,
} from '../src/index.ts';
import { BASE_URL, codeOf, createLinks, createPeople, openThreadsTestDatabase } from '../src/testing.ts';

describe.each(ENGINES)('threads on %s', (engine) => {
  let db: TestDatabase;
  let module: ThreadsModule;
  let threads: ThreadsModule['threads'];
  const clock = manualClock('2026-11-22T09:00:00.000Z');
  const people = createPeople();
  const links = createLinks();
  const alice = people.person('Alice');
  const bob = people.person('Bob');
  const carol = people.person('Carol');
  const dave = people.person('Dave');
  const aliceAgent = people.agentOf(alice);
  const bobAgent = people.agentOf(bob);
  links.add('job', 'job_party', { id: 'job_party', title: 'Plan a party', version: 3 });
  links.add('service', 'svc_private', { id: 'svc_private', title: 'Hidden' }, [carol.principalId]);

  beforeAll(async () => {
    db = await openThreadsTestDatabase(engine);
    module = createThreadsModule({ db, clock, baseUrl: `${BASE_URL}/`, principals: people.directory, links });
    ({ threads } = module);
  });
  afterAll(() => db?.dispose());

  const tick = () => clock.advance(1000);
  const count = async (sql: string, params: unknown[] = []) => Number((await db.query<{ n: string }>(sql, params))[0]!.n);

  /** Alice's thread with Bob (and whoever else is given) as participants. */
  const threadWith = async (...others: Actor[]): Promise<ThreadJson> => {
    tick();
    const thread = await threads.create(alice, { title: 'Garden party', summary: 'Saturday, 20 guests.' });
    for (const other of others) {
      const invite = await threads.createInvite(alice, thread.id, {});
      await threads.acceptInvite(other, invite.token!);
    }
    return threads.get(alice, thread.id);
  };

  describe('create, get and list', () => {
    it('creates an open thread owned by the actor and answers the full thread JSON', async () => {
      const thread = await threads.create(aliceAgent, { title: '  Garden party ', summary: 'Saturday.' });
      expect(thread.id).toMatch(/^thr_[0-9a-z]{26}$/);
      expect(thread).toEqual({
        id: thread.id,
        url: `${BASE_URL}/threads/${thread.id}`,
        title: 'Garden party',
        summary: 'Saturday.',
        summary_version: 1,
        status: 'open',
        owner: { principal_id: alice.principalId, display_name: 'Alice' },
        participants: [{ principal_id: alice.principalId, display_name: 'Alice', role: 'owner', joined_at: clock.now().toISOString() }],
        linked: null,
        entries: [],
        checklist: [],
        invites: [],
        created_at: clock.now().toISOString(),
        updated_at: clock.now().toISOString(),
        notice: THREAD_NOTICE,
      });
      expect(v.is(threadJsonSchema, thread)).toBe(true);
      expect(await threads.get(alice, thread.id)).toEqual(thread);
      expect(await count('select count(*) as n from thread_participants where thread_id = $1', [thread.id])).toBe(1);
    });

    it('stores a snapshot of a linked job, marked as not a contract, and keeps it when the job changes', async () => {
      const thread = await threads.create(alice, { title: 'Party', link: { kind: 'job', id: 'job_party' } });
      expect(thread.linked).toEqual({
        kind: 'job',
        id: 'job_party',
        snapshot: { id: 'job_party', title: 'Plan a party', version: 3 },
        snapshot_taken_at: clock.now().toISOString(),
        not_a_contract: true,
        notice: LINK_NOTICE,
      });
      links.add('job', 'job_party', { id: 'job_party', title: 'Changed', version: 4 });
      expect((await threads.get(alice, thread.id)).linked?.snapshot).toEqual({ id: 'job_party', title: 'Plan a party', version: 3 });
      links.add('job', 'job_party', { id: 'job_party', title: 'Plan a party', version: 3 });
    });

    it.each([
      ['a record nobody has', { kind: 'job', id: 'job_missing' }],
      ['a record the actor may not read', { kind: 'service', id: 'svc_private' }],
    ])('refuses a link to %s, naming link.id, and stores nothing', async (_, link) => {
      const before = await count('select count(*) as n from threads');
      await expect(threads.create(alice, { title: 'Party', link })).rejects.toMatchObject({
        code: 'validation_failed',
        extras: { details: [{ path: 'link.id', message: 'is not a record you can read' }] },
      });
      expect(await count('select count(*) as n from threads')).toBe(before);
    });

    it.each([
      ['an unknown field', { title: 'x', colour: 'red' }, 'colour'],
      ['an empty title', { title: '   ' }, 'title'],
      ['a title on two lines', { title: 'a\nb' }, 'title'],
      ['a NUL in the summary', { title: 'x', summary: 'a\u0000b' }, 'summary'],
      ['an unknown link kind', { title: 'x', link: { kind: 'directory', id: 'a' } }, 'link.kind'],
    ])('refuses %s with validation_failed', async (_, input, path) => {
      const error = await threads.create(alice, input).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'validation_failed' });
      expect((error as { extras: { details: { path: string }[] } }).extras.details[0]!.path).toBe(path);
    });

    it('lists the threads the actor takes part in, most recently changed first, with paging', async () => {
      const people2 = createPeople();
      const erin = people2.person('Erin');
      const frank = people2.person('Frank');
      const local = createThreadsModule({ db, clock, baseUrl: BASE_URL, principals: people2.directory, links }).threads;
      tick();
      const first = await local.create(erin, { title: 'First' });
      tick();
      const second = await local.create(erin, { title: 'Second' });
      tick();
      const franks = await local.create(frank, { title: 'Frank only' });
      const invite = await local.createInvite(frank, franks.id, {});
      await local.acceptInvite(erin, invite.token!);
      const list = await local.list(erin, {});
      expect(list).toMatchObject({ total: 3, limit: 20, offset: 0 });
      expect(list.threads.map((t) => t.id)).toEqual([franks.id, second.id, first.id]);
      expect(list.threads[0]).toEqual({
        id: franks.id,
        url: `${BASE_URL}/threads/${franks.id}`,
        title: 'Frank only',
        status: 'open',
        owner: { principal_id: frank.principalId, display_name: 'Frank' },
        participant_count: 2,
        participants: [
          { principal_id: frank.principalId, display_name: 'Frank' },
          { principal_id: erin.principalId, display_name: 'Erin' },
        ],
        linked: null,
        created_at: franks.created_at,
        updated_at: clock.now().toISOString(),
      });
      expect((await local.list(erin, { limit: '1', offset: '1' })).threads.map((t) => t.id)).toEqual([second.id]);
      await local.archive(erin, first.id);
      expect((await local.list(erin, { status: 'archived' })).threads.map((t) => t.id)).toEqual([first.id]);
      expect((await local.list(frank, {})).total).toBe(1);
      expect(await codeOf(local.list(erin, { limit: '0' }))).toBe('validation_failed');
      expect(await codeOf(local.list(erin, { colour: 'red' }))).toBe('validation_failed');
    });

    it('shows invitations to the owner only', async () => {
      const thread = await threadWith(bob);
      tick();
      await threads.createInvite(alice, thread.id, { invitee_principal_id: carol.principalId });
      const asOwner = await threads.get(alice, thread.id);
      expect(asOwner.invites).toHaveLength(2);
      expect(asOwner.invites!.map((i) => [i.status, i.token, i.url])).toEqual([
        ['pending', null, null],
        ['accepted', null, null],
      ]);
      expect((await threads.get(bob, thread.id)).invites).toBeNull();
    });
  });

  describe('update (PATCH)', () => {
    it('changes the summary at the expected version, by any participant, adding 1 to summary_version', async () => {
      const thread = await threadWith(bob);
      tick();
      const updated = await threads.update(bobAgent, thread.id, { summary: 'Sunday now.', expected_version: 1 });
      expect(updated).toMatchObject({ summary: 'Sunday now.', summary_version: 2, updated_at: clock.now().toISOString() });
      expect(await db.query('select summary, summary_version from threads where id = $1', [thread.id])).toEqual([
        { summary: 'Sunday now.', summary_version: 2 },
      ]);
    });

    it('needs expected_version for a summary (428) and refuses a stale one with current (409); nothing changes', async () => {
      const thread = await threadWith(bob);
      await threads.update(alice, thread.id, { summary: 'v2', expected_version: 1 });
      expect(await codeOf(threads.update(bob, thread.id, { summary: 'no version' }))).toBe('expected_version_required');
      const error = await threads.update(bob, thread.id, { summary: 'stale', expected_version: 1 }).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'version_conflict', extras: { current: { id: thread.id, summary: 'v2', summary_version: 2 } } });
      expect(await db.query('select summary, summary_version from threads where id = $1', [thread.id])).toEqual([
        { summary: 'v2', summary_version: 2 },
      ]);
    });

    it('lets only the owner change the title, which needs no version', async () => {
      const thread = await threadWith(bob);
      expect(await codeOf(threads.update(bob, thread.id, { title: 'Mine now' }))).toBe('owner_only');
      const renamed = await threads.update(alice, thread.id, { title: 'Garden party, take two' });
      expect(renamed).toMatchObject({ title: 'Garden party, take two', summary_version: 1 });
    });

    it('writes nothing for fields sent as they already read: no new summary_version, no updated_at, no contribution', async () => {
      const thread = await threadWith(bob);
      tick();
      const same = await threads.update(bob, thread.id, { summary: 'Saturday, 20 guests.', expected_version: 1 });
      expect(same).toMatchObject({ summary: 'Saturday, 20 guests.', summary_version: 1, updated_at: thread.updated_at });
      expect(await threads.update(alice, thread.id, { title: 'Garden party' })).toMatchObject({ updated_at: thread.updated_at });
      expect(await db.query('select summary_version, summary_edited_by_others from threads where id = $1', [thread.id])).toEqual([
        { summary_version: 1, summary_edited_by_others: false },
      ]);
      // Bob's unchanged save is no contribution: the owner may still delete the thread.
      expect(await threads.deletable(alice, thread.id)).toBe(true);
      // A stale version is still refused, changed or not.
      await threads.update(alice, thread.id, { summary: 'v2', expected_version: 1 });
      expect(await codeOf(threads.update(bob, thread.id, { summary: 'v2', expected_version: 1 }))).toBe('version_conflict');
      // A title change sent with the version it read leaves summary_version as it is.
      expect(await threads.update(alice, thread.id, { title: 'Garden party, take two', expected_version: 2 })).toMatchObject({ summary_version: 2 });
    });

    it.each([
      ['an empty body', {}],
      ['only a version', { expected_version: 1 }],
      ['an unknown field', { summary: 'x', expected_version: 1, status: 'archived' }],
    ])('refuses %s with validation_failed', async (_, body) => {
      const thread = await threadWith();
      expect(await codeOf(threads.update(alice, thread.id, body))).toBe('validation_failed');
    });
  });

  describe('entries', () => {
    it('adds entries of every kind and lists them oldest first', async () => {
      const thread = await threadWith(bob);
      const kinds = ['update', 'next_step', 'blocker', 'deliverable', 'completion'] as const;
      for (const kind of kinds) {
        tick();
        await threads.addEntry(bob, thread.id, { kind, text: `A ${kind}` });
      }
      const read = await threads.get(alice, thread.id);
      expect(read.entries.map((e) => [e.kind, e.text, e.author.display_name, e.deleted])).toEqual(
        kinds.map((kind) => [kind, `A ${kind}`, 'Bob', false]),
      );
      expect(read.updated_at).toBe(clock.now().toISOString());
    });

    it('answers the new entry JSON', async () => {
      const thread = await threadWith();
      const entry = await threads.addEntry(aliceAgent, thread.id, { kind: 'blocker', text: ' Hall is booked. ' });
      expect(entry).toEqual({
        id: entry.id,
        kind: 'blocker',
        text: 'Hall is booked.',
        author: { principal_id: alice.principalId, display_name: 'Alice' },
        created_at: clock.now().toISOString(),
        updated_at: clock.now().toISOString(),
        deleted: false,
      });
      expect(entry.id).toMatch(/^ten_/);
    });

    it.each([
      ['an unknown kind', { kind: 'note', text: 'x' }],
      ['empty text', { kind: 'update', text: '' }],
      ['text over 10,000 characters', { kind: 'update', text: 'x'.repeat(10_001) }],
    ])('refuses %s', async (_, input) => {
      const thread = await threadWith();
      expect(await codeOf(threads.addEntry(alice, thread.id, input))).toBe('validation_failed');
    });

    it('accepts exactly 10,000 characters', async () => {
      const thread = await threadWith();
      expect((await threads.addEntry(alice, thread.id, { kind: 'update', text: 'x'.repeat(10_000) })).text).toHaveLength(10_000);
    });

    it('lets only the author edit or delete an entry; deleting leaves a tombstone that cannot change', async () => {
      const thread = await threadWith(bob);
      const entry = await threads.addEntry(bob, thread.id, { kind: 'update', text: 'First draft' });
      expect(await codeOf(threads.editEntry(alice, thread.id, entry.id, { text: 'Not yours' }))).toBe('not_author');
      expect(await codeOf(threads.deleteEntry(alice, thread.id, entry.id))).toBe('not_author');
      tick();
      const edited = await threads.editEntry(bob, thread.id, entry.id, { text: 'Second draft', kind: 'deliverable' });
      expect(edited).toMatchObject({ text: 'Second draft', kind: 'deliverable', created_at: entry.created_at, updated_at: clock.now().toISOString() });
      tick();
      const tombstone = await threads.deleteEntry(bob, thread.id, entry.id);
      expect(tombstone).toEqual({
        ...edited,
        text: null,
        deleted: true,
        updated_at: clock.now().toISOString(),
      });
      expect(await db.query('select text, author_id from thread_entries where id = $1', [entry.id])).toEqual([
        { text: null, author_id: bob.principalId },
      ]);
      expect((await threads.get(alice, thread.id)).entries).toEqual([tombstone]);
      expect(await codeOf(threads.editEntry(bob, thread.id, entry.id, { text: 'Back' }))).toBe('deleted');
      expect(await codeOf(threads.deleteEntry(bob, thread.id, entry.id))).toBe('deleted');
    });

    it.each(['ten_unknown', 'bad id with spaces', 'x\u0000'])('answers entry_not_found for %j', async (entryId) => {
      const thread = await threadWith();
      expect(await codeOf(threads.editEntry(alice, thread.id, entryId, { text: 'x' }))).toBe('entry_not_found');
      expect(await codeOf(threads.deleteEntry(alice, thread.id, entryId))).toBe('entry_not_found');
    });

    it('does not find an entry through another thread', async () => {
      const one = await threadWith();
      const other = await threadWith();
      const entry = await threads.addEntry(alice, one.id, { kind: 'update', text: 'x' });
      expect(await codeOf(threads.editEntry(alice, other.id, entry.id, { text: 'y' }))).toBe('entry_not_found');
    });
  });

  describe('checklist', () => {
    it('adds items, sets done explicitly (a repeat changes nothing) and edits text', async () => {
      const thread = await threadWith(bob);
      const item = await threads.addItem(bob, thread.id, { text: 'Book the hall' });
      expect(item).toEqual({
        id: item.id,
        text: 'Book the hall',
        done: false,
        added_by: { principal_id: bob.principalId, display_name: 'Bob' },
        created_at: clock.now().toISOString(),
        updated_at: clock.now().toISOString(),
      });
      expect(item.id).toMatch(/^tck_/);
      tick();
      const done = await threads.updateItem(alice, thread.id, item.id, { done: true });
      expect(done).toMatchObject({ done: true, updated_at: clock.now().toISOString() });
      tick();
      expect(await threads.updateItem(alice, thread.id, item.id, { done: true })).toEqual(done);
      const renamed = await threads.updateItem(bob, thread.id, item.id, { text: 'Book the big hall', done: false });
      expect(renamed).toMatchObject({ text: 'Book the big hall', done: false });
      expect(await db.query('select text, done from thread_checklist_items where id = $1', [item.id])).toEqual([
        { text: 'Book the big hall', done: false },
      ]);
    });

    it('lets only the person who added an item remove it', async () => {
      const thread = await threadWith(bob);
      const item = await threads.addItem(bob, thread.id, { text: 'Cake', done: true });
      expect(await codeOf(threads.removeItem(alice, thread.id, item.id))).toBe('not_author');
      expect(await threads.removeItem(bob, thread.id, item.id)).toEqual(item);
      expect(await count('select count(*) as n from thread_checklist_items where id = $1', [item.id])).toBe(0);
      expect(await codeOf(threads.removeItem(bob, thread.id, item.id))).toBe('item_not_found');
    });

    it.each([
      ['an empty patch', {}],
      ['done as a string', { done: 'true' }],
      ['text on two lines', { text: 'a\nb' }],
    ])('refuses %s', async (_, patch) => {
      const thread = await threadWith();
      const item = await threads.addItem(alice, thread.id, { text: 'Cake' });
      expect(await codeOf(threads.updateItem(alice, thread.id, item.id, patch))).toBe('validation_failed');
    });

    it('answers item_not_found for an unknown item', async () => {
      const thread = await threadWith();
      expect(await codeOf(threads.updateItem(alice, thread.id, 'tck_unknown', { done: true }))).toBe('item_not_found');
      expect(await codeOf(threads.removeItem(alice, thread.id, 'tck_unknown'))).toBe('item_not_found');
    });
  });

  describe('invitations', () => {
    it('creates a one-time link shown once; only the SHA-256 of its token is stored', async () => {
      const thread = await threadWith();
      const invite = await threads.createInvite(aliceAgent, thread.id, {});
      expect(invite).toEqual({
        id: invite.id,
        thread_id: thread.id,
        token: invite.token,
        url: `${BASE_URL}/threads/invites/${invite.token}`,
        invitee_principal_id: null,
        status: 'pending',
        accepted_by_principal_id: null,
        created_at: clock.now().toISOString(),
        expires_at: new Date(clock.now().getTime() + 7 * DAY_MS).toISOString(),
      });
      expect(invite.id).toMatch(/^tin_/);
      expect(invite.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const [row] = await db.query<Record<string, unknown>>('select * from thread_invites where id = $1', [invite.id]);
      expect(row!.token_hash).toBe(sha256(invite.token!));
      expect(JSON.stringify(row)).not.toContain(invite.token!);
    });

    it('lets a signed-in person join with the link; the link then cannot be used again', async () => {
      const thread = await threadWith();
      const invite = await threads.createInvite(alice, thread.id, {});
      expect(await codeOf(threads.acceptInvite(bobAgent, invite.token!))).toBe('human_only');
      tick();
      const joined = await threads.acceptInvite(bob, invite.token!);
      expect(joined.participants.map((p) => [p.display_name, p.role])).toEqual([
        ['Alice', 'owner'],
        ['Bob', 'participant'],
      ]);
      expect(joined.invites).toBeNull();
      expect(await codeOf(threads.acceptInvite(carol, invite.token!))).toBe('invite_unavailable');
      expect(await codeOf(threads.acceptInvite(bob, invite.token!))).toBe('invite_unavailable');
      expect((await threads.get(alice, thread.id)).invites![0]).toMatchObject({ status: 'accepted', accepted_by_principal_id: bob.principalId });
    });

    it.each(['', 'not-a-token', 'A'.repeat(43)])('answers invite_not_found for the token %j', async (token) => {
      expect(await codeOf(threads.acceptInvite(bob, token))).toBe('invite_not_found');
    });

    it('answers invite_unavailable for revoked and expired links', async () => {
      const thread = await threadWith();
      const revoked = await threads.createInvite(alice, thread.id, {});
      expect(await threads.revokeInvite(alice, thread.id, revoked.id)).toMatchObject({ status: 'revoked', token: null });
      expect(await threads.revokeInvite(alice, thread.id, revoked.id)).toMatchObject({ status: 'revoked' });
      expect(await codeOf(threads.acceptInvite(bob, revoked.token!))).toBe('invite_unavailable');
      tick();
      const expiring = await threads.createInvite(alice, thread.id, {});
      clock.advance(7 * DAY_MS);
      expect(await codeOf(threads.acceptInvite(bob, expiring.token!))).toBe('invite_unavailable');
      expect(await codeOf(threads.revokeInvite(alice, thread.id, expiring.id))).toBe('invite_unavailable');
      expect((await threads.get(alice, thread.id)).invites!.map((i) => i.status)).toEqual(['expired', 'revoked']);
    });

    it('keeps an invitation for a named principal to them: not_for_you for anyone else', async () => {
      const thread = await threadWith();
      const invite = await threads.createInvite(alice, thread.id, { invitee_principal_id: carol.principalId });
      expect(invite.invitee_principal_id).toBe(carol.principalId);
      expect(await codeOf(threads.acceptInvite(bob, invite.token!))).toBe('not_for_you');
      expect((await threads.acceptInvite(carol, invite.token!)).participants).toHaveLength(2);
    });

    it('answers already_participant for someone already in the thread', async () => {
      const thread = await threadWith(bob);
      const open = await threads.createInvite(alice, thread.id, {});
      expect(await codeOf(threads.acceptInvite(bob, open.token!))).toBe('already_participant');
      expect(await codeOf(threads.acceptInvite(alice, open.token!))).toBe('already_participant');
      expect(await codeOf(threads.createInvite(alice, thread.id, { invitee_principal_id: bob.principalId }))).toBe('already_participant');
    });

    it('lists pending invitations addressed to me and accepts them by id from the Threads page', async () => {
      const people2 = createPeople();
      const gina = people2.person('Gina');
      const hal = people2.person('Hal');
      const local = createThreadsModule({ db, clock, baseUrl: BASE_URL, principals: people2.directory, links }).threads;
      const thread = await local.create(gina, { title: 'Quiz night' });
      tick();
      const invite = await local.createInvite(gina, thread.id, { invitee_principal_id: hal.principalId });
      await local.createInvite(gina, thread.id, {});
      const list = await local.invitations(hal);
      expect(list).toEqual({
        invitations: [
          {
            id: invite.id,
            thread: { id: thread.id, title: 'Quiz night', owner: { principal_id: gina.principalId, display_name: 'Gina' } },
            created_at: invite.created_at,
            expires_at: invite.expires_at,
          },
        ],
        total: 1,
        limit: 20,
        offset: 0,
      });
      expect(await codeOf(local.acceptInvitation(people2.agentOf(hal), invite.id))).toBe('human_only');
      expect(await codeOf(local.acceptInvitation(gina, invite.id))).toBe('invite_not_found');
      expect(await codeOf(local.acceptInvitation(hal, 'tin_unknown'))).toBe('invite_not_found');
      expect((await local.acceptInvitation(hal, invite.id)).participants).toHaveLength(2);
      expect((await local.invitations(hal)).total).toBe(0);
      expect(await codeOf(local.acceptInvitation(hal, invite.id))).toBe('invite_unavailable');
    });

    it('refuses invitations from anyone but the owner, and for unknown principals', async () => {
      const thread = await threadWith(bob);
      expect(await codeOf(threads.createInvite(bob, thread.id, {}))).toBe('owner_only');
      const invite = await threads.createInvite(alice, thread.id, {});
      expect(await codeOf(threads.revokeInvite(bob, thread.id, invite.id))).toBe('owner_only');
      expect(await codeOf(threads.revokeInvite(alice, thread.id, 'tin_unknown'))).toBe('invite_not_found');
      expect(await codeOf(threads.createInvite(alice, thread.id, { invitee_principal_id: 'prn_nobody' }))).toBe('validation_failed');
      expect(await codeOf(threads.createInvite(alice, thread.id, { role: 'admin' }))).toBe('validation_failed');
    });
  });

  describe('website-only actions on people', () => {
    it('lets the owner remove a participant, who then gets not_found', async () => {
      const thread = await threadWith(bob, carol);
      expect(await codeOf(threads.removeParticipant(aliceAgent, thread.id, bob.principalId))).toBe('human_only');
      expect(await codeOf(threads.removeParticipant(carol, thread.id, bob.principalId))).toBe('owner_only');
      expect(await codeOf(threads.removeParticipant(alice, thread.id, dave.principalId))).toBe('not_participant');
      expect(await codeOf(threads.removeParticipant(alice, thread.id, alice.principalId))).toBe('invalid_state');
      const after = await threads.removeParticipant(alice, thread.id, bob.principalId);
      expect(after.participants.map((p) => p.display_name)).toEqual(['Alice', 'Carol']);
      expect(await codeOf(threads.get(bob, thread.id))).toBe('not_found');
      expect(await codeOf(threads.removeParticipant(alice, thread.id, bob.principalId))).toBe('not_participant');
    });

    it('lets a participant leave; the owner cannot', async () => {
      const thread = await threadWith(bob);
      expect(await codeOf(threads.leave(bobAgent, thread.id))).toBe('human_only');
      expect(await codeOf(threads.leave(alice, thread.id))).toBe('invalid_state');
      expect(await threads.leave(bob, thread.id)).toEqual({ id: thread.id, left: true });
      expect(await codeOf(threads.get(bob, thread.id))).toBe('not_found');
      expect(await codeOf(threads.leave(bob, thread.id))).toBe('not_found');
    });

    it('deletes a thread nobody else has contributed to, with everything in it', async () => {
      const thread = await threadWith(bob);
      await threads.addEntry(alice, thread.id, { kind: 'update', text: 'mine' });
      const item = await threads.addItem(alice, thread.id, { text: 'mine' });
      await threads.updateItem(alice, thread.id, item.id, { text: 'mine, reworded', done: true });
      // Bob's repeat of what the item already says changes nothing, so it is no contribution.
      await threads.updateItem(bob, thread.id, item.id, { done: true });
      await threads.createInvite(alice, thread.id, {});
      expect(await codeOf(threads.deleteThread(aliceAgent, thread.id))).toBe('human_only');
      expect(await codeOf(threads.deleteThread(bob, thread.id))).toBe('owner_only');
      expect(await threads.deletable(bob, thread.id)).toBe(false);
      expect(await threads.deletable(alice, thread.id)).toBe(true);
      expect(await threads.deleteThread(alice, thread.id)).toEqual({ id: thread.id, deleted: true });
      for (const table of ['threads', 'thread_participants', 'thread_entries', 'thread_checklist_items', 'thread_invites']) {
        const column = table === 'threads' ? 'id' : 'thread_id';
        expect(await count(`select count(*) as n from ${table} where ${column} = $1`, [thread.id])).toBe(0);
      }
      expect(await codeOf(threads.get(alice, thread.id))).toBe('not_found');
    });

    it.each([
      ['an entry', (id: string) => threads.addEntry(bob, id, { kind: 'update', text: 'hi' })],
      ['a deleted entry', async (id: string) => {
        const entry = await threads.addEntry(bob, id, { kind: 'update', text: 'hi' });
        await threads.deleteEntry(bob, id, entry.id);
      }],
      ['a checklist item', (id: string) => threads.addItem(bob, id, { text: 'hi' })],
      ['a tick of the owner\'s checklist item', async (id: string) => {
        const item = await threads.addItem(alice, id, { text: 'Book the hall' });
        await threads.updateItem(bob, id, item.id, { done: true });
      }],
      ['a rewording of the owner\'s checklist item', async (id: string) => {
        const item = await threads.addItem(alice, id, { text: 'Book the hall' });
        await threads.updateItem(bob, id, item.id, { text: 'Book the small hall' });
      }],
      ['a summary change', (id: string) => threads.update(bob, id, { summary: 'hi', expected_version: 1 })],
      ['an entry, then leaving', async (id: string) => {
        await threads.addEntry(bob, id, { kind: 'update', text: 'hi' });
        await threads.leave(bob, id);
      }],
    ])('refuses to delete a thread with %s by someone else (has_contributions)', async (_, contribute) => {
      const thread = await threadWith(bob);
      expect(await threads.deletable(alice, thread.id)).toBe(true);
      await contribute(thread.id);
      // The page asks first, so it offers no Delete that would be refused.
      expect(await threads.deletable(alice, thread.id)).toBe(false);
      expect(await codeOf(threads.deleteThread(alice, thread.id))).toBe('has_contributions');
      expect(await count('select count(*) as n from threads where id = $1', [thread.id])).toBe(1);
    });
  });

  describe('archive and reopen', () => {
    it('lets only the owner archive and reopen; repeating either is invalid_state', async () => {
      const thread = await threadWith(bob);
      expect(await codeOf(threads.archive(bob, thread.id))).toBe('owner_only');
      expect(await threads.archive(aliceAgent, thread.id)).toMatchObject({ status: 'archived' });
      expect(await codeOf(threads.archive(alice, thread.id))).toBe('invalid_state');
      expect(await codeOf(threads.reopen(bob, thread.id))).toBe('owner_only');
      expect(await threads.reopen(alice, thread.id)).toMatchObject({ status: 'open' });
      expect(await codeOf(threads.reopen(alice, thread.id))).toBe('invalid_state');
    });

    it('keeps an archived thread readable and exportable, and refuses every change with archived', async () => {
      const thread = await threadWith(bob);
      const entry = await threads.addEntry(bob, thread.id, { kind: 'update', text: 'hi' });
      const item = await threads.addItem(bob, thread.id, { text: 'hi' });
      const invite = await threads.createInvite(alice, thread.id, {});
      const named = await threads.createInvite(alice, thread.id, { invitee_principal_id: carol.principalId });
      const archived = await threads.archive(alice, thread.id);
      const changes: [string, () => Promise<unknown>][] = [
        ['update summary', () => threads.update(bob, thread.id, { summary: 'x', expected_version: 1 })],
        ['update title', () => threads.update(alice, thread.id, { title: 'x' })],
        ['addEntry', () => threads.addEntry(bob, thread.id, { kind: 'update', text: 'x' })],
        ['editEntry', () => threads.editEntry(bob, thread.id, entry.id, { text: 'x' })],
        ['deleteEntry', () => threads.deleteEntry(bob, thread.id, entry.id)],
        ['addItem', () => threads.addItem(bob, thread.id, { text: 'x' })],
        ['updateItem', () => threads.updateItem(bob, thread.id, item.id, { done: true })],
        ['removeItem', () => threads.removeItem(bob, thread.id, item.id)],
        ['createInvite', () => threads.createInvite(alice, thread.id, {})],
        ['revokeInvite', () => threads.revokeInvite(alice, thread.id, invite.id)],
        ['acceptInvite', () => threads.acceptInvite(dave, invite.token!)],
        ['acceptInvitation', () => threads.acceptInvitation(carol, named.id)],
        ['removeParticipant', () => threads.removeParticipant(alice, thread.id, bob.principalId)],
        ['deleteThread', () => threads.deleteThread(alice, thread.id)],
      ];
      for (const [name, call] of changes) expect([name, await codeOf(call())]).toEqual([name, 'archived']);
      expect(await threads.get(bob, thread.id)).toEqual({ ...archived, invites: null });
      expect((await threads.export(bob, thread.id, 'json')).format).toBe('json');
      expect(await threads.leave(bob, thread.id)).toEqual({ id: thread.id, left: true });
    });
  });

  describe('limits (one at a time)', () => {
    it('allows 30 checklist items and refuses the 31st', async () => {
      const thread = await threadWith();
      for (let i = 0; i < 30; i++) await threads.addItem(alice, thread.id, { text: `Item ${i}` });
      expect(await threads.removeItem(alice, thread.id, (await threads.get(alice, thread.id)).checklist[0]!.id)).toBeTruthy();
      await threads.addItem(alice, thread.id, { text: 'Item again' });
      await expect(threads.addItem(alice, thread.id, { text: 'One more' })).rejects.toMatchObject({
        code: 'limit_reached',
        extras: { limit: 'checklist_items', max: 30 },
      });
    });

    it('allows 10 participants and refuses the 11th, at invitation and at acceptance', async () => {
      const people2 = createPeople();
      const owner = people2.person('Owner');
      const local = createThreadsModule({ db, clock, baseUrl: BASE_URL, principals: people2.directory, links }).threads;
      const thread = await local.create(owner, { title: 'Crowded' });
      const spare = await local.createInvite(owner, thread.id, {});
      for (let i = 0; i < 9; i++) {
        const invite = await local.createInvite(owner, thread.id, {});
        await local.acceptInvite(people2.person(`P${i}`), invite.token!);
      }
      expect(await codeOf(local.createInvite(owner, thread.id, {}))).toBe('limit_reached');
      await expect(local.acceptInvite(people2.person('Late'), spare.token!)).rejects.toMatchObject({
        code: 'limit_reached',
        extras: { limit: 'participants', max: 10 },
      });
      expect(await count('select count(*) as n from thread_participants where thread_id = $1', [thread.id])).toBe(10);
    });

    it('allows 500 entries (tombstones count) and refuses the 501st', async () => {
      const thread = await threadWith();
      await db.query(
        `insert into thread_entries (id, thread_id, kind, text, author_id, created_at, updated_at, deleted_at)
         select 'ten_fill_' || n, $1, 'update', 'x', $2, $3, $4, null from generate_series(1, 499) as n`,
        [thread.id, alice.principalId, clock.now(), clock.now()],
      );
      const last = await threads.addEntry(alice, thread.id, { kind: 'completion', text: 'Number 500' });
      await threads.deleteEntry(alice, thread.id, last.id);
      await expect(threads.addEntry(alice, thread.id, { kind: 'update', text: 'x' })).rejects.toMatchObject({
        code: 'limit_reached',
        extras: { limit: 'entries', max: 500 },
      });
    });

    it('allows a principal 100 threads, owned or joined, and refuses the 101st at create and at acceptance', async () => {
      const people2 = createPeople();
      const busy = people2.person('Busy');
      const other = people2.person('Other');
      const local = createThreadsModule({ db, clock, baseUrl: BASE_URL, principals: people2.directory, links }).threads;
      const theirs = await local.create(other, { title: 'Other thread' });
      const invite = await local.createInvite(other, theirs.id, {});
      for (let i = 0; i < 99; i++) await local.create(busy, { title: `T${i}` });
      await local.acceptInvite(busy, invite.token!);
      await expect(local.create(busy, { title: 'One too many' })).rejects.toMatchObject({
        code: 'limit_reached',
        extras: { limit: 'threads', max: 100 },
      });
      const another = await local.create(other, { title: 'Another' });
      const second = await local.createInvite(other, another.id, {});
      expect(await codeOf(local.acceptInvite(busy, second.token!))).toBe('limit_reached');
      expect((await local.list(busy, {})).total).toBe(100);
    });
  });

  describe('sharesThreadLinking and cleanup', () => {
    it('is true only while both principals take part in a thread linking that record', async () => {
      links.add('service', 'svc_tents', { id: 'svc_tents' });
      const thread = await threads.create(alice, { title: 'Tents', link: { kind: 'service', id: 'svc_tents' } });
      const invite = await threads.createInvite(alice, thread.id, {});
      expect(await module.sharesThreadLinking(bob.principalId, alice.principalId, 'service', 'svc_tents')).toBe(false);
      await threads.acceptInvite(bob, invite.token!);
      expect(await module.sharesThreadLinking(bob.principalId, alice.principalId, 'service', 'svc_tents')).toBe(true);
      expect(await module.sharesThreadLinking(bob.principalId, alice.principalId, 'service', 'svc_other')).toBe(false);
      expect(await module.sharesThreadLinking(bob.principalId, alice.principalId, 'job', 'svc_tents')).toBe(false);
      expect(await module.sharesThreadLinking(carol.principalId, alice.principalId, 'service', 'svc_tents')).toBe(false);
      await threads.removeParticipant(alice, thread.id, bob.principalId);
      expect(await module.sharesThreadLinking(bob.principalId, alice.principalId, 'service', 'svc_tents')).toBe(false);
    });

    it('invitedToThreadLinking is true while a named invitation to a thread linking that record waits, until it is accepted, revoked or expired', async () => {
      links.add('service', 'svc_poles', { id: 'svc_poles' });
      const asked = () => module.invitedToThreadLinking(alice.principalId, bob.principalId, 'service', 'svc_poles');
      const thread = await threads.create(alice, { title: 'Poles', link: { kind: 'service', id: 'svc_poles' } });
      expect(await asked()).toBe(false);
      const first = await threads.createInvite(alice, thread.id, { invitee_principal_id: bob.principalId });
      expect(await asked()).toBe(true);
      expect(await module.invitedToThreadLinking(alice.principalId, bob.principalId, 'service', 'svc_other')).toBe(false);
      expect(await module.invitedToThreadLinking(carol.principalId, bob.principalId, 'service', 'svc_poles')).toBe(false);
      await threads.revokeInvite(alice, thread.id, first.id);
      expect(await asked()).toBe(false);
      await threads.createInvite(alice, thread.id, { invitee_principal_id: bob.principalId });
      clock.advance(7 * DAY_MS);
      expect(await asked()).toBe(false);
      const third = await threads.createInvite(alice, thread.id, { invitee_principal_id: bob.principalId });
      expect(await asked()).toBe(true);
      await threads.acceptInvite(bob, third.token!);
      expect(await asked()).toBe(false);
      expect(await module.sharesThreadLinking(alice.principalId, bob.principalId, 'service', 'svc_poles')).toBe(true);
    });

    it('deletes invitations 30 days after they expired or were revoked, and keeps an accepted one (it says who joined)', async () => {
      const thread = await threadWith();
      const old = await threads.createInvite(alice, thread.id, {});
      const revoked = await threads.createInvite(alice, thread.id, {});
      await threads.revokeInvite(alice, thread.id, revoked.id);
      const accepted = await threads.createInvite(alice, thread.id, {});
      await threads.acceptInvite(carol, accepted.token!);
      clock.advance(20 * DAY_MS);
      const recent = await threads.createInvite(alice, thread.id, {});
      const [job] = module.cleanupJobs;
      const result = await job!.run(new Date(clock.now().getTime() + 18 * DAY_MS));
      expect(result.deleted_invites).toBeGreaterThanOrEqual(2);
      const kept = async (id: string) => (await count('select count(*) as n from thread_invites where id = $1', [id])) === 1;
      expect({ old: await kept(old.id), revoked: await kept(revoked.id), accepted: await kept(accepted.id), recent: await kept(recent.id) }).toEqual({
        old: false,
        revoked: false,
        accepted: true,
        recent: true,
      });
      expect((await threads.get(alice, thread.id)).invites?.find((invite) => invite.id === accepted.id)).toMatchObject({ status: 'accepted', accepted_by_principal_id: carol.principalId });
    });
  });
});
