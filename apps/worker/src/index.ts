export { runCleanup, CLEANUP_JOBS, IDEMPOTENCY_RETENTION_MS, type CleanupJob, type CleanupReport } from './cleanup.ts';
export { startSchedule, CLEANUP_CRON } from './schedule.ts';
