import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbEntities, dbMigrations } from '@svc/db';
import { ENGINES, openTestDatabase, type TestDatabase } from '@svc/db/testing';
import { threadsEntities, threadsMigrations } from '../src/index.ts';

describe.each(ENGINES)('threads schema on %s', (engine) => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await openTestDatabase(engine, {
      entities: [...dbEntities, ...threadsEntities],
      migrations: [...dbMigrations, ...threadsMigrations],
    });
  });
  afterAll(() => db?.dispose());

  it('matches the entities: the migrated thread tables need no change', async () => {
    const diff: string = await db.orm.schema.getUpdateSchemaSQL({ wrap: false });
    expect(diff.split('\n').filter((line) => /"thread/.test(line))).toEqual([]);
  });

  it('enforces statuses, kinds, unique token hashes and cascades in the database too', async () => {
    const insertThread = (id: string, status: string) =>
      db.query(
        `insert into threads (id, title, summary, summary_version, status, owner_id, summary_edited_by_others, created_at, updated_at)
         values (?, 't', '', 1, ?, 'prn_a', false, now(), now())`,
        [id, status],
      );
    await expect(insertThread('thr_bad', 'closed')).rejects.toThrow();
    await insertThread('thr_ok', 'open');
    await expect(
      db.query(`insert into thread_entries (id, thread_id, kind, text, author_id, created_at, updated_at) values ('ten_x', 'thr_ok', 'poem', 'x', 'prn_a', now(), now())`),
    ).rejects.toThrow();
    await expect(
      db.query(`insert into thread_entries (id, thread_id, kind, text, author_id, created_at, updated_at) values ('ten_y', 'thr_none', 'update', 'x', 'prn_a', now(), now())`),
    ).rejects.toThrow();
    const invite = (id: string) =>
      db.query(
        `insert into thread_invites (id, thread_id, token_hash, created_by, status, created_at, expires_at)
         values (?, 'thr_ok', 'same-hash', 'prn_a', 'pending', now(), now())`,
        [id],
      );
    await invite('tin_1');
    await expect(invite('tin_2')).rejects.toThrow();
    await db.query(`insert into thread_participants (thread_id, principal_id, joined_at) values ('thr_ok', 'prn_a', now())`);
    await db.query(`delete from threads where id = 'thr_ok'`);
    expect(await db.query(`select count(*)::int as n from thread_invites`)).toEqual([{ n: 0 }]);
    expect(await db.query(`select count(*)::int as n from thread_participants`)).toEqual([{ n: 0 }]);
  });
});
