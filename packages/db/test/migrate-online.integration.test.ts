import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createIndexOnline, dbEntities, openDatabase, sqlMigration, type Database } from '../src/index.ts';
import { TEST_DATABASE_URL, withAdmin } from '../src/testing.ts';

// A table that exists and holds rows before the migration that indexes it, and a migration after
// that one, which must wait for the index (its SQL may rely on it).
const widgets = sqlMigration('202601010000_test_widgets', ['create table widgets (id serial primary key, code text not null)']);
const widgetsCode = sqlMigration('202601010100_test_widgets_code', [], [createIndexOnline('widgets_code_index', 'widgets (code)')]);
const gadgets = sqlMigration('202601010200_test_gadgets', ['create table gadgets (id integer primary key)']);
const release = [widgets, widgetsCode, gadgets];

const scratch: string[] = [];
const open: Database[] = [];
const clients: pg.Client[] = [];

const scratchDatabase = async (): Promise<string> => {
  const name = `svc_test_${randomBytes(6).toString('hex')}`;
  await withAdmin((client) => client.query(`create database ${name}`));
  scratch.push(name);
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
};

const connect = async (url: string): Promise<pg.Client> => {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  await client.connect();
  clients.push(client);
  return client;
};

const start = async (url: string, migrations = release): Promise<Database> => {
  const db = await openDatabase({ url, entities: dbEntities, migrations, poolMax: 4 });
  open.push(db);
  return db;
};

/** A database at the previous release: `widgets` exists and holds rows. */
const previousRelease = async (): Promise<string> => {
  const url = await scratchDatabase();
  const db = await start(url, [widgets]);
  await db.migrate();
  await db.query("insert into widgets (code) select 'w' || n from generate_series(1, 5000) as n");
  return url;
};

/**
 * An open transaction that has written to `widgets`: a concurrent index build waits for it before
 * it starts reading the table, so the build stays under way until `commit`.
 */
const holdTheBuild = async (url: string) => {
  const client = await connect(url);
  await client.query('begin');
  await client.query("insert into widgets (code) values ('held')");
  return { commit: () => client.query('commit') };
};

/** The backends building an index concurrently on `url`'s database, once one is under way. */
const builders = async (observer: pg.Client): Promise<number[]> => {
  // Generous: on a loaded machine opening, locking and starting the build can take seconds.
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; ) {
    const { rows } = await observer.query<{ pid: number }>(
      "select pid from pg_stat_activity where datname = current_database() and query like 'create index concurrently%' and state = 'active'",
    );
    if (rows.length > 0) return rows.map((row) => row.pid);
    await sleep(50);
  }
  throw new Error('no concurrent index build started');
};

/**
 * Waits until the concurrent build has committed its first step, the index's catalog entry (still
 * invalid): a build stopped before that leaves no index at all, one stopped after it an invalid one.
 */
const indexEntered = async (observer: pg.Client, name: string): Promise<void> => {
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; ) {
    const { rows } = await observer.query('select 1 from pg_class where relname = $1', [name]);
    if (rows.length > 0) return;
    await sleep(50);
  }
  throw new Error(`the build of ${name} never entered it in the catalog`);
};

const indexValidity = async (client: pg.Client) =>
  (await client.query<{ name: string; valid: boolean }>(
    "select c.relname as name, i.indisvalid as valid from pg_index i join pg_class c on c.oid = i.indexrelid where i.indrelid = 'widgets'::regclass order by 1",
  )).rows;

const recorded = async (client: pg.Client) => ({
  applied: (await client.query<{ name: string }>('select name from mikro_orm_migrations order by name')).rows.map((row) => row.name),
  finished: (await client.query<{ migration: string }>('select migration from migration_online_steps')).rows.map((row) => row.migration),
});

afterEach(async () => {
  await Promise.allSettled(clients.splice(0).map((client) => client.end()));
  await Promise.allSettled(open.splice(0).map((db) => db.close()));
  for (const name of scratch.splice(0)) await withAdmin((client) => client.query(`drop database if exists ${name} with (force)`));
});

