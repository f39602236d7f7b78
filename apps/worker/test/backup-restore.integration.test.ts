import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerApiRoutes } from '@svc/api';
import { TEST_DATABASE_URL } from '@svc/db/testing';
import { createLogger, listen } from '@svc/http';
import { buildHttpApp, openRuntime, readConfig, type Runtime } from '@svc/runtime';
import { freePort, startTestApp, type TestApp } from '@svc/runtime/testing';

/**
 * The backups of docs/operations.md ("Backups and restore"), command by command: a job written
 * through the service survives `pg_dump -Fc` and `pg_restore` into a fresh PostgreSQL database, and
 * a copy of the embedded database's data directory; a newly started API process serves either.
 */
const apiMain = fileURLToPath(new URL('../../api/src/main.ts', import.meta.url));

/** Runs one of PostgreSQL's client programs; a missing one fails the test, naming what to install. */
const run = (program: string, args: string[]) =>
  new Promise<string>((resolve, reject) => {
    execFile(program, args, (error, stdout, stderr) => {
      if ((error as NodeJS.ErrnoException | null)?.code === 'ENOENT') {
        reject(new Error(`${program} is not installed: backups need PostgreSQL's client programs (Debian: apt-get install postgresql-client)`));
      } else if (error) {
        reject(new Error(`${program} ${args.join(' ')} failed: ${stderr || error.message}`));
      } else {
        resolve(stdout);
      }
    });
  });

const databaseUrl = (name: string) => {
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
};

let app: TestApp;
let workDir: string;
let restoredName: string | undefined;
let service: ChildProcess | undefined;
let serviceLog = '';

/** Starts the API as production does, with `env` added, and waits until it answers. */
const startApi = async (env: Record<string, string>): Promise<string> => {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  serviceLog = '';
  service = spawn(process.execPath, [apiMain], {
    env: { ...process.env, ...env, PORT: String(port), LOG_LEVEL: 'info', NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  service.stdout!.on('data', (chunk: Buffer) => (serviceLog += chunk.toString()));
  service.stderr!.on('data', (chunk: Buffer) => (serviceLog += chunk.toString()));
  await vi.waitFor(
    async () => {
      expect(service!.exitCode, serviceLog).toBeNull();
      expect((await fetch(`${url}/healthz`)).status, serviceLog).toBe(200);
    },
    { timeout: 60_000, interval: 200 },
  );
  return url;
};

const stopApi = async () => {
  if (!service || service.exitCode !== null) return;
  const exited = new Promise((resolve) => service!.once('exit', resolve));
  service.kill('SIGTERM');
  await exited;
};

const expectJob = async (url: string, id: string, title: string) => {
  const read = await fetch(`${url}/api/v1/jobs/${id}`);
  expect(read.status).toBe(200);
  expect(await read.json()).toMatchObject({ id, title });
};

beforeAll(async () => {
  // Written at the real time: the restored service reads with the system clock.
  app = await startTestApp({ registrars: [registerApiRoutes], now: new Date().toISOString() });
  workDir = await mkdtemp(join(tmpdir(), 'svc-backup-'));
}, 120_000);

afterAll(async () => {
  await stopApi();
  await app?.close();
  if (restoredName) await run('dropdb', ['--if-exists', '--force', `--maintenance-db=${TEST_DATABASE_URL}`, restoredName]);
  if (workDir) await rm(workDir, { recursive: true, force: true });
}, 60_000);

describe('backups of a PostgreSQL database', () => {
  it('restores a pg_dump -Fc into a fresh database that the service serves without migrating again', async () => {
    const owner = await app.signUp('Ada Poster');
    const { token } = await app.agentToken(owner, ['jobs:write', 'account:read']);
    const created = await app.request('POST', '/api/v1/jobs', {
      token,
      headers: { 'idempotency-key': 'backed-up' },
      body: { title: 'Paint the fence', outcome: 'A painted fence', scope: 'Front fence', deliverables: 'Photos' },
    });
    expect(created.status).toBe(201);

    const [row] = await app.db.query<{ name: string }>('select current_database() as name');
    const dump = join(workDir, 'svc.dump');
    await run('pg_dump', ['-Fc', `--dbname=${databaseUrl(row!.name)}`, `--file=${dump}`]);

    restoredName = `svc_restore_${randomBytes(6).toString('hex')}`;
    await run('createdb', [`--maintenance-db=${TEST_DATABASE_URL}`, restoredName]);
    await run('pg_restore', ['--no-owner', '--exit-on-error', '--single-transaction', `--dbname=${databaseUrl(restoredName)}`, dump]);

    const url = await startApi({ DATABASE_URL: databaseUrl(restoredName) });
    await expectJob(url, created.body.id, 'Paint the fence');
    // The agent's access came back with the data: its token still speaks for the same person.
    const me = await fetch(`${url}/api/v1/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ principal: { principal_id: owner.id, display_name: 'Ada Poster' } });
    // The dump carries the record of applied migrations: the restored database starts as it is.
    // The start logs once the change feed has settled, which may come after the first answers.
    await vi.waitFor(() => expect(serviceLog).toContain('"msg":"listening"'), { timeout: 30_000, interval: 100 });
    expect(serviceLog).not.toContain('migrations applied');
  }, 120_000);
});

describe('backups of the embedded database (PGlite)', () => {
  /** Serves the API in this process on the data directory `dataDir`, as `pnpm start:api` would, while `work` runs. */
  const serving = async <T>(dataDir: string, work: (url: string, runtime: Runtime) => Promise<T>): Promise<T> => {
    const runtime = await openRuntime(readConfig({ SVC_DATA_DIR: dataDir }));
    const logger = createLogger('silent');
    const server = await listen(buildHttpApp(runtime.services, logger, [registerApiRoutes]), { port: 0, host: '127.0.0.1', logger });
    try {
      return await work(`http://127.0.0.1:${server.port}`, runtime);
    } finally {
      await server.close();
      await runtime.close();
    }
  };

  it('restores a copy of the data directory taken while the service was stopped', async () => {
    const dataDir = join(workDir, 'pglite');
    const backup = join(workDir, 'pglite-backup');
    const jobId = await serving(dataDir, async (url, { services: { access } }) => {
      const session = await access.accounts.signup({ email: 'ada@example.test', password: 'correct horse battery', display_name: 'Ada Poster' });
      const connect = await access.deviceFlow.connect({ agent_name: 'Backup test agent', scopes: ['jobs:write'] });
      await access.deviceFlow.approve((await access.accounts.resolveSession(session.sessionId))!.actor, { user_code: connect.user_code });
      const { access_token } = await access.deviceFlow.poll({ device_code: connect.device_code });
      const created = await fetch(`${url}/api/v1/jobs`, {
        method: 'POST',
        headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json', 'idempotency-key': 'embedded' },
        body: JSON.stringify({ title: 'Mow the lawn', outcome: 'A mown lawn', scope: 'Back garden', deliverables: 'Photos' }),
      });
      expect(created.status).toBe(201);
      expect(existsSync(`${dataDir}.lock`)).toBe(true);
      return ((await created.json()) as { id: string }).id;
    });

    // Stopped: the lock beside the directory is gone, and the directory is whole.
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
    await run('cp', ['-a', dataDir, backup]);
    // The original is lost; restoring is copying the backup back while nothing runs.
    await rm(dataDir, { recursive: true });
    await run('cp', ['-a', backup, dataDir]);

    await serving(dataDir, async (url, runtime) => {
      expect(runtime.applied).toEqual([]);
      await expectJob(url, jobId, 'Mow the lawn');
    });
  }, 180_000);
});
