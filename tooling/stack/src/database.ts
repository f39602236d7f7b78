import pg from 'pg';
import { describeTarget } from './pgbouncer.ts';

/**
 * Creates the stack's database when it does not exist yet; answers whether it did. A process creates
 * a missing database itself (from the server's `postgres` database, docs in the README), but behind
 * PgBouncer it reaches only the one database PgBouncer serves, whose login then fails: so the stack
 * does it first, directly on the server.
 */
export const ensureDatabase = async (databaseUrl: string): Promise<boolean> => {
  const { database } = describeTarget(databaseUrl);
  const server = new URL(databaseUrl);
  server.pathname = '/postgres';
  const client = new pg.Client({ connectionString: server.toString() });
  await client.connect();
  try {
    if ((await client.query('select 1 from pg_database where datname = $1', [database])).rowCount) return false;
    try {
      await client.query(`create database ${client.escapeIdentifier(database)}`);
    } catch (error) {
      // Another stack created it meanwhile.
      if ((error as { code?: string }).code === '42P04') return false;
      throw error;
    }
    return true;
  } finally {
    await client.end();
  }
};
