import { mkdir } from 'node:fs/promises';
import type { EntityName, EntitySchema, MigrationObject, Routine } from '@mikro-orm/core';
import { Migrator } from '@mikro-orm/migrations';
import type { MikroORM } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { lockDataDirectory } from './data-dir-lock.ts';
import { createDriverQuery, withDeferredSettled } from './driver-query.ts';
import { createEntityInsert } from './entity-insert.ts';
import { currentPgTransaction, runPgTransaction } from './pg-transaction.ts';
import { PGLITE_START_PARAMS } from './pglite-settings.ts';
import { releaseStackAfterErrors } from './pglite-stack.ts';
import { detectPoolMode, type PoolMode } from './pool-mode.ts';
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
}

/**
 * One database for every domain. `em` is MikroORM's global entity manager: inside a request or a
 * worker run it resolves to that run's fork (RequestContext), inside `transaction()` to the
 * transaction, so repositories can hold it for their whole life. Outside both, anything that
 * needs an identity map (`find`, `persist`, `flush`…) throws; `insert` and raw SQL still work.
 */
export interface Database {
  readonly engine: Engine;
  /** How connections reach the server, and whether that was configured or found out at open. */
  readonly pool: { readonly mode: PoolMode; readonly source: 'configured' | 'detected' };
  readonly orm: MikroORM;
  readonly em: SqlEntityManager;
  /**
   * Raw SQL with `?` placeholders, sent with bind parameters, in the current transaction when there
   * is one. Cast what PostgreSQL cannot infer (`?::text is null`, `select ?::int`); pass arrays as
   * `textArray(…)` with `?::text[]` and JSON as a string with `?::jsonb`.
   */
  query<T extends object = Record<string, unknown>>(sql: string, params?: readonly unknown[], options?: QueryOptions): Promise<T[]>;
  /**
   * A statement sent with the transaction's next statement, or with its `commit` (on PostgreSQL,
   * one round trip for both): for a write whose rows are not needed before the next statement.
   * In a transaction the entity manager opened (always on PGlite) it is sent at once and awaited
   * before the transaction ends. Only in a transaction. Its text may hold no quotes (its values go
   * in as literals). If it fails, the transaction fails; `rows()` gives its rows.
   */
  queryDeferred<T extends object = Record<string, unknown>>(sql: string, params?: readonly unknown[]): DeferredQuery<T>;
  /**
   * One statement that changes rows, as a transaction of its own; its rows come after its commit.
   * On PostgreSQL it is committed with whatever other transactions commit at the same moment
   * (group-commit.ts), so concurrent edits share a round trip and a WAL flush. Its text may hold no
   * quotes (its values go in as literals). Inside `transaction` it runs as `query` would.
   */
  write<T extends object = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /**
   * Inserts rows of an entity as `em.insert` would (property names, JSON and `text[]` values), in
   * the current transaction on either engine. Several rows go in one statement and take the
   * properties of the first. Outside a transaction it is a prepared statement, awaited. In
   * `transaction` on PostgreSQL it is deferred (`queryDeferred`): it goes out with the next
   * statement or the `commit`, and if it fails, that statement and the transaction fail.
   */
  insert<T extends object>(entity: EntityName<T>, rows: Partial<T> | readonly Partial<T>[]): Promise<void>;
  /** The same four ways of sending, for statements a typed builder compiled (`$1…` placeholders). */
  readonly compiled: CompiledStatements;
  /**
   * Runs `work` in one transaction; nested calls join the outer one. On PostgreSQL the transaction
   * is the driver's, not the entity manager's: use `query`, `queryDeferred` and `insert` in it.
   */
  transaction<T>(work: () => Promise<T>): Promise<T>;
  /** Whether this async context runs in a transaction (`transaction`, or one the entity manager opened). */
  inTransaction(): boolean;
  /** Runs `work` with a fresh entity-manager fork (one per request and per worker run). */
  withContext<T>(work: () => Promise<T>): Promise<T>;
  migrate(): Promise<string[]>;
  isReady(): Promise<boolean>;
  close(): Promise<void>;
}

const MIGRATION_LOCK_ID = 7_310_001;

export const openDatabase = async (options: DatabaseOptions): Promise<Database> => {
  const engine: Engine = options.url ? 'postgresql' : 'pglite';
  const common = {
    entities: options.entities,
    routines: options.routines ?? [],
    extensions: [Migrator],
    migrations: { migrationsList: sortMigrations(options.migrations), transactional: true, allOrNothing: true, snapshot: false, silent: true },
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
    orm = await PostgresOrm.init({
      ...common,
      clientUrl: options.url,
      pool: { max: options.poolMax ?? 10 },
    } as never);
  } else {
    const { MikroORM: PgliteOrm } = await import('@mikro-orm/pglite');
    // Else each failed statement keeps some of PGlite's stack until none is left (pglite-stack.ts).
    releaseStackAfterErrors((await import('@electric-sql/pglite')).PGlite);
    const dataDir = options.dataDir ?? 'memory://';
    if (!dataDir.startsWith('memory://')) {
      await mkdir(dataDir, { recursive: true });
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
  const naming = { named: false };
  const driver = createDriverQuery(orm, engine, naming);
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
  const transaction = async <T>(work: () => Promise<T>): Promise<T> => {
    if (currentPgTransaction()) return work();
    // PGlite has one connection, and a transaction the entity manager opened is joined as it is.
    if (engine === 'pglite' || em.getContext(false).getTransactionContext()) return em.transactional(() => withDeferredSettled(work));
    return runPgTransaction(await driver.pool(), work, naming);
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
    // In our own transaction on PostgreSQL an INSERT's rows are never read: it goes out with the
    // next statement or the `commit` instead of costing a round trip of its own.
    insert: createEntityInsert(orm, (sql, params) => {
      if (!currentPgTransaction() || params.some((value) => ArrayBuffer.isView(value))) return driver.query(sql, params);
      driver.queryDeferred(sql, params);
    }),
    compiled: {
      query: driver.compiled.query,
      queryDeferred: driver.compiled.queryDeferred,
      write: async <T extends object>(statement: CompiledStatement) => (await transaction(async () => driver.compiled.queryDeferred<T>(statement))).rows(),
      insert: async (statement) => {
        if (!currentPgTransaction() || statement.parameters.some((value) => ArrayBuffer.isView(value))) await driver.compiled.query(statement);
        else driver.compiled.queryDeferred(statement);
      },
    },
    transaction,
    inTransaction: () => currentPgTransaction() !== undefined || em.getContext(false).getTransactionContext() !== undefined,
    withContext: <T>(work: () => Promise<T>) => RequestContext.create(em, work),
    migrate: async () => {
      const up = async () => (await orm.migrator.up()).map((m) => m.name);
      if (engine === 'pglite') return up();
      // Several processes may start at once: one migrates while the others wait on the lock, then find nothing to do.
      return em.fork().transactional(async (tx) => {
        await tx.execute('select pg_advisory_xact_lock(?)', [MIGRATION_LOCK_ID]);
        return up();
      });
    },
    isReady: async () => {
      try {
        await em.fork().execute('select 1');
        return true;
      } catch {
        return false;
      }
    },
    close: async () => {
      try {
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
