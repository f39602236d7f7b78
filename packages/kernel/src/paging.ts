import * as v from 'valibot';

export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 100;

/** A query-string integer: digits only, then a range check. */
const queryInt = (min: number, max: number, fallback: number) =>
  v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,9}$/, 'must be a whole number'),
      v.transform(Number),
      v.minValue(min, `must be at least ${min}`),
      v.maxValue(max, `must be at most ${max}`),
    ),
    String(fallback),
  );

/** `limit` (1-100, default 20) and `offset` (≥ 0, default 0) of every list. */
export const pagingEntries = {
  limit: queryInt(1, MAX_LIMIT, DEFAULT_LIMIT),
  offset: queryInt(0, 1_000_000_000, 0),
};

export interface Paging {
  limit: number;
  offset: number;
}

export interface Page<T> extends Paging {
  items: T[];
  total: number;
}
