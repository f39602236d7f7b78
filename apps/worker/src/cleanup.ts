import { runExclusive } from '@svc/db';
import { DAY_MS } from '@svc/kernel';
import type { Services } from '@svc/api';

/** Idempotency keys are kept at least this long (the contract says at least 24 hours). */
export const IDEMPOTENCY_RETENTION_MS = 2 * DAY_MS;

export interface CleanupJob {
  name: string;
  /** A fixed advisory-lock id: with several workers, one runs the job and the others skip it. */
  lockId: number;
  run(services: Services, now: Date): Promise<Record<string, number>>;
}

export const CLEANUP_JOBS: CleanupJob[] = [
  {
    name: 'idempotency-keys',
    lockId: 7_320_001,
    run: async ({ idempotency }, now) => ({ deleted: await idempotency.purge(new Date(now.getTime() - IDEMPOTENCY_RETENTION_MS)) }),
  },
  {
    name: 'rate-limit-windows',
    lockId: 7_320_002,
    run: async ({ limiter }, now) => ({ deleted: await limiter.purge(new Date(now.getTime() - DAY_MS)) }),
  },
  {
    name: 'access',
    lockId: 7_320_003,
    run: async ({ access }, now) => access.purgeExpired(now),
  },
];

export interface CleanupReport {
  job: string;
  ran: boolean;
  counts?: Record<string, number>;
}

/** Runs every cleanup job once, each in its own transaction and entity-manager fork. */
export const runCleanup = async (services: Services, now: Date, jobs = CLEANUP_JOBS): Promise<CleanupReport[]> => {
  const reports: CleanupReport[] = [];
  for (const job of jobs) {
    const outcome = await services.db.withContext(() => runExclusive(services.db, job.lockId, () => job.run(services, now)));
    reports.push(outcome.ran ? { job: job.name, ran: true, counts: outcome.result } : { job: job.name, ran: false });
  }
  return reports;
};
