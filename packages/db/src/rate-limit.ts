import { sql, type RawBuilder } from 'kysely';
import type { Clock } from '@svc/kernel';
import type { Database } from './database.ts';
import { sha256 } from './fingerprint.ts';
import { boundValue, selectColumns, type SelectColumns, type SqlOperand } from './select-columns.ts';

export interface RateLimit {
  /** Keys the count: two limits with one name share their counts. */
  name: string;
  /**
   * The name clients see (`RateLimit-Policy`, the OpenAPI `x-rate-limit`): a limit that has one is
   * reported to `counted`, so its answers can say how much of it is left. None: counted silently.
   */
  policy?: string;
  limit: number;
  windowSeconds: number;
}

export interface RateLimitVerdict {
  allowed: boolean;
  /** Seconds until the window ends (what `Retry-After` says). */
  retryAfter: number;
  remaining: number;
}

/** What `take` answers: the verdict, and a way to give the event back if it was counted. */
export interface RateLimitTake extends RateLimitVerdict {
  /**
   * Uncounts the event `take` counted, in the window it was counted in (nothing when it was
   * refused): for an attempt that turned out sound, so that only failures use up the limit.
   */
  giveBack(): Promise<void>;
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
  /**
   * Counts one more event only while the count is below the limit, in one statement (the row's
   * lock decides), so of N concurrent takers at most `limit` are allowed; a refused take counts
   * nothing. For attempts that must be counted before they are checked (a password, a user code).
   */
  take(limit: RateLimit, subject: string): Promise<RateLimitTake>;
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

export interface RateLimiterObservers {
  /**
   * Told the limit's name each time an event is over its limit (the process's metrics): limit
   * names are fixed (`agent-writes`, `reports`…), never the subject.
   */
  refused?: (limit: string) => void;
  /** Told every verdict of a limit that has a `policy` (counted, or refused by `take`), for the answer's headers. */
  counted?: (limit: RateLimit, verdict: RateLimitVerdict) => void;
}

export const createRateLimiter = (db: Database, clock: Clock, { refused = () => {}, counted = () => {} }: RateLimiterObservers = {}): RateLimiter => {
  const report = <T extends RateLimitVerdict>(limit: RateLimit, verdict: T): T => {
    if (limit.policy) counted(limit, verdict);
    return verdict;
  };
  /**
   * The column's text and values for one limit, subject and window: the same object again while
   * they stay the same, so that a statement carrying it (the bearer token's) stays built
   * (`prepared`) for the minute instead of being built for every request.
   */
  const lastColumn = new Map<string, { key: string; subject: SqlOperand; sql: RawBuilder<unknown> }>();
  const columnSql = (name: string, subject: SqlOperand, windowStart: Date, ownTransaction: boolean): RawBuilder<unknown> => {
    const key = `${windowStart.getTime()} ${ownTransaction}`;
    const last = lastColumn.get(name);
    if (last?.key === key && last.subject === subject) return last.sql;
    // rate_limit_hit (rate-limit.routine.ts) keys the row by the hash `peek` computes. Asynchronous
    // commit only for a statement that is its own transaction.
    const built = sql`rate_limit_hit(${name}, ${subject}, ${windowStart}, ${ownTransaction}) as rate_limit_count`;
    lastColumn.set(name, { key, subject, sql: built });
    return built;
  };
  const hitColumn = (limit: RateLimit, subject: SqlOperand): SelectColumns<RateLimitVerdict> => {
    const { windowStart, retryAfter } = windowOf(clock, limit);
    return {
      sql: columnSql(limit.name, subject, windowStart, !db.inTransaction()),
      read: (row) => {
        const count = Number(row.rate_limit_count);
        if (count > limit.limit) refused(limit.name);
        return report(limit, verdictOf(limit, retryAfter, count, count <= limit.limit));
      },
    };
  };

  const bucketOf = (limit: RateLimit, subject: string) => sha256(`${limit.name}:${subject}`);

  return {
    hit: async (limit, subject) => {
      const [verdict] = await selectColumns(db, [hitColumn(limit, boundValue(subject))]);
      return verdict;
    },
    hitColumn,
    take: async (limit, subject) => {
      const { windowStart, retryAfter } = windowOf(clock, limit);
      const bucket = bucketOf(limit, subject);
      // A conflict whose `where` fails updates nothing and returns no row: the take is refused.
      const [row] = await db.query<{ count: number }>(
        `insert into rate_limit_windows as w (bucket, window_start, count) values ($1, $2, 1)
         on conflict (bucket, window_start) do update set count = w.count + 1 where w.count < $3
         returning w.count`,
        [bucket, windowStart, limit.limit],
      );
      if (!row) refused(limit.name);
      if (!row) return report(limit, { ...verdictOf(limit, retryAfter, limit.limit, false), giveBack: async () => {} });
      let given = false;
      const giveBack = async () => {
        if (given) return;
        given = true;
        await db.query('update rate_limit_windows set count = count - 1 where bucket = $1 and window_start = $2 and count > 0', [bucket, windowStart]);
      };
      return report(limit, { ...verdictOf(limit, retryAfter, Number(row.count), true), giveBack });
    },
    peek: async (limit, subject) => {
      const { windowStart, retryAfter } = windowOf(clock, limit);
      const [row] = await db.query<{ count: number }>('select count from rate_limit_windows where bucket = $1 and window_start = $2', [
        bucketOf(limit, subject),
        windowStart,
      ]);
      const count = Number(row?.count ?? 0);
      return verdictOf(limit, retryAfter, count, count < limit.limit);
    },
    purge: async (before) => {
      const rows = await db.query('delete from rate_limit_windows where window_start < $1 returning bucket', [before]);
      return rows.length;
    },
  };
};
