import { sql, type AliasedExpression, type Expression, type RawBuilder } from 'kysely';
import type { Database } from './database.ts';
import { compileWith, createSqlBuilder } from './sql-builder.ts';

type Row = Record<string, unknown>;

/**
 * Columns of a `select` without `from` (scalar subqueries, bound values), owned by one domain,
 * which the service may run beside other domains' columns in one statement: `select <a>, <b>`.
 * Each part names its own columns (unique across the parts it is run with) and reads them back
 * from the shared row, so no domain learns another's tables and a read model costs one round trip.
 */
export interface SelectColumns<T> {
  /** The columns, each aliased (`(select count(*) …) as jobs_open, …`), built with Kysely's `sql` tag or builders. */
  sql: RawBuilder<unknown>;
  read(row: Row): T;
}

/**
 * What a part's columns compare with: a bound value (`sql.val(id)`) or a column of the statement
 * the part joins (`sql.ref('g.principal_id')`), so the same count can be read for a known principal
 * or for the one a token names, in the token's own statement.
 */
export type SqlOperand = Expression<string>;

/**
 * The display name of the principal a column names, as SQL another domain's statement can select:
 * supplied by the app from the access domain (`PrincipalDirectory`), so jobs and offers read their
 * posters' and providers' names in the same statement without knowing the principals' table.
 */
export type DisplayNameSql = (column: string) => RawBuilder<string | null>;

/** A value the columns compare with, sent as a parameter. */
export const boundValue = (value: string): SqlOperand => sql.val(value);

/** The columns of several aliased selections (`eb.selectFrom(…).select(…).as('n')`), as one part's `sql`. */
export const columnsOf = (selections: readonly AliasedExpression<unknown, string>[]): RawBuilder<unknown> => sql.join(selections);

/** The same columns, read back through `map` (a domain's row values into the shape its callers want). */
export const mapColumns = <T, U>(columns: SelectColumns<T>, map: (value: T) => U): SelectColumns<U> => ({
  ...columns,
  read: (row) => map(columns.read(row)),
});

/** Several parts as one: their columns side by side, each read back into one object. */
export const mergeColumns = <T extends object>(parts: readonly SelectColumns<T>[]): SelectColumns<T> => ({
  sql: sql.join(parts.map((part) => part.sql)),
  read: (row) => Object.assign({}, ...parts.map((part) => part.read(row))) as T,
});

const builder = createSqlBuilder<unknown>();

/** Runs the parts' columns as one statement and reads each part back from its one row, in order. */
export const selectColumns = async <const T extends readonly SelectColumns<unknown>[]>(
  db: Pick<Database, 'compiled'>,
  parts: T,
): Promise<{ [K in keyof T]: T[K] extends SelectColumns<infer R> ? R : never }> => {
  const [row = {}] = await db.compiled.query<Row>(compileWith(builder, sql`select ${sql.join(parts.map((part) => part.sql))}`));
  return parts.map((part) => part.read(row)) as never;
};
