import { defineEntity, p } from '@mikro-orm/core';

/** A create request's key, kept with its answer so a retry replays it (see docs/idempotency.md). */
export const IdempotencyKey = defineEntity({
  name: 'IdempotencyKey',
  tableName: 'idempotency_keys',
  properties: {
    scope: p.string().primary(),
    route: p.string().primary(),
    key: p.string().primary(),
    fingerprint: p.string(),
    status: p.integer().nullable(),
    body: p.json().nullable(),
    createdAt: p.datetime().index(),
  },
});

/** One fixed window of one rate-limit bucket (a hash of limit name and client). */
export const RateLimitWindow = defineEntity({
  name: 'RateLimitWindow',
  tableName: 'rate_limit_windows',
  properties: {
    bucket: p.string().primary(),
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
    route: p.string().primary(),
    outcome: p.string().primary(),
    count: p.bigint('number'),
  },
});

export const dbEntities = [IdempotencyKey, RateLimitWindow, UsageCount];
