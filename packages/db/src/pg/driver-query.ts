import { AsyncLocalStorage } from 'node:async_hooks';
import { CompiledQuery, type Transaction } from 'kysely';
import type { Pool, QueryResult } from 'pg';
import type { MikroORM } from '@mikro-orm/core';
import type { AbstractSqlConnection, SqlEntityManager } from '@mikro-orm/sql';
import type { Tracer } from '@opentelemetry/api';
import type { CompiledStatement, DeferredQuery, Engine, QueryOptions } from '../query-types.ts';
import { hasNul, NulCharacterError } from '@svc/kernel';
import { currentPgTransaction, deferInPgTransaction, queryInPgTransaction } from './pg-transaction.ts';
import { PipelineFailure, sendPipelined, sqlText } from './pipelined.ts';
import type { Naming } from './pool-mode.ts';
import type { DatabaseObserver } from '../observer.ts';
import { endStatementSpan, startStatementSpan, tracedContext, watchesStatements, watchStatement } from './statement-spans.ts';
import { perStatementTimeoutMs, setLocalTimeoutSql } from './statement-timeout.ts';

/**
 * Statement texts kept with their use counts. Statements are a fixed set of texts plus a few built
 * from parts (updates of the fields a patch names, multi-row inserts), so this is never reached in
 * practice; past it a text is sent unnamed.
 */
const MAX_CACHED = 1_000;
/**
 * Statements prepared by name on each pooled connection (PostgreSQL keeps them until the connection
 * closes). A text gets a name on its third use, so one-off statements stay unnamed.
 */
const MAX_NAMED = 200;
const NAME_AFTER_USES = 3;

interface Statement {
  uses: number;
  name: string | undefined;
  /** The naming generation its name and uses count in (`Naming.generation`). */
  generation: number;
}

/** A statement ready for the driver: its `$1…` text, its values converted, and what is known of its text. */
interface Prepared {
  text: string;
  values: unknown[];
  statement: Statement | undefined;
}

/**
 * `db.query` straight on the driver: the statement goes to PostgreSQL with bind parameters instead
 * of MikroORM's `em.execute`, which inlines every value into the SQL text (so PostgreSQL parses and
 * plans each call afresh) and runs it through its logging and kysely's plugins.
 *
 * - In a transaction `db.transaction` opened on PostgreSQL: on its pooled connection, the first
 *   statement with the `begin` (pg-transaction.ts).
 * - In one MikroORM opened (`em.transactional`; every `db.transaction` on PGlite): on the
 *   transaction's own connection, through the kysely `Transaction` it keeps as the context.
 * - Outside one, on PostgreSQL: on MikroORM's `pg` pool, as a named prepared statement once a text
 *   is in common use, so PostgreSQL parses it once per connection and, after five runs, may keep
 *   one generic plan for it; with `planForValues` always unnamed, so each call is planned for its
 *   values (search).
 * - Outside one, on PGlite: through MikroORM's kysely client, as `em.execute` did (PGlite has one
 *   connection; kysely's driver routes a query into an open transaction, as before).
 *
 * Rows come back from the same clients with the same type parsers as before (timestamps as text).
 * Driver errors propagate as the driver's own errors (nobody catches MikroORM's exception classes):
 * a request answers 500 and a transaction rolls back, as before.
 *
 * With a `tracer` (tracing on), each statement a traced request sends gets a span holding its text
 * with placeholders (statement-spans.ts), and an `observer` that counts statements gets each one's
 * time; without either the statement path is the same as before.
 */
