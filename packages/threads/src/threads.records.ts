import type { EntryKind, LinkKind, ThreadStatus } from './threads.schemas.ts';

/** A thread as stored. */
export interface ThreadRecord {
  id: string;
  title: string;
  summary: string;
  /** Starts at 1; +1 on every successful summary change. */
  summaryVersion: number;
  status: ThreadStatus;
  /** The owner's principal id; ownership never moves. */
  ownerId: string;
  /** Set once someone other than the owner has changed the summary (it counts as a contribution). */
  summaryEditedByOthers: boolean;
  /** Set once someone other than the owner has reworded or ticked a checklist item (a contribution too). */
  checklistEditedByOthers: boolean;
  linked: LinkedRecord | null;
  createdAt: Date;
  /** The time of the latest change to anything in the thread. */
  updatedAt: Date;
}

/** The job or offer a thread links, with the snapshot taken when the thread was created. */
export interface LinkedRecord {
  kind: LinkKind;
  id: string;
  snapshot: object;
  takenAt: Date;
}

/** A current participant. Leaving or being removed deletes the row. */
export interface ParticipantRecord {
  threadId: string;
  principalId: string;
  joinedAt: Date;
}

export interface EntryRecord {
  id: string;
  threadId: string;
  kind: EntryKind;
  /** Null once deleted (a tombstone). */
  text: string | null;
  authorId: string;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
}

export interface ChecklistItemRecord {
  id: string;
  threadId: string;
  text: string;
  done: boolean;
  addedBy: string;
  createdAt: Date;
  updatedAt: Date;
}

/** The stored state of an invitation; `expired` is never stored, it follows from `expiresAt`. */
export type StoredInviteStatus = 'pending' | 'accepted' | 'revoked';

export interface InviteRecord {
  id: string;
  threadId: string;
  /** SHA-256 (hex) of the one-time token; the token itself is never stored. */
  tokenHash: string;
  /** Only this principal may accept; null: whoever holds the link. */
  inviteePrincipalId: string | null;
  createdBy: string;
  status: StoredInviteStatus;
  createdAt: Date;
  expiresAt: Date;
  acceptedBy: string | null;
  /** When it was accepted or revoked. */
  closedAt: Date | null;
}

/** Everything a participant reads of one thread. */
export interface ThreadContents {
  thread: ThreadRecord;
  participants: ParticipantRecord[];
  entries: EntryRecord[];
  checklist: ChecklistItemRecord[];
}

/** One row of a participant's thread list. */
export interface ThreadListRow {
  thread: ThreadRecord;
  /** Everyone taking part, in the order they joined (the owner first). */
  participantIds: string[];
}

/** A pending invitation addressed to a principal, with what the invitee may know of its thread. */
export interface InvitationRow {
  invite: InviteRecord;
  threadTitle: string;
  threadOwnerId: string;
}
