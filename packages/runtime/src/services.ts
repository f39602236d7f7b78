import { accessSchema, createAccessModule } from '@svc/access';
import {
  createIdempotencyStore,
  createRateLimiter,
  createDbCleanupJobs,
  createUsageCounter,
  dbSchema,
  openDatabase,
  type Database,
} from '@svc/db';
import { createJobsModule, jobsSchema } from '@svc/jobs';
import { systemClock, type Clock } from '@svc/kernel';
import { createTemplateRegistry } from '@svc/templates';
import { createAccountCounts } from './read-models/account-counts.ts';
import { createPublicRecords } from './read-models/public-records.ts';

/** Every table and migration of the service, for opening the one database. */
export const schema = {
  entities: [...dbSchema.entities, ...accessSchema.entities, ...jobsSchema.entities],
  migrations: [...dbSchema.migrations, ...accessSchema.migrations, ...jobsSchema.migrations],
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
  const idempotency = createIdempotencyStore(db, clock);
  const access = createAccessModule({ db, clock, limiter, baseUrl });
  const templates = createTemplateRegistry();
  const jobsModule = createJobsModule({ db, clock, baseUrl, principals: access.principals, templates });
  const { jobs, responses } = jobsModule;
  return {
    db,
    clock,
    baseUrl,
    limiter,
    idempotency,
    usage: createUsageCounter(db, clock),
    access,
    templates,
    jobs,
    responses,
    counts: createAccountCounts({ jobs }),
    publicRecords: createPublicRecords({ jobs }),
    /** Every module's daily cleanup jobs, for the worker. */
    cleanupJobs: [
      ...createDbCleanupJobs({ idempotency, limiter }),
      ...access.cleanupJobs,
      ...jobsModule.cleanupJobs,
    ],
  };
};

export type Services = ReturnType<typeof createServices>;
