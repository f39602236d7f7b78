import * as v from 'valibot';
import { cappedPageEntries, httpsUrlRule, maxChars, minChars, noDirectionControl, noNul, trimmedText, pagingEntries, parseVersioned, principalSummarySchema, validationFailed, versionSchema, isoTimestamp, listEntries, pageEntries, recordVersionSchema } from '@svc/kernel';
import {
  NEEDS_MET,
  REPORT_STATUSES,
  REPORT_TARGET_KINDS,
  SITE_FEEDBACK_KINDS,
} from './offers.records.ts';
import { OFFER_STATUSES } from './offers.state.ts';

export const LIMITS = {
  title: 200,
  summary: 4000,
  slug: 40,
  capabilities: 20,
  capability: 200,
  url: 2048,
  pricingNote: 500,
  tags: 10,
  templates: 10,
  templateId: 100,
  comment: 2000,
  sourceLinks: 5,
  reply: 2000,
  hiddenReason: 500,
  reportReason: 100,
  reportDetails: 2000,
  resolution: 2000,
  siteMessage: 4000,
  q: 200,
} as const;


const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const slug = v.pipe(
  v.string(),
  v.regex(SLUG, 'must be a lower-case slug such as party-planning'),
  maxChars(LIMITS.slug),
);

/** An https URL without credentials in it. */
const httpsUrl = v.pipe(
  v.string(),
  v.trim(),
  noNul,
  noDirectionControl,
  maxChars(LIMITS.url),
  ...httpsUrlRule('must be an https URL such as https://example.org/contact'),
);

/** A list without repeats, keeping the first of each. */
const distinct = <T>(list: T[]): T[] => [...new Set(list)];

const capabilities = v.pipe(
  v.array(trimmedText(LIMITS.capability, 1)),
  v.maxLength(LIMITS.capabilities, `must have at most ${LIMITS.capabilities} items`),
  v.transform(distinct),
);

const tags = v.pipe(
  v.array(slug),
  v.maxLength(LIMITS.tags, `must have at most ${LIMITS.tags} tags`),
  v.transform(distinct),
);

const templates = v.pipe(
  v.array(v.pipe(v.string(), minChars(1), maxChars(LIMITS.templateId), noNul)),
  v.maxLength(LIMITS.templates, `must have at most ${LIMITS.templates} templates`),
  v.transform(distinct),
);

/** The writable offer fields; all optional here, `offerCreateSchema` requires some. */
const offerFieldEntries = {
  title: v.optional(trimmedText(LIMITS.title, 1)),
  summary: v.optional(trimmedText(LIMITS.summary)),
  role: v.optional(slug),
  industry: v.optional(slug),
  capabilities: v.optional(capabilities),
  contact_url: v.optional(v.nullable(httpsUrl)),
  pricing_note: v.optional(trimmedText(LIMITS.pricingNote)),
  tags: v.optional(tags),
  templates: v.optional(templates),
};

/** `POST /api/v1/services` body: `title`, `role` and `industry` are required. */
export const offerCreateSchema = v.strictObject({
  ...offerFieldEntries,
  title: trimmedText(LIMITS.title, 1),
  role: slug,
  industry: slug,
});
export type OfferCreateInput = v.InferOutput<typeof offerCreateSchema>;

/** `PATCH /api/v1/services/{id}` body: any offer fields plus the version the caller read. */
export const offerPatchSchema = v.strictObject({
  ...offerFieldEntries,
  expected_version: versionSchema,
});
export type OfferPatchInput = Omit<v.InferOutput<typeof offerPatchSchema>, 'expected_version'>;

/**
 * Parses a versioned edit (the kernel's `parseVersioned`: 428 without a version, 400 for a body that
 * is not an object, then the fields); a change of nothing is refused rather than counted as a new version.
 */
const parsePatch = <S extends v.GenericSchema<unknown, { expected_version?: unknown }>>(
  schema: S,
  input: unknown,
): { expectedVersion: number; patch: Omit<v.InferOutput<S>, 'expected_version'> } => {
  const { expectedVersion, body } = parseVersioned(schema, input);
  const { expected_version: _version, ...patch } = body as v.InferOutput<S> & { expected_version?: unknown };
  if (Object.keys(patch).length === 0) {
    throw validationFailed([{ path: '', message: 'send at least one field to change' }]);
  }
  return { expectedVersion, patch: patch as Omit<v.InferOutput<S>, 'expected_version'> };
};