export const createDriverQuery = (orm: MikroORM, engine: Engine, naming: Naming, observer: DatabaseObserver, tracer?: Tracer) => {
  const statements = new Map<string, Statement>();
  /**
   * Names given so far, in every generation: a connection keeps every name it prepared until it
   * closes, so the bound counts them all.
   */
  let named = 0;
  let pool: Pool | undefined;
  const connection = () => orm.em.getConnection() as unknown as AbstractSqlConnection;

  const nameOf = (statement: Statement): string | undefined => {
    // Behind a pooler in transaction mode a name would reach another server session (pool-mode.ts).
    if (!naming.named || engine !== 'postgresql') return undefined;
    // A plan went stale (Naming.generation): every text counts its uses afresh, under new names.
    if (statement.generation !== naming.generation) Object.assign(statement, { generation: naming.generation, name: undefined, uses: 0 });
    if (statement.name) return statement.name;
    statement.uses += 1;
    if (statement.uses >= NAME_AFTER_USES && named < MAX_NAMED) {
      named += 1;
      statement.name = `svc_${naming.generation}_${named}`;
    }
    return statement.name;
  };

  const poolOf = async (): Promise<Pool> => {
    if (!pool || (pool as Pool & { ending?: boolean }).ending) {
      pool = await (connection() as unknown as { getNativeClient(): Promise<Pool> }).getNativeClient();
    }
    return pool;
  };

  /**
   * A statement outside a transaction that must carry its own time limit (transaction mode,
   * statement-timeout.ts): `begin; set local …`, the statement and `commit`, pipelined in one round
   * trip, so the limit ends with the transaction.
   */
  const timedOnPool = async (db: Pool, text: string, values: unknown[], ms: number): Promise<QueryResult> => {
    const client = await db.connect();
    let broken: Error | undefined;
    try {
      return (await sendPipelined(client, [sqlText('begin', setLocalTimeoutSql(ms)), { text, values }, 'commit']))[1]!;
    } catch (error) {
      // The statement failed and the pipelined `commit` ended the transaction (ROLLBACK); a
      // connection whose `commit` did not answer is in an unknown state.
      if (!(error instanceof PipelineFailure)) throw error;
      if (!error.ended) broken = error;
      throw error.first;
    } finally {
      client.release(broken);
    }
  };

  const onPool = async (text: string, values: unknown[], statement: Statement | undefined): Promise<QueryResult> => {
    const db = await poolOf();
    const ms = perStatementTimeoutMs(db);
    if (ms !== undefined) return timedOnPool(db, text, values, ms);
    const name = statement && values.length > 0 ? nameOf(statement) : undefined;
    if (!name) return db.query({ text, values });
    try {
      return await db.query({ name, text, values });
    } catch (error) {
      // A migration that changed a table under a prepared `select *` / `returning *`: PostgreSQL
      // refuses the old plan before running anything. Retire the name (connections prepare the
      // text afresh under a new one) and run this call unnamed.
      const code = (error as { code?: string }).code;
      // A name the server session does not know, or knows for another text: the connection is not
      // one session (a transaction-mode pooler the probe at open missed). Name nothing from now on.
      if (code === '26000' || code === '42P05' || code === '08P01') {
        naming.named = false;
        return db.query({ text, values });
      }
      if (code !== '0A000') throw error;
      naming.generation += 1;
      return db.query({ text, values });
    }
  };

  /**
   * The statement as the driver takes it: its text as written (`$1…`, one per parameter; several
   * statements separated by `;` run where there are no parameters), its values converted.
   */
  const prepare = (sql: string, params: readonly unknown[]): Prepared => {
    if (params.length === 0) return { text: sql, values: [] as unknown[], statement: undefined };
    let statement = statements.get(sql);
    if (!statement) {
      statement = { uses: 0, name: undefined, generation: 0 };
      if (statements.size < MAX_CACHED) statements.set(sql, statement);
    }
    return { text: sql, values: params.map(toDriverValue), statement };
  };

  const query = async <T extends object>(sql: string, params: readonly unknown[] = [], options: QueryOptions = {}): Promise<T[]> =>
    send<T>(prepare(sql, params), options);

  const sendUntraced = async <T extends object>({ text, values, statement }: Prepared, options: QueryOptions): Promise<T[]> => {
    const em = orm.em.getContext(false) as unknown as SqlEntityManager;
    const transaction = em.getTransactionContext<Transaction<unknown>>();
    if (transaction) return (await transaction.executeQuery<T>(CompiledQuery.raw(text, values))).rows as T[];
    if (engine === 'pglite') return (await connection().getClient().executeQuery<T>(CompiledQuery.raw(text, values))).rows as T[];
    const own = currentPgTransaction();
    if (own) {
      const name = statement && values.length > 0 && !options.planForValues ? nameOf(statement) : undefined;
      return ((await queryInPgTransaction(own, { name, text, values })).rows ?? []) as T[];
    }
    // Unnamed, a statement is planned for the values of its call.
    return ((await onPool(text, values, options.planForValues ? undefined : statement)).rows ?? []) as T[];
  };

  // Chosen once: with tracing and statement metrics off a statement pays not even a closure for it.
  // The span records the `$1…` text, never `values`.
  const send: typeof sendUntraced = watchesStatements(tracer, observer)
    ? (prepared, options) => watchStatement(tracer, observer, prepared.text, () => sendUntraced(prepared, options))
    : sendUntraced;

  /**
   * A statement to send with the transaction's next statement or its `commit` (one round trip for
   * both), in our own transaction on PostgreSQL; elsewhere it is sent at once. Its failure fails the
   * transaction; `rows()` gives its rows, sending it now if it still waits.
   */
  const queryDeferred = <T extends object>(sql: string, params: readonly unknown[] = []): DeferredQuery<T> =>
    defer<T>(sql, () => prepare(sql, params));

  /** `queryDeferred` of the statement `prepared` makes, once it must go out; `sql` as written, for the error. */
  const defer = <T extends object>(sql: string, prepared: () => Prepared): DeferredQuery<T> => {
    const own = currentPgTransaction();
    if (!own) {
      const awaited = settledWithTransaction.getStore();
      if (!awaited) throw new Error(`A deferred statement needs a transaction (db.transaction): ${sql}`);
      const running = (async () => send<T>(prepared(), {}))();
      // The transaction waits for it before it ends, so its failure fails the transaction.
      awaited.push(running);
      running.catch(() => {});
      return { rows: () => running };
    }
    const { text, values, statement } = prepared();
    // Under the driver's name for its text where it has one (session mode).
    const deferred = deferInPgTransaction(own, { text, values, name: statement && values.length > 0 ? nameOf(statement) : undefined });
    deferred.sent.catch(() => {});
    // Its span runs from now until its result comes back, with the next statement or the commit
    // (a write group's, too): the time the request waits for it.
    const parent = tracedContext(tracer);
    if (parent) {
      const span = startStatementSpan(tracer!, parent, text, { 'svc.db.deferred': true });
      deferred.sent.then(() => endStatementSpan(span), (error: unknown) => endStatementSpan(span, error));
    }
    return { rows: async () => ((await deferred.now()).rows ?? []) as T[] };
  };

  return {
    query,
    queryDeferred,
    /** `query` and `queryDeferred` for statements a typed builder compiled (`$1…` placeholders). */
    compiled: {
      query: async <T extends object>(statement: CompiledStatement, options: QueryOptions = {}): Promise<T[]> => send<T>(prepare(statement.sql, statement.parameters), options),
      queryDeferred: <T extends object>(statement: CompiledStatement): DeferredQuery<T> => defer<T>(statement.sql, () => prepare(statement.sql, statement.parameters)),
    },
    pool: poolOf,
  };
};

