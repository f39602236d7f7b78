export { runCleanup, type CleanupReport } from './cleanup.ts';
export { startSchedule, cleanupCron, CLEANUP_CRON } from './schedule.ts';
