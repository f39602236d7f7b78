import { accessSchema, createAccessModule, type TokenAlongside } from '@svc/access';
import {
  createCleanupRuns,
  createDbCleanupJobs,
  createIdempotencyStore,
  createRateLimiter,
  createUsageCounter,
  dbSchema,
  openDatabase,
  silentChangeFeed,
  type ChangeFeed,
  type Database,
  type DomainModule,
  type ModuleSchema,
  type PoolMode,
} from '@svc/db';
import type { Tracer } from '@opentelemetry/api';
import { createDirectoryModule, directorySchema } from '@svc/directory';
import { createJobsModule, jobsSchema } from '@svc/jobs';
import { createAnswerCache, createListReadGate, DEFAULT_LIST_READ_LIMITS, type ListReadLimits } from '@svc/http';
import { systemClock, type Clock } from '@svc/kernel';
import { createOffersModule, offersSchema } from '@svc/offers';
import { createTemplateRegistry } from '@svc/templates';
import { createThreadsModule, threadsSchema } from '@svc/threads';
import { createAccountCounts } from './read-models/account-counts.ts';
import { createNavigationCounts } from './read-models/navigation-counts.ts';
import { createPublicRecords } from './read-models/public-records.ts';
import { createLinkedRecords, createPublicTargets } from './read-models/cross-domain.ts';
import { siteContent } from './content/content.ts';
import { noMetrics, type Metrics } from './metrics/metrics.ts';
import { registerStateMetrics } from './metrics/state-metrics.ts';
import { createContentService } from './content/journal.service.ts';
import { noteCounted } from './http/counted-answers.ts';

const MODULE_SCHEMAS: ModuleSchema[] = [dbSchema, accessSchema, jobsSchema, offersSchema, directorySchema, threadsSchema];

/** Every table and migration of the service, for opening the one database. */
export const schema = {
  entities: MODULE_SCHEMAS.flatMap((module) => module.entities),
  migrations: MODULE_SCHEMAS.flatMap((module) => module.migrations),
  routines: MODULE_SCHEMAS.flatMap((module) => module.routines),
};

export const openServiceDatabase = (
  config: {
    databaseUrl?: string | undefined;
    dataDir?: string;
    databasePoolMode?: PoolMode | undefined;
    databasePoolSize?: number;
    databaseStatementTimeoutMs?: number | undefined;
    databaseGroupCommit?: boolean;
  },
  metrics: Metrics = noMetrics,
  /** Tracing on: statements of traced requests get spans; unset, tracing is off. */
  tracer?: Tracer,
): Promise<Database> =>
  openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    poolMode: config.databasePoolMode,
    poolMax: config.databasePoolSize,
    statementTimeoutMs: config.databaseStatementTimeoutMs,
    groupCommit: config.databaseGroupCommit ?? true,
    observer: metrics.database,
    tracer,
    ...schema,
  });

/**
 * Composes the domain modules over one database. Each module composes itself; this is the only
 * place that knows all of them, and the one place where one module answers another's narrow
 * interface (jobs asks access for poster names, offers asks threads who is related, …).
 */
/**
 * Every module over one database. `changes` follows other processes' writes so that public answers
 * can be cached (`answers`); without it nothing is cached.
 */
