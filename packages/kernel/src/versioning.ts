import * as v from 'valibot';
import { DomainError } from './errors.ts';
import { versionSchema, wholeNumberRange, VERSION_MAX } from './numbers.ts';

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