const settledWithTransaction = new AsyncLocalStorage<Promise<unknown>[]>();

/**
 * Runs `work` as the body of a transaction the entity manager opened (PGlite, or inside
 * `em.transactional`), where deferred statements run at once: they are all awaited before the
 * transaction ends, so one that failed fails it.
 */
export const withDeferredSettled = <T>(work: () => Promise<T>): Promise<T> => {
  const deferred: Promise<unknown>[] = [];
  return settledWithTransaction.run(deferred, async () => {
    const result = await work();
    await Promise.all(deferred);
    return result;
  });
};

/**
 * A parameter as MikroORM inlined it: dates as UTC ISO timestamps (`forceUtcTimezone`), plain
 * objects as JSON text; strings, numbers, booleans, null and bytes as they are. Arrays were spread
 * into a list; with bind parameters they must be a `textArray(…)` literal with `$n::text[]`.
 */
const toDriverValue = (value: unknown): unknown => {
  if (value === undefined || value === null) return null;
  // PostgreSQL's text cannot hold a NUL: refused as bad input (400), not left to fail as a 500.
  if (typeof value === 'string' && hasNul(value)) throw new NulCharacterError();
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) {
    throw new Error('An array parameter: pass textArray(values) and write $n::text[] in the SQL.');
  }
  if (typeof value === 'object' && !ArrayBuffer.isView(value)) return JSON.stringify(value);
  return value;
};
