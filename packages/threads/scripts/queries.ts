// `pnpm --filter @svc/threads queries`: rewrites src/queries/threads.sql, the SQL each repository
// method sends (test/queries.integration.test.ts fails while the checked-in file differs).
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { boundValue, dbSchema } from '@svc/db';
import { generateQueryReport, type QueryReport } from '@svc/db/testing';
import { threadsSchema } from '../src/index.ts';
import type { ChecklistItemRecord, EntryRecord, InviteRecord, ThreadRecord } from '../src/threads.records.ts';
import { createMikroOrmThreadsRepository, threadsClient } from '../src/threads.repository.mikro-orm.ts';
import type { ThreadsRepository } from '../src/threads.repository.ts';

export const QUERIES_FILE = new URL('../src/queries/threads.sql', import.meta.url);

const at = new Date('2026-11-22T09:00:00.000Z');
const later = new Date('2026-11-29T09:00:00.000Z');
const paging = { limit: 20, offset: 0 };
const thread: ThreadRecord = {
  id: 'thr_report',
  title: 'Garden party',
  summary: 'Saturday.',
  summaryVersion: 1,
  status: 'open',
  ownerId: 'prn_owner',
  summaryEditedByOthers: false,
  checklistEditedByOthers: false,
  linked: { kind: 'job', id: 'job_linked', snapshot: { title: 'Plan a party' }, takenAt: at },
  createdAt: at,
  updatedAt: at,
};
const entry: EntryRecord = {
  id: 'ten_report',
  threadId: thread.id,
  kind: 'update',
  text: 'Hall booked.',
  authorId: 'prn_guest',
  createdAt: at,
  updatedAt: at,
  deletedAt: null,
};
const item: ChecklistItemRecord = { id: 'tck_report', threadId: thread.id, text: 'Chairs', done: false, addedBy: 'prn_guest', createdAt: at, updatedAt: at };
const invite: InviteRecord = {
  id: 'tin_report',
  threadId: thread.id,
  tokenHash: 'token-hash',
  inviteePrincipalId: 'prn_invitee',
  createdBy: 'prn_owner',
  status: 'pending',
  createdAt: at,
  expiresAt: later,
  acceptedBy: null,
  closedAt: null,
};

/** Every repository method, called in an order that finds rows to read, change and then delete. */
export const threadsQueries: QueryReport<ThreadsRepository> = {
  command: 'pnpm --filter @svc/threads queries',
  title: 'ThreadsRepository',
  schema: {
    entities: [...dbSchema.entities, ...threadsSchema.entities],
    migrations: [...dbSchema.migrations, ...threadsSchema.migrations],
    routines: dbSchema.routines,
  },
  repository: (db) => createMikroOrmThreadsRepository(threadsClient(db)),
  calls: [
    { name: 'insertThread', run: (repo) => repo.insertThread(thread) },
    { name: 'insertParticipant', run: (repo) => repo.insertParticipant({ threadId: thread.id, principalId: 'prn_guest', joinedAt: at }) },
    { name: 'insertEntry', run: (repo) => repo.insertEntry(entry) },
    { name: 'insertItem', run: (repo) => repo.insertItem(item) },
    { name: 'insertInvite', run: (repo) => repo.insertInvite(invite) },
    { name: 'findThread', run: (repo) => repo.findThread(thread.id) },
    { name: 'lockThread', run: (repo) => repo.lockThread(thread.id) },
    { name: 'lockPrincipal', run: (repo) => repo.lockPrincipal('prn_owner') },
    {
      name: 'updateThread (every change, at an expected summary version)',
      run: (repo) => repo.updateThread(thread.id, { title: 'Party', summary: 'Sunday.', status: 'open', summaryEditedByOthers: true, updatedAt: at }, 1),
    },
    { name: 'updateThread (the time of a change only)', run: (repo) => repo.updateThread(thread.id, { updatedAt: at }) },
    { name: 'readContents', run: (repo) => repo.readContents(thread.id) },
    { name: 'listForParticipant (any status)', run: (repo) => repo.listForParticipant('prn_owner', undefined, paging) },
    { name: 'listForParticipant (one status)', run: (repo) => repo.listForParticipant('prn_owner', 'open', paging) },
    { name: 'counts', run: (repo) => repo.counts(thread.id) },
    { name: 'countThreadsOf', run: (repo) => repo.countThreadsOf('prn_owner') },
    { name: 'hasContributionsByOthers', run: (repo) => repo.hasContributionsByOthers(thread) },
    { name: 'findParticipant', run: (repo) => repo.findParticipant(thread.id, 'prn_guest') },
    { name: 'findEntry', run: (repo) => repo.findEntry(thread.id, entry.id) },
    { name: 'updateEntry', run: (repo) => repo.updateEntry(entry.id, { kind: 'blocker', text: 'No hall.', updatedAt: at }) },
    { name: 'tombstoneEntry', run: (repo) => repo.tombstoneEntry(entry.id, at) },
    { name: 'findItem', run: (repo) => repo.findItem(thread.id, item.id) },
    { name: 'updateItem', run: (repo) => repo.updateItem(item.id, { text: 'Tables', done: true, updatedAt: at }) },
    { name: 'findInvite', run: (repo) => repo.findInvite(thread.id, invite.id) },
    { name: 'findInviteByTokenHash', run: (repo) => repo.findInviteByTokenHash(invite.tokenHash) },
    { name: 'findInviteFor', run: (repo) => repo.findInviteFor(invite.id, 'prn_invitee') },
    { name: 'lockInvite', run: (repo) => repo.lockInvite(invite.id) },
    { name: 'listInvites', run: (repo) => repo.listInvites(thread.id) },
    { name: 'listInvitationsFor', run: (repo) => repo.listInvitationsFor('prn_invitee', at, paging) },
    {
      name: 'waitingInvitationsColumns (columns for another statement: it sends none)',
      run: async (repo) => repo.waitingInvitationsColumns(boundValue('prn_invitee'), at),
    },
    { name: 'sharesThreadLinking', run: (repo) => repo.sharesThreadLinking('prn_owner', 'prn_guest', 'job', 'job_linked') },
    { name: 'invitedToThreadLinking', run: (repo) => repo.invitedToThreadLinking('prn_owner', 'prn_invitee', 'job', 'job_linked', at) },
    { name: 'closeInvite', run: (repo) => repo.closeInvite(invite.id, 'accepted', 'prn_invitee', at) },
    { name: 'purgeInvites', run: (repo) => repo.purgeInvites(at) },
    { name: 'deleteItem', run: (repo) => repo.deleteItem(item.id) },
    { name: 'deleteParticipant', run: (repo) => repo.deleteParticipant(thread.id, 'prn_guest') },
    { name: 'deleteThread', run: (repo) => repo.deleteThread(thread.id) },
  ],
};

if (import.meta.main) {
  await writeFile(QUERIES_FILE, await generateQueryReport(threadsQueries));
  console.log(`Wrote ${fileURLToPath(QUERIES_FILE)}`);
}
