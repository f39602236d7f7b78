import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { TEST_DATABASE_URL } from '@svc/db/testing';

/** Runs `work` on a connection to the test server's own database (creating, dropping, terminating). */
export const withAdmin = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
};

export interface ScratchDatabase {
  name: string;
  /** PostgreSQL itself, not the pooler. */
  url: string;
  /** A direct connection for the test's own reads (what the database holds). */
  client: pg.Client;
  drop(): Promise<void>;
}

/**
 * An empty database of the test file's own on the test server; the stack's processes migrate it when
 * they start. Dropped with `(force)`, which ends whatever connection a failed test left behind.
 */
export const createScratchDatabase = async (): Promise<ScratchDatabase> => {
  const name = `svc_stack_${randomBytes(6).toString('hex')}`;
  await withAdmin((admin) => admin.query(`create database ${name}`));
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  return {
    name,
    url: url.toString(),
    client,
    drop: async () => {
      await client.end().catch(() => {});
      await withAdmin((admin) => admin.query(`drop database if exists ${name} with (force)`));
    },
  };
};
