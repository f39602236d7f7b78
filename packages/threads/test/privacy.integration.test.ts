import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '@svc/db/testing';
import { manualClock, type Actor } from '@svc/kernel';
import { createThreadsModule, type ThreadsModule } from '../src/index.ts';
import { BASE_URL, codeOf, createLinks, createPeople, openThreadsTestDatabase } from '../src/testing.ts';

/**
 * Rule 3 of the contract: anyone who is not a current participant (never invited, removed, left)
 * gets `not_found` from every thread method, before anything else is checked, and nothing changes.
 */
describe('threads are invisible to non-participants (postgresql)', () => {
  let db: TestDatabase;
  let threads: ThreadsModule['threads'];
  const clock = manualClock('2026-11-22T09:00:00.000Z');
  const people = createPeople();
  const owner = people.person('Owner');
  const member = people.person('Member');
  const stranger = people.person('Stranger');
  const removed = people.person('Removed');
  const leaver = people.person('Leaver');
  let threadId = '';
  let archivedId = '';
  let entryId = '';
  let itemId = '';
  let inviteId = '';

  beforeAll(async () => {
    db = await openThreadsTestDatabase('postgresql');
    ({ threads } = createThreadsModule({ db, clock, baseUrl: BASE_URL, principals: people.directory, links: createLinks() }));
    const join = async (id: string, who: Actor) => threads.acceptInvite(who, (await threads.createInvite(owner, id, {})).token!);
    for (const archived of [false, true]) {
      const thread = await threads.create(owner, { title: archived ? 'Archived' : 'Open' });
      for (const who of [member, removed, leaver]) await join(thread.id, who);
      const entry = await threads.addEntry(member, thread.id, { kind: 'update', text: 'hello' });
      const item = await threads.addItem(member, thread.id, { text: 'cake' });
      const invite = await threads.createInvite(owner, thread.id, { invitee_principal_id: member.principalId }).catch(() => null);
      await threads.removeParticipant(owner, thread.id, removed.principalId);
      await threads.leave(leaver, thread.id);
      if (archived) {
        archivedId = thread.id;
        await threads.archive(owner, thread.id);
      } else {
        threadId = thread.id;
        entryId = entry.id;
        itemId = item.id;
        inviteId = invite?.id ?? (await threads.createInvite(owner, thread.id, {})).id;
      }
    }
  });
  afterAll(() => db?.dispose());

  const snapshot = () =>
    db.query(
      `select (select json_agg(t order by id) from threads t) as threads,
              (select json_agg(p order by thread_id, principal_id) from thread_participants p) as participants,
              (select json_agg(e order by id) from thread_entries e) as entries,
              (select json_agg(c order by id) from thread_checklist_items c) as items,
              (select json_agg(i order by id) from thread_invites i) as invites`,
    );

  /** Every method that names a thread, with input that would otherwise pass (or fail for another reason). */
  const methods: [string, (actor: Actor, id: string) => Promise<unknown>][] = [
    ['get', (a, id) => threads.get(a, id)],
    ['export md', (a, id) => threads.export(a, id, 'md')],
    ['export with a bad format', (a, id) => threads.export(a, id, 'pdf')],
    ['update summary', (a, id) => threads.update(a, id, { summary: 'x', expected_version: 1 })],
    ['update without a version', (a, id) => threads.update(a, id, { summary: 'x' })],
    ['update title', (a, id) => threads.update(a, id, { title: 'x' })],
    ['update with bad input', (a, id) => threads.update(a, id, { nonsense: true })],
    ['archive', (a, id) => threads.archive(a, id)],
    ['reopen', (a, id) => threads.reopen(a, id)],
    ['addEntry', (a, id) => threads.addEntry(a, id, { kind: 'update', text: 'x' })],
    ['addEntry with bad input', (a, id) => threads.addEntry(a, id, { kind: 'poem' })],
    ['editEntry', (a, id) => threads.editEntry(a, id, entryId, { text: 'x' })],
    ['deleteEntry', (a, id) => threads.deleteEntry(a, id, entryId)],
    ['addItem', (a, id) => threads.addItem(a, id, { text: 'x' })],
    ['updateItem', (a, id) => threads.updateItem(a, id, itemId, { done: true })],
    ['removeItem', (a, id) => threads.removeItem(a, id, itemId)],
    ['createInvite', (a, id) => threads.createInvite(a, id, {})],
    ['revokeInvite', (a, id) => threads.revokeInvite(a, id, inviteId)],
    ['removeParticipant', (a, id) => threads.removeParticipant(a, id, member.principalId)],
    ['leave', (a, id) => threads.leave(a, id)],
    ['deleteThread', (a, id) => threads.deleteThread(a, id)],
    ['deletable', (a, id) => threads.deletable(a, id)],
  ];

  const outsiders: [string, () => Actor][] = [
    ['a stranger', () => stranger],
    ['a stranger through an agent', () => people.agentOf(stranger)],
    ['a removed participant', () => removed],
    ['a participant who left', () => leaver],
  ];

  describe.each(outsiders)('%s', (_, who) => {
    it.each(methods)('gets not_found from %s, on open and archived threads, and changes nothing', async (_name, call) => {
      const before = await snapshot();
      expect(await codeOf(call(who(), threadId))).toBe('not_found');
      expect(await codeOf(call(who(), archivedId))).toBe('not_found');
      expect(await snapshot()).toEqual(before);
    });

    it('does not see the threads in their list', async () => {
      expect((await threads.list(who(), {})).threads).toEqual([]);
    });
  });

  it.each(methods)('%s answers not_found for a thread that does not exist, or an id that cannot be one', async (_name, call) => {
    for (const id of ['thr_doesnotexist', '', 'thr_\u0000', '../etc']) expect(await codeOf(call(owner, id))).toBe('not_found');
  });

  it('still lets the owner and the remaining member read the thread', async () => {
    expect((await threads.get(member, threadId)).participants.map((p) => p.display_name)).toEqual(['Owner', 'Member']);
    expect((await threads.get(owner, archivedId)).status).toBe('archived');
  });
});
