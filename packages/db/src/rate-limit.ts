import type { Clock } from '@svc/kernel';
import type { Database } from './database.ts';
import { sha256 } from './fingerprint.ts';

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
  /** Says whether one more event would be within the limit, counting nothing. */
  peek(limit: RateLimit, subject: string): Promise<RateLimitVerdict>;
  purge(before: Date): Promise<number>;
}

const windowOf = (clock: Clock, { name, windowSeconds }: RateLimit, subject: string) => {
  const now = clock.now().getTime();
  const windowMs = windowSeconds * 1000;
  const start = Math.floor(now / windowMs) * windowMs;
  return {
    bucket: sha256(`${name}:${subject}`),
    windowStart: new Date(start),
    retryAfter: Math.max(1, Math.ceil((start + windowMs - now) / 1000)),
  };
};

export const createRateLimiter = (db: Database, clock: Clock): RateLimiter => ({
  hit: async (limit, subject) => {
    const { bucket, windowStart, retryAfter } = windowOf(clock, limit, subject);
    const [row] = await db.query<{ count: number }>(
      `insert into rate_limit_windows (bucket, window_start, count) values (?, ?, 1)
       on conflict (bucket, window_start) do update set count = rate_limit_windows.count + 1
       returning count`,
      [bucket, windowStart],
      // Every request of a grant updates one row: waiting for the WAL flush while holding its lock
      // made the counter the slowest part of a write. A crash of PostgreSQL may forget the last
      // fraction of a second of counts, letting a caller a few requests past its limit.
      { asyncCommit: true },
    );
    const count = Number(row?.count ?? 1);
    return { allowed: count <= limit.limit, retryAfter, remaining: Math.max(0, limit.limit - count) };
  },
  peek: async (limit, subject) => {
    const { bucket, windowStart, retryAfter } = windowOf(clock, limit, subject);
    const [row] = await db.query<{ count: number }>(
      'select count from rate_limit_windows where bucket = ? and window_start = ?',
      [bucket, windowStart],
    );
    const count = Number(row?.count ?? 0);
    return { allowed: count < limit.limit, retryAfter, remaining: Math.max(0, limit.limit - count) };
  },
  purge: async (before) => {
    const rows = await db.query('delete from rate_limit_windows where window_start < ? returning bucket', [before]);
    return rows.length;
  },
});