export const parseOfferPatch = (input: unknown) => parsePatch(offerPatchSchema, input);

/** Statuses a list may ask for; removed offers are never listed. */
export const LISTED_OFFER_STATUSES = ['active', 'paused'] as const;

/** `GET /api/v1/services` query strings. */
export const offerListQuerySchema = v.strictObject({
  q: v.optional(trimmedText(LIMITS.q)),
  role: v.optional(slug),
  industry: v.optional(slug),
  status: v.optional(v.picklist(LISTED_OFFER_STATUSES, 'must be active or paused'), 'active'),
  ...pagingEntries,
});
export type OfferListQuery = v.InferOutput<typeof offerListQuerySchema>;

/** `GET /api/v1/me/services` query strings: the caller's active and paused offers unless `status` picks one. */
export const myOffersQuerySchema = v.strictObject({
  status: v.optional(v.picklist(LISTED_OFFER_STATUSES, 'must be active or paused')),
  ...pagingEntries,
});

/** Paging only (`limit`, `offset` as query strings). */
export const pagingQuerySchema = v.strictObject({ ...pagingEntries });

const feedbackFieldEntries = {
  needs_met: v.picklist(NEEDS_MET, `must be one of ${NEEDS_MET.join(', ')}`),
  comment: v.optional(trimmedText(LIMITS.comment)),
  source_links: v.optional(
    v.pipe(v.array(httpsUrl), v.maxLength(LIMITS.sourceLinks, `must have at most ${LIMITS.sourceLinks} links`), v.transform(distinct)),
  ),
  capability: v.optional(v.nullable(trimmedText(LIMITS.capability, 1))),
  published: v.optional(v.boolean('must be true or false')),
};

/** `POST /api/v1/services/{id}/feedback` body. */
export const feedbackCreateSchema = v.strictObject(feedbackFieldEntries);
export type FeedbackCreateInput = v.InferOutput<typeof feedbackCreateSchema>;

/** `PATCH /api/v1/feedback/{id}` body. */
export const feedbackPatchSchema = v.strictObject({
  ...feedbackFieldEntries,
  needs_met: v.optional(feedbackFieldEntries.needs_met),
  expected_version: versionSchema,
});
export type FeedbackPatchInput = Omit<v.InferOutput<typeof feedbackPatchSchema>, 'expected_version'>;
export const parseFeedbackPatch = (input: unknown) => parsePatch(feedbackPatchSchema, input);

/** `POST /api/v1/feedback/{id}/reply` body. */
export const replySchema = v.strictObject({ text: trimmedText(LIMITS.reply, 1) });

/** Support hides published feedback, saying why (shown to the author and the provider). */
export const hideSchema = v.strictObject({ reason: trimmedText(LIMITS.hiddenReason, 1) });

/** `POST /api/v1/reports` body. */
export const reportCreateSchema = v.strictObject({
  target_kind: v.picklist(REPORT_TARGET_KINDS, `must be one of ${REPORT_TARGET_KINDS.join(', ')}`),
  target_id: v.pipe(v.string(), minChars(1), maxChars(100), noNul),
  reason: trimmedText(LIMITS.reportReason, 1),
  details: v.optional(trimmedText(LIMITS.reportDetails)),
});
export type ReportCreateInput = v.InferOutput<typeof reportCreateSchema>;

/** Support's list of reports (query strings); open reports by default. */
export const reportListQuerySchema = v.strictObject({
  status: v.optional(v.picklist(REPORT_STATUSES, 'must be open or resolved'), 'open'),
  ...pagingEntries,
});

export const reportResolveSchema = v.strictObject({ resolution: trimmedText(LIMITS.resolution, 1) });

/** `POST /api/v1/site-feedback` body. */
export const siteFeedbackCreateSchema = v.strictObject({
  kind: v.picklist(SITE_FEEDBACK_KINDS, `must be one of ${SITE_FEEDBACK_KINDS.join(', ')}`),
  message: trimmedText(LIMITS.siteMessage, 1),
  contact_ok: v.optional(v.boolean('must be true or false'), false),
});
export type SiteFeedbackCreateInput = v.InferOutput<typeof siteFeedbackCreateSchema>;

