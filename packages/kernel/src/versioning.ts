import * as v from 'valibot';
import { DomainError, validationFailed } from './errors.ts';
import { versionField, versionSchema, wholeNumberRange, VERSION_MAX } from './numbers.ts';
import { isPlainObject, parseInput } from './validation.ts';

const REQUIRED_VERSION = 'The version you last read (required; 428 without it)';
const OPTIONAL_VERSION = 'The version you last read (optional; when sent, it must match)';

/**
 * 428: every versioned change names the version it was made against; 400 when that is no version
 * a record can have (not a whole number from 1 to `VERSION_MAX`), before any record is read.
 */
export const requireExpectedVersion = (value: unknown): number => {
  if (value === undefined || value === null || value === '') {
    throw new DomainError('expected_version_required', 'Send expected_version: the version you last read.');
  }
  const parsed = v.safeParse(versionSchema, value);
  if (!parsed.success) {
    const message = wholeNumberRange(1, VERSION_MAX);
    throw new DomainError('validation_failed', `expected_version ${message}: send the version you last read.`, {
      details: [{ path: 'expected_version', message }],
    });
  }
  return parsed.output;
};

/** 409 with the latest record, so the caller can re-read and reapply. */
export const versionConflict = (current: unknown): DomainError =>
  new DomainError('version_conflict', 'The record has changed since you read it; nothing was changed.', { current });

/**
 * The version of a change that may name one (closing a job, pausing an offer, a removal): null
 * when it is not sent; when it is, checked as `requireExpectedVersion` checks it (428 when empty).
 */
export const optionalExpectedVersion = (value: unknown): number | null =>
  value === undefined ? null : requireExpectedVersion(value);

/**
 * Parses the body of a versioned change: a missing version is 428 `expected_version_required`,
 * whether the field or the whole body is missing; a body that is not an object is malformed (400);
 * then the fields.
 */
export const parseVersioned = <S extends v.GenericSchema>(schema: S, input: unknown): { expectedVersion: number; body: v.InferOutput<S> } => {
  if (input !== undefined && !isPlainObject(input)) parseInput(schema, input);
  const expectedVersion = requireExpectedVersion(isPlainObject(input) ? input.expected_version : undefined);
  return { expectedVersion, body: parseInput(schema, input) };
};

/**
 * The body of a status change (close, reopen, pause, resume), which may name the version it was
 * made against: absent, `{}` or `{expected_version}`. Declared optional, so the OpenAPI document,
 * the MCP tools and the typed client show the body as one a caller may leave out.
 */
export const statusChangeSchema = v.optional(
  v.strictObject({ expected_version: v.optional(versionField(OPTIONAL_VERSION)) }),
);

/**
 * Parses the body of a status change: null when it names no version; a version that is sent is
 * checked first, as on every versioned change (428 when empty, 400 when no version a record can
 * have); then the body (400 for another field, or a body that is not an object).
 */
export const parseStatusChange = (input: unknown): number | null => {
  if (input !== undefined && !isPlainObject(input)) parseInput(statusChangeSchema, input);
  const expectedVersion = optionalExpectedVersion(isPlainObject(input) ? input.expected_version : undefined);
  parseInput(statusChangeSchema, input);
  return expectedVersion;
};

/** The query of a removal that must name its version (`DELETE …?expected_version=3`). */
export const versionQuerySchema = v.strictObject({ expected_version: versionField(REQUIRED_VERSION, { fromText: true }) });

/** The query of a removal that may name its version; without it the version read is used. */
export const optionalVersionQuerySchema = v.strictObject({ expected_version: v.optional(versionField(OPTIONAL_VERSION, { fromText: true })) });

/**
 * `expected_version` from a removal's query, for `requireExpectedVersion` or
 * `optionalExpectedVersion`: its digits as the number they write (a query holds only text), anything
 * else as sent, to be refused there. It is the query's one parameter: any other is refused (400), as
 * on an operation that takes none, and so is the parameter sent twice (which version was read?).
 */
export const versionFromQuery = (query: Record<string, string | string[] | undefined>): unknown => {
  const stray = Object.keys(query).filter((key) => key !== 'expected_version');
  if (stray.length > 0) {
    throw validationFailed(stray.map((key) => ({ path: key, message: `unknown query parameter "${key}"; this operation takes only expected_version` })));
  }
  const value = query.expected_version;
  if (Array.isArray(value)) throw validationFailed([{ path: 'expected_version', message: 'must be sent once' }]);
  return value !== undefined && /^\d+$/.test(value) ? Number(value) : value;
};
