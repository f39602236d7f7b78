import { sql, type RawBuilder } from 'kysely';
import type { Database } from './database.ts';
import { splitAtPlaceholders } from './pg/placeholders.ts';

type Row = Record<string, unknown>;

/**
 * Columns of a `select` without `from` (scalar subqueries, `?` parameters), owned by one domain,
 * which the service may run beside other domains' columns in one statement: `select <a>, <b>`.
 * Each part names its own columns (unique across the parts it is run with) and reads them back
 * from the shared row, so no domain learns another's tables and a read model costs one round trip.
 */
export interface SelectColumns<T> {
  sql: string;
  params: readonly unknown[];
  read(row: Row): T;
}

/**
 * What a part's columns compare with: a bound value (`boundValue(id)`, sent as `?`) or a column of
 * the statement the part joins (`{ sql: 'g.principal_id', params: [] }`), so the same count can be
 * read for a known principal or for the one a token names, in the token's own statement.
 */
export interface SqlOperand {
  sql: string;
  params: readonly unknown[];
}

export const boundValue = (value: unknown): SqlOperand => ({ sql: '?', params: [value] });

/**
 * Another domain's text (columns, or an operand) inside a statement built with Kysely: its `?`s
 * become that statement's parameters, in order, so the text stays the same for every value.
 */
export const sqlOfText = (part: SqlOperand): RawBuilder<unknown> => {
  const [first = '', ...rest] = splitAtPlaceholders(part.sql);
  if (rest.length !== part.params.length) throw new Error(`The SQL has ${rest.length} placeholders but ${part.params.length} parameters were given: ${part.sql}`);
  return rest.reduce<RawBuilder<unknown>>((built, piece, i) => sql`${built}${part.params[i]}${sql.raw(piece)}`, sql.raw(first));
};

/** The same columns, read back through `map` (a domain's row values into the shape its callers want). */
export const mapColumns = <T, U>(columns: SelectColumns<T>, map: (value: T) => U): SelectColumns<U> => ({
  ...columns,
  read: (row) => map(columns.read(row)),
});

/** Several parts as one: their columns side by side, each read back into one object. */
export const mergeColumns = <T extends object>(parts: readonly SelectColumns<T>[]): SelectColumns<T> => ({
  sql: parts.map((part) => part.sql).join(', '),
  params: parts.flatMap((part) => part.params),
  read: (row) => Object.assign({}, ...parts.map((part) => part.read(row))) as T,
});

/** Runs the parts' columns as one statement and reads each part back from its one row, in order. */
export const selectColumns = async <const T extends readonly SelectColumns<unknown>[]>(
  db: Pick<Database, 'query'>,
  parts: T,
): Promise<{ [K in keyof T]: T[K] extends SelectColumns<infer R> ? R : never }> => {
  const [row = {}] = await db.query<Row>(`select ${parts.map((part) => part.sql).join(', ')}`, parts.flatMap((part) => part.params));
  return parts.map((part) => part.read(row)) as never;
};
