import { accessEntities, accessMigrations, createAccessModule } from '@svc/access';
import {
  createIdempotencyStore,
  createRateLimiter,
  createUsageCounter,
  dbEntities,
  dbMigrations,
  openDatabase,
  type Database,
} from '@svc/db';
import { createJobsModule, jobsEntities, jobsMigrations } from '@svc/jobs';
import { systemClock, type Clock } from '@svc/kernel';
import { createTemplateRegistry } from '@svc/templates';

/** Every table and migration of the service, for opening the one database. */
export const schema = {
  entities: [...dbEntities, ...accessEntities, ...jobsEntities],
  migrations: [...dbMigrations, ...accessMigrations, ...jobsMigrations],
};

export const openServiceDatabase = (config: { databaseUrl?: string | undefined; dataDir?: string }): Promise<Database> =>
  openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, ...schema });

/**
 * Composes the domain modules over one database. Each module composes itself; this is the only
 * place that knows all of them, and the one place where one module answers another's narrow
 * interface (jobs asks access for poster names and templates for template defaults).
 */
export const createServices = ({ db, clock = systemClock, baseUrl }: { db: Database; clock?: Clock; baseUrl: string }) => {
  const limiter = createRateLimiter(db, clock);
  const access = createAccessModule({ db, clock, limiter, baseUrl });
  const templates = createTemplateRegistry();
  const { jobs, responses } = createJobsModule({ db, clock, baseUrl, principals: access.principals, templates });
  return {
    db,
    clock,
    baseUrl,
    limiter,
    idempotency: createIdempotencyStore(db, clock),
    usage: createUsageCounter(db, clock),
    access,
    templates,
    jobs,
    responses,
    /** How many records of each kind a principal has, for `/api/v1/me`. */
    counts: (principalId: string) => jobs.countsFor(principalId),
    /** A principal's public records, for their profile page. */
    publicRecords: async (principalId: string) => ({
      open_jobs: (await jobs.openByPoster(principalId)).map((job) => ({ id: job.id, title: job.title, url: job.url })),
      // Offers arrive with the offers package.
      active_services: [] as { id: string; title: string; url: string }[],
    }),
  };
};

export type Services = ReturnType<typeof createServices>;
