import { AsyncLocalStorage } from 'node:async_hooks';
import type { Tracer } from '@opentelemetry/api';
import type { Pool, PoolClient, QueryResult } from 'pg';
import { ANNOUNCE_AFTER_COMMIT, ANNOUNCED_CHANGES } from '../announce.ts';
import { commitDeferred } from './group-commit.ts';
import type { DatabaseObserver } from '../observer.ts';
import type { Naming } from './pool-mode.ts';
import { PipelineFailure, sendPipelined, sqlText, type BoundStatement, type Piped } from './pipelined.ts';
import { watchStatement } from './statement-spans.ts';
import { setLocalTimeoutSql, transactionTimeoutMs } from './statement-timeout.ts';

/** A statement waiting to go out with the next one; its rows go to whoever asks for them. */
interface Deferred {
  readonly statement: BoundStatement;
  readonly resolve: (result: QueryResult) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * A transaction on one pooled PostgreSQL connection that costs no round trip of its own: `begin`
 * goes out with its first statement, deferred statements (`db.queryDeferred`, `db.insert`) with the
 * statement after them or with the `commit`, all pipelined in one message each time (pipelined.ts).
 * An idempotent create (record, key and stored answer) so takes one round trip. Changes to tables
 * that announce them are announced right after the `commit`, in the same message (change-feed.ts).
 *
 * The connection is taken when the first statement must go out. A transaction that sent nothing
 * before its `commit` never takes one of its own: it is committed by group-commit.ts, together with
 * others that reach their commit at the same time.
 */
interface PgTransaction {
  readonly pool: Pool;
  readonly naming: Naming;
  /** `set local statement_timeout`, sent with its `begin` (statement-timeout.ts); none without a limit. */
  readonly timeout: string[];
  readonly observer: DatabaseObserver;
  /** Spans for its commit when the request is traced (statement-spans.ts); none with tracing off. */
  readonly tracer: Tracer | undefined;
  /** Its connection, once a statement had to go out. */
  connection: Promise<PoolClient> | undefined;
  begun: boolean;
  /** Deferred statements, in the order they were made. */
  pending: Deferred[];
}

const current = new AsyncLocalStorage<PgTransaction>();

/** The transaction this async context runs in, if `runPgTransaction` opened one. */
export const currentPgTransaction = (): PgTransaction | undefined => current.getStore();

/**
 * Runs `work` in a transaction on a connection of `pool`, committed when `work` resolves and rolled
 * back when it throws. A connection whose state is unknown after a failure is destroyed, not
 * returned to the pool.
 */
export const runPgTransaction = async <T>(pool: Pool, work: () => Promise<T>, naming: Naming, observer: DatabaseObserver, tracer?: Tracer): Promise<T> => {
  const ms = transactionTimeoutMs(pool);
  const timeout = ms === undefined ? [] : [setLocalTimeoutSql(ms)];
  const transaction: PgTransaction = { pool, naming, observer, tracer, timeout, connection: undefined, begun: false, pending: [] };
  let result: T;
  try {
    result = await current.run(transaction, work);
  } catch (error) {
    await finish(transaction, 'rollback', error);
    throw error;
  }
  await finish(transaction, 'commit');
  return result;
};

const finish = async (transaction: PgTransaction, outcome: 'commit' | 'rollback', cause?: unknown): Promise<void> => {
  if (!transaction.connection) {
    const deferred = transaction.pending.splice(0);
    if (outcome === 'rollback' || deferred.length === 0) {
      for (const item of deferred) item.reject(cause);
      return;
    }
    try {
      const results = await commitDeferred(transaction.pool, deferred.map((item) => item.statement), transaction.naming, transaction.observer, transaction.tracer);
      deferred.forEach((item, i) => item.resolve(results[i]!));
    } catch (error) {
      for (const item of deferred) item.reject(error);
      throw error;
    }
    return;
  }
  let client: PoolClient;
  try {
    client = await transaction.connection;
  } catch (error) {
    // No connection, so nothing was sent: the statement that asked for one failed with this.
    for (const item of transaction.pending.splice(0)) item.reject(cause ?? error);
    if (outcome === 'commit') throw error;
    return;
  }
  let broken: Error | undefined;
  try {
    if (outcome === 'commit') {
      if (transaction.begun || transaction.pending.length > 0) {
        const commit = () => send(transaction, sqlText('commit', ANNOUNCED_CHANGES));
        await watchStatement(transaction.tracer, transaction.observer, 'commit', commit);
      }
    } else {
      // Deferred statements never sent: nobody gets rows for them.
      for (const deferred of transaction.pending.splice(0)) deferred.reject(cause);
      if (transaction.begun) await client.query('rollback');
    }
  } catch (error) {
    // A statement sent with the commit failed (the commit was not run), or the commit itself: end
    // whatever is left of the transaction, then report the first failure.
    try {
      await client.query('rollback');
    } catch (lost) {
      broken = lost as Error;
    }
    if (outcome === 'commit') throw error;
    broken ??= error as Error;
  } finally {
    client.release(broken);
  }
};

const connectionOf = (transaction: PgTransaction): Promise<PoolClient> => (transaction.connection ??= transaction.pool.connect());

/**
 * Sends `last` with whatever must go before it: `begin` if the transaction has not begun, and the
 * deferred statements, each its own query, not waiting in between (one round trip). The first
 * failure fails every statement of the message. The result is `last`'s first statement's.
 */
const send = async (transaction: PgTransaction, last: Piped): Promise<QueryResult> => {
  const head = transaction.begun ? [] : [sqlText('begin', ANNOUNCE_AFTER_COMMIT, ...transaction.timeout)];
  const deferred = transaction.pending.splice(0);
  transaction.begun = true;
  try {
    const results = await sendPipelined(await connectionOf(transaction), [...head, ...deferred.map((item) => item.statement), last]);
    deferred.forEach((item, i) => item.resolve(results[head.length + i]!));
    return results[head.length + deferred.length]!;
  } catch (error) {
    const cause = error instanceof PipelineFailure ? error.first : error;
    for (const item of deferred) item.reject(cause);
    throw cause;
  }
};

/** Runs one statement (placeholders `$1…`) in `transaction`, with `begin` and the deferred statements when they must go first. */
export const queryInPgTransaction = async (transaction: PgTransaction, statement: BoundStatement): Promise<QueryResult> => {
  if (!transaction.begun || transaction.pending.length > 0) return send(transaction, statement);
  return (await connectionOf(transaction)).query(statement as { text: string; values: unknown[]; name?: string });
};

/**
 * Queues a statement to go out with the transaction's next statement or its `commit`.
 * `sent` resolves with its result then; `now` sends it at once if it is still waiting.
 */
export const deferInPgTransaction = (transaction: PgTransaction, statement: BoundStatement) => {
  let deferred!: Deferred;
  const sent = new Promise<QueryResult>((resolve, reject) => {
    deferred = { statement, resolve, reject };
  });
  transaction.pending.push(deferred);
  const now = async (): Promise<QueryResult> => {
    const waiting = transaction.pending.indexOf(deferred);
    if (waiting >= 0) {
      // Those deferred before it go with it, in order; those deferred after it keep waiting.
      const later = transaction.pending.splice(waiting);
      later.shift();
      const result = send(transaction, statement);
      transaction.pending.push(...later);
      result.then(deferred.resolve, deferred.reject);
    }
    return sent;
  };
  return { sent, now };
};
