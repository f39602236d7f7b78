import type { EntityMetadata, EntityProperty, EntitySchemaWithMeta } from '@mikro-orm/core';
import type { InferEntityProperties, InferKyselyDB, InferKyselyTable, SnakeCase } from '@mikro-orm/sql';
import type { ColumnType, Insertable, Selectable, SelectType, Updateable } from 'kysely';
import { textArray } from './sql-values.ts';

/** A `defineEntity` schema: what every type below is derived from. */
export type EntityDefinition = EntitySchemaWithMeta<string, string>;

/**
 * A column as the drivers hand it over and take it, where that differs from the entity's type:
 * timestamps come back as text on PostgreSQL (MikroORM's type parsers keep them raw) and are written
 * as Dates; JSON and `text[]` are read parsed but written as text (`JSON.stringify`, `textArray`),
 * which is what the statement's parameters must be. `EntityTable.read` / `values` convert. A column
 * with a database default stays Kysely's `Generated` (it may be left out of an insert).
 */
type Stored<V> = V extends ColumnType<unknown, unknown, unknown> ? V : V extends Date ? Date | string : V extends object ? ColumnType<V, string, string> : V;

/**
 * The tables of the entities `E` (a union of `defineEntity` schemas) as Kysely's database type: one
 * table per entity under its `tableName`, one column per persisted property under its column name
 * (snake_case of the property, or its `fieldName`). MikroORM's `InferKyselyDB` names them; a
 * many-to-one column must be named with `.fieldName('x_id')` (`joinColumn` does not reach the type).
 */
export type EntityTables<E extends EntityDefinition> = {
  [T in keyof InferKyselyDB<E>]: { [C in keyof InferKyselyDB<E>[T]]: Stored<InferKyselyDB<E>[T][C]> };
};

/** The one table of entity `E`. */
export type TableName<E extends EntityDefinition> = keyof InferKyselyDB<E> & string;
type TableOf<E extends EntityDefinition> = EntityTables<E>[TableName<E>];
/** A column name of entity `E`'s table. */
export type ColumnName<E extends EntityDefinition> = keyof TableOf<E> & string;

type Builder<P> = P extends (...args: never[]) => infer R ? R : P;
type ColumnOf<E extends EntityDefinition, K extends keyof InferEntityProperties<E>> =
  Builder<InferEntityProperties<E>[K]> extends { '~options': { fieldName: infer F extends string } } ? F : SnakeCase<K & string>;

/**
 * A row of entity `E` as the domain holds it: property names, timestamps as Dates, JSON parsed, a
 * column with a default as its value (the entity's own types, as MikroORM infers them for Kysely).
 */
export type EntityRecord<E extends EntityDefinition> = {
  -readonly [K in keyof InferEntityProperties<E> as ColumnOf<E, K> extends keyof InferKyselyTable<E> ? K : never]: SelectType<
    InferKyselyTable<E>[ColumnOf<E, K> & keyof InferKyselyTable<E>]
  >;
};

/** A record to insert: properties that may be null may be left out (the column is then null). */
export type InsertRecord<E extends EntityDefinition> = Partial<EntityRecord<E>> & {
  [K in keyof EntityRecord<E> as null extends EntityRecord<E>[K] ? never : K]: EntityRecord<E>[K];
};

/**
 * One entity's table, for building its statements: its name, its columns (in the entity's order,
 * the select list every read of a whole row shares) and the conversions between a row as the
 * driver hands it over (column names, drivers' value types) and the record the domain keeps.
 */
export interface EntityTable<E extends EntityDefinition> {
  readonly name: TableName<E>;
  readonly columns: readonly ColumnName<E>[];
  /** The columns qualified by a table alias (`t.id`, `t.title`, …), for statements that join. */
  columnsOf<A extends string>(alias: A): readonly `${A}.${ColumnName<E>}`[];
  /** The record in a row that holds every column (extra columns, e.g. from a join, are left out). */
  read(row: Selectable<TableOf<E>>): EntityRecord<E>;
  /** The row to insert for a record: column names, and JSON and `text[]` values as their text. */
  values(record: InsertRecord<E>): Insertable<TableOf<E>>;
  /** What an update sets for the properties given, converted as `values` converts; a property left out keeps its column. */
  updates(changes: Partial<EntityRecord<E>>): Updateable<TableOf<E>>;
}

