import { execFileSync, spawn, spawnSync } from 'node:child_process';

/** wrk from Debian: installed with apt-get where missing; anything else stops the run with the reason. */
export const ensureWrk = (): void => {
  if (spawnSync('wrk', ['--version']).error === undefined) return;
  console.log('wrk is missing: installing it with apt-get (Debian package "wrk")…');
  try {
    execFileSync('apt-get', ['install', '-y', 'wrk'], { stdio: 'inherit' });
  } catch {
    try {
      execFileSync('apt-get', ['update'], { stdio: 'inherit' });
      execFileSync('apt-get', ['install', '-y', 'wrk'], { stdio: 'inherit' });
    } catch (error) {
      throw new Error(`wrk is not installed and "apt-get install -y wrk" failed (${String(error)}). Install wrk and run again.`, {
        cause: error,
      });
    }
  }
  if (spawnSync('wrk', ['--version']).error !== undefined) throw new Error('wrk is still not on PATH after apt-get install.');
};

export interface WrkResult {
  requests: number;
  /** Requests per second over the measured time. */
  rps: number;
  non2xx: number;
  socketErrors: number;
  timeouts: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

/**
 * Several runs of one scenario as one: counts added, req/s over their total time, p50 weighted by
 * requests (an estimate: percentiles do not add), p99 and max the worst run's (never better than the truth).
 */
export const combineWrk = (runs: readonly WrkResult[]): WrkResult => {
  const requests = runs.reduce((sum, run) => sum + run.requests, 0);
  const seconds = runs.reduce((sum, run) => sum + (run.rps > 0 ? run.requests / run.rps : 0), 0);
  const add = (field: 'non2xx' | 'socketErrors' | 'timeouts') => runs.reduce((sum, run) => sum + run[field], 0);
  return {
    requests,
    rps: seconds > 0 ? requests / seconds : 0,
    non2xx: add('non2xx'),
    socketErrors: add('socketErrors'),
    timeouts: add('timeouts'),
    p50Ms: requests > 0 ? runs.reduce((sum, run) => sum + run.p50Ms * run.requests, 0) / requests : 0,
    p99Ms: Math.max(...runs.map((run) => run.p99Ms)),
    maxMs: Math.max(...runs.map((run) => run.maxMs)),
  };
};

export interface WrkRun {
  url: string;
  script: string;
  /** The script's arguments: mode, path, file, run id. */
  args: string[];
  seconds: number;
  connections: number;
  threads: number;
  token?: string | undefined;
}

/** Runs wrk once and reads the line the script's done() prints. */
export const runWrk = ({ url, script, args, seconds, connections, threads, token }: WrkRun): Promise<WrkResult> =>
  new Promise((resolve, reject) => {
    const child = spawn(
      'wrk',
      ['-t', String(threads), '-c', String(connections), '-d', `${seconds}s`, '--timeout', '10s', '-s', script, url, '--', ...args],
      { env: { ...process.env, BENCH_TOKEN: token ?? '', BENCH_THREADS: String(threads) }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      const line = /BENCH_RESULT (\{.*\})/.exec(out)?.[1];
      if (code !== 0 || !line) {
        reject(new Error(`wrk failed (${code}) on ${url} ${args.join(' ')}:\n${out}`));
        return;
      }
      const r = JSON.parse(line) as Record<string, number>;
      resolve({
        requests: r.requests!,
        rps: r.requests! / (r.duration_us! / 1e6),
        non2xx: r.non2xx!,
        socketErrors: r.socket_errors!,
        timeouts: r.timeouts!,
        p50Ms: r.p50_us! / 1000,
        p99Ms: r.p99_us! / 1000,
        maxMs: r.max_us! / 1000,
      });
    });
  });
