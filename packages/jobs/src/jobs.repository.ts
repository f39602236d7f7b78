import type { SelectColumns, SqlOperand } from '@svc/db';
import type { Paging } from '@svc/kernel';
import type { JobStatus } from './jobs.state.ts';
import type { JobRecord, ResponseRecord } from './jobs.records.ts';
import type { ResponseStatus } from './jobs.schemas.ts';

/** What a versioned change may set; the repository adds `version = version + 1` itself. */
export type JobChanges = Partial<Omit<JobRecord, 'id' | 'version' | 'postedBy' | 'createdAt' | 'updatedAt' | 'posterName'>> & {
  updatedAt: Date;
};

export interface JobFilter {
  /** Full text (websearch syntax); results are ranked by relevance. */
  q?: string | undefined;
  tag?: string | undefined;
  status: Exclude<JobStatus, 'removed'>;
  /** Only this principal's jobs. */
  postedBy?: string | undefined;
  /** Only jobs created at or after this moment. */
  postedAfter?: Date | undefined;
  /** Only jobs created before this moment. */
  postedBefore?: Date | undefined;
}

/** A response with the few facts about its job that its author's own list shows. */
export interface ResponseWithJob {
  response: ResponseRecord;
  job: { id: string; title: string; status: JobStatus };
}

/** How many records a principal has, for their own account summary. */
export interface PrincipalJobCounts {
  openJobs: number;
  closedJobs: number;
  activeResponses: number;
}

/**
 * Storage of jobs and their responses. Every write runs in the caller's transaction when there is one.
 */
export interface JobsRepository {
  insert(job: JobRecord): Promise<void>;
  findById(id: string): Promise<JobRecord | null>;
  /**
   * Applies `changes` and adds 1 to the version in one conditional statement, only if the stored
   * version is still `expectedVersion` and one of the changed columns (but `updatedAt`) differs from
   * what is stored. Null when it was not (or the job does not exist, or nothing differs): nothing changed.
   * With `guard`, also only if the job is `guard.postedBy`'s and not removed, so an edit needs no
   * read before it (the caller reads only to explain a null).
   */
  updateIfVersion(id: string, expectedVersion: number, changes: JobChanges, guard?: { postedBy: string }): Promise<JobRecord | null>;
  /**
   * Jobs with the filter's status (never removed ones): by relevance when `q` is given, else newest
   * first. `total` counts to a cap; `totalIsLowerBound` says the real number may be higher. A search
   * ranks only its newest `SEARCH_CANDIDATES` matches: when there were more, `oldestRanked` is the
   * creation time of the oldest one it ranked (null otherwise, and for lists).
   */
  search(filter: JobFilter, paging: Paging): Promise<{ rows: JobRecord[]; total: number; totalIsLowerBound: boolean; oldestRanked: Date | null }>;
  /**
   * Runs `work` in one transaction with the job's row locked against changes (`FOR SHARE`), so a
   * response is never stored against a job that is being closed at the same moment.
   */
  withJobLocked<T>(id: string, work: (job: JobRecord | null) => Promise<T>): Promise<T>;

  countsFor(principalId: string): Promise<PrincipalJobCounts>;
  /** The same counts as columns another read may run in its own statement (see `SelectColumns`). */
  countsColumns(principal: SqlOperand): SelectColumns<PrincipalJobCounts>;
  /**
   * How many active responses wait on the principal's open jobs, as a column another read runs in its
   * own statement (the website's navigation reads it beside other domains' counts on every page).
   */
  waitingResponsesColumns(principal: SqlOperand): SelectColumns<{ waitingResponses: number }>;
  /** Active responses per job, for those of `jobIds` that `posterId` posted (a job with none is left out). */
  activeResponseCounts(posterId: string, jobIds: readonly string[]): Promise<Map<string, number>>;
  /** A poster's own jobs, newest first: open and closed, or only those with `status` (removed ones too). */
  listByPoster(
    principalId: string,
    status: JobStatus | undefined,
    paging: Paging,
  ): Promise<{ rows: JobRecord[]; total: number }>;

  insertResponse(response: ResponseRecord): Promise<void>;
  findResponseById(id: string): Promise<ResponseRecord | null>;
  /** A job's responses, oldest first; only `responderId`'s responses when given. */
  listResponses(jobId: string, responderId: string | undefined, paging: Paging): Promise<{ rows: ResponseRecord[]; total: number }>;
  /** A responder's own responses, active and withdrawn (or only `status`), newest first, each with its job. */
  listByResponder(responderId: string, status: ResponseStatus | undefined, paging: Paging): Promise<{ rows: ResponseWithJob[]; total: number }>;
  /** Marks an active response withdrawn; null when it was not active (nothing changed). */
  withdrawResponse(id: string, at: Date): Promise<ResponseRecord | null>;
}
