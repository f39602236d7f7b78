import { spawn, type ChildProcess } from 'node:child_process';
import { requireBinary } from './binaries.ts';

/** What a process printed is kept up to this many characters (the latest), for error messages. */
const OUTPUT_LIMIT = 512 * 1024;

/** How long a process has to finish after SIGTERM before it gets SIGKILL. */
export const STOP_GRACE_MS = 10_000;

/** Every child started here and not yet seen to exit. */
const running = new Set<ChildProcess>();
let exitHookInstalled = false;

/**
 * Kills what is still running when this process exits, however it ends (a failed test, a thrown
 * error, `process.exit`). A crash that runs no JavaScript at all is covered by the parent-death
 * signal each child is started with (see `startProcess`).
 */
const installExitHook = () => {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const child of running) child.kill('SIGKILL');
  });
};

export interface ProcessSpec {
  /** Shown in messages: `api 1`, `pgbouncer`, … */
  name: string;
  /** An absolute path (see `requireBinary`). */
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Run as this user rather than ours (PgBouncer refuses to run as root). */
  user?: { uid: number; gid: number };
  /** Waits until the process serves; it fails if the process exits first (see `waitUntil`). */
  ready?: (process: RunningProcess) => Promise<void>;
  /** Called when the process exits without having been asked to (not by `kill`, `restart` or `stop`). */
  onUnexpectedExit?: (process: RunningProcess, code: number | null, signal: NodeJS.Signals | null) => void;
}

export interface RunningProcess {
  readonly name: string;
  /** The current process's id (a restart starts another). */
  readonly pid: number;
  /** Set once the current process has exited: its code, or the signal that ended it. */
  readonly exited: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  /** Everything it printed (stdout and stderr, interleaved as they came), across restarts; the latest 512 KiB. */
  output(): string;
  /** What the current process printed, since its last (re)start; the latest 512 KiB. */
  currentOutput(): string;
  /** Sends a signal and returns at once (a test kills a process to see what the others do). */
  kill(signal?: NodeJS.Signals): void;
  /** Stops it (if it still runs) and starts it again with the same settings, then waits until it is ready. */
  restart(): Promise<void>;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves once it has exited. */
  stop(graceMs?: number): Promise<void>;
}

/** The last lines a process printed, for an error message. */
export const tail = (output: string, lines = 40): string => output.trimEnd().split('\n').slice(-lines).join('\n') || '(it printed nothing)';

/**
 * Starts a process and waits until it is ready. Each runs under `setpriv --pdeathsig KILL`, so the
 * kernel kills it as soon as the process that started it dies, even by SIGKILL; and in a process
 * group of its own, so Ctrl-C in a terminal reaches only the stack's owner, which stops the parts in
 * order.
 */
export const startProcess = async (spec: ProcessSpec): Promise<RunningProcess> => {
  const setpriv = requireBinary('setpriv');
  installExitHook();
  let log = '';
  let current = '';
  let child!: ChildProcess;
  let exited: RunningProcess['exited'];
  /** The exit of the current child. */
  let gone!: Promise<void>;
  let expected = false;

  const append = (chunk: Buffer) => {
    const text = chunk.toString();
    log += text;
    current += text;
    if (log.length > OUTPUT_LIMIT) log = log.slice(-OUTPUT_LIMIT);
    if (current.length > OUTPUT_LIMIT) current = current.slice(-OUTPUT_LIMIT);
  };

  const launch = () => {
    const user = spec.user ? ['--reuid', String(spec.user.uid), '--regid', String(spec.user.gid), '--clear-groups'] : [];
    expected = false;
    exited = undefined;
    current = '';
    child = spawn(setpriv, [...user, '--pdeathsig', 'KILL', '--', spec.command, ...spec.args], {
      env: spec.env ?? process.env,
      cwd: spec.cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const spawned = child;
    running.add(spawned);
    spawned.stdout!.on('data', append);
    spawned.stderr!.on('data', append);
    gone = new Promise((resolve) => {
      spawned.once('error', (error) => {
        append(Buffer.from(`\n${spec.name} could not be started: ${error.message}\n`));
        exited ??= { code: null, signal: null };
        running.delete(spawned);
        resolve();
      });
      spawned.once('exit', (code, signal) => {
        exited = { code, signal };
        running.delete(spawned);
        if (!expected) spec.onUnexpectedExit?.(handle, code, signal);
        resolve();
      });
    });
  };

  const stop = async (graceMs = STOP_GRACE_MS) => {
    expected = true;
    if (exited) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await gone;
    clearTimeout(timer);
  };

  const ready = async () => {
    try {
      await spec.ready?.(handle);
    } catch (error) {
      await stop(0);
      throw error;
    }
  };

  const handle: RunningProcess = {
    name: spec.name,
    get pid() {
      return child.pid ?? -1;
    },
    get exited() {
      return exited;
    },
    output: () => log,
    currentOutput: () => current,
    kill: (signal = 'SIGTERM') => {
      expected = true;
      child.kill(signal);
    },
    restart: async () => {
      await stop();
      append(Buffer.from(`\n--- ${spec.name} restarted ---\n`));
      launch();
      await ready();
    },
    stop,
  };

  launch();
  await ready();
  return handle;
};

export interface CommandResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end (tied to this process like every other child), with what it printed. */
export const runCommand = ({ command, args, env, cwd }: Pick<ProcessSpec, 'command' | 'args' | 'env' | 'cwd'>): Promise<CommandResult> => {
  const setpriv = requireBinary('setpriv');
  installExitHook();
  return new Promise((resolve, reject) => {
    const child = spawn(setpriv, ['--pdeathsig', 'KILL', '--', command, ...args], { env: env ?? process.env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    running.add(child);
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', (error) => {
      running.delete(child);
      reject(error);
    });
    child.once('close', (code, signal) => {
      running.delete(child);
      resolve({ code, signal, stdout, stderr });
    });
  });
};

/**
 * Polls `check` until it answers true: fails with the process's last output as soon as the process
 * exits, or once `timeoutMs` have passed.
 */
export const waitUntil = async (
  what: string,
  check: () => Promise<boolean>,
  { process: watched, timeoutMs, intervalMs = 100 }: { process?: RunningProcess; timeoutMs: number; intervalMs?: number },
): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (watched?.exited) {
      const { code, signal } = watched.exited;
      throw new Error(`${watched.name} exited (${signal ?? `code ${code}`}) before ${what}:\n${tail(watched.output())}`);
    }
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) {
      throw new Error(`${what}: not within ${timeoutMs / 1000} s${watched ? `; ${watched.name} printed:\n${tail(watched.output())}` : ''}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
};
