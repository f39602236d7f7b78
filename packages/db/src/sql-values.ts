import { hasNul, NulCharacterError } from '@svc/kernel';

/**
 * A PostgreSQL array literal (`{"a","b"}`) for a `text[]` parameter. Both drivers accept it
 * (PGlite does not serialise JavaScript arrays); use it as `$n::text[]`. A NUL is refused
 * (`NulCharacterError`, a 400): `text` cannot hold it, and the statement would fail with a 500.
 */
export const textArray = (values: readonly string[]): string => {
  if (values.some(hasNul)) throw new NulCharacterError();
  return `{${values.map((value) => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
};
