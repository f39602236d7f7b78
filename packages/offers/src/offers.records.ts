/** The stored shapes of the offers domain (camelCase; the presenter makes the public JSON). */

import type { OfferStatus } from './offers.state.ts';

export const NEEDS_MET = ['yes', 'partly', 'no'] as const;
export type NeedsMet = (typeof NEEDS_MET)[number];

export const REPORT_TARGET_KINDS = ['job', 'service', 'directory_entry', 'feedback'] as const;
export type ReportTargetKind = (typeof REPORT_TARGET_KINDS)[number];

export const REPORT_STATUSES = ['open', 'resolved'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const SITE_FEEDBACK_KINDS = ['feedback', 'capability_request'] as const;
export type SiteFeedbackKind = (typeof SITE_FEEDBACK_KINDS)[number];

/** An offer (a service) as stored. */
export interface OfferRecord {
  id: string;
  status: OfferStatus;
  version: number;
  title: string;
  summary: string;
  role: string;
  industry: string;
  capabilities: string[];
  /** Kept while paused; the presenter hides it. */
  contactUrl: string | null;
  pricingNote: string;
  tags: string[];
  templates: string[];
  /** The provider's principal id. */
  providerId: string;
  /**
   * The provider's display name when it was read with the offer (null: no such principal). Not
   * stored: absent means it was not read, and presenting the offer looks it up.
   */
  providerName?: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** What a versioned change of an offer may set; the repository adds `version = version + 1` itself. */
export type OfferChanges = Partial<Omit<OfferRecord, 'id' | 'version' | 'providerId' | 'createdAt' | 'updatedAt' | 'providerName'>> & {
  updatedAt: Date;
};

/** A feedback item about an offer, as stored. */
export interface FeedbackRecord {
  id: string;
  offerId: string;
  /** The author's principal id. */
  authorId: string;
  version: number;
  needsMet: NeedsMet;
  comment: string;
  sourceLinks: string[];
  capability: string | null;
  published: boolean;
  /** Set by support; a hidden item is seen only by its author, the provider and support. */
  hiddenAt: Date | null;
  hiddenReason: string | null;
  replyText: string | null;
  replyAt: Date | null;
  /** Set when the author removes it; a removed item is seen by nobody. */
  removedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** What the author may change on a feedback item. */
export type FeedbackChanges = Partial<Pick<FeedbackRecord, 'needsMet' | 'comment' | 'sourceLinks' | 'capability' | 'published'>> & {
  updatedAt: Date;
};

/** A report of public content, kept for support. It never changes its target. */
export interface ReportRecord {
  id: string;
  targetKind: ReportTargetKind;
  targetId: string;
  reason: string;
  details: string;
  status: ReportStatus;
  resolution: string | null;
  /** The support principal who resolved it. */
  resolvedBy: string | null;
  resolvedAt: Date | null;
  createdAt: Date;
}

/** Feedback about the site itself, or a request for a capability. Never the client's address. */
export interface SiteFeedbackRecord {
  id: string;
  kind: SiteFeedbackKind;
  message: string;
  contactOk: boolean;
  /** The signed-in principal or the principal behind the token; null when anonymous. */
  principalId: string | null;
  /** The agent grant behind a token (its id, never its secret); null otherwise. */
  grantId: string | null;
  agentName: string | null;
  createdAt: Date;
}
