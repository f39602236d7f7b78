import { runExclusive, type CleanupJob } from '@svc/db';
import type { Services } from '@svc/runtime';

export interface CleanupReport {
  job: string;
  ran: boolean;
  counts?: Record<string, number>;
}

/**
 * Runs every module's cleanup job once, each in its own transaction and entity-manager fork under
 * its advisory lock: with several workers, one does a job and the others skip it.
 */
export const runCleanup = async (services: Pick<Services, 'db' | 'cleanupJobs'>, now: Date, jobs: CleanupJob[] = services.cleanupJobs): Promise<CleanupReport[]> => {
  const reports: CleanupReport[] = [];
  for (const job of jobs) {
    const outcome = await services.db.withContext(() => runExclusive(services.db, job.lockId, () => job.run(now)));
    reports.push(outcome.ran ? { job: job.name, ran: true, counts: outcome.result } : { job: job.name, ran: false });
  }
  return reports;
};
