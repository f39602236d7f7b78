import type { EntitySchema, MigrationObject, Routine } from '@mikro-orm/core';
import { Migrator } from '@mikro-orm/migrations';
import type { MikroORM } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { Tracer } from '@opentelemetry/api';
import { lockDataDirectory, makeDataDirectory } from './data-dir-lock.ts';
import { migrate, ONLINE_STEPS_TABLE } from './migrate.ts';
import { createDriverQuery, withDeferredSettled } from './pg/driver-query.ts';
import { currentPgTransaction, runPgTransaction } from './pg/pg-transaction.ts';
import { PGLITE_START_PARAMS } from './pglite-settings.ts';
import { releaseStackAfterErrors } from './pglite-stack.ts';
import { detectPoolMode, type PoolMode } from './pg/pool-mode.ts';
import { createReadinessProbe } from './pg/readiness.ts';
import { applyStatementTimeout, withStatementTimeout } from './pg/statement-timeout.ts';
import { noDatabaseObserver, type DatabaseObserver, type PoolStats } from './observer.ts';
import type { CompiledStatement, CompiledStatements, DeferredQuery, Engine, QueryOptions } from './query-types.ts';

export type { CompiledStatement, CompiledStatements, DeferredQuery, Engine, QueryOptions };

export interface DatabaseOptions {
  /** `postgresql://…`: the real server. Unset: embedded PGlite kept in `dataDir`. */
  url?: string | undefined;
  /**
   * Where PGlite keeps its files; `memory://` keeps nothing. A directory is held by one open
   * database at a time (lock file `<dir>.lock`); a second opener gets `DataDirectoryInUseError`.
   */
  dataDir?: string;
  // biome/oxlint: entity schemas are heterogenous by nature
  entities: EntitySchema<any, any>[];
  migrations: MigrationObject[];
  /**
   * SQL functions the migrations create and the entities rely on (e.g. inside a generated column),
   * declared so that the schema comparison knows them.
   */
  routines?: Routine[];
  poolMax?: number;
  /**
   * Whether `url` reaches PostgreSQL through a pooler in transaction mode (pool-mode.ts); unset, it
   * is found out at open. PGlite has one session of its own: `session`.
   */
  poolMode?: PoolMode | undefined;
  /**
   * The time limit of each request statement on PostgreSQL, in milliseconds; past it PostgreSQL
   * stops the statement (code 57014). Unset or 0: no limit. Set per transaction or per statement,
   * never as a session setting behind a pooler (statement-timeout.ts). PGlite cannot stop a statement.
   */
  statementTimeoutMs?: number | undefined;
  /** Commit groups (pg/group-commit.ts); false only to measure PostgreSQL's `commit_delay` without them. */
  groupCommit?: boolean | undefined;
  /** Told how writes are grouped (the process's metrics); none: nobody is told. */
  observer?: DatabaseObserver;
  /**
   * Tracing on: statements sent inside a traced request get spans from it (statement-spans.ts).
   * None: tracing is off and statements are sent exactly as without it.
   */
  tracer?: Tracer | undefined;
}

/**
 * One database for every domain. `em` is MikroORM's global entity manager: inside a request or a
 * worker run it resolves to that run's fork (RequestContext), inside `transaction()` to the
 * transaction, so repositories can hold it for their whole life. Outside both, anything that
 * needs an identity map (`find`, `persist`, `flush`…) throws; SQL and compiled statements still work.
 */
