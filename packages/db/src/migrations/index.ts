import type { MigrationObject } from '@mikro-orm/core';
import { sqlMigration } from '../sql-migration.ts';
import { ANNOUNCE_CHANGES_FUNCTION_SQL } from '../announce.ts';
import { RATE_LIMIT_HIT_SQL } from '../rate-limit.routine.ts';

export const dbMigrations: MigrationObject[] = [
  sqlMigration('202611210000_db_core', [
    `create table idempotency_keys (
      scope text not null,
      route text not null,
      key text not null,
      fingerprint text not null,
      status integer null,
      -- json, not jsonb: a replay answers with the body exactly as first sent, key order included
      body json null,
      created_at timestamptz not null,
      primary key (scope, route, key)
    )`,
    'create index idempotency_keys_created_at_index on idempotency_keys (created_at)',
    `create table rate_limit_windows (
      bucket text not null,
      window_start timestamptz not null,
      count integer not null,
      primary key (bucket, window_start)
    )`,
    `create table usage_counts (
      day date not null,
      route text not null,
      outcome text not null,
      count bigint not null,
      primary key (day, route, outcome)
    )`,
  ]),
  sqlMigration('202611230000_db_rate_limit_hit', [RATE_LIMIT_HIT_SQL]),
  // The one function every announcing table attaches (announce.ts); tables' migrations, named later, attach it.
  sqlMigration('202612070000_db_announce_changes', [ANNOUNCE_CHANGES_FUNCTION_SQL]),
  sqlMigration('202612100000_db_cleanup_runs', [
    `create table cleanup_runs (
      job text not null,
      last_success_at timestamptz not null,
      last_counts jsonb not null,
      total_counts jsonb not null,
      primary key (job)
    )`,
  ]),
];
