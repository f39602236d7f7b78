import type { SelectColumns, SqlOperand } from '@svc/db';
import type { Paging } from '@svc/kernel';
import type {
  FeedbackChanges,
  FeedbackRecord,
  OfferChanges,
  OfferRecord,
  ReportRecord,
  ReportStatus,
  SiteFeedbackKind,
  SiteFeedbackRecord,
} from './offers.records.ts';
import type { OfferStatus } from './offers.state.ts';

export interface OfferFilter {
  /** Full text (websearch syntax); results are ranked by relevance, newest first on ties. */
  q?: string | undefined;
  role?: string | undefined;
  industry?: string | undefined;
  /** Absent: active and paused ones (a provider's own list); removed offers are never listed. */
  status?: Exclude<OfferStatus, 'removed'> | undefined;
  /** Only this principal's offers. */
  providerId?: string | undefined;
}

/** Who is reading feedback, as far as visibility goes. */
export interface FeedbackViewer {
  principalId: string | null;
  /** The reader provides the offer: sees every item that is not removed. */
  isProvider: boolean;
  /** Support sees published items, hidden ones included. */
  isSupport: boolean;
}

export interface Rows<T> {
  rows: T[];
  total: number;
}

/**
 * Storage of offers, their feedback, reports and site feedback. Every write runs in the caller's
 * transaction when there is one. Versioned changes are single conditional statements.
 */
export interface OffersRepository {
  insertOffer(offer: OfferRecord): Promise<void>;
  findOffer(id: string): Promise<OfferRecord | null>;
  /**
   * Applies `changes` and adds 1 to the version in one statement, only if the stored version is
   * still `expectedVersion`. Null when it was not (or the offer does not exist): nothing changed.
   */
  updateOfferIfVersion(id: string, expectedVersion: number, changes: OfferChanges): Promise<OfferRecord | null>;
  /**
   * Offers with the filter's status (never removed ones): by relevance when `q` is given, else newest
   * first. `total` counts to a cap; `totalIsLowerBound` says the real number may be higher. A search
   * ranks only its newest `OFFER_SEARCH_CANDIDATES` matches, so pages past them are empty.
   */
  searchOffers(filter: OfferFilter, paging: Paging): Promise<Rows<OfferRecord> & { totalIsLowerBound: boolean }>;
  countOffers(providerId: string): Promise<{ active: number; paused: number }>;
  /** The same counts as columns another read may run in its own statement (see `SelectColumns`). */
  countOffersColumns(provider: SqlOperand): SelectColumns<{ active: number; paused: number }>;

  /**
   * Stores the item unless its author already has an active item on the offer (a partial unique
   * index decides, so concurrent inserts leave one). False when nothing was stored.
   */
  insertFeedbackIfFirst(item: FeedbackRecord): Promise<boolean>;
  /** Whether the author has an active (not removed) item on the offer: the one `insertFeedbackIfFirst` would refuse to add to. */
  hasActiveFeedback(offerId: string, authorId: string): Promise<boolean>;
  findFeedback(id: string): Promise<FeedbackRecord | null>;
  /**
   * The offer's items `viewer` may see, newest first; removed items never. Never counted (the
   * contract has no counts on feedback): `hasMore` says whether a later page has any.
   */
  listFeedback(offerId: string, viewer: FeedbackViewer, paging: Paging): Promise<{ rows: FeedbackRecord[]; hasMore: boolean }>;
  /** Versioned edit of an active item; null when the version differs or the item is removed. */
  updateFeedbackIfVersion(id: string, expectedVersion: number, changes: FeedbackChanges): Promise<FeedbackRecord | null>;
  /** Marks an active item removed (version + 1); null when it was already removed, or is not at `expectedVersion` when one is given. */
  /** Marks an item removed, unless it is removed or hidden already (or at another version than `expectedVersion`); null then. */
  removeFeedback(id: string, at: Date, expectedVersion?: number | null): Promise<FeedbackRecord | null>;
  /** Sets the reply only when there is none yet (version + 1); null when there was one already. */
  replyToFeedback(id: string, text: string, at: Date): Promise<FeedbackRecord | null>;
  /** Hides a published, visible item (version + 1); null when it was not in that state. */
  hideFeedback(id: string, reason: string, at: Date): Promise<FeedbackRecord | null>;
  /** Shows a hidden item again (version + 1); null when it was not hidden. */
  unhideFeedback(id: string, at: Date): Promise<FeedbackRecord | null>;
  /** Hidden items that are not removed, most recently changed first (support's list). */
  listHiddenFeedback(paging: Paging): Promise<Rows<FeedbackRecord>>;

  insertReport(report: ReportRecord): Promise<void>;
  findReport(id: string): Promise<ReportRecord | null>;
  /** Oldest first, so support works through them in order. */
  listReports(status: ReportStatus, paging: Paging): Promise<Rows<ReportRecord>>;
  /** Resolves an open report; null when it was not open. */
  resolveReport(id: string, resolution: string, resolvedBy: string, at: Date): Promise<ReportRecord | null>;
  /** Deletes reports resolved before `before`; how many. */
  purgeResolvedReports(before: Date): Promise<number>;

  insertSiteFeedback(item: SiteFeedbackRecord): Promise<void>;
  findSiteFeedback(id: string): Promise<SiteFeedbackRecord | null>;
  /** Newest first. */
  listSiteFeedback(kind: SiteFeedbackKind | undefined, paging: Paging): Promise<Rows<SiteFeedbackRecord>>;
}
