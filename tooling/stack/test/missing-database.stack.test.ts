import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL } from '@svc/db/testing';
import { startStack, type Stack } from '../src/stack.ts';
import { withAdmin } from './scratch-database.ts';

// `pnpm stack up --database-url` on a database that does not exist yet: PgBouncer serves only that
// database, so the processes cannot create it through it (their login fails); the stack creates it.

const name = `svc_stack_new_${randomBytes(4).toString('hex')}`;
let stack: Stack | undefined;

afterAll(async () => {
  await stack?.stop();
  await withAdmin((client) => client.query(`drop database if exists ${name} with (force)`));
});

describe('a stack on a database that does not exist yet', () => {
  it('creates it, and its processes migrate it and answer', async () => {
    const url = new URL(TEST_DATABASE_URL);
    url.pathname = `/${name}`;
    stack = await startStack({ databaseUrl: url.toString(), apis: 1, workers: 0 });
    const jobs = await fetch(`${stack.url}/api/v1/jobs`);
    expect(jobs.status).toBe(200);
    expect(await jobs.json()).toMatchObject({ jobs: [] });
    const found = await withAdmin((client) => client.query('select datname from pg_database where datname = $1', [name]));
    expect(found.rows).toEqual([{ datname: name }]);
  });
});