export interface Database {
  readonly engine: Engine;
  /** How connections reach the server, and whether that was configured or found out at open. */
  readonly pool: { readonly mode: PoolMode; readonly source: 'configured' | 'detected' };
  readonly orm: MikroORM;
  readonly em: SqlEntityManager;
  /**
   * Raw SQL with PostgreSQL's `$1…` placeholders, sent with bind parameters, in the current
   * transaction when there is one. Cast what PostgreSQL cannot infer (`$1::text is null`, `select
   * $1::int`); pass arrays as `textArray(…)` with `$1::text[]` and JSON as a string with `$1::jsonb`.
   */
  query<T extends object = Record<string, unknown>>(sql: string, params?: readonly unknown[], options?: QueryOptions): Promise<T[]>;
  /**
   * A statement sent with the transaction's next statement, or with its `commit` (on PostgreSQL,
   * one round trip for both): for a write whose rows are not needed before the next statement.
   * In a transaction the entity manager opened (always on PGlite) it is sent at once and awaited
   * before the transaction ends. Only in a transaction. If it fails, the transaction fails; `rows()`
   * gives its rows.
   */
  queryDeferred<T extends object = Record<string, unknown>>(sql: string, params?: readonly unknown[]): DeferredQuery<T>;
  /**
   * One statement that changes rows, as a transaction of its own; its rows come after its commit.
   * On PostgreSQL it is committed with whatever other transactions commit at the same moment
   * (group-commit.ts), so concurrent edits share a round trip and a WAL flush. Inside `transaction`
   * it runs as `query` would.
   */
  write<T extends object = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** The same four ways of sending, for statements a typed builder compiled. */
  readonly compiled: CompiledStatements;
  /**
   * Runs `work` in one transaction; nested calls join the outer one. On PostgreSQL the transaction
   * is the driver's, not the entity manager's: use `query`, `queryDeferred` and `compiled` in it.
   */
  transaction<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Runs `work` with `ms` instead of the request statement limit for the transactions it begins
   * (the daily cleanup's longer one). Statements outside a transaction keep the request limit in
   * session mode. Nothing changes on PGlite.
   */
  withStatementTimeout<T>(ms: number, work: () => Promise<T>): Promise<T>;
  /** Whether this async context runs in a transaction (`transaction`, or one the entity manager opened). */
  inTransaction(): boolean;
  /** Runs `work` with a fresh entity-manager fork (one per request and per worker run). */
  withContext<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Applies the pending migrations, under a lock when several processes start at once, and runs
   * their index builds without blocking writes (migrate.ts); answers the names applied.
   */
  migrate(): Promise<string[]>;
  isReady(): Promise<boolean>;
  /** The pool's connections now (read when metrics are scraped, never on a request's path). */
  poolStats(): Promise<PoolStats>;
  close(): Promise<void>;
}

/** Another process created the database between this one's look for it and its own `create database`. */
const createdMeanwhile = (error: unknown): boolean => {
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === '42P04' || (code === '23505' && String(message).includes('pg_database_datname_index'));
};

export const openDatabase = async (options: DatabaseOptions): Promise<Database> => {
  const engine: Engine = options.url ? 'postgresql' : 'pglite';
  const poolMax = options.poolMax ?? 10;
  const migrations = sortMigrations(options.migrations);
  const common = {
    entities: options.entities,
    routines: options.routines ?? [],
    extensions: [Migrator],
    migrations: { migrationsList: migrations, transactional: true, allOrNothing: true, snapshot: false, silent: true },
    // The record of finished online steps (migrate.ts) is the migrator's, as `mikro_orm_migrations` is.
    schemaGenerator: { skipTables: [ONLINE_STEPS_TABLE] },
    // Entity-manager work outside `withContext` or `transaction` would share one identity map
    // between every request of the process; MikroORM refuses it instead (`find`, `persist`, `flush`…).
    allowGlobalContext: false,
    debug: false,
    forceUtcTimezone: true,
  };
  let orm: MikroORM;
  let unlock = async () => {};
  if (options.url) {
    const { MikroORM: PostgresOrm } = await import('@mikro-orm/postgresql');
    const init = () =>
      PostgresOrm.init({
        ...common,
        clientUrl: options.url,
        pool: { max: poolMax },
        // Each client may have several queries on the wire at once (pg/pipelined.ts): statements that
        // go together share a round trip. A query awaited alone goes as it would without.
        driverOptions: { pipeline: true },
      } as never);
    // MikroORM creates a database that does not exist yet when it first connects; of processes
    // starting at once, all but one then fail to create it again. It exists by then: those start
    // over (the failed attempt was left pointed at the server's management database) and open it.
    const connected = async (): Promise<MikroORM> => {
      const opened = await init();
      try {
        await opened.connect();
        return opened;
      } catch (error) {
        await opened.close(true).catch(() => {});
        throw error;
      }
    };
    orm = await connected().catch((error: unknown) => {
      if (createdMeanwhile(error)) return connected();
      throw error;
    });
  } else {
    const { MikroORM: PgliteOrm } = await import('@mikro-orm/pglite');
    // Else each failed statement keeps some of PGlite's stack until none is left (pglite-stack.ts).
    releaseStackAfterErrors((await import('@electric-sql/pglite')).PGlite);
    const dataDir = options.dataDir ?? 'memory://';
    if (!dataDir.startsWith('memory://')) {
      await makeDataDirectory(dataDir);
      // One process per data directory: a second one fails here with DataDirectoryInUseError.
      unlock = await lockDataDirectory(dataDir);
    }
    try {
      // PGlite's settings, chosen for memory: see pglite-settings.ts.
      orm = await PgliteOrm.init({ ...common, dbName: dataDir, driverOptions: { startParams: PGLITE_START_PARAMS } } as never);
    } catch (error) {
      await unlock();
      throw error;
    }
  }
  const em = orm.em as unknown as SqlEntityManager;
  const { RequestContext } = await import('@mikro-orm/core');
  // Nothing is prepared by name until the pool's mode is known.
  const naming = { named: false, generation: 0, grouped: options.groupCommit ?? true };
  const observer = options.observer ?? noDatabaseObserver;
  const driver = createDriverQuery(orm, engine, naming, observer, options.tracer);
  let mode = options.poolMode ?? 'session';
  if (options.poolMode === undefined && engine === 'postgresql') {
    try {
      mode = await detectPoolMode(await driver.pool());
    } catch (error) {
      await orm.close(true);
      throw error;
    }
  }
  const pool = { mode, source: options.poolMode === undefined && engine === 'postgresql' ? 'detected' : 'configured' } as const;
  naming.named = pool.mode === 'session';
  // Once the mode is known: the probe ran without a limit, and the mode decides where it is set.
  if (engine === 'postgresql' && options.statementTimeoutMs) applyStatementTimeout(await driver.pool(), options.statementTimeoutMs, pool.mode);
  // PostgreSQL answers readiness on a connection of its own (pg/readiness.ts); PGlite has one connection.
  const readiness = engine === 'postgresql' ? createReadinessProbe(() => driver.pool()) : undefined;
  const transaction = async <T>(work: () => Promise<T>): Promise<T> => {
    if (currentPgTransaction()) return work();
    // PGlite has one connection, and a transaction the entity manager opened is joined as it is.
    if (engine === 'pglite' || em.getContext(false).getTransactionContext()) return em.transactional(() => withDeferredSettled(work));
    return runPgTransaction(await driver.pool(), work, naming, observer, options.tracer);
  };

  return {
    engine,
    pool,
    orm,
    em,
    query: driver.query,
    queryDeferred: driver.queryDeferred,
    write: async <T extends object>(sql: string, params: readonly unknown[] = []) => {
      const statement = await transaction(async () => driver.queryDeferred<T>(sql, params));
      return statement.rows();
    },
    compiled: {
      query: driver.compiled.query,
      queryDeferred: driver.compiled.queryDeferred,
      write: async <T extends object>(statement: CompiledStatement) => (await transaction(async () => driver.compiled.queryDeferred<T>(statement))).rows(),
      // In our own transaction on PostgreSQL an INSERT's rows are never read: it goes out with the
      // next statement or the `commit` instead of costing a round trip of its own.
      insert: async (statement) => {
        if (currentPgTransaction()) driver.compiled.queryDeferred(statement);
        else await driver.compiled.query(statement);
      },
    },
    transaction,
    withStatementTimeout,
    inTransaction: () => currentPgTransaction() !== undefined || em.getContext(false).getTransactionContext() !== undefined,
    withContext: <T>(work: () => Promise<T>) => RequestContext.create(em, work),
    migrate: () => migrate({ orm, em, engine, url: options.url, mode: pool.mode, migrations, query: (sql) => driver.query(sql) }),
    isReady: async () => {
      if (readiness) return readiness.ask();
      try {
        await em.fork().execute('select 1');
        return true;
      } catch {
        return false;
      }
    },
    poolStats: async () => {
      if (engine === 'pglite') return { max: 1, size: 1, idle: 1, waiting: 0 };
      const pg = await driver.pool();
      return { max: poolMax, size: pg.totalCount, idle: pg.idleCount, waiting: pg.waitingCount };
    },
    close: async () => {
      try {
        await readiness?.close();
        await orm.close(true);
      } finally {
        await unlock();
      }
    },
  };
};

/** Migrations of every package run in the order of their names (`YYYYMMDDhhmm_package_what`). */
const sortMigrations = (list: MigrationObject[]): MigrationObject[] =>
  [...list].sort((a, b) => a.name.localeCompare(b.name));
