import type { Actor, Clock, IdGenerator, PrincipalSummary } from '@svc/kernel';
import type { LinkKind } from './threads.schemas.ts';
import type { ThreadsRepository } from './threads.repository.ts';

/** A principal as other participants may see them (the kernel's shape): never an e-mail address. */
export type { PrincipalSummary };

/**
 * Public summaries of principals, provided by the app (from the access package). Ids it does not
 * know are simply missing from the map.
 */
export interface PrincipalDirectory {
  summaries(ids: string[]): Promise<Map<string, PrincipalSummary>>;
}

/**
 * The jobs and offers a thread may link, provided by the app (from the jobs and offers packages).
 * `snapshot` answers the record's public JSON as `reader` may read it now, or null when there is
 * no such record or `reader` may not read it.
 */
export interface LinkedRecords {
  snapshot(kind: LinkKind, id: string, reader: Actor): Promise<object | null>;
  /**
   * The principals a record connects `reader` with, as `reader` may see them: for a job's poster,
   * the people with an active response; for anyone else, the job's poster; for an offer, its
   * provider (for the provider, nobody). Empty when `reader` may not read the record.
   */
  related(kind: LinkKind, id: string, reader: Actor): Promise<string[]>;
}

/** The kinds of identifier this package makes: threads, entries, checklist items, invitations. */
export type ThreadIdPrefix = 'thr' | 'ten' | 'tck' | 'tin';

/** Makes identifiers; injected so tests can predict them (golden exports). */
export type ThreadIdGenerator = IdGenerator<ThreadIdPrefix>;

/** Everything the thread services may use; each service picks the few it needs. */
export interface ThreadsDeps {
  repo: ThreadsRepository;
  clock: Clock;
  ids: ThreadIdGenerator;
  principals: PrincipalDirectory;
  links: LinkedRecords;
  /** The public origin, without a trailing slash (`https://example.org`). */
  baseUrl: string;
  /** Runs work in one database transaction (nested calls join the caller's, e.g. an idempotent create). */
  transaction: <T>(work: () => Promise<T>) => Promise<T>;
}
