import { mapColumns, type ClientDatabase, type DomainModule, type ModuleSchema, type SelectColumns, type SqlOperand } from '@svc/db';
import { newId, type Clock } from '@svc/kernel';
import { jobsEntities, jobsRoutines } from './entities.ts';
import { jobsMigrations } from './migrations.ts';
import type { JobsRepository } from './jobs.repository.ts';
import { createMikroOrmJobsRepository, jobsClient } from './jobs.repository.mikro-orm.ts';
import { accountCounts, createJobsService, type JobsService } from './jobs.service.ts';
import { createResponsesService, type ResponsesService } from './responses.service.ts';
import type { JobsIdGenerator, PrincipalDirectory, TemplateExpander } from './jobs.deps.ts';

export interface JobsModuleDeps {
  /** The app's database; the domain reaches it only through its query client (`jobsClient`). */
  db: ClientDatabase;
  clock: Clock;
  principals: PrincipalDirectory;
  templates: TemplateExpander;
  /** The public origin for job and profile links, e.g. `https://example.org`. */
  baseUrl: string;
  /** Defaults to random prefixed ids (`job_…`, `rsp_…`). */
  ids?: JobsIdGenerator;
  /** Another storage; defaults to the MikroORM one on `db`. */
  repo?: JobsRepository;
}

/** The jobs services; the module adds its `cleanupJobs` (`DomainModule`). */
export interface JobsServices {
  jobs: JobsService;
  responses: ResponsesService;
  /**
   * `jobs.countsFor` as columns of a shared select, so `/api/v1/me` reads every domain's counts in
   * one statement.
   */
  accountCounts(principal: SqlOperand): SelectColumns<ReturnType<typeof accountCounts>>;
  /**
   * Active responses waiting on the principal's open jobs (`responses_waiting`), as columns of a
   * shared select: the website's navigation reads it beside the threads' waiting invitations.
   */
  navigationCounts(principal: SqlOperand): SelectColumns<{ responses_waiting: number }>;
}

/** What `createJobsModule` returns. Jobs keep everything they hold, so its `cleanupJobs` is empty. */
export type JobsModule = DomainModule<JobsServices>;

/**
 * The jobs domain: jobs and their responses, stored through `db` (so writes join the caller's
 * transaction, e.g. an idempotent create).
 *
 * @example
 * ```ts
 * const { jobs, responses } = createJobsModule({ db, clock: systemClock, principals, templates, baseUrl });
 * const job = await jobs.create(actor, { title: 'Plan a party', outcome: 'A plan' });
 * ```
 */
export const createJobsModule = ({
  db,
  clock,
  principals,
  templates,
  baseUrl,
  ids = newId,
  // Display names come with the rows when the directory can say how to read them in SQL.
  repo = createMikroOrmJobsRepository(jobsClient(db), { displayNameSql: principals.displayNameSql }),
}: JobsModuleDeps): JobsModule => ({
  jobs: createJobsService({ repo, clock, ids, principals, templates, baseUrl }),
  responses: createResponsesService({ repo, clock, ids, principals, baseUrl }),
  accountCounts: (principal) => mapColumns(repo.countsColumns(principal), accountCounts),
  navigationCounts: (principal) => mapColumns(repo.waitingResponsesColumns(principal), (counts) => ({ responses_waiting: counts.waitingResponses })),
  cleanupJobs: [],
});

/** The jobs tables' entities, migrations and the SQL functions they rely on. */
export const jobsSchema = { entities: jobsEntities, migrations: jobsMigrations, routines: jobsRoutines } satisfies ModuleSchema;

export { jobsEntities, jobsMigrations };
export { JOBS_ERRORS } from './jobs.errors.ts';
export type { JobsService } from './jobs.service.ts';
export type { ResponsesService } from './responses.service.ts';
export type { Budget, JobTemplateRef, JobRecord, ResponseRecord } from './jobs.records.ts';
export type { JobsIdGenerator, JobsIdPrefix, PrincipalDirectory, TemplateExpander, TemplateExpansionResult } from './jobs.deps.ts';
export { presentJob, presentResponse, JOB_NOTICE, type PrincipalSummary } from './jobs.presenter.ts';
export { toRtsTask, RTS_NOTICE } from './rts.ts';
export { JOB_STATUSES, type JobStatus } from './jobs.state.ts';
export {
  jobCreateSchema,
  jobPatchSchema,
  jobListQuerySchema,
  myJobsQuerySchema,
  myResponsesQuerySchema,
  jobResponsesQuerySchema,
  responseCreateSchema,
  FEE_TREATMENTS,
  RESPONSE_KINDS,
  RESPONSE_STATUSES,
  LIMITS,
  type JobFields,
  type JobCreateInput,
  type JobPatchInput,
  type JobListQuery,
  type MyJobsQuery,
  type MyResponsesQuery,
  type ResponseCreateInput,
  type FeeTreatment,
  type ResponseKind,
  type ResponseStatus,
  jobSchema,
  jobListSchema,
  jobResponseSchema,
  responseListSchema,
  myResponseSchema,
  myResponseListSchema,
  rtsTaskSchema,
  principalSummarySchema,
  type JobJson,
  type JobList,
  type JobResponseJson,
  type MyResponseJson,
  type MyResponseList,
  type ResponseList,
  type RtsTask,
} from './jobs.schemas.ts';
