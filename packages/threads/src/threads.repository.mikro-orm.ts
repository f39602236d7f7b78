import { expressionBuilder, sql, type Kysely } from 'kysely';
import { columnsOf, createQueryClient, listPage, totalCount, totalOverAll, type ClientDatabase, type EntityRecord, type EntityTable, type EntityTables, type QueryClient } from '@svc/db';
import { Thread, ThreadChecklistItem, ThreadEntry, ThreadInvite, ThreadParticipant, threadsEntities } from './entities.ts';
import type { ThreadRecord } from './threads.records.ts';
import type { ThreadsRepository } from './threads.repository.ts';

/** What the threads repository may run: statements on the threads tables, typed from their entities, and transactions. */
export type ThreadsClient = QueryClient<(typeof threadsEntities)[number]>;

export const threadsClient = (db: ClientDatabase): ThreadsClient => createQueryClient(db, threadsEntities);

/** The advisory-lock class of "a principal's thread count" (two-key form, so it never meets single-key locks). */
const PRINCIPAL_LOCK_CLASS = 7321;

/** A JSON aggregate: parsed by the driver, or its text where the driver leaves it. */
const parsed = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

const one = <R, T>(rows: R[], read: (row: R) => T): T | null => (rows[0] ? read(rows[0]) : null);

/** Exactly one row came back from a statement that must change one row. */
const required = <R, T>(rows: R[], read: (row: R) => T, what: string): T => {
  if (!rows[0]) throw new Error(`Expected a ${what} row to change`);
  return read(rows[0]);
};

/**
 * Threads storage: every statement built with Kysely on the tables the entities describe
 * (src/queries/threads.sql shows each method's SQL); limits are counted under the thread's row lock.
 */
