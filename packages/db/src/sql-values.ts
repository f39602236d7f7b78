/**
 * A PostgreSQL array literal (`{"a","b"}`) for a `text[]` parameter. Both drivers accept it
 * (PGlite does not serialise JavaScript arrays); use it as `?::text[]`.
 */
export const textArray = (values: readonly string[]): string =>
  `{${values.map((value) => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;

/**
 * A timestamp column from a raw query as a Date. The PostgreSQL driver hands raw `timestamptz`
 * values over as text (`2026-11-21 12:00:00.123+00`), PGlite as Date; both end up the same.
 */
export const sqlDate = (value: unknown): Date => {
  if (value instanceof Date) return value;
  const text = String(value).replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00');
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) throw new Error(`Not a timestamp: ${String(value)}`);
  return date;
};

/** `sqlDate` for a nullable column. */
export const sqlDateOrNull = (value: unknown): Date | null => (value === null || value === undefined ? null : sqlDate(value));
