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

export const dbEntities = [IdempotencyKey, RateLimitWindow, UsageCount];
