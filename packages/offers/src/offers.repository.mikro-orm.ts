import { expressionBuilder, sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { columnsOf, createQueryClient, listPage, prepared, searchMatches, searchPage, type ClientDatabase, type DisplayNameSql, type EntityTable, type EntityTables, type QueryClient, type SqlOperand, totalCount, totalOverAll } from '@svc/db';
import type { Paging } from '@svc/kernel';
import { Offer, OfferFeedback, Report, SiteFeedback, offersEntities } from './entities.ts';
import type { FeedbackRecord, OfferRecord } from './offers.records.ts';
import type { FeedbackViewer, OfferFilter, OffersRepository } from './offers.repository.ts';

type OffersEntity = (typeof offersEntities)[number];
type OffersTables = EntityTables<OffersEntity>;

/** What the offers repository may run: statements on the offers tables, typed from their entities, and transactions. */
export type OffersClient = QueryClient<OffersEntity>;

export const offersClient = (db: ClientDatabase): OffersClient => createQueryClient(db, offersEntities);

/**
 * Relevance is ranked over the newest this-many matches of a search only, and totals stop counting
 * there: a word every offer holds then costs what a rare one costs. Deeper pages of a search come
 * back empty, and the total says it is a lower bound (`total_is_lower_bound`), as job search does.
 */
export const OFFER_SEARCH_CANDIDATES = 300;

/** The filter as one condition on `offers`; no status means a provider's own list (active and paused). */
const matching =
  (filter: OfferFilter, q: string | undefined) =>
  (eb: ExpressionBuilder<OffersTables, 'offers'>): Expression<SqlBool> =>
    eb.and([
      filter.status ? eb('status', '=', filter.status) : eb('status', 'in', ['active', 'paused']),
      ...(q ? [searchMatches(q)] : []),
      ...(filter.role ? [eb('role', '=', filter.role)] : []),
      ...(filter.industry ? [eb('industry', '=', filter.industry)] : []),
      ...(filter.providerId ? [eb('provider_id', '=', filter.providerId)] : []),
    ]);

/** The provider's display name as a column of a statement on `offers`, or none without `displayNameSql`. */
const providerName = (displayNameSql: DisplayNameSql | undefined) => (displayNameSql ? [displayNameSql('offers.provider_id').as('provider_name')] : []);

/** An offer's row, with its provider's name when the statement read it. */
type OfferRow = Parameters<EntityTable<typeof Offer>['read']>[0] & { provider_name?: string | null };

/** The statements for a page of offers and its capped count (`searchPage`). */
export const buildOfferSearchQuery = (db: OffersClient, filter: OfferFilter, paging: Paging, displayNameSql?: DisplayNameSql) => {
  const q = filter.q?.trim();
  return searchPage<OfferRow>(db.builder, db.table(Offer), {
    where: matching(filter, q),
    q,
    paging,
    candidates: OFFER_SEARCH_CANDIDATES,
    extra: providerName(displayNameSql),
  });
};

/** Which items a viewer may see (removed items never). */
const visibleTo =
  (viewer: FeedbackViewer) =>
  (eb: ExpressionBuilder<OffersTables, 'offer_feedback'>): Expression<SqlBool> => {
    if (viewer.isProvider) return eb('removed_at', 'is', null);
    const anyone = viewer.isSupport ? eb('published', '=', eb.lit(true)) : eb.and([eb('published', '=', eb.lit(true)), eb('hidden_at', 'is', null)]);
    const own = viewer.principalId === null ? anyone : eb.or([anyone, eb('author_id', '=', viewer.principalId)]);
    return eb.and([eb('removed_at', 'is', null), own]);
  };

/**
 * Offers storage: every statement built with Kysely on the tables the entities describe
 * (src/queries/offers.sql shows each method's SQL); versioned updates and the first-feedback insert
 * are single conditional statements, search ranks and counts with a cap.
 */
export const createMikroOrmOffersRepository = (db: OffersClient, { displayNameSql }: { displayNameSql?: DisplayNameSql | undefined } = {}): OffersRepository => {
  const { builder: q } = db;
  const offers = db.table(Offer);
  const feedback = db.table(OfferFeedback);
  const reports = db.table(Report);
  const siteFeedback = db.table(SiteFeedback);

  // With `displayNameSql` every offer read carries its provider's name from the same statement.
  const offerColumns = [...offers.columns, ...providerName(displayNameSql)];
  /** An offer by id, the offers' busiest read: built once (prepared), sent with each id. */
  const offerById = prepared((v: { id: string }) => q.selectFrom('offers').select(offerColumns).where('id', '=', v.id));
  const offerOf = (row: OfferRow): OfferRecord => ({
    ...offers.read(row),
    ...(row.provider_name === undefined ? {} : { providerName: row.provider_name }),
  });
  const first = <R, T>(rows: R[], read: (row: R) => T): T | null => (rows[0] ? read(rows[0]) : null);

  /** A change to an item, with its version bumped, where `condition` still holds; null when it did not. */
  const updateFeedback = async (
    id: string,
    changes: Partial<FeedbackRecord>,
    at: Date,
    condition: (eb: ExpressionBuilder<OffersTables, 'offer_feedback'>) => Expression<SqlBool>,
  ) =>
    first(
      await db.query(
        q
          .updateTable('offer_feedback')
          .set((eb) => ({ ...feedback.updates({ ...changes, updatedAt: at }), version: eb('version', '+', eb.lit(1)) }))
          .where('id', '=', id)
          .where(condition)
          .returning(feedback.columns),
      ),
      feedback.read,
    );

  /** A provider's counts, each a scalar subquery comparing with `provider`; states as literals, as the planner should see them. */
  const expr = expressionBuilder<OffersTables, never>();
  const countsOf = (provider: SqlOperand) => [
    expr.selectFrom('offers').select(expr.fn.countAll().as('n')).where('provider_id', '=', provider).where('status', '=', sql.lit('active')).as('offers_active'),
    expr.selectFrom('offers').select(expr.fn.countAll().as('n')).where('provider_id', '=', provider).where('status', '=', sql.lit('paused')).as('offers_paused'),
  ];
  const readCounts = (row: Record<string, unknown>) => ({ active: Number(row.offers_active ?? 0), paused: Number(row.offers_paused ?? 0) });

  return {
    insertOffer: (offer) => db.insert(Offer, offer),

    findOffer: async (id) => first(await db.query(offerById({ id })), offerOf),

    updateOfferIfVersion: async (id, expectedVersion, changes) =>
      first(
        await db.query(
          q
            .updateTable('offers')
            .set((eb) => ({ ...offers.updates(changes), version: eb('version', '+', eb.lit(1)) }))
            .where('id', '=', id)
            .where('version', '=', expectedVersion)
            .returning(offerColumns),
        ),
        offerOf,
      ),

    searchOffers: async (filter, paging) => {
      const { page, count, countCap } = buildOfferSearchQuery(db, filter, paging, displayNameSql);
      // Planned per call: how many offers a word matches decides between the GIN index and a walk of the newest.
      const rows = await db.query(page, { planForValues: true });
      let counted = Number(rows[0]?.capped_total ?? 0);
      if (rows.length === 0 && paging.offset > 0) counted = Number((await db.query(count, { planForValues: true }))[0]?.total ?? 0);
      return { rows: rows.map(offerOf), total: counted, totalIsLowerBound: counted >= countCap };
    },

    countOffersColumns: (provider) => ({ sql: columnsOf(countsOf(provider)), read: readCounts }),
    countOffers: async (providerId) => readCounts((await db.query(q.selectNoFrom(countsOf(sql.val(providerId)))))[0] ?? {}),

    insertFeedbackIfFirst: async (item) =>
      (
        await db.query(
          q
            .insertInto('offer_feedback')
            .values(feedback.values(item))
            .onConflict((oc) => oc.columns(['offer_id', 'author_id']).where('removed_at', 'is', null).doNothing())
            .returning('id'),
        )
      ).length === 1,

    hasActiveFeedback: async (offerId, authorId) =>
      (
        await db.query(
          q
            .selectFrom('offer_feedback')
            .select('id')
            .where('offer_id', '=', offerId)
            .where('author_id', '=', authorId)
            .where('removed_at', 'is', null)
            .limit(1),
        )
      ).length === 1,

    findFeedback: async (id) => first(await db.query(q.selectFrom('offer_feedback').select(feedback.columns).where('id', '=', id)), feedback.read),

    listFeedback: async (offerId, viewer, paging) => {
      // One row past the page tells whether there is another, without counting.
      const rows = await db.query(
        q
          .selectFrom('offer_feedback')
          .select(feedback.columns)
          .where('offer_id', '=', offerId)
          .where(visibleTo(viewer))
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(paging.limit + 1)
          .offset(paging.offset),
      );
      return { rows: rows.slice(0, paging.limit).map(feedback.read), hasMore: rows.length > paging.limit };
    },

    updateFeedbackIfVersion: (id, expectedVersion, changes) =>
      updateFeedback(id, changes, changes.updatedAt, (eb) => eb.and([eb('version', '=', expectedVersion), eb('removed_at', 'is', null)])),

    removeFeedback: (id, at, expectedVersion = null) =>
      updateFeedback(id, { removedAt: at }, at, (eb) =>
        eb.and([...(expectedVersion === null ? [] : [eb('version', '=', expectedVersion)]), eb('removed_at', 'is', null), eb('hidden_at', 'is', null)]),
      ),

    replyToFeedback: (id, text, at) =>
      updateFeedback(id, { replyText: text, replyAt: at }, at, (eb) => eb.and([eb('reply_text', 'is', null), eb('removed_at', 'is', null)])),

    hideFeedback: (id, reason, at) =>
      updateFeedback(id, { hiddenAt: at, hiddenReason: reason }, at, (eb) =>
        eb.and([eb('hidden_at', 'is', null), eb('published', '=', eb.lit(true)), eb('removed_at', 'is', null)]),
      ),

    unhideFeedback: (id, at) =>
      updateFeedback(id, { hiddenAt: null, hiddenReason: null }, at, (eb) => eb.and([eb('hidden_at', 'is not', null), eb('removed_at', 'is', null)])),

    listHiddenFeedback: async (paging) => {
      // Published ones only: an item its author made private since it was hidden is theirs and the provider's (canSeeFeedback).
      const hidden = q.selectFrom('offer_feedback').where('hidden_at', 'is not', null).where('published', '=', true).where('removed_at', 'is', null);
      const page = hidden.select([...feedback.columns, totalOverAll]).orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(paging.limit).offset(paging.offset);
      const { rows, total } = await listPage(db, page, () => hidden.select(totalCount), paging);
      return { rows: rows.map(feedback.read), total };
    },

    insertReport: (report) => db.insert(Report, report),

    findReport: async (id) => first(await db.query(q.selectFrom('reports').select(reports.columns).where('id', '=', id)), reports.read),

    listReports: async (status, paging) => {
      const inState = q.selectFrom('reports').where('status', '=', status);
      const page = inState.select([...reports.columns, totalOverAll]).orderBy('created_at').orderBy('id').limit(paging.limit).offset(paging.offset);
      const { rows, total } = await listPage(db, page, () => inState.select(totalCount), paging);
      return { rows: rows.map(reports.read), total };
    },

    resolveReport: async (id, resolution, resolvedBy, at) =>
      first(
        await db.query(
          q
            .updateTable('reports')
            .set({ status: 'resolved', resolution, resolved_by: resolvedBy, resolved_at: at })
            .where('id', '=', id)
            .where('status', '=', 'open')
            .returning(reports.columns),
        ),
        reports.read,
      ),

    purgeResolvedReports: async (before) =>
      (await db.query(q.deleteFrom('reports').where('status', '=', 'resolved').where('resolved_at', '<', before).returning('id'))).length,

    insertSiteFeedback: (item) => db.insert(SiteFeedback, item),

    findSiteFeedback: async (id) => first(await db.query(q.selectFrom('site_feedback').select(siteFeedback.columns).where('id', '=', id)), siteFeedback.read),

    listSiteFeedback: async (kind, paging) => {
      const ofKind = q.selectFrom('site_feedback').$if(kind !== undefined, (qb) => qb.where('kind', '=', kind!));
      const page = ofKind.select([...siteFeedback.columns, totalOverAll]).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(paging.limit).offset(paging.offset);
      const { rows, total } = await listPage(db, page, () => ofKind.select(totalCount), paging);
      return { rows: rows.map(siteFeedback.read), total };
    },
  };
};
