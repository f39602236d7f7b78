import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { dbEntities, dbMigrations, openDatabase } from '../src/index.ts';
import { PGLITE_START_PARAMS } from '../src/pglite-settings.ts';

describe('the embedded database settings', () => {
  it("keeps every one of PGlite's own start parameters (an upgrade that changes them fails here)", () => {
    expect(PGLITE_START_PARAMS.slice(0, PGlite.defaultStartParams.length)).toEqual(PGlite.defaultStartParams);
  });

  it('starts PostgreSQL with 16 MB of shared buffers and PGlite defaults in force', async () => {
    const db = await openDatabase({ dataDir: 'memory://', entities: dbEntities, migrations: dbMigrations });
    try {
      await db.migrate();
      const [row] = await db.query<{ shared_buffers: string; search_path: string; workers: string }>(
        `select current_setting('shared_buffers') as shared_buffers, current_setting('search_path') as search_path,
                current_setting('max_worker_processes') as workers`,
      );
      expect(row).toEqual({ shared_buffers: '16MB', search_path: 'public', workers: '0' });
    } finally {
      await db.close();
    }
  });
});
