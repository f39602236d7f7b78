import { ApiError, isUnknownOutcome } from './errors.ts';

export interface Versioned {
  version: number;
}

export interface EditVersionedOptions {
  /** Sends in all, the first included (default 3). */
  attempts?: number;
}

/**
 * A versioned edit done as the spec asks (Versioning): read, send the change with
 * `expected_version` = the version read, and never repeat it with a version that was not read.
 *
 * - `read()` fetches the record; `apply(current)` sends the change with `expected_version: current.version`
 *   and returns the changed record (throwing, e.g. with `unwrap`, on an error answer);
 *   `isApplied(record)` says whether the change is in a record.
 * - A record that already holds the change is returned as it is: nothing is sent.
 * - `409 version_conflict`: someone else changed it first; re-read and reapply on the current version.
 * - A timeout, a lost connection or a 5xx (the outcome is unknown): re-read; if `version` is the sent
 *   `expected_version` + 1 and the change is present, it succeeded; otherwise reapply with the current version.
 * - Any other error is thrown at once; after `attempts` sends the last error is thrown.
 *
 * @example
 * const job = await editVersioned(
 *   async () => unwrap(await api.GET('/api/v1/jobs/{id}', { params: { path: { id } } })),
 *   async (current) => unwrap(await api.PATCH('/api/v1/jobs/{id}', {
 *     params: { path: { id } }, body: { expected_version: current.version, title: 'New title' },
 *     signal: AbortSignal.timeout(10_000),
 *   })),
 *   (record) => record.title === 'New title',
 * );
 */
export const editVersioned = async <T extends Versioned, R = T>(
  read: () => Promise<T>,
  apply: (current: T) => Promise<R>,
  isApplied: (record: T) => boolean,
  { attempts = 3 }: EditVersionedOptions = {},
): Promise<T | R> => {
  let current = await read();
  for (let sent = 1; ; sent++) {
    if (isApplied(current)) return current;
    try {
      return await apply(current);
    } catch (error) {
      const conflict = error instanceof ApiError && error.code === 'version_conflict';
      if (!conflict && !isUnknownOutcome(error)) throw error;
      const expected = current.version;
      const fresh = await read();
      if (!conflict && fresh.version === expected + 1 && isApplied(fresh)) return fresh;
      if (sent >= attempts) throw error;
      current = fresh;
    }
  }
};
