import { defineEntity, p } from '@mikro-orm/core';
import { ENTRY_KINDS, LINK_KINDS, THREAD_STATUSES } from './threads.schemas.ts';

/**
 * A private work thread. The tables are created by `threadsMigrations`; these mappings must
 * describe the same columns. Changes go through the repository's SQL, never the unit of work.
 */
export const Thread = defineEntity({
  name: 'Thread',
  tableName: 'threads',
  properties: {
    id: p.text().primary(),
    title: p.text(),
    summary: p.text(),
    summaryVersion: p.integer(),
    status: p.enum(THREAD_STATUSES),
    ownerId: p.text(),
    summaryEditedByOthers: p.boolean(),
    checklistEditedByOthers: p.boolean().default(false),
    linkedKind: p.enum(LINK_KINDS).nullable(),
    linkedId: p.text().nullable(),
    linkedSnapshot: p.json<object>().nullable(),
    linkedTakenAt: p.datetime().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
  indexes: [{ name: 'threads_linked_index', properties: ['linkedKind', 'linkedId'] }],
});

/**
 * The `thread_id` of a thread's child row: it names its thread by key, and the row goes when the
 * thread is deleted (the constraint is named as the migrations name it).
 */
const partOfThread = (table: string) =>
  p.manyToOne(Thread).mapToPk().fieldName('thread_id').foreignKeyName(`${table}_thread_id_foreign`).deleteRule('cascade');

/** A current participant of a thread (the owner included). Leaving or being removed deletes the row. */
export const ThreadParticipant = defineEntity({
  name: 'ThreadParticipant',
  tableName: 'thread_participants',
  properties: {
    threadId: partOfThread('thread_participants').primary(),
    principalId: p.text().primary(),
    joinedAt: p.datetime(),
  },
  indexes: [{ name: 'thread_participants_principal_id_index', properties: ['principalId'] }],
});

/** An entry; deleting it keeps a tombstone (text null, `deleted_at` set). */
export const ThreadEntry = defineEntity({
  name: 'ThreadEntry',
  tableName: 'thread_entries',
  properties: {
    id: p.text().primary(),
    threadId: partOfThread('thread_entries'),
    kind: p.enum(ENTRY_KINDS),
    text: p.text().nullable(),
    authorId: p.text(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
    deletedAt: p.datetime().nullable(),
  },
  indexes: [{ name: 'thread_entries_thread_id_created_at_index', properties: ['threadId', 'createdAt'] }],
});

/** A checklist item with an explicit `done` value. */
export const ThreadChecklistItem = defineEntity({
  name: 'ThreadChecklistItem',
  tableName: 'thread_checklist_items',
  properties: {
    id: p.text().primary(),
    threadId: partOfThread('thread_checklist_items'),
    text: p.text(),
    done: p.boolean(),
    addedBy: p.text(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
  indexes: [{ name: 'thread_checklist_items_thread_id_created_at_index', properties: ['threadId', 'createdAt'] }],
});

/** An invitation: a one-time link whose token is stored only as its SHA-256. */
export const ThreadInvite = defineEntity({
  name: 'ThreadInvite',
  tableName: 'thread_invites',
  properties: {
    id: p.text().primary(),
    threadId: partOfThread('thread_invites'),
    tokenHash: p.text().unique('thread_invites_token_hash_unique'),
    inviteePrincipalId: p.text().nullable(),
    createdBy: p.text(),
    status: p.enum(['pending', 'accepted', 'revoked'] as const),
    createdAt: p.datetime(),
    expiresAt: p.datetime(),
    acceptedBy: p.text().nullable(),
    closedAt: p.datetime().nullable(),
  },
  indexes: [
    { name: 'thread_invites_thread_id_index', properties: ['threadId'] },
    { name: 'thread_invites_invitee_principal_id_index', properties: ['inviteePrincipalId'] },
  ],
});

export const threadsEntities = [Thread, ThreadParticipant, ThreadEntry, ThreadChecklistItem, ThreadInvite];
