import type { CleanupJob } from '@svc/db';
import { DAY_MS } from '@svc/kernel';
import type { OffersDeps } from './offers.deps.ts';

/** Resolved reports are kept this long, then deleted by the daily cleanup. */
export const RESOLVED_REPORT_RETENTION_DAYS = 365;

/**
 * The daily cleanup of the offers domain: `offers-resolved-reports` deletes reports resolved over a
 * year ago. Rate limit windows are purged by the database package's own job.
 */
export const createOffersCleanupJobs = ({ repo }: Pick<OffersDeps, 'repo'>): CleanupJob[] => [
  {
    name: 'offers-resolved-reports',
    lockId: 7_320_301,
    run: async (now) => ({
      deleted: await repo.purgeResolvedReports(new Date(now.getTime() - RESOLVED_REPORT_RETENTION_DAYS * DAY_MS)),
    }),
  },
];
