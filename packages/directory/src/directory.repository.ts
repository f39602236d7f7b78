import type { Paging } from '@svc/kernel';
import type {
  DestinationRecord,
  EntryRecord,
  EntryType,
  FullEntryRecord,
  HistoryRecord,
  HistorySummary,
  ResolvedRow,
} from './directory.records.ts';

/** An entry with what the owner view needs beside it. */
export interface ManagedEntry {
  entry: FullEntryRecord;
  history: HistorySummary;
}

/** What a versioned change may set; the repository adds `version = version + 1` itself. */
export type EntryChanges = Partial<
  Pick<
    EntryRecord,
    | 'displayName'
    | 'description'
    | 'entryType'
    | 'visibility'
    | 'term'
    | 'status'
    | 'statusBeforeRemoval'
    | 'expiresAt'
    | 'locked'
    | 'agentLimit'
    | 'suspended'
    | 'suspensionReason'
    | 'suspendedAt'
    | 'removedAt'
  >
> & { updatedAt: Date };

export interface DiscoverFilter {
  q?: string | undefined;
  entryType?: EntryType | undefined;
}

/**
 * Storage of directory entries, their destinations and private history. Every write runs in the
 * caller's transaction when there is one.
 */
export interface DirectoryRepository {
  /**
   * Serialises a principal's registrations until the end of the current transaction, so the entry
   * limit holds when several registrations run at once.
   */
  lockPrincipal(principalId: string): Promise<void>;
  /** Entries the principal holds that count towards the limit (every status but retired). */
  countCountedEntries(principalId: string): Promise<number>;
  /** Inserts the entry unless its handle exists (`ON CONFLICT DO NOTHING`); false when it did. */
  insertEntry(entry: EntryRecord): Promise<boolean>;
  /** Replaces the entry's destinations with `destinations`, in this order. */
  replaceDestinations(entryId: string, destinations: readonly DestinationRecord[]): Promise<void>;
  /** The entry behind a handle with its destinations and history summary (history since `historySince`). */
  findByHandle(handle: string, historySince: Date): Promise<ManagedEntry | null>;
  /** A principal's entries, newest first, a page at a time, with how many they have in all. */
  findByOwner(ownerId: string, historySince: Date, paging: Paging): Promise<{ rows: ManagedEntry[]; total: number }>;
  /**
   * Entries under suspension now (suspended and not retired), the most recently suspended first, a
   * page at a time, with how many there are in all.
   */
  findSuspended(paging: Paging): Promise<{ rows: EntryRecord[]; total: number }>;
  /**
   * Applies `changes` and adds 1 to the version in one conditional statement, only if the stored
   * version is still `expectedVersion`. Null when it was not: nothing changed.
   */
  updateIfVersion(id: string, expectedVersion: number, changes: EntryChanges): Promise<EntryRecord | null>;
  insertHistory(record: HistoryRecord): Promise<void>;
  /** Newest first; only records since `since`. */
  listHistory(entryId: string, since: Date, paging: Paging): Promise<{ rows: HistoryRecord[]; total: number }>;
  findHistory(entryId: string, historyId: string, since: Date): Promise<HistoryRecord | null>;
  /**
   * One indexed query: the entry only when it may be shown (active, not suspended, not past expiry,
   * visible to this caller) with only the destinations this caller may see. Null otherwise, whatever the reason.
   * `withheld` counts the approved destinations kept for signed-in callers that a signed-out caller
   * is not shown (0 when signed in), in the same statement.
   */
  resolve(handle: string, signedIn: boolean, now: Date): Promise<(ResolvedRow & { withheld: number }) | null>;
  /**
   * Public, active, unsuspended, unexpired entries with their public destinations. `total` counts to
   * a cap (`DISCOVERY_COUNT_CAP`, or past the page asked for); `totalIsLowerBound` says there may be more.
   */
  discover(filter: DiscoverFilter, paging: Paging, now: Date): Promise<{ rows: ResolvedRow[]; total: number; totalIsLowerBound: boolean }>;
  /** Retires up to `batch` due entries (skipping rows other workers hold); returns how many. */
  retireDue(now: Date, removedBefore: Date, expiredBefore: Date, batch: number): Promise<number>;
  /** Deletes up to `batch` history records older than `before`; returns how many. */
  purgeHistory(before: Date, batch: number): Promise<number>;
}
