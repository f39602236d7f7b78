import { toIso, toIsoOrNull, unknownPrincipal } from '@svc/kernel';
import type { FeedbackRecord, OfferRecord, ReportRecord, SiteFeedbackRecord } from './offers.records.ts';
import type { FeedbackJson, ReportJson, ServiceJson, SiteFeedbackJson } from './offers.schemas.ts';
import type { PrincipalDirectory, PrincipalSummary } from './offers.deps.ts';

/** The Service JSON. A paused offer keeps its page but hides its contact link. */
export const presentOffer = (offer: OfferRecord, provider: PrincipalSummary, baseUrl: string): ServiceJson => ({
  id: offer.id,
  url: `${baseUrl}/services/${offer.id}`,
  status: offer.status,
  version: offer.version,
  title: offer.title,
  summary: offer.summary,
  role: offer.role,
  industry: offer.industry,
  capabilities: [...offer.capabilities],
  contact_url: offer.status === 'active' ? offer.contactUrl : null,
  pricing_note: offer.pricingNote,
  tags: [...offer.tags],
  templates: [...offer.templates],
  provider: {
    principal_id: provider.principal_id,
    display_name: provider.display_name,
    profile: `${baseUrl}/principals/${provider.principal_id}`,
  },
  created_at: toIso(offer.createdAt),
  updated_at: toIso(offer.updatedAt),
});

export const presentFeedback = (item: FeedbackRecord, author: PrincipalSummary): FeedbackJson => ({
  id: item.id,
  service_id: item.offerId,
  version: item.version,
  status: item.removedAt ? 'removed' : 'active',
  needs_met: item.needsMet,
  comment: item.comment,
  source_links: [...item.sourceLinks],
  capability: item.capability,
  published: item.published,
  hidden: item.hiddenAt !== null,
  hidden_reason: item.hiddenAt ? item.hiddenReason : null,
  author: { principal_id: author.principal_id, display_name: author.display_name },
  reply: item.replyText !== null && item.replyAt ? { text: item.replyText, created_at: toIso(item.replyAt) } : null,
  created_at: toIso(item.createdAt),
  updated_at: toIso(item.updatedAt),
});

/** A report as support sees it; it names no reporter (none is stored). */
export const presentReport = (report: ReportRecord): ReportJson => ({
  id: report.id,
  target_kind: report.targetKind,
  target_id: report.targetId,
  reason: report.reason,
  details: report.details,
  status: report.status,
  resolution: report.resolution,
  resolved_at: toIsoOrNull(report.resolvedAt),
  created_at: toIso(report.createdAt),
});

export const presentSiteFeedback = (item: SiteFeedbackRecord): SiteFeedbackJson => ({
  id: item.id,
  kind: item.kind,
  message: item.message,
  contact_ok: item.contactOk,
  principal_id: item.principalId,
  grant_id: item.grantId,
  agent_name: item.agentName,
  created_at: toIso(item.createdAt),
});

/**
 * Presents records with live display names, looking every principal up once per answer; an offer
 * that came with its provider's name (`providerName`, read in the same statement) needs no lookup.
 */
export const createOfferViews = (principals: PrincipalDirectory, baseUrl: string) => {
  const lookup = async (ids: string[]) => {
    const found = ids.length === 0 ? new Map<string, PrincipalSummary>() : await principals.summaries([...new Set(ids)]);
    return (id: string) => found.get(id) ?? unknownPrincipal(id);
  };
  const provider = async (records: OfferRecord[]) => {
    const summary = await lookup(records.filter((offer) => offer.providerName === undefined).map((offer) => offer.providerId));
    return (offer: OfferRecord): PrincipalSummary => {
      if (offer.providerName === undefined) return summary(offer.providerId);
      return offer.providerName === null ? unknownPrincipal(offer.providerId) : { principal_id: offer.providerId, display_name: offer.providerName };
    };
  };
  return {
    offers: async (records: OfferRecord[]): Promise<ServiceJson[]> => {
      const summary = await provider(records);
      return records.map((offer) => presentOffer(offer, summary(offer), baseUrl));
    },
    offer: async (record: OfferRecord): Promise<ServiceJson> => {
      const summary = await provider([record]);
      return presentOffer(record, summary(record), baseUrl);
    },
    feedback: async (records: FeedbackRecord[]): Promise<FeedbackJson[]> => {
      const summary = await lookup(records.map((item) => item.authorId));
      return records.map((item) => presentFeedback(item, summary(item.authorId)));
    },
    feedbackItem: async (record: FeedbackRecord): Promise<FeedbackJson> => {
      const summary = await lookup([record.authorId]);
      return presentFeedback(record, summary(record.authorId));
    },
  };
};

export type OfferViews = ReturnType<typeof createOfferViews>;
