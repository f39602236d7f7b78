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
