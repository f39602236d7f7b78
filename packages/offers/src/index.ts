import { mapColumns, type ClientDatabase, type DomainModule, type ModuleSchema, type RateLimiter, type SelectColumns, type SqlOperand } from '@svc/db';
import { newId, type Clock } from '@svc/kernel';
import { createOffersCleanupJobs } from './offers.cleanup.ts';
import { createMikroOrmOffersRepository, offersClient } from './offers.repository.mikro-orm.ts';
import { accountCounts, createOffersService, type OffersService } from './offers.service.ts';
import { createFeedbackService, type FeedbackService } from './feedback.service.ts';
import { createReportsService, type ReportsService } from './reports.service.ts';
import { createSiteFeedbackService, type SiteFeedbackService } from './site-feedback.service.ts';
import type { OffersRepository } from './offers.repository.ts';
import type { OffersIdGenerator, PrincipalDirectory, PublicTargets, RelationCheck, TemplateCatalog } from './offers.deps.ts';
import { offersEntities, offersRoutines } from './entities.ts';
import { offersMigrations } from './migrations.ts';

export interface OffersModuleDeps {
  /** The app's database; the domain reaches it only through its query client (`offersClient`). */
  db: ClientDatabase;
  clock: Clock;
  /** Shared rate limits (reports, site feedback); counts live in the database, so every process sees one count. */
  limiter: RateLimiter;
  /** The public origin for service and profile links, e.g. `https://example.org`. */
  baseUrl: string;
  /** Provider and author names (answered from the access package). */
  principals: PrincipalDirectory;
  /** Which template ids exist (answered from the templates package). */
  templates: TemplateCatalog;
  /** Who may leave feedback (answered from the threads package). */
  relations: RelationCheck;
  /** Whether a job or directory entry is public, for reports (answered from jobs and directory). */
  publicTargets: PublicTargets;
  /** Defaults to random prefixed ids (`svc_…`, `fbk_…`, `rep_…`, `sfb_…`). */
  ids?: OffersIdGenerator;
  /** Another storage; defaults to the MikroORM one on `db`. */
  repo?: OffersRepository;
}

/** The offers services; the module adds its `cleanupJobs` (`DomainModule`). */
export interface OffersServices {
  offers: OffersService;
  /**
   * `offers.countsFor` as columns of a shared select, so `/api/v1/me` reads every domain's counts in
   * one statement.
   */
  accountCounts(principal: SqlOperand): SelectColumns<ReturnType<typeof accountCounts>>;
  feedback: FeedbackService;
  reports: ReportsService;
  siteFeedback: SiteFeedbackService;
}

/** What `createOffersModule` returns: the offers services and the daily cleanup of resolved reports. */
export type OffersModule = DomainModule<OffersServices>;

/**
 * The offers domain: offers (services), feedback on them, reports of public content and site
 * feedback, stored through `db` (so writes join the caller's transaction, e.g. an idempotent create).
 *
 * @example
 * ```ts
 * const { offers, feedback, reports, siteFeedback } = createOffersModule({
 *   db, clock: systemClock, limiter, baseUrl, principals: access.principals, templates, relations, publicTargets,
 * });
 * const offer = await offers.create(actor, { title: 'Party planning', role: 'planner', industry: 'events' });
 * ```
 */
export const createOffersModule = ({
  db,
  clock,
  limiter,
  baseUrl,
  principals,
  templates,
  relations,
  publicTargets,
  ids = newId,
  repo,
}: OffersModuleDeps): OffersModule => {
  const client = offersClient(db);
  // Provider names come with the rows when the directory can say how to read them in SQL.
  repo ??= createMikroOrmOffersRepository(client, { displayNameSql: principals.displayNameSql });
  const deps = { repo, clock, ids, limiter, baseUrl, transaction: client.transaction, principals, templates, relations, publicTargets };
  return {
    offers: createOffersService(deps),
    accountCounts: (principal) => mapColumns(repo.countOffersColumns(principal), accountCounts),
    feedback: createFeedbackService(deps),
    reports: createReportsService(deps),
    siteFeedback: createSiteFeedbackService(deps),
    cleanupJobs: createOffersCleanupJobs(deps),
  };
};

/** Every table of the offers domain, its checked-in migrations and the SQL functions they rely on. */
export const offersSchema = { entities: offersEntities, migrations: offersMigrations, routines: offersRoutines } satisfies ModuleSchema;

export { RESOLVED_REPORT_RETENTION_DAYS } from './offers.cleanup.ts';
export { offersEntities, OFFER_SEARCH_EXPRESSION } from './entities.ts';
export { offersMigrations } from './migrations.ts';
export type { OffersService } from './offers.service.ts';
export { OFFER_STATUSES, nextOfferStatus, type OfferStatus } from './offers.state.ts';
export { canSeeFeedback, type FeedbackService, type LeaveStanding } from './feedback.service.ts';
export { REPORT_RATE_LIMIT, type ReportsService } from './reports.service.ts';
export { SITE_FEEDBACK_RATE_LIMIT, type SiteFeedbackService } from './site-feedback.service.ts';
export type { OffersRepository, OfferFilter, FeedbackViewer } from './offers.repository.ts';
export type {
  OffersIdGenerator,
  OffersIdPrefix,
  PrincipalDirectory,
  PrincipalSummary,
  TemplateCatalog,
  RelationCheck,
  PublicTargets,
  ExternalTargetKind,
} from './offers.deps.ts';
export {
  NEEDS_MET,
  REPORT_TARGET_KINDS,
  REPORT_STATUSES,
  SITE_FEEDBACK_KINDS,
  type NeedsMet,
  type ReportTargetKind,
  type ReportStatus,
  type SiteFeedbackKind,
  type OfferRecord,
  type FeedbackRecord,
  type ReportRecord,
  type SiteFeedbackRecord,
} from './offers.records.ts';
export { presentOffer, presentFeedback, presentReport, presentSiteFeedback } from './offers.presenter.ts';
export {
  LIMITS,
  offerCreateSchema,
  offerPatchSchema,
  myOffersQuerySchema,
  offerListQuerySchema,
  feedbackCreateSchema,
  feedbackPatchSchema,
  replySchema,
  hideSchema,
  reportCreateSchema,
  reportListQuerySchema,
  reportResolveSchema,
  siteFeedbackCreateSchema,
  siteFeedbackListQuerySchema,
  serviceJsonSchema,
  serviceListJsonSchema,
  feedbackJsonSchema,
  feedbackListJsonSchema,
  reportJsonSchema,
  reportListJsonSchema,
  siteFeedbackJsonSchema,
  siteFeedbackListJsonSchema,
  type OfferCreateInput,
  type OfferPatchInput,
  type OfferListQuery,
  type FeedbackCreateInput,
  type FeedbackPatchInput,
  type ReportCreateInput,
  type SiteFeedbackCreateInput,
  type ServiceJson,
  type ServiceList,
  type FeedbackJson,
  type FeedbackList,
  type ReportJson,
  type ReportList,
  type SiteFeedbackJson,
  type SiteFeedbackList,
} from './offers.schemas.ts';
export { OFFERS_ERRORS } from './offers.errors.ts';
