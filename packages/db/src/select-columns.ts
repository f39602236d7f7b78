import type { Database } from './database.ts';

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

/** Runs the parts' columns as one statement and reads each part back from its one row, in order. */
export const selectColumns = async <const T extends readonly SelectColumns<unknown>[]>(
  db: Pick<Database, 'query'>,
  parts: T,
): Promise<{ [K in keyof T]: T[K] extends SelectColumns<infer R> ? R : never }> => {
  const [row = {}] = await db.query<Row>(`select ${parts.map((part) => part.sql).join(', ')}`, parts.flatMap((part) => part.params));
  return parts.map((part) => part.read(row)) as never;
};
