import type { Clock } from '@svc/kernel';
import type { Database } from './database.ts';
import { textArray } from './sql-values.ts';

export interface UsageRow {
  route: string;
  outcome: string;
  count: number;
}

export interface UsageCounter {
  /** Counts one request of `route` (a template, never a raw path) with its outcome. */
  record(route: string, outcome: string): void;
  /** Adds what this process counted since the last flush to the shared daily rows. */
  flush(): Promise<void>;
  /** The day's table (`YYYY-MM-DD`, UTC), as every process counted it. */
  day(day: string): Promise<UsageRow[]>;
  /** Flushes every `intervalMs` until stopped; stopping flushes once more. */
  start(intervalMs?: number): { stop(): Promise<void> };
}

/**
 * Counts in memory and flushes with `count = count + excluded.count`, so requests never contend
 * on one hot row and several processes add up correctly.
 */
export const createUsageCounter = (db: Database, clock: Clock): UsageCounter => {
  let pending = new Map<string, number>();
  const keyOf = (day: string, route: string, outcome: string) => JSON.stringify([day, route, outcome]);

  const flush = async () => {
    if (pending.size === 0) return;
    const batch = pending;
    pending = new Map();
    const rows = [...batch].map(([key, count]) => [...(JSON.parse(key) as string[]), String(count)]);
    try {
      // One text for any batch size (each column an array), so the statement stays prepared.
      await db.withContext(() =>
        db.query(
          `insert into usage_counts (day, route, outcome, count)
           select * from unnest($1::date[], $2::text[], $3::text[], $4::bigint[])
           on conflict (day, route, outcome) do update set count = usage_counts.count + excluded.count`,
          [0, 1, 2, 3].map((column) => textArray(rows.map((row) => row[column]!))),
        ),
      );
    } catch (error) {
      // Put the counts back so the next flush retries them.
      for (const [key, count] of batch) pending.set(key, (pending.get(key) ?? 0) + count);
      throw error;
    }
  };

  return {
    record: (route, outcome) => {
      const key = keyOf(clock.now().toISOString().slice(0, 10), route, outcome);
      pending.set(key, (pending.get(key) ?? 0) + 1);
    },
    flush,
    day: async (day) =>
      (
        await db.query<UsageRow>(
          'select route, outcome, count from usage_counts where day = $1 order by route, outcome',
          [day],
        )
      ).map((row) => ({ ...row, count: Number(row.count) })),
    start: (intervalMs = 5_000) => {
      const timer = setInterval(() => void flush().catch(() => {}), intervalMs);
      timer.unref();
      return {
        stop: async () => {
          clearInterval(timer);
          await flush();
        },
      };
    },
  };
};
