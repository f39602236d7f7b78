import type { TestApp } from '@svc/runtime/testing';

/**
 * A fingerprint of everything the service stores: each table's row count, and its versions' sum
 * where rows are versioned, so a refused request that changed anything at all shows as a different
 * fingerprint. Rate-limit windows and usage counts are left out: a refused attempt may count there.
 * Reads the tables once (call it after the app has migrated); the returned function reads the state.
 */
export const databaseFingerprint = async (app: TestApp): Promise<() => Promise<string>> => {
  const rows = await app.db.query<{ table_name: string; versioned: boolean }>(
    `select table_name, bool_or(column_name = 'version') as versioned from information_schema.columns
      where table_schema = 'public' and table_name not in ('rate_limit_windows', 'usage_counts', 'mikro_orm_migrations')
      group by table_name order by table_name`,
  );
  const parts = rows.map((row) => `(select count(*)${row.versioned ? ' || \':\' || coalesce(sum(version), 0)' : ''} from ${row.table_name})`);
  return async () => {
    const [row] = await app.db.query<Record<string, unknown>>(`select concat_ws(',', ${parts.join(', ')}) as state`);
    return String(row!.state);
  };
};
