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
  hit(limit: RateLimit, subject: string): Promise<RateLimitVerdict>;
  purge(before: Date): Promise<number>;
}

export const createRateLimiter = (db: Database, clock: Clock): RateLimiter => ({
  hit: async ({ name, limit, windowSeconds }, subject) => {
    const now = clock.now().getTime();
    const windowMs = windowSeconds * 1000;
    const windowStart = new Date(Math.floor(now / windowMs) * windowMs);
    const [row] = await db.query<{ count: number }>(
      `insert into rate_limit_windows (bucket, window_start, count) values (?, ?, 1)
       on conflict (bucket, window_start) do update set count = rate_limit_windows.count + 1
       returning count`,
      [sha256(`${name}:${subject}`), windowStart],
    );
    const count = Number(row?.count ?? 1);
    return {
      allowed: count <= limit,
      retryAfter: Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now) / 1000)),
      remaining: Math.max(0, limit - count),
    };
  },
  purge: async (before) => {
    const rows = await db.query('delete from rate_limit_windows where window_start < ? returning bucket', [before]);
    return rows.length;
  },
});
