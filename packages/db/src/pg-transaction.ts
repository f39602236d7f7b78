import { AsyncLocalStorage } from 'node:async_hooks';
import pg, { type Pool, type PoolClient, type QueryResult } from 'pg';

/**
 * A transaction on one pooled PostgreSQL connection that costs no round trip of its own: `begin`
 * goes out with its first statement, and `commit` with the statements queued for it
 * (`db.queryAtCommit`), each pair as one simple query. An idempotent create (key, record, stored
 * answer) so takes three round trips instead of five.
 */
interface PgTransaction {
  readonly client: PoolClient;
  begun: boolean;
  /** Statements to send with the `commit`, inlined, in order. */
  readonly atCommit: string[];
}

const current = new AsyncLocalStorage<PgTransaction>();

/** The transaction this async context runs in, if `runPgTransaction` opened one. */
export const currentPgTransaction = (): PgTransaction | undefined => current.getStore();

/**
 * Runs `work` in a transaction on a connection of `pool`, committed when `work` resolves and rolled
 * back when it throws. A connection whose state is unknown after a failure is destroyed, not
 * returned to the pool.
 */
export const runPgTransaction = async <T>(pool: Pool, work: () => Promise<T>): Promise<T> => {
  const transaction: PgTransaction = { client: await pool.connect(), begun: false, atCommit: [] };
  let result: T;
  try {
    result = await current.run(transaction, work);
  } catch (error) {
    await finish(transaction, 'rollback');
    throw error;
  }
  await finish(transaction, 'commit');
  return result;
};

const finish = async ({ client, begun, atCommit }: PgTransaction, outcome: 'commit' | 'rollback'): Promise<void> => {
  let broken: Error | undefined;
  try {
    if (outcome === 'commit' && (begun || atCommit.length > 0)) {
      await client.query([...(begun ? [] : ['begin']), ...atCommit, 'commit'].join('; '));
    } else if (begun) {
      await client.query('rollback');
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

/**
 * Runs one statement (placeholders `$1…`) in `transaction`; its first statement carries the
 * `begin`. `inlined` is the same statement with its values as literals, when it can be written so.
 */
export const queryInPgTransaction = async (
  transaction: PgTransaction,
  statement: { text: string; values: unknown[]; name?: string | undefined },
  inlined: string | undefined,
): Promise<QueryResult> => {
  const { client } = transaction;
  if (!transaction.begun) {
    transaction.begun = true;
    if (inlined !== undefined) {
      const [, result] = (await client.query(`begin; ${inlined}`)) as unknown as QueryResult[];
      return result!;
    }
    await client.query('begin');
  }
  return client.query(statement);
};

/** Queues an inlined statement to go out with the transaction's `commit`. */
export const queueAtCommit = (transaction: PgTransaction, inlined: string): void => {
  transaction.atCommit.push(inlined);
};

/**
 * `text` (placeholders `$1…`, no quotes in it) with each value written as a literal, for the simple
 * protocol, which takes no parameters. Every value goes in quoted, as an untyped literal, so
 * PostgreSQL infers its type from where it stands exactly as it does for a bind parameter.
 * Undefined when a value cannot be written so (bytes).
 */
export const inlineValues = (text: string, values: readonly unknown[]): string | undefined => {
  const literals: string[] = [];
  for (const value of values) {
    if (value === null) literals.push('null');
    else if (typeof value === 'string') literals.push(pg.escapeLiteral(value));
    else if ((typeof value === 'number' && Number.isFinite(value)) || typeof value === 'boolean') literals.push(`'${String(value)}'`);
    else return undefined;
  }
  return text.replace(/\$(\d+)/g, (_, n: string) => literals[Number(n) - 1]!);
};
