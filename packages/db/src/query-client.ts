import type { Kysely } from 'kysely';
import type { Database } from './database.ts';
import { entityTable, type EntityDefinition, type EntityTable, type EntityTables, type InsertRecord } from './entity-tables.ts';
import type { CompiledStatement, DeferredQuery, QueryOptions } from './query-types.ts';
import { prepared, preparedShapes } from './prepared.ts';
import { compileWith, createSqlBuilder, type Compilable } from './sql-builder.ts';

/**
 * What a repository may do with the database: build statements on its own tables, typed from its
 * entities, send them the ways the executor knows, and run work in one transaction. Nothing else of
 * `Database`: no entity manager, no SQL text of its own, no other domain's tables in its types.
 *
 * A statement is built with `builder` (Kysely: `builder.selectFrom('threads').select(…)`) or written
 * with Kysely's `sql` tag where PostgreSQL needs more (locks, ranking, capped counts), compiled here
 * (`$1…` placeholders, names unquoted: sql-builder.ts) and sent through `Database.compiled`: the same
 * connections, named statements, deferral and group commit as every other statement.
 */
export interface QueryClient<E extends EntityDefinition> {
  /** Builds statements on the entities' tables; it never connects (send them with the methods below). */
  readonly builder: Kysely<EntityTables<E>>;
  /** One entity's table: its name, its columns, and its rows read into records and records into rows. */
  table<T extends E>(entity: T): EntityTable<T>;
  /** The statement's rows, sent with bind parameters, in the current transaction when there is one (`Database.query`). */
  query<R>(statement: Compilable<R>, options?: QueryOptions): Promise<R[]>;
  /** Sent with the transaction's next statement or its `commit` (`Database.queryDeferred`). */
  deferred<R>(statement: Compilable<R>): DeferredQuery<R>;
  /** One change as a transaction of its own, committed with others at the same moment (`Database.write`). */
  write<R>(statement: Compilable<R>): Promise<R[]>;
  /** Inserts records of an entity, in one statement; deferred in a transaction on PostgreSQL (`Database.insert`). */
  insert<T extends E>(entity: T, records: InsertRecord<T> | readonly InsertRecord<T>[]): Promise<void>;
  /** Runs `work` in one transaction; nested calls join the outer one (`Database.transaction`). */
  transaction<T>(work: () => Promise<T>): Promise<T>;
  /** Whether this async context runs in a transaction (`Database.inTransaction`). */
  inTransaction(): boolean;
}

/** What a client needs of the database: the compiled-statement path, transactions and the entities' metadata. */
export type ClientDatabase = Pick<Database, 'compiled' | 'transaction' | 'inTransaction' | 'orm'>;

/** The client of a domain whose tables are `entities` (its `defineEntity` schemas, registered with `db`). */
export const createQueryClient = <E extends EntityDefinition>(db: ClientDatabase, entities: readonly E[]): QueryClient<E> => {
  const builder = createSqlBuilder<EntityTables<E>>();
  const tables = new Map<E, EntityTable<E>>();
  const table = <T extends E>(entity: T): EntityTable<T> => {
    if (!entities.includes(entity)) throw new Error(`${entity.meta.className} is not one of this client's entities`);
    let known = tables.get(entity);
    if (!known) tables.set(entity, (known = entityTable<E>(db.orm.getMetadata().get(entity))));
    return known as unknown as EntityTable<T>;
  };
  const compile = <R>(statement: Compilable<R>): CompiledStatement => compileWith(builder as Kysely<unknown>, statement);
  /**
   * The insert of rows with these columns into `name`, built once (prepared) per table and set of
   * columns of each row: a domain inserts the same few shapes again and again. Values are named
   * `<row> <column>`.
   */
  const insertOf = preparedShapes(
    ({ name, rows }: { name: string; rows: readonly Record<string, unknown>[] }) => `${name}(${rows.map((row) => Object.keys(row).join(',')).join(')(')})`,
    ({ name, rows }) => {
      const columnsOf = rows.map((row) => Object.keys(row));
      // The builder's types cannot follow a table chosen at run time; `values` gives that table's rows.
      return prepared((v: Record<string, unknown>) =>
        (builder as unknown as Kysely<Record<string, Record<string, unknown>>>)
          .insertInto(name)
          .values(columnsOf.map((columns, at) => Object.fromEntries(columns.map((column) => [column, v[`${at} ${column}`]])))),
      );
    },
  );
  return {
    builder,
    table,
    query: <R>(statement: Compilable<R>, options?: QueryOptions) => db.compiled.query(compile(statement), options) as Promise<R[]>,
    deferred: <R>(statement: Compilable<R>) => db.compiled.queryDeferred(compile(statement)) as DeferredQuery<R>,
    write: <R>(statement: Compilable<R>) => db.compiled.write(compile(statement)) as Promise<R[]>,
    insert: async (entity, records) => {
      const list = (Array.isArray(records) ? records : [records]) as InsertRecord<E>[];
      if (list.length === 0) return;
      const { name, values } = table(entity) as unknown as EntityTable<E>;
      const rows = list.map(values) as Record<string, unknown>[];
      const given: Record<string, unknown> = {};
      rows.forEach((row, at) => {
        for (const column in row) given[`${at} ${column}`] = row[column];
      });
      await db.compiled.insert(compile(insertOf({ name, rows })(given)));
    },
    transaction: (work) => db.transaction(work),
    inTransaction: () => db.inTransaction(),
  };
};
