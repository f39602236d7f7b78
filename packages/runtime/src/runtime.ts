import type { Tracer } from '@opentelemetry/api';
import { systemClock, type Clock } from '@svc/kernel';
import type { Config } from './config.ts';
import { openChangeFeed } from '@svc/db';
import { createMetrics, noMetrics } from './metrics/metrics.ts';
import { createServices, openServiceDatabase, type Services } from './services.ts';

export interface Runtime {
  services: Services;
  /** Migrations this start applied (empty when the database was up to date). */
  applied: string[];
  close(): Promise<void>;
}

/**
 * Opens and migrates the one database and composes every module over it: the single way every
 * process (API, website, worker, CLI) starts.
 */
export const openRuntime = async (
  config: Config,
  // tracer: a serving process with tracing on (run.ts, tracing/tracing.ts); the commands never trace.
  { clock = systemClock, tracer }: { clock?: Clock; tracer?: Tracer | undefined } = {},
): Promise<Runtime> => {
  // Metrics only with a secret to read them by: off, nothing is counted at all.
  const metrics = config.metricsToken ? createMetrics() : noMetrics;
  const db = await openServiceDatabase(config, metrics, tracer);
  try {
    const applied = await db.migrate();
    const changes = await openChangeFeed(db, { listenUrl: config.databaseListenUrl }).catch((error: unknown) => {
      // Its own connection, when DATABASE_LISTEN_URL is set: a start failure names that setting (run.ts).
      throw config.databaseListenUrl && error instanceof Error ? Object.assign(error, { setting: 'DATABASE_LISTEN_URL' }) : error;
    });
    const close = async () => {
      await changes.close();
      await db.close();
    };
    return { services: createServices({ db, clock, baseUrl: config.baseUrl, changes, metrics, tracer, listReads: config.listReads }), applied, close };
  } catch (error) {
    await db.close();
    throw error;
  }
};
