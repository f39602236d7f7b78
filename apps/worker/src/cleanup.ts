import { runExclusive, type CleanupJob } from '@svc/db';
import type { Services } from '@svc/runtime';

export interface CleanupReport {
  job: string;
  ran: boolean;
  counts?: Record<string, number>;
}

/**
 * The daily cleanup's statement time limit, in place of the request limit (DATABASE_STATEMENT_TIMEOUT_MS):
 * a purge of a day's keys and windows may delete many rows in one statement, and no request waits on it.
 */
export const CLEANUP_STATEMENT_TIMEOUT_MS = 10 * 60_000;

/**
 * Runs every module's cleanup job once, each in its own transaction and entity-manager fork under
 * its advisory lock: with several workers, one does a job and the others skip it. The worker that
 * ran a job records its success and the rows it retired, for the API's metrics to export.
 */
export const runCleanup = async (services: Pick<Services, 'db' | 'cleanupJobs' | 'cleanupRuns'>, now: Date, jobs: CleanupJob[] = services.cleanupJobs): Promise<CleanupReport[]> => {
  // Recorded as the moment each job finished, by the wall clock: a manual run as of another time
  // (`svc worker cleanup --now …`) still tells the alert that the cleanup ran now.
  const reports: CleanupReport[] = [];
  for (const job of jobs) {
    const outcome = await services.db.withStatementTimeout(CLEANUP_STATEMENT_TIMEOUT_MS, () =>
      services.db.withContext(() => runExclusive(services.db, job.lockId, () => job.run(now))),
    );
    if (outcome.ran) await services.cleanupRuns.record(job.name, new Date(), outcome.result);
    reports.push(outcome.ran ? { job: job.name, ran: true, counts: outcome.result } : { job: job.name, ran: false });
  }
  return reports;
};
