import type { ChangeFeed, CleanupRuns, Database } from '@svc/db';
import { Counter, Gauge, type Registry } from 'prom-client';

/**
 * Metrics read when Prometheus scrapes, never on a request's path: the database pool, the change
 * feed, and the daily cleanup. The cleanup runs in the worker, which serves no HTTP; it leaves each
 * job's success in the `cleanup_runs` table and every API process exports what the table says.
 */
export const registerStateMetrics = (
  registry: Registry,
  { db, changes, cleanupRuns }: { db: Pick<Database, 'poolStats'>; changes: ChangeFeed; cleanupRuns: CleanupRuns },
): (Gauge | Counter)[] => {
  const registers = [registry];
  // prom-client registers each metric in `registry` as it is made; the list is what was registered.
  const metrics: (Gauge | Counter)[] = [];
  const pool = (name: string, help: string, read: (stats: Awaited<ReturnType<Database['poolStats']>>) => number) =>
    new Gauge({
      name,
      help,
      registers,
      async collect() {
        this.set(read(await db.poolStats()));
      },
    });
  metrics.push(pool('svc_db_pool_max', 'The most connections the database pool may open.', (stats) => stats.max));
  metrics.push(pool('svc_db_pool_size', 'Connections the database pool holds open now, busy or idle.', (stats) => stats.size));
  metrics.push(pool('svc_db_pool_idle', 'Open connections of the database pool that are idle now.', (stats) => stats.idle));
  metrics.push(pool('svc_db_pool_waiting', 'Requests for a database connection waiting for one to come free.', (stats) => stats.waiting));

  metrics.push(new Gauge({
    name: 'svc_change_feed_listens',
    help: 'Whether this process\'s change feed is meant to hear changes (1), or never listens by design (0: no public answer is cached).',
    registers,
    collect() {
      this.set(changes.listens ? 1 : 0);
    },
  }));
  metrics.push(new Gauge({
    name: 'svc_change_feed_hearing',
    help: 'Whether the change feed hears every change now (1), so public answers may be cached, or not (0).',
    registers,
    collect() {
      this.set(changes.state().hearing ? 1 : 0);
    },
  }));
  metrics.push(new Gauge({
    name: 'svc_change_feed_heartbeat_age_seconds',
    help: 'How long ago the newest heartbeat the change feed heard was sent (NaN before the first, and on PGlite).',
    registers,
    collect() {
      const ageMs = changes.heartbeatAgeMs();
      this.set(ageMs === undefined ? Number.NaN : ageMs / 1000);
    },
  }));

  // Both read the one table, once per scrape.
  let reading: Promise<Awaited<ReturnType<CleanupRuns['list']>>> | undefined;
  const runs = () => (reading ??= cleanupRuns.list().finally(() => setImmediate(() => (reading = undefined))));
  metrics.push(new Gauge({
    name: 'svc_cleanup_last_success_timestamp_seconds',
    help: 'When each daily cleanup job last succeeded (when the run finished, Unix seconds), as any worker recorded it.',
    labelNames: ['job'] as const,
    registers,
    async collect() {
      this.reset();
      for (const run of await runs()) this.set({ job: run.job }, run.lastSuccessAt.getTime() / 1000);
    },
  }));
  metrics.push(new Counter({
    name: 'svc_cleanup_rows_retired_total',
    help: 'Rows each daily cleanup job retired, per kind (deleted, expired…), over every successful run of any worker.',
    labelNames: ['job', 'kind'] as const,
    registers,
    async collect() {
      this.reset();
      for (const run of await runs()) for (const [kind, count] of Object.entries(run.totalCounts)) this.inc({ job: run.job, kind }, count);
    },
  }));
  return metrics;
};
