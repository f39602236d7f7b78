import { sql } from 'kysely';
import type { Paging } from '@svc/kernel';
import type { Compilable } from './sql-builder.ts';

/**
 * The number of every row the list matches, on each row of its page: a window over the rows before
 * the limit. Select it beside the page's columns and hand the page to `listPage`.
 */
export const totalOverAll = sql<number | string>`count(*) over ()`.as('total');

/** The number of every row the list matches, alone: the statement for a page past the end. */
export const totalCount = sql<number | string>`count(*)`.as('total');

/**
 * A page of a list and the number of all its rows in one statement (`page` selects `totalOverAll`):
 * one round trip where a page and a separate count took two. A page past the end has no row to carry
 * the number, so then `count` (the same list selecting `totalCount`) is sent for it.
 */
export const listPage = async <R extends { total: number | string }>(
  db: { query<T>(statement: Compilable<T>): Promise<T[]> },
  page: Compilable<R>,
  count: () => Compilable<{ total: number | string }>,
  paging: Paging,
): Promise<{ rows: R[]; total: number }> => {
  const rows = await db.query(page);
  if (rows.length > 0 || paging.offset === 0) return { rows, total: Number(rows[0]?.total ?? 0) };
  const [counted] = await db.query(count());
  return { rows, total: Number(counted?.total ?? 0) };
};