export const createServices = ({
  db,
  clock = systemClock,
  baseUrl,
  changes = silentChangeFeed,
  metrics = noMetrics,
  tracer,
  listReads = DEFAULT_LIST_READ_LIMITS,
}: {
  db: Database;
  clock?: Clock;
  baseUrl: string;
  changes?: ChangeFeed;
  /** What the process counts for Prometheus; off unless given (the metrics' database observer goes to `openServiceDatabase`). */
  metrics?: Metrics;
  /** Tracing on: each request is a span (the same tracer goes to `openServiceDatabase` for statements); unset, off. */
  tracer?: Tracer | undefined;
  /** How many lists and searches the process builds at once and lets wait (`LIST_READS_*`). */
  listReads?: ListReadLimits;
}) => {
  const limiter = createRateLimiter(db, clock, { refused: metrics.rateLimited, counted: noteCounted });
  const cleanupRuns = createCleanupRuns(db);
  if (metrics.registry) registerStateMetrics(metrics.registry, { db, changes, cleanupRuns });
  const idempotency = createIdempotencyStore(db, clock);
  const access = createAccessModule({ db, clock, limiter, baseUrl });
  const { principals } = access;
  const templates = createTemplateRegistry();
  const jobsModule = createJobsModule({ db, clock, baseUrl, principals, templates });
  const { jobs, responses } = jobsModule;
  const directoryModule = createDirectoryModule({ db, clock, baseUrl, grants: access.grants });
  const { directory, moderation } = directoryModule;
  // Threads snapshot jobs and offers; offers ask threads who is related: each answers through a closure.
  const threadsModule = createThreadsModule({ db, clock, baseUrl, principals, links: createLinkedRecords({ jobs, responses, offers: () => offersModule.offers }) });
  const offersModule = createOffersModule({
    db,
    clock,
    limiter,
    baseUrl,
    principals,
    templates: { has: (id) => templates.get(id) !== undefined },
    relations: threadsModule,
    publicTargets: createPublicTargets({ jobs, directory }),
  });
  const { offers, feedback, reports, siteFeedback } = offersModule;
  /** Every domain module, in the order their cleanup jobs run (templates keep nothing, so have none). */
  const modules: DomainModule<object>[] = [access, jobsModule, offersModule, directoryModule, threadsModule];
  return {
    db,
    clock,
    baseUrl,
    limiter,
    idempotency,
    usage: createUsageCounter(db, clock),
    changes,
    metrics,
    tracer,
    answers: createAnswerCache({ stamp: changes.stamp, counted: metrics.answerLookup }),
    /** The bound on lists and searches built at once, shared by every door of the process (REST, MCP, website pages). */
    listReads: createListReadGate(listReads),
    /** Each cleanup job's last success, recorded by the worker and exported by the API's metrics. */
    cleanupRuns,
    access,
    templates,
    jobs,
    responses,
    offers,
    feedback,
    reports,
    siteFeedback,
    directory,
    moderation,
    threads: threadsModule.threads,
    counts: createAccountCounts({ db, sources: [jobsModule.accountCounts, offersModule.accountCounts] }),
    /** What the website's navigation shows a signed-in person as waiting for them, in one statement. */
    navigation: createNavigationCounts({ db, sources: [jobsModule.navigationCounts, threadsModule.navigationCounts] }),
    /**
     * Columns a route reads in its bearer token's own statement, by `METHOD /route/template`: an
     * operation's `readWithToken`, or the write count of an operation that counts its caller's
     * writes (`countsCallerWrites`), registered as it is mounted (operation-hooks.ts).
     * `resolveActor` runs them; the handler gets the row's values (a session reads them itself).
     */
    readsWithToken: new Map<string, TokenAlongside<unknown>>(),
    /**
     * Path prefixes where a bearer token is read (the API and MCP register theirs). Anywhere else,
     * the website, the Authorization header is ignored: a page is what a signed-in person or a
     * visitor sees, so no page shows an agent what only its principal may see.
     */
    tokensReadUnder: [] as string[],
    /**
     * Path prefixes where the session cookie is not read (MCP registers its own): a browser's cookie
     * is no caller there, so it neither acts nor meets the signed-in write checks (CSRF).
     */
    sessionsIgnoredUnder: [] as string[],
    /**
     * Routes that read no credentials, by `METHOD /route/template` as the router matches them
     * (`POST /api/v1/agent/connect`): `resolveActor` reads neither the Authorization header nor the
     * session there, so a stale token cannot block the way to a new one. Operations declared
     * `anonymous` register themselves when mounted.
     */
    credentialsIgnored: new Set<string>(),
    publicRecords: createPublicRecords({ jobs, offers }),
    /** The journal and examples: Markdown files of the repository, read once at start. */
    content: createContentService(siteContent(), baseUrl),
    /** Every module's daily cleanup jobs, for the worker. */
    cleanupJobs: [...createDbCleanupJobs({ idempotency, limiter }), ...modules.flatMap((module) => module.cleanupJobs)],
  };
};

export type Services = ReturnType<typeof createServices>;
