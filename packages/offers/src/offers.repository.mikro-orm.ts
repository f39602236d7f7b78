import { boundValue, selectColumns, sqlDate, sqlDateOrNull, textArray, type Database, type QueryOptions, type SelectColumns, type SqlOperand } from '@svc/db';
import type { Paging } from '@svc/kernel';
import { Report, SiteFeedback } from './entities.ts';
import type {
  FeedbackChanges,
  FeedbackRecord,
  NeedsMet,
  OfferChanges,
  OfferRecord,
  OfferStatus,
  ReportRecord,
  ReportStatus,
  ReportTargetKind,
  SiteFeedbackKind,
  SiteFeedbackRecord,
} from './offers.records.ts';
import type { FeedbackViewer, OfferFilter, OffersRepository } from './offers.repository.ts';

/** Every column an offer answer needs; never the search vector. */
const OFFER_COLUMNS = [
  'id', 'status', 'version', 'title', 'summary', 'role', 'industry', 'capabilities', 'contact_url', 'pricing_note',
  'tags', 'templates', 'provider_id', 'created_at', 'updated_at',
].join(', ');

const FEEDBACK_COLUMNS = [
  'id', 'offer_id', 'author_id', 'version', 'needs_met', 'comment', 'source_links', 'capability', 'published',
  'hidden_at', 'hidden_reason', 'reply_text', 'reply_at', 'removed_at', 'created_at', 'updated_at',
].join(', ');

const REPORT_COLUMNS =
  'id, target_kind, target_id, reason, details, status, resolution, resolved_by, resolved_at, created_at';

const SITE_FEEDBACK_COLUMNS = 'id, kind, message, contact_ok, principal_id, grant_id, agent_name, created_at';

interface OfferRow {
  id: string;
  status: OfferStatus;
  version: number | string;
  title: string;
  summary: string;
  role: string;
  industry: string;
  capabilities: string[];
  contact_url: string | null;
  pricing_note: string;
  tags: string[];
  templates: string[];
  provider_id: string;
  created_at: Date | string;
  updated_at: Date | string;
  /** Only when the app supplies `displayNameSql`. */
  provider_name?: string | null;
}

