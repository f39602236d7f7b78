import cron from 'node-cron';
import type { Services } from '@svc/runtime';
import type { Logger } from '@svc/http';
import { runCleanup } from './cleanup.ts';

/** Daily at 03:17 UTC: every worker process schedules it; the advisory locks let one of them do it. */
export const CLEANUP_CRON = '17 3 * * *';

export const startSchedule = (services: Services, logger: Logger) => {
  const task = cron.schedule(
    CLEANUP_CRON,
    async () => {
      try {
        const reports = await runCleanup(services, services.clock.now());
        logger.info({ reports }, 'daily cleanup');
      } catch (err) {
        logger.error({ err }, 'daily cleanup failed');
      }
    },
    { timezone: 'UTC', name: 'daily-cleanup' },
  );
  return { stop: async () => void (await task.stop()) };
};
