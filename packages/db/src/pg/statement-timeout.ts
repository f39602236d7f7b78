import { AsyncLocalStorage } from 'node:async_hooks';
import type { Pool, PoolClient } from 'pg';
import type { PoolMode } from './pool-mode.ts';

/**
 * The time limit of request statements (`DATABASE_STATEMENT_TIMEOUT_MS`). A statement past it is
 * stopped by PostgreSQL (`57014 query_canceled`; the API answers `503 query_timeout`), so a costly
 * read gives its connection back instead of holding it while writes and sign-ins queue for the pool.
 *
 * How it is set depends on how connections reach the server (pool-mode.ts), because a setting that
 * lives in a server session leaks to whoever is lent that session next behind a pooler:
 *
 * - Every transaction of our own and every commit group says `set local statement_timeout` in the
 *   message that begins it, so the limit ends with the transaction, in every mode, at no round trip.
 * - `session` mode: the pooled connection is a server session of its own for its whole life, so a
 *   statement outside a transaction takes the session's default, set once when the connection is
 *   first lent out (named prepared statements keep working).
 * - `transaction` mode (PgBouncer): a statement outside a transaction goes as one simple query
 *   behind `set local statement_timeout`, which PostgreSQL runs as one implicit transaction, so
 *   nothing outlives it on the server session.
 * - PGlite runs each statement to its end on the process's one thread (it has no timer to stop a
 *   statement with), so nothing is set there; the bounds on every read (capped offsets and counts,
 *   ranked candidates) are what keep its statements short.
 *
 * The daily cleanup runs with a longer limit of its own (`withStatementTimeout`).
 */
export interface StatementTimeout {
  /** Milliseconds; 0 leaves statements unlimited. */
  readonly ms: number;
  readonly mode: PoolMode;
}

const timeouts = new WeakMap<Pool, StatementTimeout>();
/** A limit for the transactions begun inside `withStatementTimeout` (the daily cleanup's). */
const overridden = new AsyncLocalStorage<number>();

/** `set local statement_timeout` for `ms` (a whole number, so it is written into the text as it is). */
export const setLocalTimeoutSql = (ms: number): string => `set local statement_timeout = ${Math.trunc(ms)}`;

/** The limit of a transaction begun now on `pool`: the surrounding `withStatementTimeout`'s, else the pool's. */
export const transactionTimeoutMs = (pool: Pool): number | undefined => overridden.getStore() ?? timeouts.get(pool)?.ms;

/** The request limit of `pool` (a commit group's: its members are requests). */
export const requestTimeoutMs = (pool: Pool): number | undefined => timeouts.get(pool)?.ms;

/**
 * The limit a statement outside a transaction must carry itself: in transaction mode, where no
 * session default may be set. Undefined in session mode (the session has it) and without a limit.
 */
export const perStatementTimeoutMs = (pool: Pool): number | undefined => {
  const timeout = timeouts.get(pool);
  if (!timeout || timeout.mode !== 'transaction') return undefined;
  const ms = overridden.getStore() ?? timeout.ms;
  return ms > 0 ? ms : undefined;
};

/** Transactions begun inside `work` (on PostgreSQL) run with `ms` as their limit instead of the request limit. */
export const withStatementTimeout = <T>(ms: number, work: () => Promise<T>): Promise<T> => overridden.run(ms, work);

/**
 * Sets `pool`'s request limit: transactions and groups read it from here; in session mode each
 * connection also gets it as its session default the first time it is lent out. Only for a pool
 * whose mode is known (the mode probe ran without a limit).
 */
export const applyStatementTimeout = (pool: Pool, ms: number, mode: PoolMode): void => {
  timeouts.set(pool, { ms, mode });
  if (mode !== 'session' || ms <= 0) return;
  const done = new WeakSet<PoolClient>();
  // `acquire` is emitted before the caller gets the client, so this goes first in its queue.
  pool.on('acquire', (client: PoolClient) => {
    if (done.has(client)) return;
    done.add(client);
    // A lost connection fails the caller's statement too, and the pool drops it; nothing to add here.
    client.query(`set statement_timeout = ${Math.trunc(ms)}`).catch(() => {});
  });
};