describe('index builds on tables that hold rows', () => {
  it('build outside the migration transaction while inserts into the table commit, and the next migration waits for them', async () => {
    const url = await previousRelease();
    const observer = await connect(url);
    const held = await holdTheBuild(url);
    const db = await start(url);
    const migrating = db.migrate();
    const [builder] = await builders(observer);

    // CONCURRENTLY cannot run in a transaction block: the build is outside the migration's
    // transaction, which has committed (its migration is recorded), and the next one waits.
    const [progress] = (await observer.query<{ command: string }>('select command from pg_stat_progress_create_index where pid = $1', [builder])).rows;
    expect(progress?.command).toBe('CREATE INDEX CONCURRENTLY');
    expect((await recorded(observer)).applied).toEqual([widgets.name, widgetsCode.name]);

    // A plain `create index` would hold this insert until the build ends; this one commits now.
    const writer = await connect(url);
    await writer.query("set statement_timeout = '5s'");
    await writer.query("insert into widgets (code) values ('during the build')");

    await held.commit();
    expect(await migrating).toEqual([widgetsCode.name, gadgets.name]);
    expect(await indexValidity(observer)).toEqual([
      { name: 'widgets_code_index', valid: true },
      { name: 'widgets_pkey', valid: true },
    ]);
    expect(await recorded(observer)).toEqual({ applied: release.map((m) => m.name), finished: [widgetsCode.name] });
  });

  it('drop an index whose build died and build it again at the next start', async () => {
    const url = await previousRelease();
    const observer = await connect(url);
    const held = await holdTheBuild(url);
    const first = await start(url);
    const migrating = first.migrate();
    const [builder] = await builders(observer);
    await indexEntered(observer, 'widgets_code_index');
    await observer.query('select pg_terminate_backend($1)', [builder]);
    await expect(migrating).rejects.toThrow();
    await held.commit();

    // What a crash mid-build leaves: the migration recorded, its index there but invalid, its steps not finished.
    expect(await indexValidity(observer)).toEqual([
      { name: 'widgets_code_index', valid: false },
      { name: 'widgets_pkey', valid: true },
    ]);
    expect(await recorded(observer)).toEqual({ applied: [widgets.name, widgetsCode.name], finished: [] });

    const next = await start(url);
    expect(await next.migrate()).toEqual([gadgets.name]);
    expect(await indexValidity(observer)).toEqual([
      { name: 'widgets_code_index', valid: true },
      { name: 'widgets_pkey', valid: true },
    ]);
    expect(await recorded(observer)).toEqual({ applied: release.map((m) => m.name), finished: [widgetsCode.name] });
  });

  it('two processes migrating at once: one builds while the other waits, and one valid index results', async () => {
    const url = await previousRelease();
    const observer = await connect(url);
    const held = await holdTheBuild(url);
    const [one, two] = await Promise.all([start(url), start(url)]);
    const migrating = [one!.migrate(), two!.migrate()];
    expect(await builders(observer)).toHaveLength(1);
    await sleep(500);
    expect(await builders(observer)).toHaveLength(1);
    await held.commit();
    const applied = await Promise.all(migrating);
    expect(applied.map((names) => names.length).sort()).toEqual([0, 2]);
    expect(await indexValidity(observer)).toEqual([
      { name: 'widgets_code_index', valid: true },
      { name: 'widgets_pkey', valid: true },
    ]);
  });

  it('a database that ran the migration in a transaction, as first released, has nothing left to build', async () => {
    const url = await scratchDatabase();
    const asFirstReleased = sqlMigration(widgetsCode.name, ['create index widgets_code_index on widgets (code)']);
    const before = await start(url, [widgets, asFirstReleased]);
    await before.migrate();
    const observer = await connect(url);
    const [{ oid }] = (await observer.query<{ oid: number }>("select 'widgets_code_index'::regclass::oid as oid")).rows as [{ oid: number }];

    const after = await start(url);
    expect(await after.migrate()).toEqual([gadgets.name]);
    // The same index, not a rebuilt one.
    expect((await observer.query<{ oid: number }>("select 'widgets_code_index'::regclass::oid as oid")).rows[0]?.oid).toBe(oid);
    expect((await recorded(observer)).finished).toEqual([widgetsCode.name]);
  });

  it('on PGlite the same migrations build the index in place', async () => {
    const db = await openDatabase({ entities: dbEntities, migrations: release, dataDir: 'memory://' });
    open.push(db);
    expect(await db.migrate()).toEqual(release.map((m) => m.name));
    expect(await db.query("select indexname from pg_indexes where tablename = 'widgets' order by 1")).toEqual([
      { indexname: 'widgets_code_index' },
      { indexname: 'widgets_pkey' },
    ]);
    expect(await db.migrate()).toEqual([]);
  });
});
