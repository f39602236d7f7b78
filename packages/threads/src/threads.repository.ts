import type { SelectColumns, SqlOperand } from '@svc/db';
import type { Paging } from '@svc/kernel';
import type { EntryKind, LinkKind, ThreadStatus } from './threads.schemas.ts';
import type {
  ChecklistItemRecord,
  EntryRecord,
  InvitationRow,
  InviteRecord,
  ParticipantRecord,
  StoredInviteStatus,
  ThreadContents,
  ThreadListRow,
  ThreadRecord,
} from './threads.records.ts';

/** What a thread change may set; `updatedAt` is always set. */
export interface ThreadChanges {
  title?: string;
  summary?: string;
  status?: ThreadStatus;
  /** Marks the summary as changed by someone other than the owner (a contribution). */
  summaryEditedByOthers?: true;
  /** Marks a checklist item as reworded or ticked by someone other than the owner (a contribution). */
  checklistEditedByOthers?: true;
  updatedAt: Date;
}

export interface RowCounts {
  participants: number;
  entries: number;
  checklistItems: number;
}

/**
 * Storage of threads, participants, entries, checklist items and invitations. Every write runs in
 * the caller's transaction; the `lock…` methods must be called inside one.
 */
export interface ThreadsRepository {
  /** Stores a new thread and its owner as its first participant. */
  insertThread(thread: ThreadRecord): Promise<void>;
  findThread(id: string): Promise<ThreadRecord | null>;
  /** Reads the thread and holds its row (`FOR UPDATE`) until the transaction ends. */
  lockThread(id: string): Promise<ThreadRecord | null>;
  /**
   * Holds a per-principal transaction lock, so counting and adding that principal's threads
   * cannot interleave with another transaction doing the same.
   */
  lockPrincipal(principalId: string): Promise<void>;
  /**
   * Applies `changes`. With `expectedSummaryVersion` the summary version goes up by 1, and only if
   * it still is that version; null when it was not (or the thread is gone): nothing changed.
   */
  updateThread(id: string, changes: ThreadChanges, expectedSummaryVersion?: number): Promise<ThreadRecord | null>;
  /** Deletes the thread with everything in it. */
  deleteThread(id: string): Promise<void>;

  /** Everything a participant reads, in display order; null when the thread does not exist. */
  readContents(id: string): Promise<ThreadContents | null>;
  /** The threads a principal takes part in, most recently changed first. */
  listForParticipant(principalId: string, status: ThreadStatus | undefined, paging: Paging): Promise<{ rows: ThreadListRow[]; total: number }>;
  counts(threadId: string): Promise<RowCounts>;
  /** How many threads a principal takes part in (owned or joined, open or archived). */
  countThreadsOf(principalId: string): Promise<number>;
  /** Whether anyone but `ownerId` wrote an entry (tombstones too) or added a checklist item, or changed the summary. */
  hasContributionsByOthers(thread: ThreadRecord): Promise<boolean>;

  findParticipant(threadId: string, principalId: string): Promise<ParticipantRecord | null>;
  insertParticipant(participant: ParticipantRecord): Promise<void>;
  /** False when the principal was not a participant. */
  deleteParticipant(threadId: string, principalId: string): Promise<boolean>;

  insertEntry(entry: EntryRecord): Promise<void>;
  findEntry(threadId: string, entryId: string): Promise<EntryRecord | null>;
  updateEntry(entryId: string, changes: { kind?: EntryKind; text?: string; updatedAt: Date }): Promise<EntryRecord>;
  /** Clears the text and marks the entry deleted; id, author and times stay. */
  tombstoneEntry(entryId: string, at: Date): Promise<EntryRecord>;

  insertItem(item: ChecklistItemRecord): Promise<void>;
  findItem(threadId: string, itemId: string): Promise<ChecklistItemRecord | null>;
  updateItem(itemId: string, changes: { text?: string; done?: boolean; updatedAt: Date }): Promise<ChecklistItemRecord>;
  deleteItem(itemId: string): Promise<void>;

  insertInvite(invite: InviteRecord): Promise<void>;
  findInvite(threadId: string, inviteId: string): Promise<InviteRecord | null>;
  findInviteByTokenHash(tokenHash: string): Promise<InviteRecord | null>;
  /** An invitation addressed to `principalId`, whatever its thread. */
  findInviteFor(inviteId: string, principalId: string): Promise<InviteRecord | null>;
  /** Re-reads the invitation holding its row (`FOR UPDATE`). */
  lockInvite(inviteId: string): Promise<InviteRecord | null>;
  closeInvite(inviteId: string, status: Exclude<StoredInviteStatus, 'pending'>, acceptedBy: string | null, at: Date): Promise<InviteRecord>;
  /** Newest first. */
  listInvites(threadId: string): Promise<InviteRecord[]>;
  /** Pending, unexpired invitations addressed to `principalId` for threads they are not in; newest first. */
  listInvitationsFor(principalId: string, now: Date, paging: Paging): Promise<{ rows: InvitationRow[]; total: number }>;
  /**
   * How many of those invitations wait for the principal at `now`, as a column another read runs in
   * its own statement (the website's navigation reads it beside other domains' counts on every page).
   */
  waitingInvitationsColumns(principal: SqlOperand, now: Date): SelectColumns<{ waitingInvitations: number }>;
  /** Deletes unused invitations that expired, and revoked ones revoked, before `before` (accepted ones stay); returns how many. */
  purgeInvites(before: Date): Promise<number>;

  /** Whether both principals are current participants of one thread that links this record. */
  sharesThreadLinking(principalA: string, principalB: string, kind: LinkKind, id: string): Promise<boolean>;
  /**
   * Whether `participant` takes part in a thread that links this record, to which an invitation named
   * for `invitee` is pending and unexpired at `now` (the invitee has not joined yet).
   */
  invitedToThreadLinking(participant: string, invitee: string, kind: LinkKind, id: string, now: Date): Promise<boolean>;
}
