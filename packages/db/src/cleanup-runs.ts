import type { Database } from './database.ts';

/** One cleanup job's last success and the rows it retired, as the `cleanup_runs` table keeps them. */
export interface CleanupRunRow {
  job: string;
  lastSuccessAt: Date;
  /** Rows retired per kind by the last successful run. */
  lastCounts: Record<string, number>;
  /** Rows retired per kind by every successful run, added up. */
  totalCounts: Record<string, number>;
}

/**
 * Where the worker leaves each cleanup job's success, for the API processes to export: the worker
 * serves no HTTP of its own, and the database is what every process already shares.
 */
export interface CleanupRuns {
  /** A successful run of `job` as of `at`, with the rows it retired per kind. */
  record(job: string, at: Date, counts: Record<string, number>): Promise<void>;
  list(): Promise<CleanupRunRow[]>;
}

export const createCleanupRuns = (db: Pick<Database, 'query'>): CleanupRuns => ({
  record: async (job, at, counts) => {
    // Totals add up per kind in the one statement: two workers never run the same job at once
    // (its advisory lock), and the totals stay right however often it runs.
    await db.query(
      `insert into cleanup_runs (job, last_success_at, last_counts, total_counts) values ($1, $2, $3::jsonb, $4::jsonb)
       on conflict (job) do update set
         last_success_at = excluded.last_success_at,
         last_counts = excluded.last_counts,
         total_counts = (
           select coalesce(jsonb_object_agg(kind, coalesce((cleanup_runs.total_counts ->> kind)::bigint, 0) + count::bigint), '{}'::jsonb)
           from jsonb_each_text(excluded.last_counts) as retired(kind, count)
         )`,
      [job, at.toISOString(), JSON.stringify(counts), JSON.stringify(counts)],
    );
  },
  list: async () => {
    const rows = await db.query<{ job: string; last_success_at: string | Date; last_counts: Record<string, number>; total_counts: Record<string, number> }>(
      'select job, last_success_at, last_counts, total_counts from cleanup_runs order by job',
    );
    return rows.map((row) => ({
      job: row.job,
      lastSuccessAt: new Date(row.last_success_at),
      lastCounts: numbers(row.last_counts),
      totalCounts: numbers(row.total_counts),
    }));
  },
});

/** jsonb numbers past 2^53 would come back as text from some drivers: every value as a number. */
const numbers = (counts: Record<string, unknown>): Record<string, number> =>
  Object.fromEntries(Object.entries(counts ?? {}).map(([kind, count]) => [kind, Number(count)]));
