export { openDatabase, type Database, type DatabaseOptions, type Engine, type QueryOptions } from './database.ts';
export { DataDirectoryInUseError } from './data-dir-lock.ts';
export { createIdempotencyStore, type IdempotencyStore, type IdempotentRequest, type StoredAnswer } from './idempotency.ts';
export { createRateLimiter, type RateLimiter, type RateLimit, type RateLimitTake, type RateLimitVerdict } from './rate-limit.ts';
export { createUsageCounter, type UsageCounter, type UsageRow } from './usage.ts';
export { runExclusive } from './advisory-lock.ts';
export { fingerprint, sha256 } from './fingerprint.ts';
export { dbEntities } from './entities.ts';
export { dbMigrations } from './migrations/index.ts';
export { createDbCleanupJobs, IDEMPOTENCY_RETENTION_MS, type CleanupJob } from './cleanup-job.ts';
export { sqlMigration } from './sql-migration.ts';
export { sqlDate, sqlDateOrNull, textArray } from './sql-values.ts';
export { boundValue, mapColumns, mergeColumns, selectColumns, type SelectColumns, type SqlOperand } from './select-columns.ts';
export type { MigrationObject } from '@mikro-orm/core';

export { dbSchema } from './schema.ts';
export { announceChangesTrigger, attachAnnounceChangesSql, CHANGES_CHANNEL } from './announce.ts';
export { openChangeFeed, silentChangeFeed, type ChangeFeed, type ChangeFeedOptions, type FeedState } from './change-feed.ts';
export { detectPoolMode, parsePoolMode, type PoolMode } from './pool-mode.ts';
