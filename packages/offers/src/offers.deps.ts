import type { RawBuilder } from 'kysely';
import type { RateLimiter } from '@svc/db';
import type { Clock, IdGenerator, PrincipalSummary } from '@svc/kernel';
import type { OffersRepository } from './offers.repository.ts';

export type { PrincipalSummary };

/** The kinds of identifier this package makes: offers, feedback, reports, site feedback. */
export type OffersIdPrefix = 'svc' | 'fbk' | 'rep' | 'sfb';

/** Makes offers identifiers; injected so tests can predict them when they must. */
export type OffersIdGenerator = IdGenerator<OffersIdPrefix>;

/**
 * Public summaries of principals, provided by the app (from the access package). Ids it does not
 * know are simply missing from the map.
 */
export interface PrincipalDirectory {
  summaries(ids: string[]): Promise<Map<string, PrincipalSummary>>;
  /**
   * A SQL expression (null when unknown) for the display name of the principal whose id is in
   * `column`, which the offers repository puts in its select lists so that presenting an offer
   * needs no second query. Without it, names are looked up with `summaries`.
   */
  displayNameSql?(column: string): RawBuilder<string | null>;
}

/** The template ids that exist, provided by the app (from the templates package). */
export interface TemplateCatalog {
  has(id: string): boolean;
}

/**
 * Who may leave feedback, provided by the app (from the threads package): true when `a` and `b`
 * both take part in a thread that links the record `kind`/`id`.
 */
export interface RelationCheck {
  sharesThreadLinking(a: string, b: string, kind: 'service', id: string): Promise<boolean>;
  /** True when `a` takes part in a thread that links the record and a named invitation for `b` to it waits (b has not joined yet). */
  invitedToThreadLinking(a: string, b: string, kind: 'service', id: string): Promise<boolean>;
}

/** The report targets that other packages own. */
export type ExternalTargetKind = 'job' | 'directory_entry';

/**
 * Whether a job or directory entry exists and is public, provided by the app (from the jobs and
 * directory packages). Offers and feedback are answered inside this package.
 */
export interface PublicTargets {
  exists(kind: ExternalTargetKind, id: string): Promise<boolean>;
}

/** Everything the offers services may use; each service picks the few it needs. */
export interface OffersDeps {
  repo: OffersRepository;
  clock: Clock;
  ids: OffersIdGenerator;
  limiter: RateLimiter;
  /** The public origin, without a trailing slash (`https://example.org`). */
  baseUrl: string;
  /** Runs work in one database transaction (nested calls join it). */
  transaction: <T>(work: () => Promise<T>) => Promise<T>;
  principals: PrincipalDirectory;
  templates: TemplateCatalog;
  relations: RelationCheck;
  publicTargets: PublicTargets;
}
