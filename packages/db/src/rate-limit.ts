import type { Clock } from '@svc/kernel';
import type { Database } from './database.ts';
import { sha256 } from './fingerprint.ts';
import type { SelectColumns, SqlOperand } from './select-columns.ts';

export interface RateLimit {
  name: string;
  limit: number;
  windowSeconds: number;
}

export interface RateLimitVerdict {
  allowed: boolean;
  /** Seconds until the window ends (what `Retry-After` says). */
  retryAfter: number;
  remaining: number;
}

/** Fixed-window counters in PostgreSQL, so every API process sees the same count. */
export interface RateLimiter {
  /** Counts one more event and says whether it is still within the limit. */
  hit(limit: RateLimit, subject: string): Promise<RateLimitVerdict>;
  /**
   * `hit` as a column of another statement, for the subject that statement names (a bound value or
   * one of its columns): counted once for each row the statement returns. Outside a transaction the
   * statement then commits without waiting for the WAL flush, like `hit`.
   */
  hitColumn(limit: RateLimit, subject: SqlOperand): SelectColumns<RateLimitVerdict>;
  /** Says whether one more event would be within the limit, counting nothing. */
  peek(limit: RateLimit, subject: string): Promise<RateLimitVerdict>;
  purge(before: Date): Promise<number>;
}

/** The fixed window `now` falls in, and the seconds until it ends (what `Retry-After` says). */
const windowOf = (clock: Clock, { windowSeconds }: RateLimit) => {
  const now = clock.now().getTime();
  const windowMs = windowSeconds * 1000;
  const start = Math.floor(now / windowMs) * windowMs;
  return { windowStart: new Date(start), retryAfter: Math.max(1, Math.ceil((start + windowMs - now) / 1000)) };
};

const verdictOf = (limit: RateLimit, retryAfter: number, count: number, allowed: boolean): RateLimitVerdict => ({
  allowed,
  retryAfter,
  remaining: Math.max(0, limit.limit - count),
});

export const createRateLimiter = (db: Database, clock: Clock): RateLimiter => {
  const hitColumn = (limit: RateLimit, subject: SqlOperand): SelectColumns<RateLimitVerdict> => {
    const { windowStart, retryAfter } = windowOf(clock, limit);
    return {
      // rate_limit_hit (rate-limit.routine.ts) keys the row by the hash `peek` computes.
      sql: `rate_limit_hit(?, ${subject.sql}, ?, ?) as rate_limit_count`,
      // Asynchronous commit only for a statement that is its own transaction.
      params: [limit.name, ...subject.params, windowStart, !db.inTransaction()],
      read: (row) => {
        const count = Number(row.rate_limit_count);
        return verdictOf(limit, retryAfter, count, count <= limit.limit);
      },
    };
  };

  return {
    hit: async (limit, subject) => {
      const { sql, params, read } = hitColumn(limit, { sql: '?', params: [subject] });
      const [row] = await db.query<Record<string, unknown>>(`select ${sql}`, params);
      return read(row!);
    },
    hitColumn,
    peek: async (limit, subject) => {
      const { windowStart, retryAfter } = windowOf(clock, limit);
      const [row] = await db.query<{ count: number }>('select count from rate_limit_windows where bucket = ? and window_start = ?', [
        sha256(`${limit.name}:${subject}`),
        windowStart,
      ]);
      const count = Number(row?.count ?? 0);
      return verdictOf(limit, retryAfter, count, count < limit.limit);
    },
    purge: async (before) => {
      const rows = await db.query('delete from rate_limit_windows where window_start < ? returning bucket', [before]);
      return rows.length;
    },
  };
};
