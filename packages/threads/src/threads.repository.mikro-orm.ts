import { sqlDate, sqlDateOrNull, type Database } from '@svc/db';
import { Thread, ThreadChecklistItem, ThreadEntry, ThreadInvite, ThreadParticipant } from './entities.ts';
import type { EntryKind, LinkKind, ThreadStatus } from './threads.schemas.ts';
import type {
  ChecklistItemRecord,
  EntryRecord,
  InviteRecord,
  ParticipantRecord,
  StoredInviteStatus,
  ThreadRecord,
} from './threads.records.ts';
import type { ThreadsRepository } from './threads.repository.ts';

const THREAD_COLUMNS =
  'id, title, summary, summary_version, status, owner_id, summary_edited_by_others, linked_kind, linked_id, ' +
  'linked_snapshot, linked_taken_at, created_at, updated_at';
const ENTRY_COLUMNS = 'id, thread_id, kind, text, author_id, created_at, updated_at, deleted_at';
const ITEM_COLUMNS = 'id, thread_id, text, done, added_by, created_at, updated_at';
const INVITE_COLUMNS =
  'id, thread_id, token_hash, invitee_principal_id, created_by, status, created_at, expires_at, accepted_by, closed_at';

/** The advisory-lock class of "a principal's thread count" (two-key form, so it never meets single-key locks). */
const PRINCIPAL_LOCK_CLASS = 7321;

type Timestamp = Date | string;

