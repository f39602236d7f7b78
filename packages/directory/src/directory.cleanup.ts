import type { CleanupJob } from '@svc/db';
import type { DirectoryDeps } from './directory.deps.ts';
import { cleanupCutoffs } from './directory.state.ts';

/** Rows handled per statement, so no run holds one huge lock set. */
export const CLEANUP_BATCH = 500;

/**
 * The directory's daily cleanup:
 * - `directory-retire`: removed entries past their 30-day restore window and temporary entries past
 *   their 30-day renewal grace become `retired`: destinations, description and history deleted,
 *   display name blanked, the handle kept forever.
 * - `directory-history`: private history older than 90 days is deleted.
 * Both work in batches (`LIMIT 500 FOR UPDATE SKIP LOCKED`) and are idempotent; the cleanup sends nothing.
 */
export const createDirectoryCleanupJobs = (
  { repo, transaction }: Pick<DirectoryDeps, 'repo' | 'transaction'>,
  batch = CLEANUP_BATCH,
): CleanupJob[] => {
  const inBatches = async (step: () => Promise<number>): Promise<number> => {
    let total = 0;
    for (;;) {
      const done = await transaction(step);
      total += done;
      if (done < batch) return total;
    }
  };
  return [
    {
      name: 'directory-retire',
      lockId: 7_320_401,
      run: async (now) => {
        const { removedBefore, expiredBefore } = cleanupCutoffs(now);
        return { retired: await inBatches(() => repo.retireDue(now, removedBefore, expiredBefore, batch)) };
      },
    },
    {
      name: 'directory-history',
      lockId: 7_320_402,
      run: async (now) => {
        const { historyBefore } = cleanupCutoffs(now);
        return { purged: await inBatches(() => repo.purgeHistory(historyBefore, batch)) };
      },
    },
  ];
};