/** Support's list of site feedback (query strings). */
export const siteFeedbackListQuerySchema = v.strictObject({
  kind: v.optional(v.picklist(SITE_FEEDBACK_KINDS, `must be one of ${SITE_FEEDBACK_KINDS.join(', ')}`)),
  ...pagingEntries,
});

// ---- Public JSON (what the API answers) ----


export { principalSummarySchema };

/** The Service (offer) JSON of the API. `contact_url` is null while the offer is paused. */
export const serviceJsonSchema = v.object({
  id: v.string(),
  url: v.string(),
  status: v.picklist(OFFER_STATUSES),
  version: recordVersionSchema,
  title: v.string(),
  summary: v.string(),
  role: v.string(),
  industry: v.string(),
  capabilities: v.array(v.string()),
  contact_url: v.nullable(v.string()),
  pricing_note: v.string(),
  tags: v.array(v.string()),
  templates: v.array(v.string()),
  provider: v.object({ ...principalSummarySchema.entries, profile: v.string() }),
  created_at: isoTimestamp,
  updated_at: isoTimestamp,
});
export type ServiceJson = v.InferOutput<typeof serviceJsonSchema>;

export const serviceListJsonSchema = v.object({
  services: v.array(serviceJsonSchema),
  ...cappedPageEntries('True when there are at least `total` matches, possibly more. A search ranks only its newest 300 matches, so pages past them are empty'),
});
export type ServiceList = v.InferOutput<typeof serviceListJsonSchema>;

/** A feedback item. No ratings, counts or averages exist anywhere. */
export const feedbackJsonSchema = v.object({
  id: v.string(),
  service_id: v.string(),
  version: recordVersionSchema,
  status: v.picklist(['active', 'removed'] as const),
  needs_met: v.picklist(NEEDS_MET),
  comment: v.string(),
  source_links: v.array(v.string()),
  capability: v.nullable(v.string()),
  published: v.boolean(),
  hidden: v.boolean(),
  hidden_reason: v.nullable(v.string()),
  author: principalSummarySchema,
  reply: v.nullable(v.object({ text: v.string(), created_at: isoTimestamp })),
  created_at: isoTimestamp,
  updated_at: isoTimestamp,
});
export type FeedbackJson = v.InferOutput<typeof feedbackJsonSchema>;

/**
 * A page of an offer's feedback. It has no `total`: the contract calculates no counts on feedback,
 * so `has_more` says whether the next page (`offset` + `limit`) has any item.
 */
export const feedbackListJsonSchema = v.object({
  feedback: v.array(feedbackJsonSchema),
  has_more: v.pipe(v.boolean(), v.description('Whether the next page (offset + limit) has any item; feedback is never counted')),
  limit: pageEntries.limit,
  offset: pageEntries.offset,
});
export type FeedbackList = v.InferOutput<typeof feedbackListJsonSchema>;

/** Support's queue of hidden items (website only): a work list, counted so support sees how much is left. */
export type HiddenFeedbackList = { feedback: FeedbackJson[]; total: number; limit: number; offset: number };

export const reportJsonSchema = v.object({
  id: v.string(),
  target_kind: v.picklist(REPORT_TARGET_KINDS),
  target_id: v.string(),
  reason: v.string(),
  details: v.string(),
  status: v.picklist(REPORT_STATUSES),
  resolution: v.nullable(v.string()),
  resolved_at: v.nullable(isoTimestamp),
  created_at: isoTimestamp,
});
export type ReportJson = v.InferOutput<typeof reportJsonSchema>;

export const reportListJsonSchema = v.object(listEntries('reports', reportJsonSchema));
export type ReportList = v.InferOutput<typeof reportListJsonSchema>;

export const siteFeedbackJsonSchema = v.object({
  id: v.string(),
  kind: v.picklist(SITE_FEEDBACK_KINDS),
  message: v.string(),
  contact_ok: v.boolean(),
  principal_id: v.nullable(v.string()),
  grant_id: v.nullable(v.string()),
  agent_name: v.nullable(v.string()),
  created_at: isoTimestamp,
});
export type SiteFeedbackJson = v.InferOutput<typeof siteFeedbackJsonSchema>;

export const siteFeedbackListJsonSchema = v.object(listEntries('site_feedback', siteFeedbackJsonSchema));
export type SiteFeedbackList = v.InferOutput<typeof siteFeedbackListJsonSchema>;
