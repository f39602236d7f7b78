import { isPlainObject, optionalExpectedVersion, parseInput, type Actor, type Clock } from '@svc/kernel';
import { jobErrors } from './jobs.errors.ts';
import {
  jobResponsesQuerySchema,
  myResponsesQuerySchema,
  responseCreateSchema,
  type MyResponseJson,
  type MyResponseList,
  type ResponseList,
} from './jobs.schemas.ts';
import type { ResponseRecord } from './jobs.records.ts';
import type { JobsRepository, ResponseWithJob } from './jobs.repository.ts';
import type { JobsIdGenerator, PrincipalDirectory } from './jobs.deps.ts';
import type { JobResponseJson } from './jobs.schemas.ts';
import { createJobViews } from './job.views.ts';

export interface ResponsesServiceDeps {
  repo: JobsRepository;
  clock: Clock;
  ids: JobsIdGenerator;
  principals: PrincipalDirectory;
  /** The public origin, used for the job in a `job_changed` answer. */
  baseUrl: string;
}

/**
 * Responses to jobs: offers of help and questions. A response is visible only to its author and
 * the job's poster, and stays visible to them after the job is closed or removed.
 *
 * @example
 * ```ts
 * const response = await responses.create(actor, job.id, { kind: 'question', message: 'Is the date fixed?', expected_version: job.version });
 * await responses.withdraw(actor, response.id);
 * ```
 */
export interface ResponsesService {
  /**
   * Responds to an open job: 409 `job_closed` (closed or removed), `own_job`, or `job_changed` with
   * `current` when `expected_version` is not the job's version.
   */
  create(actor: Actor, jobId: string, input: unknown): Promise<JobResponseJson>;
  /**
   * The poster sees every response to the job; anyone else only their own (possibly none). Oldest
   * first, paged by the query strings `limit` and `offset`.
   */
  listForJob(actor: Actor, jobId: string, query?: unknown): Promise<ResponseList>;
  /**
   * The caller's own responses, newest first, withdrawn ones included (marked by `status`) unless
   * `status` picks one, each with its job's id, title, address and status. Query strings `status`,
   * `limit` and `offset`.
   */
  listMine(actor: Actor, query: unknown): Promise<MyResponseList>;
  /** One of the caller's own responses with its job; anyone else's is 404 `not_found`, as for `withdraw`. */
  getMine(actor: Actor, responseId: string): Promise<MyResponseJson>;
  /** Author only; withdrawing twice is 409 `invalid_state`. */
  withdraw(actor: Actor, responseId: string): Promise<JobResponseJson>;
  /**
   * How many active responses each of the caller's own jobs among `jobIds` has; a job with none,
   * and anyone else's job, is left out, so the answer says nothing about other people's jobs.
   */
  activeCountsOnMyJobs(actor: Actor, jobIds: readonly string[]): Promise<Record<string, number>>;
}

export const createResponsesService = ({ repo, clock, ids, principals, baseUrl }: ResponsesServiceDeps): ResponsesService => {
  const origin = baseUrl.replace(/\/+$/, '');
  const views = createJobViews(principals, origin);
  const presentOne = async (record: ResponseRecord) => (await views.responses([record]))[0]!;
  const withJob = (response: JobResponseJson, job: ResponseWithJob['job']): MyResponseJson => ({
    ...response,
    job: { id: job.id, title: job.title, url: `${origin}/jobs/${job.id}`, status: job.status },
  });

  return {
    create: async (actor, jobId, input) => {
      // A version sent empty (null, "") is 428, as on every change that may name one; then the fields.
      if (isPlainObject(input)) optionalExpectedVersion(input.expected_version);
      const { kind, message, expected_version: expectedVersion } = parseInput(responseCreateSchema, input);
      // The job row stays locked until the response is stored, so it cannot close in between.
      return repo.withJobLocked(jobId, async (job) => {
        if (!job) throw jobErrors.notFound();
        if (job.status !== 'open') throw jobErrors.jobClosed();
        if (job.postedBy === actor.principalId) throw jobErrors.ownJob();
        if (expectedVersion !== undefined && expectedVersion !== job.version) {
          throw jobErrors.jobChanged(await views.job(job));
        }
        const now = clock.now();
        const response: ResponseRecord = {
          id: ids('rsp'),
          jobId: job.id,
          kind,
          message,
          status: 'active',
          responderId: actor.principalId,
          jobVersionSeen: job.version,
          createdAt: now,
          updatedAt: now,
        };
        await repo.insertResponse(response);
        return presentOne(response);
      });
    },

    listForJob: async (actor, jobId, query) => {
      const { limit, offset } = parseInput(jobResponsesQuerySchema, query ?? {});
      // Removed jobs are deliberately not 410 here: their responses stay readable by participants.
      const job = await repo.findById(jobId);
      if (!job) throw jobErrors.notFound();
      const isPoster = job.postedBy === actor.principalId;
      const { rows, total } = await repo.listResponses(jobId, isPoster ? undefined : actor.principalId, { limit, offset });
      return { responses: await views.responses(rows), total, limit, offset };
    },

    listMine: async (actor, query) => {
      const { status, limit, offset } = parseInput(myResponsesQuerySchema, query ?? {});
      const { rows, total } = await repo.listByResponder(actor.principalId, status, { limit, offset });
      const presented = await views.responses(rows.map((row) => row.response));
      return { responses: presented.map((response, i) => withJob(response, rows[i]!.job)), total, limit, offset };
    },

    getMine: async (actor, responseId) => {
      const response = await repo.findResponseById(responseId);
      if (!response || response.responderId !== actor.principalId) throw jobErrors.responseNotFound();
      const job = await repo.findById(response.jobId);
      if (!job) throw jobErrors.responseNotFound();
      return withJob(await presentOne(response), job);
    },

    withdraw: async (actor, responseId) => {
      const response = await repo.findResponseById(responseId);
      if (!response) throw jobErrors.responseNotFound();
      if (response.responderId !== actor.principalId) {
        // The poster can see the response, so they learn why; anyone else must not learn it exists.
        const job = await repo.findById(response.jobId);
        throw job?.postedBy === actor.principalId ? jobErrors.notResponseAuthor() : jobErrors.responseNotFound();
      }
      if (response.status === 'withdrawn') throw jobErrors.alreadyWithdrawn();
      const withdrawn = await repo.withdrawResponse(responseId, clock.now());
      // Null means a concurrent withdraw got there first.
      if (!withdrawn) throw jobErrors.alreadyWithdrawn();
      return presentOne(withdrawn);
    },

    activeCountsOnMyJobs: async (actor, jobIds) => {
      const counts = await repo.activeResponseCounts(actor.principalId, jobIds.slice(0, 100));
      return Object.fromEntries(counts);
    },
  };
};
