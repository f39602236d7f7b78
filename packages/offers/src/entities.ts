import { defineEntity, p, Routine } from '@mikro-orm/core';
import {
  NEEDS_MET,
  REPORT_STATUSES,
  REPORT_TARGET_KINDS,
  SITE_FEEDBACK_KINDS,
} from './offers.records.ts';
import { OFFER_STATUSES } from './offers.state.ts';

/**
 * The text the search column indexes, weighted so a match in the title ranks above one in the
 * capabilities, tags, role or industry, and those above one in the summary. Lists go through
 * `offers_text_list` because `array_to_string` is only STABLE and a generated column needs
 * IMMUTABLE parts (see migrations.ts).
 */
export const OFFER_SEARCH_EXPRESSION =
  "setweight(to_tsvector('english', title), 'A') || " +
  "setweight(to_tsvector('english', offers_text_list(capabilities) || ' ' || offers_text_list(tags) || ' ' || " +
  "replace(role, '-', ' ') || ' ' || replace(industry, '-', ' ')), 'B') || " +
  "setweight(to_tsvector('english', summary), 'C')";

/**
 * An offer (a service). The table is created by `offersMigrations`; this mapping must describe the
 * same columns. `version` is bumped only by the repository's conditional UPDATE.
 */
export const Offer = defineEntity({
  name: 'Offer',
  tableName: 'offers',
  properties: {
    id: p.text().primary(),
    status: p.enum(OFFER_STATUSES),
    version: p.integer(),
    title: p.text(),
    summary: p.text(),
    role: p.text(),
    industry: p.text(),
    capabilities: p.array().columnType('text[]'),
    contactUrl: p.text().nullable(),
    pricingNote: p.text(),
    tags: p.array().columnType('text[]'),
    templates: p.array().columnType('text[]'),
    providerId: p.text(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
    // Written by PostgreSQL; never selected by default (lazy) and never sent on insert.
    search: p
      .text()
      .columnType('tsvector')
      .generated(`(${OFFER_SEARCH_EXPRESSION}) stored`)
      .lazy()
      .nullable(),
  },
  indexes: [
    { name: 'offers_search_index', properties: ['search'], type: 'gin' },
    { name: 'offers_status_created_at_index', columns: [{ name: 'status' }, { name: 'created_at', sort: 'desc' }] },
    { name: 'offers_provider_id_index', properties: ['providerId'] },
    { name: 'offers_role_index', properties: ['role'] },
    { name: 'offers_industry_index', properties: ['industry'] },
  ],
});

/** Feedback on an offer: one active item per author per offer (a partial unique index). */
export const OfferFeedback = defineEntity({
  name: 'OfferFeedback',
  tableName: 'offer_feedback',
  properties: {
    id: p.text().primary(),
    offerId: p.manyToOne(Offer).mapToPk().fieldName('offer_id').foreignKeyName('offer_feedback_offer_id_foreign'),
    authorId: p.text(),
    version: p.integer(),
    needsMet: p.enum(NEEDS_MET),
    comment: p.text(),
    sourceLinks: p.array().columnType('text[]'),
    capability: p.text().nullable(),
    published: p.boolean(),
    hiddenAt: p.datetime().nullable(),
    hiddenReason: p.text().nullable(),
    replyText: p.text().nullable(),
    replyAt: p.datetime().nullable(),
    removedAt: p.datetime().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
  indexes: [
    { name: 'offer_feedback_offer_id_created_at_index', properties: ['offerId', 'createdAt'] },
  ],
  uniques: [
    { name: 'offer_feedback_one_active_index', properties: ['offerId', 'authorId'], where: 'removed_at is null' },
  ],
});

/** A report of public content, kept for support. */
export const Report = defineEntity({
  name: 'Report',
  tableName: 'reports',
  properties: {
    id: p.text().primary(),
    targetKind: p.enum(REPORT_TARGET_KINDS),
    targetId: p.text(),
    reason: p.text(),
    details: p.text(),
    status: p.enum(REPORT_STATUSES),
    resolution: p.text().nullable(),
    resolvedBy: p.text().nullable(),
    resolvedAt: p.datetime().nullable(),
    createdAt: p.datetime(),
  },
  indexes: [{ name: 'reports_status_created_at_index', properties: ['status', 'createdAt'] }],
});

/** Feedback about the site, or a capability request. */
export const SiteFeedback = defineEntity({
  name: 'SiteFeedback',
  tableName: 'site_feedback',
  properties: {
    id: p.text().primary(),
    kind: p.enum(SITE_FEEDBACK_KINDS),
    message: p.text(),
    contactOk: p.boolean(),
    principalId: p.text().nullable(),
    grantId: p.text().nullable(),
    agentName: p.text().nullable(),
    createdAt: p.datetime(),
  },
  indexes: [{ name: 'site_feedback_created_at_index', properties: ['createdAt'] }],
});

/**
 * The IMMUTABLE wrapper the search column calls (created by `offersMigrations`). Declared so the
 * comparison knows it instead of offering to drop it. Its body is not compared: PostgreSQL gives a
 * SQL-standard body (`return …`) back as the whole definition, which MikroORM cannot tell apart
 * from a changed one. `strict parallel safe` has no declaration.
 */
export const offersTextList = new Routine({
  name: 'offers_text_list',
  type: 'function',
  language: 'sql',
  deterministic: true,
  params: { list: { type: 'text[]' } },
  returns: { runtimeType: 'string', columnType: 'text' },
  body: "return array_to_string(list, ' ')",
  ignoreSchemaChanges: ['body'],
});

export const offersEntities = [Offer, OfferFeedback, Report, SiteFeedback];
export const offersRoutines = [offersTextList];
