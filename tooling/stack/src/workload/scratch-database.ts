import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { TEST_DATABASE_URL } from '@svc/db/testing';

export interface ScratchDatabase {
  name: string;
  /** The database itself, on the server of TEST_DATABASE_URL. */
  url: string;
  /** Drops it, whoever is still connected. */
  drop(): Promise<void>;
}

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

/** A fresh, empty database `svc_stack_<random>` for one stack: the processes migrate it as they start. */
export const createScratchDatabase = async (): Promise<ScratchDatabase> => {
  const name = `svc_stack_${randomBytes(6).toString('hex')}`;
  await withAdmin((client) => client.query(`create database ${name}`));
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => withAdmin(async (client) => void (await client.query(`drop database if exists ${name} with (force)`))),
  };
};
