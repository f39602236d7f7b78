import type { Clock, IdGenerator } from '@svc/kernel';
import type { DirectoryRepository } from './directory.repository.ts';

/** Kind prefixes of the directory's identifiers: entries, destinations, history records. */
export type DirectoryIdPrefix = 'dir' | 'dst' | 'dhi';

/** Makes directory identifiers; injected so tests can predict them when they must. */
export type DirectoryIdGenerator = IdGenerator<DirectoryIdPrefix>;

/**
 * The agent grants a principal holds, answered by the app from the access package (which the
 * directory must not import).
 */
export interface GrantLookup {
  /** Of `ids`, those that are `principalId`'s live grants (not revoked, not expired). */
  liveGrantIdsOf(principalId: string, ids: string[]): Promise<string[]>;
}

/** Everything the directory services may use; each service picks the few it needs. */
export interface DirectoryDeps {
  repo: DirectoryRepository;
  clock: Clock;
  ids: DirectoryIdGenerator;
  grants: GrantLookup;
  /** Runs work in one database transaction (nested calls join the caller's, e.g. an idempotent create). */
  transaction: <T>(work: () => Promise<T>) => Promise<T>;
}
