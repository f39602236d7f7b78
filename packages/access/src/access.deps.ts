import type { RateLimiter } from '@svc/db';
import type { Clock, IdGenerator } from '@svc/kernel';
import type { AccessRepository } from './access.repository.ts';

/** The kinds of identifier this package makes: principals, device codes, grants, introductions, OAuth clients. */
export type AccessIdPrefix = 'prn' | 'dev' | 'grt' | 'int' | 'cli';

/** Makes access identifiers; injected so tests can predict them when they must. */
export type AccessIdGenerator = IdGenerator<AccessIdPrefix>;

/** Everything the access services may use; each service picks the few it needs. */
export interface AccessDeps {
  repo: AccessRepository;
  clock: Clock;
  ids: AccessIdGenerator;
  limiter: RateLimiter;
  /** Public base URL, e.g. `https://tasks.example`; used for links in answers. */
  baseUrl: string;
  /** Runs work in one database transaction (nested calls join it). */
  transaction: <T>(work: () => Promise<T>) => Promise<T>;
}
