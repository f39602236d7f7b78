import * as v from 'valibot';

/**
 * The largest value a PostgreSQL `integer` column holds (versions, days, counts). A larger one
 * would fail the statement that carries it, an error on our side instead of the caller's.
 */
export const INT4_MAX = 2_147_483_647;

/** Every version column is an `integer` that starts at 1. */
export const VERSION_MAX = INT4_MAX;

/** The one wording of every range, so a caller reads the same sentence for a body field and a query parameter. */
export const wholeNumberRange = (min: number, max: number): string => `must be a whole number from ${min} to ${max}`;

const checkBounds = (min: number, max: number): void => {
  if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max) || min > max || min < -INT4_MAX - 1 || max > INT4_MAX) {
    throw new Error(`an integer range must lie within what an integer column holds, not ${min}..${max}`);
  }
};

/**
 * A JSON integer from `min` to `max`. Every integer the API takes is declared with this, so the
 * range is checked where the input is parsed, before any statement carries the value, and the
 * OpenAPI document shows it as `minimum` and `maximum`. The bounds must fit an `integer` column.
 */
export const boundedInteger = (min: number, max: number) => {
  checkBounds(min, max);
  const message = wholeNumberRange(min, max);
  return v.pipe(v.number(message), v.integer(message), v.minValue(min, message), v.maxValue(max, message));
};

/**
 * A JSON number from `min` to `max`, fractions allowed (an amount of money). Declared with this
 * rather than a bare `v.number()`, so no amount is unbounded and the document shows the range.
 */
export const boundedNumber = (min: number, max: number) => {
  if (!Number.isFinite(min) || !Number.isFinite(max) || min > max) throw new Error(`a number range needs finite bounds, not ${min}..${max}`);
  const message = `must be a number from ${min} to ${max}`;
  return v.pipe(v.number(message), v.minValue(min, message), v.maxValue(max, message));
};

/**
 * A whole number given as text (a query string, a form field): digits only, from `min` (≥ 0) to
 * `max`, parsed to a number. The OpenAPI document shows it as the integer it stands for.
 */
export const boundedIntegerText = (min: number, max: number) => {
  checkBounds(min, max);
  if (min < 0) throw new Error('a whole number in text has no sign, so its range starts at 0 or above');
  const message = wholeNumberRange(min, max);
  return v.pipe(
    v.string(message),
    v.metadata({ type: 'integer', minimum: min, maximum: max }),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const value = /^\d+$/.test(dataset.value) ? Number(dataset.value) : NaN;
      if (!(value >= min && value <= max)) {
        addIssue({ message });
        return NEVER;
      }
      return value;
    }),
  );
};

/**
 * A version the caller read, from 1 to `VERSION_MAX`: a JSON integer in a body (the schema says
 * integer, so `"3"` is refused as it would be by any JSON Schema validator), or its digits as text
 * where text is all there is (`fromText`: the query of a DELETE). A larger number is no version any
 * record can have, and is refused as invalid input rather than compared (docs/decisions.md,
 * "Integers"). The description is part of the field, since the document shows nothing added after
 * the parsing.
 */
export const versionField = (description = 'The version you last read', { fromText = false } = {}) =>
  v.pipe(
    v.unknown(),
    v.metadata({ type: 'integer', minimum: 1, maximum: VERSION_MAX, description }),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const given = dataset.value;
      const value = fromText && typeof given === 'string' && /^\d+$/.test(given) ? Number(given) : given;
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > VERSION_MAX) {
        addIssue({ message: wholeNumberRange(1, VERSION_MAX) });
        return NEVER;
      }
      return value;
    }),
  );

/** `expected_version` in a body: see `versionField`. */
export const versionSchema = versionField();

/** A record's `version` as answers carry it: an integer from 1 (the OpenAPI document says so). */
export const recordVersionSchema = v.pipe(v.number(), v.integer(), v.minValue(1));
