import { setTimeout as sleep } from 'node:timers/promises';
import type { MigrationObject, MikroORM } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import pg from 'pg';
import { takeMigrationLock } from './migration-lock.ts';
import { dropIndexOnline, INDEX_STATE_SQL, indexState, onlineSteps, onlineStepSql, type OnlineStep } from './online-steps.ts';
import type { PoolMode } from './pg/pool-mode.ts';
import type { Engine } from './query-types.ts';

/**
 * Which migrations' online steps (online-steps.ts) have all run. MikroORM records a migration when
 * its transaction commits, before its online steps run; a process that dies in between leaves the
 * migration recorded here as not finished, and the next start runs its steps again. Kept out of the
 * schema comparison like MikroORM's own `mikro_orm_migrations` (database.ts).
 */
export const ONLINE_STEPS_TABLE = 'migration_online_steps';

/** How often a process looks again at an index another connection is still building. */
const BUILD_POLL_MS = 1_000;

export interface MigrateContext {
  orm: MikroORM;
  em: SqlEntityManager;
  engine: Engine;
  url: string | undefined;
  mode: PoolMode;
  /** In run order. */
  migrations: readonly MigrationObject[];
  /** PGlite's statements, outside a transaction. */
  query: (sql: string) => Promise<object[]>;
}

/** Runs statements outside any transaction, and the online steps. */
interface StepRunner {
  sql<T extends object>(text: string): Promise<T[]>;
  step(step: OnlineStep): Promise<void>;
}

/**
 * Applies the pending migrations and returns their names. They go in as few transactions as
 * possible: a migration with online steps ends one, its steps run once it has committed, and the
 * migrations after it follow in the next, so every step sees the schema its migration left.
 */
export const migrate = async (context: MigrateContext): Promise<string[]> => {
  if (context.engine === 'pglite' || !context.url) {
    const runner: StepRunner = {
      sql: async <T extends object>(text: string) => (await context.query(text)) as T[],
      step: async (step) => {
        await context.query(onlineStepSql(step, 'pglite'));
      },
    };
    return applyAll(context, runner, () => {});
  }
  // Several processes may start at once: one migrates while the others wait, then find nothing to do.
  const lock = await takeMigrationLock(context.url);
  try {
    // Index builds run on a connection of their own, outside any transaction, without the pool's
    // request limit. Only a session of its own may be given another limit: behind a pooler in
    // transaction mode the setting would stay on a server session others are lent, so there the
    // server's default applies (none, unless one was configured for the role or database).
    const client = new pg.Client({ connectionString: context.url });
    client.on('error', () => {});
    await client.connect();
    try {
      if (context.mode === 'session') await client.query('set statement_timeout = 0');
      const runner: StepRunner = {
        sql: async <T extends object>(text: string) => (await client.query(text)).rows as T[],
        step: (step) => buildOnPostgres(client, step, lock.assertHeld),
      };
      return await applyAll(context, runner, lock.assertHeld);
    } finally {
      await client.end().catch(() => {});
    }
  } finally {
    await lock.release();
  }
};

const applyAll = async (context: MigrateContext, runner: StepRunner, assertHeld: () => void): Promise<string[]> => {
  const { orm } = context;
  const withSteps = context.migrations.filter((migration) => onlineSteps(migration).length > 0);
  const ends = new Set(withSteps.map((migration) => migration.name));
  await runner.sql(`create table if not exists ${ONLINE_STEPS_TABLE} (migration text primary key, finished_at timestamptz not null)`);
  const applied: string[] = [];
  for (;;) {
    await finishOnlineSteps(context, runner, withSteps);
    const pending = (await orm.migrator.getPending()).map((migration) => migration.name);
    if (pending.length === 0) return applied;
    const end = pending.findIndex((name) => ends.has(name));
    const batch = end < 0 ? pending : pending.slice(0, end + 1);
    assertHeld();
    await applyInTransaction(context, batch);
    applied.push(...batch);
  }
};

const applyInTransaction = async (context: MigrateContext, names: string[]): Promise<void> => {
  if (context.engine === 'pglite') {
    await context.orm.migrator.up({ migrations: names });
    return;
  }
  await context.em.fork().transactional(async (tx) => {
    // A migration may take long on a large table: no request limit for it.
    await tx.execute('set local statement_timeout = 0');
    await context.orm.migrator.up({ migrations: names, transaction: tx.getTransactionContext() });
  });
};

/** Runs the steps of every applied migration whose steps have not all run yet, oldest first. */
const finishOnlineSteps = async (context: MigrateContext, runner: StepRunner, withSteps: readonly MigrationObject[]): Promise<void> => {
  if (withSteps.length === 0) return;
  const finished = new Set((await runner.sql<{ migration: string }>(`select migration from ${ONLINE_STEPS_TABLE}`)).map((row) => row.migration));
  const applied = new Set((await context.orm.migrator.getExecuted()).map((row) => row.name));
  for (const migration of withSteps) {
    if (!applied.has(migration.name) || finished.has(migration.name)) continue;
    for (const step of onlineSteps(migration)) await runner.step(step);
    await runner.sql(`insert into ${ONLINE_STEPS_TABLE} (migration, finished_at) values (${pg.escapeLiteral(migration.name)}, now())`);
  }
};

/**
 * One step on PostgreSQL, outside a transaction. A valid index of the name means an earlier run
 * built it. An invalid one was left by a build that failed or whose connection died: it is dropped
 * and built again (`if not exists` alone would keep it, unused). One still being built belongs to a
 * process that lost the lock while its build went on: it is waited for.
 */
const buildOnPostgres = async (client: pg.Client, step: OnlineStep, assertHeld: () => void): Promise<void> => {
  if (step.kind === 'create index') {
    for (;;) {
      const state = indexState((await client.query<{ valid: boolean; building: boolean }>(INDEX_STATE_SQL, [step.name])).rows);
      if (state === 'valid') return;
      if (state !== 'building') {
        if (state === 'invalid') await client.query(onlineStepSql(dropIndexOnline(step.name), 'postgresql'));
        break;
      }
      await sleep(BUILD_POLL_MS);
    }
  }
  assertHeld();
  await client.query(onlineStepSql(step, 'postgresql'));
};
