export { runCleanup, type CleanupReport } from './cleanup.ts';
export { startSchedule, CLEANUP_CRON } from './schedule.ts';
