import { createAccessModule } from '@svc/access';
import {
  createIdempotencyStore,
  createRateLimiter,
  createUsageCounter,
  dbEntities,
  dbMigrations,
  openDatabase,
  type Database,
} from '@svc/db';
import { systemClock, type Clock } from '@svc/kernel';
import { accessEntities, accessMigrations } from '@svc/access';

/** Every table and migration of the service, for opening the one database. */
export const schema = {
  entities: [...dbEntities, ...accessEntities],
  migrations: [...dbMigrations, ...accessMigrations],
};

export const openServiceDatabase = (config: { databaseUrl?: string | undefined; dataDir?: string }): Promise<Database> =>
  openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, ...schema });

/**
 * Composes the domain modules over one database. Each module composes itself;
 * this is the only place that knows all of them.
 */
export const createServices = ({ db, clock = systemClock, baseUrl }: { db: Database; clock?: Clock; baseUrl: string }) => {
  const limiter = createRateLimiter(db, clock);
  const access = createAccessModule({ db, clock, limiter, baseUrl });
  return {
    db,
    clock,
    baseUrl,
    limiter,
    idempotency: createIdempotencyStore(db, clock),
    usage: createUsageCounter(db, clock),
    access,
    /** How many records of each kind a principal has, for `/api/v1/me`. */
    counts: async (_principalId: string): Promise<Record<string, number>> => ({}),
    /** A principal's public records, for their profile page. */
    publicRecords: async (_principalId: string) => ({
      open_jobs: [] as { id: string; title: string; url: string }[],
      active_services: [] as { id: string; title: string; url: string }[],
    }),
  };
};

export type Services = ReturnType<typeof createServices>;
