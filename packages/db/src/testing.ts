import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { CHANGES_CHANNEL } from './announce.ts';
import { HEARTBEAT } from './change-feed.ts';
import { openDatabase, type Database, type DatabaseOptions, type Engine } from './database.ts';

/** The server the tests use; CI provides one on 127.0.0.1:5432 (database `test`). */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';

/** Both engines the service runs on: every storage test runs against each. */
export const ENGINES: Engine[] = ['postgresql', 'pglite'];

/** Runs `work` on a connection of its own to the server at `TEST_DATABASE_URL` (scratch databases, settings a test changes). */
export const withAdmin = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL tests need a server at TEST_DATABASE_URL (${TEST_DATABASE_URL}); none answered: ${String(error)}`,
      { cause: error },
    );
  }
  try {
    return await work(client);
  } finally {
    await client.end();
  }
};

export interface TestDatabase extends Database {
  /** The scratch database's URL on PostgreSQL, for processes a test starts on it; undefined on PGlite. */
  url?: string;
  /** Closes and drops the scratch database. */
  dispose(): Promise<void>;
}

/**
 * A migrated scratch database of its own for one test file: a fresh PostgreSQL database on the
 * test server (dropped afterwards), or an in-memory PGlite.
 */
export const openTestDatabase = async (
  engine: Engine,
  /** A time limit or a pool mode as production sets them (statement-timeout.ts); none by default. */
  options: Pick<DatabaseOptions, 'entities' | 'migrations' | 'routines' | 'statementTimeoutMs' | 'poolMode' | 'poolMax' | 'observer' | 'tracer'>,
): Promise<TestDatabase> => {
  if (engine === 'pglite') {
    const db = await openDatabase({ ...options, dataDir: 'memory://' });
    await db.migrate();
    return { ...db, dispose: () => db.close() };
  }
  const name = `svc_test_${randomBytes(6).toString('hex')}`;
  await withAdmin((client) => client.query(`create database ${name}`));
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  const db = await openDatabase({ poolMax: 25, ...options, url: url.toString() });
  await db.migrate();
  return {
    ...db,
    url: url.toString(),
    dispose: async () => {
      await db.close();
      await withAdmin((client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
};

/**
 * The SQL MikroORM's schema generator would run to turn the migrated database into the shape the
 * entities describe: empty when the entity definitions and the checked-in migrations agree.
 * Statements come one an entry, without the generator's wrapping.
 */
export const schemaDrift = async (db: Database): Promise<string[]> => {
  const sql = await db.orm.schema.getUpdateSchemaSQL({ wrap: false });
  return sql
    .split(/;\s*\n/)
    .map((statement) => statement.trim().replace(/;$/, ''))
    .filter((statement) => statement.length > 0);
};

const HEARTBEAT_STATEMENT = `select pg_notify('${CHANGES_CHANNEL}', '${HEARTBEAT}`;

/**
 * A message as the PostgreSQL driver sent it, one round trip: its statements' texts joined by `; `
 * and their bound values in order. Statements pipelined together (pg/pipelined.ts) are one message.
 */
export interface SentStatement {
  text: string;
  values: unknown[];
  /** The names its statements went under, for those the driver prepared by name. */
  names: string[];
}

/**
 * Every message the PostgreSQL driver sends while `work` runs, in order: each is one round trip,
 * whichever layer sends it (raw queries, the entity manager, transactions). Queries one client is
 * given in the same turn of the event loop, without waiting in between, go out together (the
 * driver pipelines them) and count as one. PGlite has no socket and no driver to watch.
 */
export const recordQueries = async (work: () => Promise<unknown>): Promise<SentStatement[]> => {
  const sent: SentStatement[] = [];
  /** The message each client is filling in this turn. */
  const open = new Map<unknown, SentStatement>();
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const query = prototype.query;
  prototype.query = function (this: unknown, ...args: unknown[]) {
    const [first, second] = args as [string | { text?: unknown; values?: unknown[]; name?: string; statements?: unknown } | undefined, unknown];
    // The change feed's heartbeat goes on its own clock, not on behalf of the work being recorded.
    if (typeof first === 'string' && first.startsWith(HEARTBEAT_STATEMENT)) return query.apply(this, args);
    // A batch (pg/pipelined.ts) is one query of the driver holding several statements.
    const statements: { text?: unknown; values?: readonly unknown[]; name?: string | undefined }[] =
      typeof first === 'string' ? [{ text: first, values: Array.isArray(second) ? second : [] }] : Array.isArray(first?.statements) ? first.statements : [first ?? {}];
    for (const statement of statements) {
      const text = String(statement.text);
      const values = [...(statement.values ?? [])];
      const names = statement.name ? [statement.name] : [];
      const message = open.get(this);
      if (message) {
        message.text += `; ${text}`;
        message.values.push(...values);
        message.names.push(...names);
      } else {
        const started = { text, values, names };
        sent.push(started);
        open.set(this, started);
        queueMicrotask(() => open.delete(this));
      }
    }
    return query.apply(this, args);
  };
  try {
    await work();
  } finally {
    prototype.query = query;
  }
  return sent;
};

/** The SQL of every statement sent while `work` runs: for tests that pin how many a request costs. */
export const recordStatements = async (work: () => Promise<unknown>): Promise<string[]> =>
  (await recordQueries(work)).map((statement) => statement.text);

/**
 * How many Syncs the PostgreSQL driver sends while `work` runs: each asks the server for an answer,
 * and a flush of it (pg/pipelined.ts sends one per message where it can).
 */
export const countSyncs = async (work: () => Promise<unknown>): Promise<number> => {
  const prototype = pg.Connection.prototype as unknown as { sync: (...args: unknown[]) => unknown };
  const original = prototype.sync;
  let count = 0;
  prototype.sync = function (this: unknown, ...args: unknown[]) {
    count += 1;
    return original.apply(this, args);
  };
  try {
    await work();
  } finally {
    prototype.sync = original;
  }
  return count;
};

export { contractions, type Contraction } from './expand-only.ts';
export { formatSql, generateQueryReport, type QueryReport, type ReportedCall } from './query-report.ts';
