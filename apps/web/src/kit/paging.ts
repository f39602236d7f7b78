import type { Context } from 'koa';
import { MAX_OFFSET } from '@svc/kernel';

/**
 * The `offset` a paged list was opened at: a whole number, 0 when missing or not a number, and no
 * deeper than the deepest page any list takes. A deeper offset (a typed or mangled link) is past the
 * end of every list the website shows, so it opens that deepest page, which says there is nothing on
 * it and links to the last page (see `Pagination`), instead of refusing the address as bad input.
 */
export const offsetParam = (ctx: Context, limit: number): number => {
  const given = typeof ctx.query.offset === 'string' ? Number.parseInt(ctx.query.offset, 10) : 0;
  if (!Number.isFinite(given) || given <= 0) return 0;
  return Math.min(given, Math.floor(MAX_OFFSET / limit) * limit);
};

/** The page a list was opened at, as a service's list takes it (the API's query strings): `limit`, and `offsetParam`'s offset. */
export const pageQuery = (ctx: Context, limit: number): { limit: string; offset: string } => ({ limit: String(limit), offset: String(offsetParam(ctx, limit)) });

/**
 * How many a list holds, as its page says it: "1 job", "12 jobs", and "300+ jobs" when the count was
 * capped (`total_is_lower_bound`: at least that many).
 */
export const resultCount = (list: { total: number; total_is_lower_bound?: boolean }, one: string, many: string): string =>
  list.total_is_lower_bound ? `${list.total}+ ${many}` : list.total === 1 ? `1 ${one}` : `${list.total} ${many}`;