interface FeedbackRow {
  id: string;
  offer_id: string;
  author_id: string;
  version: number | string;
  needs_met: NeedsMet;
  comment: string;
  source_links: string[];
  capability: string | null;
  published: boolean;
  hidden_at: Date | string | null;
  hidden_reason: string | null;
  reply_text: string | null;
  reply_at: Date | string | null;
  removed_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

interface ReportRow {
  id: string;
  target_kind: ReportTargetKind;
  target_id: string;
  reason: string;
  details: string;
  status: ReportStatus;
  resolution: string | null;
  resolved_by: string | null;
  resolved_at: Date | string | null;
  created_at: Date | string;
}

interface SiteFeedbackRow {
  id: string;
  kind: SiteFeedbackKind;
  message: string;
  contact_ok: boolean;
  principal_id: string | null;
  grant_id: string | null;
  agent_name: string | null;
  created_at: Date | string;
}

const offerFromRow = (row: OfferRow): OfferRecord => ({
  id: row.id,
  status: row.status,
  version: Number(row.version),
  title: row.title,
  summary: row.summary,
  role: row.role,
  industry: row.industry,
  capabilities: row.capabilities,
  contactUrl: row.contact_url,
  pricingNote: row.pricing_note,
  tags: row.tags,
  templates: row.templates,
  providerId: row.provider_id,
  createdAt: sqlDate(row.created_at),
  updatedAt: sqlDate(row.updated_at),
  ...(row.provider_name === undefined ? {} : { providerName: row.provider_name }),
});

/** The display name of the principal in a column, as SQL; supplied by the app (see `PrincipalDirectory`). */
export type DisplayNameSql = (column: string) => string;

/** `, <name> as provider_name` when the app supplied `displayNameSql`; else the views look names up. */
const providerNameColumn = (displayNameSql: DisplayNameSql | undefined): string =>
  displayNameSql ? `, ${displayNameSql('offers.provider_id')} as provider_name` : '';

const feedbackFromRow = (row: FeedbackRow): FeedbackRecord => ({
  id: row.id,
  offerId: row.offer_id,
  authorId: row.author_id,
  version: Number(row.version),
  needsMet: row.needs_met,
  comment: row.comment,
  sourceLinks: row.source_links,
  capability: row.capability,
  published: row.published,
  hiddenAt: sqlDateOrNull(row.hidden_at),
  hiddenReason: row.hidden_reason,
  replyText: row.reply_text,
  replyAt: sqlDateOrNull(row.reply_at),
  removedAt: sqlDateOrNull(row.removed_at),
  createdAt: sqlDate(row.created_at),
  updatedAt: sqlDate(row.updated_at),
});

const reportFromRow = (row: ReportRow): ReportRecord => ({
  id: row.id,
  targetKind: row.target_kind,
  targetId: row.target_id,
  reason: row.reason,
  details: row.details,
  status: row.status,
  resolution: row.resolution,
  resolvedBy: row.resolved_by,
  resolvedAt: sqlDateOrNull(row.resolved_at),
  createdAt: sqlDate(row.created_at),
});

const siteFeedbackFromRow = (row: SiteFeedbackRow): SiteFeedbackRecord => ({
  id: row.id,
  kind: row.kind,
  message: row.message,
  contactOk: row.contact_ok,
  principalId: row.principal_id,
  grantId: row.grant_id,
  agentName: row.agent_name,
  createdAt: sqlDate(row.created_at),
});

type Setter<V> = (value: V) => [string, unknown[]];

/** `SET` fragments for each changeable offer field. Parameters are bound by `db.query` (`?`). */
const offerSetters: { [K in Exclude<keyof OfferChanges, 'updatedAt'>]-?: Setter<NonNullable<OfferChanges[K]> | null> } = {
  status: (value) => ['status = ?', [value]],
  title: (value) => ['title = ?', [value]],
  summary: (value) => ['summary = ?', [value]],
  role: (value) => ['role = ?', [value]],
  industry: (value) => ['industry = ?', [value]],
  capabilities: (value) => ['capabilities = ?::text[]', [textArray(value ?? [])]],
  contactUrl: (value) => ['contact_url = ?', [value]],
  pricingNote: (value) => ['pricing_note = ?', [value]],
  tags: (value) => ['tags = ?::text[]', [textArray(value ?? [])]],
  templates: (value) => ['templates = ?::text[]', [textArray(value ?? [])]],
};

const feedbackSetters: { [K in Exclude<keyof FeedbackChanges, 'updatedAt'>]-?: Setter<NonNullable<FeedbackChanges[K]> | null> } = {
  needsMet: (value) => ['needs_met = ?', [value]],
  comment: (value) => ['comment = ?', [value]],
  sourceLinks: (value) => ['source_links = ?::text[]', [textArray(value ?? [])]],
  capability: (value) => ['capability = ?', [value]],
  published: (value) => ['published = ?', [value]],
};

/** Turns a change object into `SET` fragments, skipping what was not sent. */
const setClause = <C extends { updatedAt: Date }>(
  changes: C,
  setters: Record<string, Setter<never>>,
): { sets: string[]; params: unknown[] } => {
  const sets: string[] = [];
  const params: unknown[] = [];
  for (const [field, value] of Object.entries(changes)) {
    if (value === undefined || field === 'updatedAt') continue;
    const [fragment, values] = setters[field]!(value as never);
    sets.push(fragment);
    params.push(...values);
  }
  return { sets, params };
};

/** The one SQL text for a page of offers. */
export const buildOfferSearchQuery = (filter: OfferFilter, paging: Paging, displayNameSql?: DisplayNameSql) => {
  const where = [filter.status ? 'status = ?' : "status in ('active', 'paused')"];
  const params: unknown[] = filter.status ? [filter.status] : [];
  let from = 'offers';
  let order = 'created_at desc, id desc';
  const q = filter.q?.trim();
  if (q) {
    // One tsquery value joined in, so the match and the rank use the same parsed query.
    from = "offers, websearch_to_tsquery('english', ?) as query";
    params.unshift(q);
    where.push('search @@ query');
    order = 'ts_rank(search, query) desc, created_at desc, id desc';
  }
  if (filter.role) {
    where.push('role = ?');
    params.push(filter.role);
  }
  if (filter.industry) {
    where.push('industry = ?');
    params.push(filter.industry);
  }
  if (filter.providerId) {
    where.push('provider_id = ?');
    params.push(filter.providerId);
  }
  const condition = where.join(' and ');
  return {
    page: {
      sql: `select ${OFFER_COLUMNS}${providerNameColumn(displayNameSql)} from ${from} where ${condition} order by ${order} limit ? offset ?`,
      params: [...params, paging.limit, paging.offset],
    },
    count: { sql: `select count(*) as total from ${from} where ${condition}`, params },
  };
};

/** Which items a viewer may see, as a SQL condition (removed items never). */
const feedbackVisibility = (viewer: FeedbackViewer): { sql: string; params: unknown[] } => {
  if (viewer.isProvider) return { sql: 'removed_at is null', params: [] };
  const anyone = viewer.isSupport ? 'published' : '(published and hidden_at is null)';
  if (viewer.principalId === null) return { sql: `removed_at is null and ${anyone}`, params: [] };
  return { sql: `removed_at is null and (${anyone} or author_id = ?)`, params: [viewer.principalId] };
};

/** A provider's offer counts as columns of a shared select (`/api/v1/me` runs them with other domains'). */
const countOffersColumns = (provider: SqlOperand): SelectColumns<{ active: number; paused: number }> => ({
  sql: `(select count(*) from offers where provider_id = ${provider.sql} and status = 'active') as offers_active,
    (select count(*) from offers where provider_id = ${provider.sql} and status = 'paused') as offers_paused`,
  params: [...provider.params, ...provider.params],
  read: (row) => ({ active: Number(row.offers_active ?? 0), paused: Number(row.offers_paused ?? 0) }),
});

/**
 * Offers storage on MikroORM: simple inserts go through the entity manager; versioned updates,
 * conditional inserts and search are single SQL statements.
 */
export const createMikroOrmOffersRepository = (db: Database, { displayNameSql }: { displayNameSql?: DisplayNameSql | undefined } = {}): OffersRepository => {
  // With `displayNameSql` every offer read carries its provider's name from the same statement.
  const offerColumns = `${OFFER_COLUMNS}${providerNameColumn(displayNameSql)}`;
  const one = async <R extends object, T>(sql: string, params: unknown[], map: (row: R) => T): Promise<T | null> => {
    const [row] = await db.query<R>(sql, params);
    return row ? map(row) : null;
  };
  const count = async (sql: string, params: unknown[], options?: QueryOptions): Promise<number> => {
    const [row] = await db.query<{ total: number | string }>(sql, params, options);
    return Number(row?.total ?? 0);
  };
  const updateFeedback = (id: string, sets: string[], params: unknown[], at: Date, condition: string, extra: unknown[] = []) =>
    one<FeedbackRow, FeedbackRecord>(
      `update offer_feedback set ${[...sets, 'version = version + 1', 'updated_at = ?'].join(', ')}
       where id = ? and ${condition} returning ${FEEDBACK_COLUMNS}`,
      [...params, at, id, ...extra],
      feedbackFromRow,
    );

  return {
    insertOffer: async (offer) => {
      // Raw SQL so text[] values go through the one quoting helper (`textArray`).
      await db.query(
        `insert into offers (${OFFER_COLUMNS})
         values (?, ?, ?, ?, ?, ?, ?, ?::text[], ?, ?, ?::text[], ?::text[], ?, ?, ?)`,
        [
          offer.id, offer.status, offer.version, offer.title, offer.summary, offer.role, offer.industry,
          textArray(offer.capabilities), offer.contactUrl, offer.pricingNote, textArray(offer.tags),
          textArray(offer.templates), offer.providerId, offer.createdAt, offer.updatedAt,
        ],
      );
    },

    findOffer: (id) => one(`select ${offerColumns} from offers where id = ?`, [id], offerFromRow),

    updateOfferIfVersion: (id, expectedVersion, changes) => {
      const { sets, params } = setClause(changes, offerSetters);
      return one(
        `update offers set ${[...sets, 'version = version + 1', 'updated_at = ?'].join(', ')}
         where id = ? and version = ? returning ${offerColumns}`,
        [...params, changes.updatedAt, id, expectedVersion],
        offerFromRow,
      );
    },

    searchOffers: async (filter, paging) => {
      const { page, count: counting } = buildOfferSearchQuery(filter, paging, displayNameSql);
      // Planned per call: how many offers a word or tag matches decides between index and scan.
      const rows = await db.query<OfferRow>(page.sql, page.params, { planForValues: true });
      return { rows: rows.map(offerFromRow), total: await count(counting.sql, counting.params, { planForValues: true }) };
    },

    countOffersColumns,
    countOffers: async (providerId) => (await selectColumns(db, [countOffersColumns(boundValue(providerId))]))[0],

    insertFeedbackIfFirst: async (item) => {
      const rows = await db.query(
        `insert into offer_feedback (${FEEDBACK_COLUMNS})
         values (?, ?, ?, ?, ?, ?, ?::text[], ?, ?, ?, ?, ?, ?, ?, ?, ?)
         on conflict (offer_id, author_id) where removed_at is null do nothing
         returning id`,
        [
          item.id, item.offerId, item.authorId, item.version, item.needsMet, item.comment, textArray(item.sourceLinks),
          item.capability, item.published, item.hiddenAt, item.hiddenReason, item.replyText, item.replyAt,
          item.removedAt, item.createdAt, item.updatedAt,
        ],
      );
      return rows.length === 1;
    },

    findFeedback: (id) => one(`select ${FEEDBACK_COLUMNS} from offer_feedback where id = ?`, [id], feedbackFromRow),

    listFeedback: async (offerId, viewer, paging) => {
      const visible = feedbackVisibility(viewer);
      const condition = `offer_id = ? and ${visible.sql}`;
      const params = [offerId, ...visible.params];
      // One row past the page tells whether there is another, without counting.
      const rows = await db.query<FeedbackRow>(
        `select ${FEEDBACK_COLUMNS} from offer_feedback where ${condition} order by created_at desc, id desc limit ? offset ?`,
        [...params, paging.limit + 1, paging.offset],
      );
      return { rows: rows.slice(0, paging.limit).map(feedbackFromRow), hasMore: rows.length > paging.limit };
    },

    updateFeedbackIfVersion: (id, expectedVersion, changes) => {
      const { sets, params } = setClause(changes, feedbackSetters);
      return updateFeedback(id, sets, params, changes.updatedAt, 'version = ? and removed_at is null', [expectedVersion]);
    },

    removeFeedback: (id, at, expectedVersion = null) =>
      expectedVersion === null
        ? updateFeedback(id, ['removed_at = ?'], [at], at, 'removed_at is null')
        : updateFeedback(id, ['removed_at = ?'], [at], at, 'version = ? and removed_at is null', [expectedVersion]),

    replyToFeedback: (id, text, at) =>
      updateFeedback(id, ['reply_text = ?', 'reply_at = ?'], [text, at], at, 'reply_text is null and removed_at is null'),

    hideFeedback: (id, reason, at) =>
      updateFeedback(
        id,
        ['hidden_at = ?', 'hidden_reason = ?'],
        [at, reason],
        at,
        'hidden_at is null and published and removed_at is null',
      ),

    unhideFeedback: (id, at) =>
      updateFeedback(id, ['hidden_at = null', 'hidden_reason = null'], [], at, 'hidden_at is not null and removed_at is null'),

    listHiddenFeedback: async (paging) => {
      const condition = 'hidden_at is not null and removed_at is null';
      const rows = await db.query<FeedbackRow>(
        `select ${FEEDBACK_COLUMNS} from offer_feedback where ${condition} order by updated_at desc, id desc limit ? offset ?`,
        [paging.limit, paging.offset],
      );
      return { rows: rows.map(feedbackFromRow), total: await count(`select count(*) as total from offer_feedback where ${condition}`, []) };
    },

    insertReport: async (report) => {
      await db.insert(Report, { ...report });
    },

    findReport: (id) => one(`select ${REPORT_COLUMNS} from reports where id = ?`, [id], reportFromRow),

    listReports: async (status, paging) => {
      const rows = await db.query<ReportRow>(
        `select ${REPORT_COLUMNS} from reports where status = ? order by created_at, id limit ? offset ?`,
        [status, paging.limit, paging.offset],
      );
      return { rows: rows.map(reportFromRow), total: await count('select count(*) as total from reports where status = ?', [status]) };
    },

    resolveReport: (id, resolution, resolvedBy, at) =>
      one(
        `update reports set status = 'resolved', resolution = ?, resolved_by = ?, resolved_at = ?
         where id = ? and status = 'open' returning ${REPORT_COLUMNS}`,
        [resolution, resolvedBy, at, id],
        reportFromRow,
      ),

    purgeResolvedReports: async (before) => {
      const rows = await db.query(`delete from reports where status = 'resolved' and resolved_at < ? returning id`, [before]);
      return rows.length;
    },

    insertSiteFeedback: async (item) => {
      await db.insert(SiteFeedback, { ...item });
    },

    listSiteFeedback: async (kind, paging) => {
      const condition = kind === undefined ? 'true' : 'kind = ?';
      const params = kind === undefined ? [] : [kind];
      const rows = await db.query<SiteFeedbackRow>(
        `select ${SITE_FEEDBACK_COLUMNS} from site_feedback where ${condition} order by created_at desc, id desc limit ? offset ?`,
        [...params, paging.limit, paging.offset],
      );
      return {
        rows: rows.map(siteFeedbackFromRow),
        total: await count(`select count(*) as total from site_feedback where ${condition}`, params),
      };
    },
  };
};