type Reader = (value: unknown) => unknown;

/**
 * A timestamp as a Date: the PostgreSQL driver hands `timestamptz` over as text
 * (`2026-11-21 12:00:00.123+00`), PGlite as a Date; both end up the same.
 */
export const dateOf = (value: unknown): Date => {
  if (value instanceof Date) return value;
  const text = String(value);
  // Into ISO 8601 by position (a `T` for the space, minutes on an hour-only offset), not by regular
  // expressions: a row holds several timestamps and every answer reads rows, so this is a third the cost.
  const sign = text.charCodeAt(text.length - 3);
  const date = new Date(text.length > 10 ? `${text.slice(0, 10)}T${text.slice(11)}${sign === 43 || sign === 45 ? ':00' : ''}` : text);
  if (Number.isNaN(date.getTime())) throw new Error(`Not a timestamp: ${String(value)}`);
  return date;
};

/** How a property's value goes to its column: JSON as text, `text[]` as an array literal. */
const writerOf = (prop: EntityProperty): Reader => {
  const column = (prop.columnTypes[0] ?? '').toLowerCase();
  if (column === 'json' || column === 'jsonb') return (value) => (value === null || value === undefined ? null : JSON.stringify(value));
  if (column.endsWith('[]')) return (value) => (value === null || value === undefined ? null : textArray(value as string[]));
  return (value) => value;
};

/** How a column's value as the driver hands it over becomes the property's value. */
const readerOf = (prop: EntityProperty): Reader => {
  const column = (prop.columnTypes[0] ?? '').toLowerCase();
  if (prop.runtimeType === 'Date') return (value) => (value === null || value === undefined ? null : dateOf(value));
  // Drivers parse json and jsonb; a string is JSON text some driver left as it came.
  if (column === 'json' || column === 'jsonb') return (value) => (typeof value === 'string' ? JSON.parse(value) : value);
  // bigint and numeric come as text, so that no digit is lost; the entity asked for a number.
  if (prop.runtimeType === 'number') return (value) => (typeof value === 'string' ? Number(value) : value);
  return (value) => value;
};

/** The table of `meta` (discovered by MikroORM, so names are the ones its migrations and inserts use). */
export const entityTable = <E extends EntityDefinition>(meta: EntityMetadata): EntityTable<E> => {
  // Lazy properties (a search vector PostgreSQL generates) are left out of whole-row reads, as
  // MikroORM leaves them out; their column can still be named in a statement. Their types do not
  // say they are lazy, so a select of `columns` is typed with them.
  const props = meta.props.filter((prop) => prop.persist !== false && !prop.lazy && prop.fieldNames?.length === 1);
  const fields = props.map((prop) => ({
    name: prop.name,
    column: prop.fieldNames[0]!,
    generated: prop.generated !== undefined,
    read: readerOf(prop),
    write: writerOf(prop),
  }));
  const columns = fields.map((field) => field.column) as ColumnName<E>[];
  /** The columns of the properties `record` gives (a generated column is PostgreSQL's to write). */
  const columnsFor = (record: object) => {
    const row: Record<string, unknown> = {};
    for (const field of fields) {
      const value = (record as Record<string, unknown>)[field.name];
      if (value !== undefined && !field.generated) row[field.column] = field.write(value);
    }
    return row;
  };
  return {
    name: meta.tableName as TableName<E>,
    columns,
    columnsOf: <A extends string>(alias: A) => columns.map((column) => `${alias}.${column}`) as `${A}.${ColumnName<E>}`[],
    read: (row) => {
      const record: Record<string, unknown> = {};
      for (const field of fields) record[field.name] = field.read((row as Record<string, unknown>)[field.column]);
      return record as EntityRecord<E>;
    },
    values: (record) => columnsFor(record) as Insertable<TableOf<E>>,
    updates: (changes) => columnsFor(changes) as Updateable<TableOf<E>>,
  };
};
