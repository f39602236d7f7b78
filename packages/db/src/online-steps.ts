import type { MigrationObject } from '@mikro-orm/core';
import type { Engine } from './query-types.ts';

/**
 * A schema change on a table that may already hold rows, made without blocking its writes. A plain
 * `create index` holds a lock that stops every insert, update and delete of the table until the
 * index is built; on PostgreSQL these steps run as `create index concurrently` and
 * `drop index concurrently`, which cannot run inside a transaction. So a migration declares them
 * apart from its SQL, and they run after the migration's transaction has committed (migrate.ts).
 *
 * Each step can be run again and ends in the same state: a step interrupted by a crash is simply
 * repeated at the next start.
 */
export type OnlineStep =
  | { readonly kind: 'create index'; readonly name: string; readonly on: string; readonly unique: boolean }
  | { readonly kind: 'drop index'; readonly name: string };

// Names go into the SQL as they are: checked here, where a migration is written, not at a start.
const checkName = (name: string): string => {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`index name "${name}": lower-case letters, digits and _ only`);
  return name;
};

/** An index built without blocking writes; `on` is the rest of `create index … on`: `jobs (status, created_at desc)`. */
export const createIndexOnline = (name: string, on: string, options: { unique?: boolean } = {}): OnlineStep => ({
  kind: 'create index',
  name: checkName(name),
  on,
  unique: options.unique ?? false,
});

/** An index dropped without waiting for the table's readers and writers to stop. */
export const dropIndexOnline = (name: string): OnlineStep => ({ kind: 'drop index', name: checkName(name) });

/** The online steps a migration declares (sql-migration.ts), none for any other. */
export const onlineSteps = (migration: MigrationObject): readonly OnlineStep[] =>
  (migration as { online?: readonly OnlineStep[] }).online ?? [];

/**
 * The statement of a step. PGlite has one connection and no other writer to wait for: the plain
 * form, which it can run.
 */
export const onlineStepSql = (step: OnlineStep, engine: Engine): string => {
  const concurrently = engine === 'postgresql' ? ' concurrently' : '';
  if (step.kind === 'drop index') return `drop index${concurrently} if exists ${step.name}`;
  return `create ${step.unique ? 'unique ' : ''}index${concurrently} if not exists ${step.name} on ${step.on}`;
};

/**
 * Where an index of that name in the current schema stands: missing, valid, a build that is still
 * running, or left invalid by a build that failed or whose process died (PostgreSQL keeps such an
 * index, unused by queries but updated by every write, until it is dropped).
 */
export const INDEX_STATE_SQL = `select i.indisvalid as valid,
    exists (select 1 from pg_stat_progress_create_index p where p.index_relid = c.oid) as building
  from pg_class c
  join pg_index i on i.indexrelid = c.oid
  join pg_namespace n on n.oid = c.relnamespace
  where c.relname = $1 and n.nspname = current_schema()`;

export type IndexState = 'missing' | 'valid' | 'building' | 'invalid';

export const indexState = (rows: readonly { valid: boolean; building: boolean }[]): IndexState => {
  const [row] = rows;
  if (!row) return 'missing';
  if (row.valid) return 'valid';
  return row.building ? 'building' : 'invalid';
};
