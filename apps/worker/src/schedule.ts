import cron from 'node-cron';
import type { Services } from '@svc/runtime';
import type { Logger } from '@svc/http';
import { runCleanup } from './cleanup.ts';

/** Daily at 03:17 UTC by default: every worker process schedules it; the advisory locks let one of them do it. */
export const CLEANUP_CRON = '17 3 * * *';

/** The schedule in force: `CLEANUP_CRON` (a cron expression, in UTC) or the default; a bad one stops the start. */
export const cleanupCron = (value = process.env.CLEANUP_CRON): string => {
  const expression = value || CLEANUP_CRON;
  if (!cron.validate(expression)) throw new Error(`CLEANUP_CRON must be a cron expression such as "${CLEANUP_CRON}", not "${expression}"`);
  return expression;
};

export const startSchedule = (services: Services, logger: Logger, expression = cleanupCron()) => {
  const task = cron.schedule(
    expression,
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