export const createMikroOrmThreadsRepository = (db: ThreadsClient): ThreadsRepository => {
  const { builder: q } = db;
  const expr = expressionBuilder<EntityTables<(typeof threadsEntities)[number]>, never>();
  const threads = db.table(Thread);
  const participants = db.table(ThreadParticipant);
  const entries = db.table(ThreadEntry);
  const items = db.table(ThreadChecklistItem);
  const invites = db.table(ThreadInvite);

  /**
   * The parts of a thread kept in tables of their own (entries, checklist items, invitations), each
   * row with its own `id` and its thread's `thread_id`. The builder's types cannot follow a table
   * chosen at run time: the part's table gives its name, columns and how its rows read and are written,
   * and the changes are checked against its entity.
   */
  type Part = typeof ThreadEntry | typeof ThreadChecklistItem | typeof ThreadInvite;
  type PartChanges<P extends Part> = Partial<EntityRecord<P>>;
  const partsBuilder = q as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const partReader = <P extends Part>(part: EntityTable<P>) => part.read as (row: Record<string, unknown>) => EntityRecord<P>;

  /** One part of the thread, or null when the thread has none of that id. */
  const findPart = async <P extends Part>(part: EntityTable<P>, threadId: string, id: string) =>
    one(
      await db.query(partsBuilder.selectFrom(part.name as string).select(part.columns).where('thread_id', '=', threadId).where('id', '=', id)),
      partReader(part),
    );

  /** Changes a part the caller found under the thread's lock (so it is there) and reads it back. */
  const changePart = async <P extends Part>(part: EntityTable<P>, id: string, changes: PartChanges<P>, what: string) =>
    required(await db.query(partsBuilder.updateTable(part.name as string).set(part.updates(changes)).where('id', '=', id).returning(part.columns)), partReader(part), what);

  /** The four `linked_*` columns are one link, or none. */
  const threadOf = (row: Parameters<typeof threads.read>[0]): ThreadRecord => {
    const { linkedKind: kind, linkedId: id, linkedSnapshot: snapshot, linkedTakenAt: takenAt, ...thread } = threads.read(row);
    return { ...thread, linked: kind === null || id === null || snapshot === null || takenAt === null ? null : { kind, id, snapshot, takenAt } };
  };
  const selectThread = (id: string) => q.selectFrom('threads').select(threads.columns).where('id', '=', id);

  return {
    insertThread: async ({ linked, ...thread }) => {
      await db.insert(Thread, {
        ...thread,
        linkedKind: linked?.kind ?? null,
        linkedId: linked?.id ?? null,
        linkedSnapshot: linked?.snapshot ?? null,
        linkedTakenAt: linked?.takenAt ?? null,
      });
      await db.insert(ThreadParticipant, { threadId: thread.id, principalId: thread.ownerId, joinedAt: thread.createdAt });
    },

    findThread: async (id) => one(await db.query(selectThread(id)), threadOf),
    lockThread: async (id) => one(await db.query(selectThread(id).forUpdate()), threadOf),

    lockPrincipal: async (principalId) => {
      await db.query(sql`select pg_advisory_xact_lock(${sql.lit(PRINCIPAL_LOCK_CLASS)}, hashtext(${principalId})) as locked`);
    },

    updateThread: async (id, changes, expectedSummaryVersion) => {
      const versioned = expectedSummaryVersion !== undefined;
      const update = q
        .updateTable('threads')
        .set(threads.updates(changes))
        .$if(versioned, (qb) => qb.set((eb) => ({ summary_version: eb('summary_version', '+', eb.lit(1)) })))
        .where('id', '=', id)
        .$if(versioned, (qb) => qb.where('summary_version', '=', expectedSummaryVersion!));
      return one(await db.query(update.returning(threads.columns)), threadOf);
    },

    deleteThread: async (id) => {
      await db.query(q.deleteFrom('threads').where('id', '=', id));
    },

    readContents: async (id) => {
      const thread = one(await db.query(selectThread(id)), threadOf);
      if (!thread) return null;
      // One after another: inside a transaction they share one connection anyway.
      const people = await db.query(
        q.selectFrom('thread_participants').select(participants.columns).where('thread_id', '=', id).orderBy('joined_at').orderBy('principal_id'),
      );
      const written = await db.query(q.selectFrom('thread_entries').select(entries.columns).where('thread_id', '=', id).orderBy('created_at').orderBy('id'));
      const checklist = await db.query(
        q.selectFrom('thread_checklist_items').select(items.columns).where('thread_id', '=', id).orderBy('created_at').orderBy('id'),
      );
      return { thread, participants: people.map(participants.read), entries: written.map(entries.read), checklist: checklist.map(items.read) };
    },

    listForParticipant: async (principalId, status, paging) => {
      const mine = q
        .selectFrom('threads as t')
        .innerJoin('thread_participants as p', (join) => join.onRef('p.thread_id', '=', 't.id').on('p.principal_id', '=', principalId))
        .$if(status !== undefined, (qb) => qb.where('t.status', '=', status!));
      const page = mine
        .select([...threads.columnsOf('t'), totalOverAll])
        .select((eb) =>
          eb
            .selectFrom('thread_participants as c')
            .select(sql<string[] | string>`json_agg(c.principal_id order by c.principal_id = t.owner_id desc, c.joined_at, c.principal_id)`.as('ids'))
            .whereRef('c.thread_id', '=', 't.id')
            .as('participant_ids'),
        )
        .orderBy('t.updated_at', 'desc')
        .orderBy('t.id', 'desc')
        .limit(paging.limit)
        .offset(paging.offset);
      const { rows, total } = await listPage(db, page, () => mine.select(totalCount), paging);
      return { rows: rows.map((row) => ({ thread: threadOf(row), participantIds: parsed(row.participant_ids ?? []) })), total };
    },

    counts: async (threadId) => {
      const [row] = await db.query(
        q.selectNoFrom((eb) => [
          eb.selectFrom('thread_participants').select(eb.fn.countAll().as('n')).where('thread_id', '=', threadId).as('participants'),
          eb.selectFrom('thread_entries').select(eb.fn.countAll().as('n')).where('thread_id', '=', threadId).as('entries'),
          eb.selectFrom('thread_checklist_items').select(eb.fn.countAll().as('n')).where('thread_id', '=', threadId).as('items'),
        ]),
      );
      return { participants: Number(row?.participants ?? 0), entries: Number(row?.entries ?? 0), checklistItems: Number(row?.items ?? 0) };
    },

    countThreadsOf: async (principalId) => {
      const [row] = await db.query(q.selectFrom('thread_participants').select((eb) => eb.fn.countAll().as('n')).where('principal_id', '=', principalId));
      return Number(row?.n ?? 0);
    },

    hasContributionsByOthers: async (thread) => {
      if (thread.summaryEditedByOthers || thread.checklistEditedByOthers) return true;
      const [row] = await db.query(
        q.selectNoFrom((eb) =>
          eb
            .or([
              eb.exists(eb.selectFrom('thread_entries').select(eb.lit(1).as('one')).where('thread_id', '=', thread.id).where('author_id', '<>', thread.ownerId)),
              eb.exists(
                eb.selectFrom('thread_checklist_items').select(eb.lit(1).as('one')).where('thread_id', '=', thread.id).where('added_by', '<>', thread.ownerId),
              ),
            ])
            .as('found'),
        ),
      );
      return row?.found === true;
    },

    findParticipant: async (threadId, principalId) =>
      one(
        await db.query(q.selectFrom('thread_participants').select(participants.columns).where('thread_id', '=', threadId).where('principal_id', '=', principalId)),
        participants.read,
      ),

    insertParticipant: (participant) => db.insert(ThreadParticipant, participant),

    deleteParticipant: async (threadId, principalId) =>
      (
        await db.query(
          q.deleteFrom('thread_participants').where('thread_id', '=', threadId).where('principal_id', '=', principalId).returning('principal_id'),
        )
      ).length > 0,

    insertEntry: (entry) => db.insert(ThreadEntry, entry),

    findEntry: (threadId, entryId) => findPart(entries, threadId, entryId),

    updateEntry: (entryId, changes) =>
      changePart(entries, entryId, { updatedAt: changes.updatedAt, kind: changes.kind, text: changes.text }, 'thread entry'),

    tombstoneEntry: (entryId, at) => changePart(entries, entryId, { text: null, deletedAt: at, updatedAt: at }, 'thread entry'),

    insertItem: (item) => db.insert(ThreadChecklistItem, item),

    findItem: (threadId, itemId) => findPart(items, threadId, itemId),

    updateItem: (itemId, changes) =>
      changePart(items, itemId, { updatedAt: changes.updatedAt, text: changes.text, done: changes.done }, 'checklist item'),

    deleteItem: async (itemId) => {
      await db.query(q.deleteFrom('thread_checklist_items').where('id', '=', itemId));
    },

    insertInvite: (invite) => db.insert(ThreadInvite, invite),

    findInvite: (threadId, inviteId) => findPart(invites, threadId, inviteId),

    findInviteByTokenHash: async (tokenHash) =>
      one(await db.query(q.selectFrom('thread_invites').select(invites.columns).where('token_hash', '=', tokenHash)), invites.read),

    findInviteFor: async (inviteId, principalId) =>
      one(
        await db.query(q.selectFrom('thread_invites').select(invites.columns).where('id', '=', inviteId).where('invitee_principal_id', '=', principalId)),
        invites.read,
      ),

    lockInvite: async (inviteId) =>
      one(await db.query(q.selectFrom('thread_invites').select(invites.columns).where('id', '=', inviteId).forUpdate()), invites.read),

    closeInvite: (inviteId, status, acceptedBy, at) => changePart(invites, inviteId, { status, acceptedBy, closedAt: at }, 'thread invite'),

    listInvites: async (threadId) =>
      (
        await db.query(
          q.selectFrom('thread_invites').select(invites.columns).where('thread_id', '=', threadId).orderBy('created_at', 'desc').orderBy('id', 'desc'),
        )
      ).map(invites.read),

    listInvitationsFor: async (principalId, now, paging) => {
      const pending = q
        .selectFrom('thread_invites as i')
        .where('i.invitee_principal_id', '=', principalId)
        .where('i.status', '=', 'pending')
        .where('i.expires_at', '>', now)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('thread_participants as p')
                .select(eb.lit(1).as('one'))
                .whereRef('p.thread_id', '=', 'i.thread_id')
                .where('p.principal_id', '=', principalId),
            ),
          ),
        );
      const page = pending
        .innerJoin('threads as t', 't.id', 'i.thread_id')
        .select([...invites.columnsOf('i'), 't.title as thread_title', 't.owner_id as thread_owner_id', totalOverAll])
        .orderBy('i.created_at', 'desc')
        .orderBy('i.id', 'desc')
        .limit(paging.limit)
        .offset(paging.offset);
      const { rows, total } = await listPage(db, page, () => pending.select(totalCount), paging);
      return { rows: rows.map((row) => ({ invite: invites.read(row), threadTitle: row.thread_title, threadOwnerId: row.thread_owner_id })), total };
    },

    waitingInvitationsColumns: (principal, now) => ({
      sql: columnsOf([
        expr
          .selectFrom('thread_invites as i')
          .select(expr.fn.countAll().as('n'))
          .where('i.invitee_principal_id', '=', principal)
          .where('i.status', '=', sql.lit('pending'))
          .where('i.expires_at', '>', now)
          .where((inner) =>
            inner.not(
              inner.exists(
                inner
                  .selectFrom('thread_participants as p')
                  .select(inner.lit(1).as('one'))
                  .whereRef('p.thread_id', '=', 'i.thread_id')
                  .where('p.principal_id', '=', principal),
              ),
            ),
          )
          .as('threads_waiting_invitations'),
      ]),
      read: (row) => ({ waitingInvitations: Number(row.threads_waiting_invitations ?? 0) }),
    }),

    purgeInvites: async (before) =>
      (
        await db.query(
          q
            .deleteFrom('thread_invites')
            .where((eb) => eb.or([eb.and([eb('status', '=', 'pending'), eb('expires_at', '<', before)]), eb.and([eb('status', '=', 'revoked'), eb('closed_at', '<', before)])]))
            .returning('id'),
        )
      ).length,

    sharesThreadLinking: async (principalA, principalB, kind, id) => {
      const [row] = await db.query(
        q.selectNoFrom((eb) =>
          eb
            .exists(
              eb
                .selectFrom('threads as t')
                .innerJoin('thread_participants as a', (join) => join.onRef('a.thread_id', '=', 't.id').on('a.principal_id', '=', principalA))
                .innerJoin('thread_participants as b', (join) => join.onRef('b.thread_id', '=', 't.id').on('b.principal_id', '=', principalB))
                .select(eb.lit(1).as('one'))
                .where('t.linked_kind', '=', kind)
                .where('t.linked_id', '=', id),
            )
            .as('found'),
        ),
      );
      return row?.found === true;
    },

    invitedToThreadLinking: async (participant, invitee, kind, id, now) => {
      const [row] = await db.query(
        q.selectNoFrom((eb) =>
          eb
            .exists(
              eb
                .selectFrom('threads as t')
                .innerJoin('thread_participants as p', (join) => join.onRef('p.thread_id', '=', 't.id').on('p.principal_id', '=', participant))
                .innerJoin('thread_invites as i', (join) => join.onRef('i.thread_id', '=', 't.id').on('i.invitee_principal_id', '=', invitee))
                .select(eb.lit(1).as('one'))
                .where('t.linked_kind', '=', kind)
                .where('t.linked_id', '=', id)
                .where('i.status', '=', 'pending')
                .where('i.expires_at', '>', now),
            )
            .as('found'),
        ),
      );
      return row?.found === true;
    },
  };
};
