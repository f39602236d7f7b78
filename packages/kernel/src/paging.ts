import * as v from 'valibot';
import { boundedIntegerText } from './numbers.ts';

export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 100;
/**
 * The furthest a list may be paged. PostgreSQL reads and throws away every row before `offset`, so
 * a deep page costs as much as the rows it skips: at 1,000,000 jobs `offset=991794` took 1.2 s, and
 * ten such reads held every pooled connection while writes queued. 10,000 rows cost a few ms (see
 * docs/performance.md); past them a list narrows instead (`posted_before`, `q`, `tag`).
 */
export const MAX_OFFSET = 10_000;

/** A query-string integer in its range, `fallback` when absent (shown as the document's default). */
const queryInt = (min: number, max: number, fallback: number) =>
  v.pipe(v.optional(boundedIntegerText(min, max), String(fallback)), v.metadata({ default: fallback }));

/** `limit` (1-100, default 20) and `offset` (0 to 10,000, default 0) of every list. */
export const pagingEntries = {
  limit: queryInt(1, MAX_LIMIT, DEFAULT_LIMIT),
  offset: queryInt(0, MAX_OFFSET, 0),
};

/** The counts every paged list answers after its items, in output schemas (see `listEntries`). */
export const pageEntries = {
  total: v.pipe(v.number(), v.integer()),
  limit: v.pipe(v.number(), v.integer()),
  offset: v.pipe(v.number(), v.integer()),
};

/**
 * A paged list's entries: its items under `key`, then the counts, for the caller's object schema:
 * `v.strictObject(listEntries('threads', threadSchema))`.
 */
export const listEntries = <const TKey extends string, TItem extends v.GenericSchema>(key: TKey, item: TItem) =>
  ({ [key]: v.array(item), ...pageEntries }) as { [K in TKey]: v.ArraySchema<TItem, undefined> } & typeof pageEntries;

/**
 * The counts of a list whose total is counted only up to a cap: counting every match would grow with
 * the table, so past the cap `total` says "at least". `lowerBound` tells the list's readers when.
 */
export const cappedPageEntries = (lowerBound: string) => ({
  total: v.pipe(v.number(), v.integer(), v.description('Counted up to a cap (see total_is_lower_bound)')),
  total_is_lower_bound: v.pipe(v.boolean(), v.description(lowerBound)),
  limit: pageEntries.limit,
  offset: pageEntries.offset,
});

export interface Paging {
  limit: number;
  offset: number;
}

export interface Page<T> extends Paging {
  items: T[];
  total: number;
}

/**
 * How many rows a list's capped count reads: one past `cap`, so that reaching it says "at least
 * this many" (`total_is_lower_bound`), and at least one past the page asked for, so that a caller
 * paging deeper than the cap still learns whether the next page has anything.
 */
export const countLimit = (cap: number, paging: Paging): number => Math.max(cap + 1, paging.offset + paging.limit + 1);
