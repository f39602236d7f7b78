import { chownSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { requireBinary } from './binaries.ts';
import { freePort } from './ports.ts';
import { startProcess, waitUntil, type RunningProcess } from './processes.ts';

export interface PgBouncerSettings {
  /** The directory that holds its configuration, log and pid file. */
  dir: string;
  /** The direct URL of the one database it pools. */
  databaseUrl: string;
  /** Server connections per database and user: about twice the database server's cores (docs/scaling.md). */
  poolSize: number;
  /** Run as this user: PgBouncer refuses to run as root. */
  user?: { uid: number; gid: number };
}

/** The parts of a PostgreSQL URL PgBouncer's configuration names. */
export const describeTarget = (databaseUrl: string) => {
  const url = new URL(databaseUrl);
  const database = decodeURIComponent(url.pathname.slice(1));
  // The name is written unquoted into an ini file and into the pooled URL.
  if (!/^[A-Za-z0-9_]+$/.test(database)) throw new Error(`The stack pools a database named with letters, digits and _ only, not "${database}"`);
  return {
    // A unix socket directory is given percent-encoded as the host.
    host: decodeURIComponent(url.hostname) || '127.0.0.1',
    port: Number(url.port || 5432),
    database,
    user: decodeURIComponent(url.username) || 'postgres',
    password: decodeURIComponent(url.password),
  };
};

/**
 * The configuration of a PgBouncer in transaction mode, as production runs it: it listens on the
 * loopback address only, trusts its clients (the database server decides who may log in), and maps
 * the one database to the PostgreSQL server. No unix socket: several stacks may run at once.
 */
export const pgbouncerConfig = ({ dir, databaseUrl, poolSize, port }: Omit<PgBouncerSettings, 'user'> & { port: number }): string => {
  const target = describeTarget(databaseUrl);
  const server = [`host=${target.host}`, `port=${target.port}`, `dbname=${target.database}`, ...(target.password ? [`password=${target.password}`] : [])];
  return [
    '[databases]',
    `${target.database} = ${server.join(' ')}`,
    '',
    '[pgbouncer]',
    'listen_addr = 127.0.0.1',
    `listen_port = ${port}`,
    'unix_socket_dir =',
    'auth_type = trust',
    `auth_file = ${join(dir, 'userlist.txt')}`,
    'pool_mode = transaction',
    `default_pool_size = ${poolSize}`,
    // Every process's pool (10 each), the workers', one-off commands and the tests' own clients.
    'max_client_conn = 500',
    // node-postgres and psql may send it; PgBouncer refuses unknown startup parameters otherwise.
    'ignore_startup_parameters = extra_float_digits',
    `logfile = ${join(dir, 'pgbouncer.log')}`,
    `pidfile = ${join(dir, 'pgbouncer.pid')}`,
    '',
  ].join('\n');
};

/** Answers once PgBouncer lends a server connection: a client connects through it and runs a statement. */
const answers = async (url: string): Promise<boolean> => {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } finally {
    await client.end().catch(() => {});
  }
};

/** Writes the configuration and starts PgBouncer in the foreground; resolves once a client gets through. */
export const startPgBouncer = async (settings: PgBouncerSettings): Promise<{ url: string; process: RunningProcess }> => {
  const binary = requireBinary('pgbouncer');
  const port = await freePort();
  const target = describeTarget(settings.databaseUrl);
  const config = join(settings.dir, 'pgbouncer.ini');
  const users = join(settings.dir, 'userlist.txt');
  writeFileSync(config, pgbouncerConfig({ ...settings, port }), { mode: 0o644 });
  // With auth_type trust PgBouncer still looks the user up in its auth file.
  writeFileSync(users, `"${target.user}" ""\n`, { mode: 0o644 });
  if (settings.user) {
    // It reads its files and writes its log and pid file here as that user.
    for (const path of [settings.dir, config, users]) chownSync(path, settings.user.uid, settings.user.gid);
  }
  const url = new URL(settings.databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  url.password = '';
  const pooled = url.toString();
  const process = await startProcess({
    name: 'pgbouncer',
    command: binary,
    args: [config],
    cwd: settings.dir,
    ...(settings.user ? { user: settings.user } : {}),
    ready: (running) => waitUntil('PgBouncer accepted a connection', () => answers(pooled), { process: running, timeoutMs: 15_000 }),
  });
  return { url: pooled, process };
};
