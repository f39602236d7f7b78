import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEST_DATABASE_URL } from '@svc/db/testing';
import { requireBinary } from './binaries.ts';
import { ensureDatabase } from './database.ts';
import { startHaproxy } from './haproxy.ts';
import { healthy } from './health.ts';
import { startPgBouncer } from './pgbouncer.ts';
import { freePort } from './ports.ts';
import { runCommand, startProcess, waitUntil, type CommandResult, type RunningProcess } from './processes.ts';
import { productionStart, REPOSITORY_ROOT } from './start-command.ts';

export interface StackOptions {
  /** The PostgreSQL database the stack serves, reached directly (default: TEST_DATABASE_URL); created when missing. */
  databaseUrl?: string;
  /** API processes behind the balancer (default 2). */
  apis?: number;
  /** Worker processes running the daily schedule (default 2). */
  workers?: number;
  /**
   * How the change feed listens: `direct` gives every process `DATABASE_LISTEN_URL` (PostgreSQL
   * itself); `pooler` leaves it out, so the feed is on its own behind PgBouncer.
   */
  listen?: 'direct' | 'pooler';
  /** More environment for every API and worker process (e.g. `AGENT_WRITES_PER_MINUTE`). */
  env?: Record<string, string>;
  /** PgBouncer's server connections for the database (default 20). */
  poolSize?: number;
  /** Told when a part of the stack exits without having been asked to. */
  onUnexpectedExit?: (name: string, exit: string, output: string) => void;
}

/** One process of the stack. */
export interface StackProcess {
  name: string;
  /** Its current process id (a restart starts another). */
  readonly pid: number;
  kill(signal?: NodeJS.Signals): void;
  /** Stops it if it runs, starts it again with the same settings and port, and waits until it is ready. */
  restart(): Promise<void>;
  /** What it printed, across restarts (the latest 512 KiB). */
  output(): string;
}

export interface StackApi extends StackProcess {
  /** The process itself, past the balancer. */
  url: string;
}

export interface Stack {
  /** The balancer: the one public base URL (`BASE_URL` of every process). */
  url: string;
  /** What the processes use as `DATABASE_URL`. */
  pgbouncerUrl: string;
  /** PostgreSQL itself. */
  databaseUrl: string;
  /** The stack's own directory: the PgBouncer and HAProxy configurations and PgBouncer's log. */
  dir: string;
  apis: StackApi[];
  workers: StackProcess[];
  pgbouncer: StackProcess;
  balancer: StackProcess;
  /**
   * Runs the service's command line (`node apps/worker/src/cli.ts …args`) to its end, with the
   * environment of the stack's workers: e.g. `svc('worker', 'cleanup', '--now', time)`.
   */
  svc(...args: string[]): Promise<CommandResult>;
  /** Ends every process (SIGTERM, SIGKILL after 10 s) and removes the directory. */
  stop(): Promise<void>;
}

/** Directories of stacks not yet stopped: removed when this process exits, however it ends. */
const directories = new Set<string>();
let exitHookInstalled = false;
const removeOnExit = (dir: string) => {
  directories.add(dir);
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const path of directories) rmSync(path, { recursive: true, force: true });
  });
};

