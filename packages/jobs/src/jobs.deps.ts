import type { RawBuilder } from 'kysely';
import type { IdGenerator } from '@svc/kernel';
import type { JobFields } from './jobs.schemas.ts';
import type { PrincipalSummary } from './jobs.presenter.ts';

/** The kinds of identifier this package makes: jobs and responses. */
export type JobsIdPrefix = 'job' | 'rsp';

/** Makes jobs identifiers; injected so tests can predict them when they must. */
export type JobsIdGenerator = IdGenerator<JobsIdPrefix>;

/**
 * Public summaries of principals, provided by the app (from the access package). Ids it does not
 * know are simply missing from the map.
 */
export interface PrincipalDirectory {
  summaries(ids: string[]): Promise<Map<string, PrincipalSummary>>;
  /**
   * A SQL expression (null when unknown) for the display name of the principal whose id is in
   * `column` (a column reference, never input), which the jobs repository puts in its own select
   * lists so that presenting a job or a response needs no second query. Without it, names are
   * looked up with `summaries`.
   */
  displayNameSql?(column: string): RawBuilder<string | null>;
}

/** What a template makes of a job's details; see `TemplateExpander`. */
export interface TemplateExpansionResult {
  /** The validated details, stored on the job as `template.details`. */
  details: object;
  /** Defaults for the job fields the poster left blank. */
  fill: Partial<JobFields>;
  /** Always part of the job's constraints. */
  constraintsClause: string;
}

/**
 * Job templates, provided by the app (from the templates package). `expand` throws
 * `validation_failed` naming `template` for an unknown id and `details.…` for bad details.
 */
export interface TemplateExpander {
  expand(id: string, details: unknown): TemplateExpansionResult;
}
