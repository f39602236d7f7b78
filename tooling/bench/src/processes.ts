import { spawn, type ChildProcess } from 'node:child_process';
import { openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseStartCommand, type StartCommand as ParsedStartCommand } from '@svc/stack/src/start-command.ts';

// The stack starts its processes the same way: one port finder and one reading of the start command.
export { freePort } from '@svc/stack/src/ports.ts';
export { parseStartCommand };

/** How production starts a Node process: the environment it sets and the flags it gives `node`. */
export interface StartCommand extends ParsedStartCommand {
  /** The package.json script it was read from, e.g. `start:api`. */
  script: string;
}

/**
 * Reads the production start command from the workspace's package.json (`start:api` by default), so
 * the bench starts the API with the same memory settings `pnpm start:api` does: the `NAME=value`
 * assignments before `node` and the `--flags` after it, up to the entry file.
 */
export const productionStart = (root: string, script = 'start:api'): StartCommand => {
  const scripts = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts?: Record<string, string> }).scripts ?? {};
  const command = scripts[script];
  if (!command) throw new Error(`package.json has no "${script}" script`);
  return { script, ...parseStartCommand(command) };
};

/** Resident memory of a process in MB: now (VmRSS) and its high-water mark (VmHWM). */
export const memoryOf = (pid: number): { rss: number; hwm: number } => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
};

/** CPU time a process has used so far, user and system, in ms (/proc/<pid>/stat, clock ticks of 10 ms). */
export const cpuMsOf = (pid: number): number => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name, which is in parentheses and may hold spaces: utime is the 14th field, stime the 15th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

export interface Server {
  name: string;
  url: string;
  pid: number;
  child: ChildProcess;
  /** The highest VmRSS sampled every 100 ms since start (VmHWM is the kernel's own peak). */
  sampledPeak(): number;
  stop(): Promise<void>;
}

/**
 * Starts `node …args` with its output in `logFile`, waits until GET /healthz answers 200, and samples
 * its memory until it stops. Fails with the log's tail if it exits or is not ready in time.
 */
export const startServer = async ({
  name,
  args,
  env,
  logFile,
  port,
  readyTimeoutMs = 90_000,
}: {
  name: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  logFile: string;
  port: number;
  readyTimeoutMs?: number;
}): Promise<Server> => {
  const out = openSync(logFile, 'a');
  const child = spawn(process.execPath, args, { env: { ...env, PORT: String(port) }, stdio: ['ignore', out, out] });
  let exited: number | null = null;
  child.once('exit', (code) => {
    exited = code ?? -1;
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (exited !== null) throw new Error(`${name} exited (${exited}) before it was ready:\n${tail(logFile)}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${name} was not ready within ${readyTimeoutMs / 1000} s:\n${tail(logFile)}`);
    }
    try {
      if ((await fetch(`${url}/healthz`)).status === 200) break;
    } catch {
      // Not listening yet.
    }
    await sleep(100);
  }
  const pid = child.pid ?? 0;
  let peak = 0;
  const sampler = setInterval(() => {
    try {
      peak = Math.max(peak, memoryOf(pid).rss);
    } catch {
      // Gone between two samples.
    }
  }, 100);
  return {
    name,
    url,
    pid,
    child,
    sampledPeak: () => peak,
    stop: async () => {
      clearInterval(sampler);
      if (exited !== null) return;
      const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await gone;
      clearTimeout(timer);
    },
  };
};

const tail = (file: string) => {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-30).join('\n');
  } catch {
    return '(no log)';
  }
};
