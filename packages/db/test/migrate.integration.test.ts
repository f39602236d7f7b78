import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbEntities, dbMigrations, openDatabase } from '../src/index.ts';
import { TEST_DATABASE_URL } from '../src/testing.ts';

const admin = async (sql: string) => {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
};

describe('migrations with several processes starting at once', () => {
  const name = `svc_test_${randomBytes(6).toString('hex')}`;
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;

  beforeAll(() => admin(`create database ${name}`));
  afterAll(() => admin(`drop database if exists ${name} with (force)`));

  it('migrates once: one process applies, the others wait and find nothing to do', async () => {
    const processes = await Promise.all(
      [1, 2, 3].map(() => openDatabase({ url: url.toString(), entities: dbEntities, migrations: dbMigrations })),
    );
    try {
      const applied = await Promise.all(processes.map((db) => db.migrate()));
      expect(applied.map((names) => names.length).sort()).toEqual([0, 0, dbMigrations.length]);
      const [row] = await processes[0]!.query<{ n: string }>('select count(*) as n from mikro_orm_migrations');
      expect(Number(row!.n)).toBe(dbMigrations.length);
    } finally {
      await Promise.all(processes.map((db) => db.close()));
    }
  });
});

describe('processes starting at once on a database that does not exist yet', () => {
  const names: string[] = [];
  afterAll(async () => {
    for (const name of names) await admin(`drop database if exists ${name} with (force)`);
  });

  it('each opens it: one creates it, the others find it made (never a duplicate-database failure)', async () => {
    // Several rounds: the two creates meet only when their looks for the database both come first.
    for (let round = 0; round < 6; round++) {
      const name = `svc_test_${randomBytes(6).toString('hex')}`;
      names.push(name);
      const url = new URL(TEST_DATABASE_URL);
      url.pathname = `/${name}`;
      const opened = await Promise.allSettled([1, 2, 3].map(() => openDatabase({ url: url.toString(), entities: dbEntities, migrations: dbMigrations })));
      const failures = opened.flatMap((result) => (result.status === 'rejected' ? [String(result.reason)] : []));
      await Promise.all(opened.map((result) => (result.status === 'fulfilled' ? result.value.close() : undefined)));
      expect(failures).toEqual([]);
    }
  }, 120_000);
});
