import { defineEntity, p } from '@mikro-orm/core';

/** A create request's key, kept with its answer so a retry replays it (see docs/idempotency.md). */
export const IdempotencyKey = defineEntity({
  name: 'IdempotencyKey',
  tableName: 'idempotency_keys',
  properties: {
    scope: p.text().primary(),
    route: p.text().primary(),
    key: p.text().primary(),
    fingerprint: p.text(),
    status: p.integer().nullable(),
    body: p.json().nullable(),
    createdAt: p.datetime().index('idempotency_keys_created_at_index'),
  },
});

/** One fixed window of one rate-limit bucket (a hash of limit name and client). */
export const RateLimitWindow = defineEntity({
  name: 'RateLimitWindow',
  tableName: 'rate_limit_windows',
  properties: {
    bucket: p.text().primary(),
    windowStart: p.datetime().primary(),
    count: p.integer(),
  },
});

/** Requests a day per route template and outcome; nothing about who asked. */
export const UsageCount = defineEntity({
  name: 'UsageCount',
  tableName: 'usage_counts',
  properties: {
    day: p.string().primary().columnType('date'),
    route: p.text().primary(),
    outcome: p.text().primary(),
    count: p.bigint('number'),
  },
});

/**
 * Each daily cleanup job's last success and the rows it retired, written by whichever worker ran it,
 * so that every API process can export them (docs/operations.md, "Metrics").
 */
export const CleanupRun = defineEntity({
  name: 'CleanupRun',
  tableName: 'cleanup_runs',
  properties: {
    job: p.text().primary(),
    lastSuccessAt: p.datetime(),
    /** Rows retired per kind (`deleted`, `expired`…) by the last successful run. */
    lastCounts: p.json(),
    /** Rows retired per kind by every successful run, added up. */
    totalCounts: p.json(),
  },
});

export const dbEntities = [IdempotencyKey, RateLimitWindow, UsageCount, CleanupRun];
