import { DomainError } from './errors.ts';

/** 428: every versioned change names the version it was made against. */
export const requireExpectedVersion = (value: unknown): number => {
  if (value === undefined || value === null || value === '') {
    throw new DomainError('expected_version_required', 'Send expected_version: the version you last read.');
  }
  const parsed = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof parsed !== 'number' || !Number.isInteger(parsed) || parsed < 1) {
    throw new DomainError('validation_failed', 'expected_version must be a positive integer.', {
      details: [{ path: 'expected_version', message: 'must be a positive integer' }],
    });
  }
  return parsed;
};

/** 409 with the latest record, so the caller can re-read and reapply. */
export const versionConflict = (current: unknown): DomainError =>
  new DomainError('version_conflict', 'The record has changed since you read it; nothing was changed.', { current });