/** The `postgres` user, to run PgBouncer as when we are root (it refuses to run as root). */
const postgresUser = (): { uid: number; gid: number } => {
  const id = requireBinary('id');
  try {
    const uid = Number(execFileSync(id, ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync(id, ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    return { uid, gid };
  } catch (error) {
    throw new Error('PgBouncer refuses to run as root, and there is no `postgres` user to run it as: start the stack as another user.', { cause: error });
  }
};

/** `count` distinct free ports. */
const freePorts = async (count: number): Promise<number[]> => {
  const ports = new Set<number>();
  while (ports.size < count) ports.add(await freePort());
  return [...ports];
};

/**
 * The environment every process of the stack starts from: ours, without what would make it behave
 * unlike production (the test runner's markers turn on response checking; an inherited pool mode or
 * listen URL would decide what the stack's options decide).
 */
const inheritedEnv = (): NodeJS.ProcessEnv => {
  const env = { ...process.env };
  for (const name of Object.keys(env)) {
    if (name.startsWith('VITEST') || name === 'DATABASE_LISTEN_URL' || name === 'DATABASE_POOL_MODE' || name === 'DATABASE_URL') delete env[name];
  }
  return env;
};

const describeExit = (code: number | null, signal: NodeJS.Signals | null) => (signal ? `signal ${signal}` : `code ${code}`);

const asStackProcess = (running: RunningProcess): StackProcess => ({
  name: running.name,
  get pid() {
    return running.pid;
  },
  kill: (signal) => running.kill(signal),
  restart: () => running.restart(),
  output: () => running.output(),
});

/** How long a process may take to be ready: migrations, and node compiling TypeScript on a busy two-core machine. */
const READY_TIMEOUT_MS = 120_000;

/**
 * Starts the production stack against one PostgreSQL database: PgBouncer in transaction mode in front
 * of it, `apis` API processes and `workers` worker processes using PgBouncer, and HAProxy balancing
 * the API processes. Resolves once every part is ready; on a failure, stops what it started and
 * throws with the failing part's output.
 */
export const startStack = async (options: StackOptions = {}): Promise<Stack> => {
  const { databaseUrl = TEST_DATABASE_URL, apis: apiCount = 2, workers: workerCount = 2, listen = 'direct', env: extraEnv = {}, poolSize = 20 } = options;
  // Every program first: a missing one fails before anything starts.
  for (const binary of ['setpriv', 'pgbouncer', 'haproxy']) requireBinary(binary);
  const user = process.getuid?.() === 0 ? postgresUser() : undefined;

  const dir = mkdtempSync(join(tmpdir(), 'svc-stack-'));
  removeOnExit(dir);

  const started: RunningProcess[] = [];
  const onUnexpectedExit = (running: RunningProcess, code: number | null, signal: NodeJS.Signals | null) =>
    options.onUnexpectedExit?.(running.name, describeExit(code, signal), running.output());
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      const balancer = started.find((running) => running.name === 'haproxy');
      const pooler = started.find((running) => running.name === 'pgbouncer');
      // The balancer first (no new requests), PgBouncer last (the processes close their connections through it).
      await balancer?.stop();
      await Promise.all(started.filter((running) => running !== balancer && running !== pooler).map((running) => running.stop()));
      await pooler?.stop();
      rmSync(dir, { recursive: true, force: true });
      directories.delete(dir);
    })());

  try {
    await ensureDatabase(databaseUrl);
    const pgbouncer = await startPgBouncer({ dir, databaseUrl, poolSize, ...(user ? { user } : {}) });
    started.push(pgbouncer.process);

    const [balancerPort, ...apiPorts] = await freePorts(1 + apiCount);
    const url = `http://127.0.0.1:${balancerPort}`;
    const databaseEnv = {
      ...inheritedEnv(),
      NODE_ENV: 'production',
      DATABASE_URL: pgbouncer.url,
      ...(listen === 'direct' ? { DATABASE_LISTEN_URL: databaseUrl } : {}),
      BASE_URL: url,
      TRUST_PROXY: '1',
    };

    const api = productionStart('start:api');
    const apiStarts = apiPorts.map((port, index) => {
      const apiUrl = `http://127.0.0.1:${port}`;
      return startProcess({
        name: `api ${index + 1}`,
        command: process.execPath,
        args: [...api.nodeArgs, join(REPOSITORY_ROOT, 'apps/api/src/main.ts')],
        cwd: REPOSITORY_ROOT,
        env: { ...databaseEnv, ...api.env, LOG_LEVEL: 'warn', ...extraEnv, PORT: String(port) },
        onUnexpectedExit,
        ready: (running) => waitUntil(`${running.name} answered /healthz`, () => healthy(apiUrl), { process: running, timeoutMs: READY_TIMEOUT_MS }),
      }).then((running) => {
        started.push(running);
        // Assigned, not spread: `pid` stays a getter that follows restarts.
        return Object.assign(asStackProcess(running), { url: apiUrl });
      });
    });

    const worker = productionStart('start');
    const workerStarts = Array.from({ length: workerCount }, (_, index) =>
      startProcess({
        name: `worker ${index + 1}`,
        command: process.execPath,
        args: [...worker.nodeArgs, join(REPOSITORY_ROOT, 'apps/worker/src/cli.ts'), 'worker', 'schedule'],
        cwd: REPOSITORY_ROOT,
        // At info it logs one line once its schedule runs, which is how the stack knows it is ready.
        env: { ...databaseEnv, ...worker.env, ...extraEnv, LOG_LEVEL: 'info' },
        onUnexpectedExit,
        ready: (running) =>
          waitUntil(`${running.name} ran its schedule`, async () => running.currentOutput().includes('"msg":"worker schedule running"'), {
            process: running,
            timeoutMs: READY_TIMEOUT_MS,
          }),
      }).then((running) => {
        started.push(running);
        return asStackProcess(running);
      }),
    );

    // Started together: each waits for the migrations' lock, and one machine's cores serve them all.
    const settled = await Promise.allSettled([...apiStarts, ...workerStarts]);
    const failed = settled.filter((outcome) => outcome.status === 'rejected');
    if (failed.length > 0) throw (failed[0] as PromiseRejectedResult).reason;
    const apis = settled.slice(0, apiCount).map((outcome) => (outcome as PromiseFulfilledResult<StackApi>).value);
    const workers = settled.slice(apiCount).map((outcome) => (outcome as PromiseFulfilledResult<StackProcess>).value);

    const balancer = await startHaproxy({ dir, port: balancerPort!, servers: apiPorts });
    started.push(balancer.process);

    const svc = (...args: string[]) =>
      runCommand({
        command: process.execPath,
        args: [...worker.nodeArgs, join(REPOSITORY_ROOT, 'apps/worker/src/cli.ts'), ...args],
        cwd: REPOSITORY_ROOT,
        // Warnings only: a command's answer is what it prints to stdout.
        env: { ...databaseEnv, ...worker.env, LOG_LEVEL: 'warn', ...extraEnv },
      });

    return {
      url,
      pgbouncerUrl: pgbouncer.url,
      databaseUrl,
      dir,
      apis,
      workers,
      pgbouncer: asStackProcess(pgbouncer.process),
      balancer: asStackProcess(balancer.process),
      svc,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
};