interface ThreadRow {
  id: string;
  title: string;
  summary: string;
  summary_version: number | string;
  status: ThreadStatus;
  owner_id: string;
  summary_edited_by_others: boolean;
  linked_kind: LinkKind | null;
  linked_id: string | null;
  linked_snapshot: object | string | null;
  linked_taken_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

interface ParticipantRow {
  thread_id: string;
  principal_id: string;
  joined_at: Timestamp;
}

interface EntryRow {
  id: string;
  thread_id: string;
  kind: EntryKind;
  text: string | null;
  author_id: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: Timestamp | null;
}

interface ItemRow {
  id: string;
  thread_id: string;
  text: string;
  done: boolean;
  added_by: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

interface InviteRow {
  id: string;
  thread_id: string;
  token_hash: string;
  invitee_principal_id: string | null;
  created_by: string;
  status: StoredInviteStatus;
  created_at: Timestamp;
  expires_at: Timestamp;
  accepted_by: string | null;
  closed_at: Timestamp | null;
}

// Drivers differ in what they hand back for json and timestamp columns; normalise once here.
const fromJson = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

const threadFromRow = (row: ThreadRow): ThreadRecord => ({
  id: row.id,
  title: row.title,
  summary: row.summary,
  summaryVersion: Number(row.summary_version),
  status: row.status,
  ownerId: row.owner_id,
  summaryEditedByOthers: row.summary_edited_by_others,
  linked:
    row.linked_kind === null || row.linked_id === null || row.linked_snapshot === null || row.linked_taken_at === null
      ? null
      : { kind: row.linked_kind, id: row.linked_id, snapshot: fromJson(row.linked_snapshot), takenAt: sqlDate(row.linked_taken_at) },
  createdAt: sqlDate(row.created_at),
  updatedAt: sqlDate(row.updated_at),
});

const participantFromRow = (row: ParticipantRow): ParticipantRecord => ({
  threadId: row.thread_id,
  principalId: row.principal_id,
  joinedAt: sqlDate(row.joined_at),
});

const entryFromRow = (row: EntryRow): EntryRecord => ({
  id: row.id,
  threadId: row.thread_id,
  kind: row.kind,
  text: row.text,
  authorId: row.author_id,
  createdAt: sqlDate(row.created_at),
  updatedAt: sqlDate(row.updated_at),
  deletedAt: sqlDateOrNull(row.deleted_at),
});

const itemFromRow = (row: ItemRow): ChecklistItemRecord => ({
  id: row.id,
  threadId: row.thread_id,
  text: row.text,
  done: row.done,
  addedBy: row.added_by,
  createdAt: sqlDate(row.created_at),
  updatedAt: sqlDate(row.updated_at),
});

const inviteFromRow = (row: InviteRow): InviteRecord => ({
  id: row.id,
  threadId: row.thread_id,
  tokenHash: row.token_hash,
  inviteePrincipalId: row.invitee_principal_id,
  createdBy: row.created_by,
  status: row.status,
  createdAt: sqlDate(row.created_at),
  expiresAt: sqlDate(row.expires_at),
  acceptedBy: row.accepted_by,
  closedAt: sqlDateOrNull(row.closed_at),
});

const one = <R, T>(rows: R[], map: (row: R) => T): T | null => (rows[0] ? map(rows[0]) : null);

/** Exactly one row came back from a statement that must change one row. */
const required = <R, T>(rows: R[], map: (row: R) => T, what: string): T => {
  if (!rows[0]) throw new Error(`Expected a ${what} row to change`);
  return map(rows[0]);
};

/**
 * Threads storage on MikroORM: inserts through the entity manager (nothing tracked), everything
 * else as single SQL statements; limits are counted under the thread's row lock.
 */
export const createMikroOrmThreadsRepository = (db: Database): ThreadsRepository => {
  const selectThread = async (id: string, lock = ''): Promise<ThreadRecord | null> =>
    one(await db.query<ThreadRow>(`select ${THREAD_COLUMNS} from threads where id = ?${lock}`, [id]), threadFromRow);

  return {
    insertThread: async (thread) => {
      await db.insert(Thread, {
        id: thread.id,
        title: thread.title,
        summary: thread.summary,
        summaryVersion: thread.summaryVersion,
        status: thread.status,
        ownerId: thread.ownerId,
        summaryEditedByOthers: thread.summaryEditedByOthers,
        linkedKind: thread.linked?.kind ?? null,
        linkedId: thread.linked?.id ?? null,
        linkedSnapshot: thread.linked?.snapshot ?? null,
        linkedTakenAt: thread.linked?.takenAt ?? null,
        createdAt: thread.createdAt,
        updatedAt: thread.updatedAt,
      });
      await db.insert(ThreadParticipant, { threadId: thread.id, principalId: thread.ownerId, joinedAt: thread.createdAt });
    },

    findThread: (id) => selectThread(id),
    lockThread: (id) => selectThread(id, ' for update'),

    lockPrincipal: async (principalId) => {
      await db.query(`select pg_advisory_xact_lock(${PRINCIPAL_LOCK_CLASS}, hashtext(?)) as locked`, [principalId]);
    },

    updateThread: async (id, changes, expectedSummaryVersion) => {
      const sets: string[] = [];
      const params: unknown[] = [];
      if (changes.title !== undefined) {
        sets.push('title = ?');
        params.push(changes.title);
      }
      if (changes.summary !== undefined) {
        sets.push('summary = ?');
        params.push(changes.summary);
      }
      if (changes.status !== undefined) {
        sets.push('status = ?');
        params.push(changes.status);
      }
      if (changes.summaryEditedByOthers) sets.push('summary_edited_by_others = true');
      if (expectedSummaryVersion !== undefined) sets.push('summary_version = summary_version + 1');
      sets.push('updated_at = ?');
      params.push(changes.updatedAt, id);
      let where = 'id = ?';
      if (expectedSummaryVersion !== undefined) {
        where += ' and summary_version = ?';
        params.push(expectedSummaryVersion);
      }
      return one(
        await db.query<ThreadRow>(`update threads set ${sets.join(', ')} where ${where} returning ${THREAD_COLUMNS}`, params),
        threadFromRow,
      );
    },

    deleteThread: async (id) => {
      await db.query('delete from threads where id = ?', [id]);
    },

    readContents: async (id) => {
      const thread = await selectThread(id);
      if (!thread) return null;
      // One after another: inside a transaction they share one connection anyway.
      const participants = await db.query<ParticipantRow>(
        'select thread_id, principal_id, joined_at from thread_participants where thread_id = ? order by joined_at, principal_id',
        [id],
      );
      const entries = await db.query<EntryRow>(`select ${ENTRY_COLUMNS} from thread_entries where thread_id = ? order by created_at, id`, [id]);
      const checklist = await db.query<ItemRow>(
        `select ${ITEM_COLUMNS} from thread_checklist_items where thread_id = ? order by created_at, id`,
        [id],
      );
      return {
        thread,
        participants: participants.map(participantFromRow),
        entries: entries.map(entryFromRow),
        checklist: checklist.map(itemFromRow),
      };
    },

    listForParticipant: async (principalId, status, paging) => {
      const where = status === undefined ? '' : ' and t.status = ?';
      const params = status === undefined ? [principalId] : [principalId, status];
      const rows = await db.query<ThreadRow & { participant_count: number | string }>(
        `select ${THREAD_COLUMNS.split(', ').map((column) => `t.${column}`).join(', ')},
           (select count(*) from thread_participants c where c.thread_id = t.id) as participant_count
         from threads t join thread_participants p on p.thread_id = t.id and p.principal_id = ?
         where true${where}
         order by t.updated_at desc, t.id desc limit ? offset ?`,
        [...params, paging.limit, paging.offset],
      );
      const [counted] = await db.query<{ total: number | string }>(
        `select count(*) as total from threads t join thread_participants p on p.thread_id = t.id and p.principal_id = ?
         where true${where}`,
        params,
      );
      return {
        rows: rows.map((row) => ({ thread: threadFromRow(row), participantCount: Number(row.participant_count) })),
        total: Number(counted?.total ?? 0),
      };
    },

    counts: async (threadId) => {
      const [row] = await db.query<{ participants: string | number; entries: string | number; items: string | number }>(
        `select
           (select count(*) from thread_participants where thread_id = ?) as participants,
           (select count(*) from thread_entries where thread_id = ?) as entries,
           (select count(*) from thread_checklist_items where thread_id = ?) as items`,
        [threadId, threadId, threadId],
      );
      return { participants: Number(row?.participants ?? 0), entries: Number(row?.entries ?? 0), checklistItems: Number(row?.items ?? 0) };
    },

    countThreadsOf: async (principalId) => {
      const [row] = await db.query<{ n: string | number }>('select count(*) as n from thread_participants where principal_id = ?', [principalId]);
      return Number(row?.n ?? 0);
    },

    hasContributionsByOthers: async (thread) => {
      if (thread.summaryEditedByOthers) return true;
      const [row] = await db.query<{ found: boolean }>(
        `select exists (select 1 from thread_entries where thread_id = ? and author_id <> ?)
             or exists (select 1 from thread_checklist_items where thread_id = ? and added_by <> ?) as found`,
        [thread.id, thread.ownerId, thread.id, thread.ownerId],
      );
      return row?.found === true;
    },

    findParticipant: async (threadId, principalId) =>
      one(
        await db.query<ParticipantRow>(
          'select thread_id, principal_id, joined_at from thread_participants where thread_id = ? and principal_id = ?',
          [threadId, principalId],
        ),
        participantFromRow,
      ),

    insertParticipant: async (participant) => {
      await db.insert(ThreadParticipant, { ...participant });
    },

    deleteParticipant: async (threadId, principalId) =>
      (
        await db.query('delete from thread_participants where thread_id = ? and principal_id = ? returning principal_id', [
          threadId,
          principalId,
        ])
      ).length > 0,

    insertEntry: async (entry) => {
      await db.insert(ThreadEntry, { ...entry });
    },

    findEntry: async (threadId, entryId) =>
      one(await db.query<EntryRow>(`select ${ENTRY_COLUMNS} from thread_entries where thread_id = ? and id = ?`, [threadId, entryId]), entryFromRow),

    updateEntry: async (entryId, changes) => {
      const sets = ['updated_at = ?'];
      const params: unknown[] = [changes.updatedAt];
      if (changes.kind !== undefined) {
        sets.push('kind = ?');
        params.push(changes.kind);
      }
      if (changes.text !== undefined) {
        sets.push('text = ?');
        params.push(changes.text);
      }
      return required(
        await db.query<EntryRow>(`update thread_entries set ${sets.join(', ')} where id = ? returning ${ENTRY_COLUMNS}`, [...params, entryId]),
        entryFromRow,
        'thread entry',
      );
    },

    tombstoneEntry: async (entryId, at) =>
      required(
        await db.query<EntryRow>(
          `update thread_entries set text = null, deleted_at = ?, updated_at = ? where id = ? returning ${ENTRY_COLUMNS}`,
          [at, at, entryId],
        ),
        entryFromRow,
        'thread entry',
      ),

    insertItem: async (item) => {
      await db.insert(ThreadChecklistItem, { ...item });
    },

    findItem: async (threadId, itemId) =>
      one(await db.query<ItemRow>(`select ${ITEM_COLUMNS} from thread_checklist_items where thread_id = ? and id = ?`, [threadId, itemId]), itemFromRow),

    updateItem: async (itemId, changes) => {
      const sets = ['updated_at = ?'];
      const params: unknown[] = [changes.updatedAt];
      if (changes.text !== undefined) {
        sets.push('text = ?');
        params.push(changes.text);
      }
      if (changes.done !== undefined) {
        sets.push('done = ?');
        params.push(changes.done);
      }
      return required(
        await db.query<ItemRow>(`update thread_checklist_items set ${sets.join(', ')} where id = ? returning ${ITEM_COLUMNS}`, [...params, itemId]),
        itemFromRow,
        'checklist item',
      );
    },

    deleteItem: async (itemId) => {
      await db.query('delete from thread_checklist_items where id = ?', [itemId]);
    },

    insertInvite: async (invite) => {
      await db.insert(ThreadInvite, { ...invite });
    },

    findInvite: async (threadId, inviteId) =>
      one(await db.query<InviteRow>(`select ${INVITE_COLUMNS} from thread_invites where thread_id = ? and id = ?`, [threadId, inviteId]), inviteFromRow),

    findInviteByTokenHash: async (tokenHash) =>
      one(await db.query<InviteRow>(`select ${INVITE_COLUMNS} from thread_invites where token_hash = ?`, [tokenHash]), inviteFromRow),

    findInviteFor: async (inviteId, principalId) =>
      one(
        await db.query<InviteRow>(`select ${INVITE_COLUMNS} from thread_invites where id = ? and invitee_principal_id = ?`, [
          inviteId,
          principalId,
        ]),
        inviteFromRow,
      ),

    lockInvite: async (inviteId) =>
      one(await db.query<InviteRow>(`select ${INVITE_COLUMNS} from thread_invites where id = ? for update`, [inviteId]), inviteFromRow),

    closeInvite: async (inviteId, status, acceptedBy, at) =>
      required(
        await db.query<InviteRow>(
          `update thread_invites set status = ?, accepted_by = ?, closed_at = ? where id = ? returning ${INVITE_COLUMNS}`,
          [status, acceptedBy, at, inviteId],
        ),
        inviteFromRow,
        'thread invite',
      ),

    listInvites: async (threadId) =>
      (await db.query<InviteRow>(`select ${INVITE_COLUMNS} from thread_invites where thread_id = ? order by created_at desc, id desc`, [threadId])).map(
        inviteFromRow,
      ),

    listInvitationsFor: async (principalId, now, paging) => {
      const condition = `i.invitee_principal_id = ? and i.status = 'pending' and i.expires_at > ?
        and not exists (select 1 from thread_participants p where p.thread_id = i.thread_id and p.principal_id = ?)`;
      const params = [principalId, now, principalId];
      const rows = await db.query<InviteRow & { thread_title: string; thread_owner_id: string }>(
        `select ${INVITE_COLUMNS.split(', ').map((column) => `i.${column}`).join(', ')}, t.title as thread_title, t.owner_id as thread_owner_id
         from thread_invites i join threads t on t.id = i.thread_id
         where ${condition}
         order by i.created_at desc, i.id desc limit ? offset ?`,
        [...params, paging.limit, paging.offset],
      );
      const [counted] = await db.query<{ total: number | string }>(`select count(*) as total from thread_invites i where ${condition}`, params);
      return {
        rows: rows.map((row) => ({ invite: inviteFromRow(row), threadTitle: row.thread_title, threadOwnerId: row.thread_owner_id })),
        total: Number(counted?.total ?? 0),
      };
    },

    purgeInvites: async (before) =>
      (await db.query('delete from thread_invites where expires_at < ? returning id', [before])).length,

    sharesThreadLinking: async (principalA, principalB, kind, id) => {
      const [row] = await db.query<{ found: boolean }>(
        `select exists (
           select 1 from threads t
             join thread_participants a on a.thread_id = t.id and a.principal_id = ?
             join thread_participants b on b.thread_id = t.id and b.principal_id = ?
           where t.linked_kind = ? and t.linked_id = ?
         ) as found`,
        [principalA, principalB, kind, id],
      );
      return row?.found === true;
    },
  };
};
