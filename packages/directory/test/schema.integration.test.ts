import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbEntities, dbMigrations } from '@svc/db';
import { ENGINES, openTestDatabase, type TestDatabase } from '@svc/db/testing';
import { directoryEntities, directoryMigrations } from '../src/index.ts';

describe.each(ENGINES)('directory schema on %s', (engine) => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await openTestDatabase(engine, {
      entities: [...dbEntities, ...directoryEntities],
      migrations: [...dbMigrations, ...directoryMigrations],
    });
  });
  afterAll(() => db?.dispose());

  it('matches the entities: the migrated directory tables need no change', async () => {
    const diff: string = await db.orm.schema.getUpdateSchemaSQL({ wrap: false });
    const statements = diff.split('\n').filter((line) => /"directory_(entries|destinations|history)"/.test(line));
    expect(statements).toEqual([]);
  });

  it('keeps handles unique and holds no foreign keys to other domains', async () => {
    const insert = (id: string, handle: string) =>
      db.query(
        `insert into directory_entries (id, handle, owner_id, display_name, description, entry_type, visibility, term, status,
           version, locked, suspended, created_at, updated_at)
         values (?, ?, 'prn_x', 'Tents', 'Big tents', 'organisation', 'public', 'ongoing', 'active', 1, false, false, now(), now())`,
        [id, handle],
      );
    await insert('dir_a', 'tents');
    await expect(insert('dir_b', 'tents')).rejects.toThrow();
    await expect(
      db.query(`update directory_entries set status = 'expired' where id = 'dir_a'`),
    ).rejects.toThrow();
    const foreign = await db.query<{ target: string }>(
      `select confrelid::regclass::text as target from pg_constraint
       where contype = 'f' and conrelid::regclass::text like 'directory_%'`,
    );
    expect(foreign.map((row) => row.target).sort()).toEqual(['directory_entries', 'directory_entries']);
  });
});
