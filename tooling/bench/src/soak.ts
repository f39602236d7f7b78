#!/usr/bin/env node
/**
 * `pnpm bench:soak`: the soak. Starts the production stack (PgBouncer in transaction mode, two API
 * processes and two workers, HAProxy in front) on a scratch database, drives a mixed load of reads
 * and keyed creates and versioned changes in every domain through the balancer for ten minutes,
 * samples each process's resident memory, and writes a report with three verdicts to
 * results/<date>-soak-<commit>.md: resident memory flat after the warm-up, p99 stable, zero errors.
 * It exits 1 when a verdict is missed (see docs/performance.md, "Soak through the stack").
 *
 *   pnpm bench:soak                                  ten minutes, two of them warm-up, 16 connections
 *   pnpm bench:soak -- --minutes 30 --connections 8
 *   pnpm bench:soak -- --minutes 0.5 --warmup-minutes 0.1 --interval-seconds 10 --sample-seconds 2 --out DIR
 *                                                    the short run the package's test makes
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { startStack, type Stack } from '@svc/stack/src/stack.ts';
import { productionStart } from '@svc/stack/src/start-command.ts';
import { createPeople } from '@svc/stack/src/workload/people.ts';
import { memoryOf } from './processes.ts';
import { runSoakLoad } from './soak-load.ts';
import { watchMessages } from './soak-messages.ts';
import { createRegistrars } from './soak-registrars.ts';
import { renderSoakReport } from './soak-report.ts';
import { judgeErrors, judgeMemory, judgeP99, memoryFigures } from './soak-rules.ts';
import { createTally, percentile } from './soak-tally.ts';

// `pnpm bench:soak -- --minutes 1`: pnpm passes the `--` separator through; it is not an argument.
const argv = process.argv.slice(2).filter((arg, i) => !(i === 0 && arg === '--'));
/** How this run was started, for the report's first lines: the script pnpm ran, else node itself. */
const command = (() => {
  const script = process.env.npm_lifecycle_event;
  const base = script === 'bench:soak' ? 'npx -y pnpm@12.21.0 bench:soak' : script === 'soak' ? 'npx -y pnpm@12.21.0 --filter @svc/bench soak' : 'node tooling/bench/src/soak.ts';
  return [base, ...(argv.length > 0 ? [...(base.startsWith('node') ? [] : ['--']), ...argv] : [])].join(' ');
})();
const { values } = parseArgs({
  args: argv,
  options: {
    minutes: { type: 'string', default: '10' },
    'warmup-minutes': { type: 'string', default: '2' },
    connections: { type: 'string', default: '16' },
    'interval-seconds': { type: 'string', default: '60' },
    'sample-seconds': { type: 'string', default: '10' },
    out: { type: 'string' },
    'keep-db': { type: 'boolean', default: false },
  },
});

const fail = (message: string): never => {
  console.error(message);
  process.exit(2);
};
const durationMs = Math.round(Number(values.minutes) * 60_000);
const intervalMs = Math.round(Number(values['interval-seconds']) * 1000);
const sampleMs = Math.round(Number(values['sample-seconds']) * 1000);
// The warm-up ends on an interval's boundary, so every interval is wholly warm-up or wholly measured.
const warmupMs = Math.ceil((Number(values['warmup-minutes']) * 60_000) / intervalMs) * intervalMs;
const connections = Number(values.connections);
if (!(durationMs > 0) || !(intervalMs > 0) || !(sampleMs > 0)) fail('--minutes, --interval-seconds and --sample-seconds take positive numbers');
if (!(warmupMs >= 0) || warmupMs >= durationMs) fail(`The warm-up (${warmupMs / 1000} s, rounded up to whole intervals) must end before the run does (${durationMs / 1000} s)`);
if (intervalMs % sampleMs !== 0) fail('--interval-seconds must be a multiple of --sample-seconds, so that memory is read at every interval\'s end');
// Each lane's person responds to the next lane's jobs and leaves feedback on its offer: two people at least.
if (!Number.isInteger(connections) || connections < 2) fail('--connections takes a whole number of 2 or more');

const benchDir = resolve(import.meta.dirname, '..');
const root = resolve(benchDir, '../..');
const outDir = resolve(values.out ?? join(benchDir, 'results'));
const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);
const intervalName = intervalMs === 60_000 ? 'minute' : 'interval';
/** `10 min`, or `6 s` for what is not a whole number of minutes. */
const span = (ms: number) => (ms % 60_000 === 0 ? `${ms / 60_000} min` : `${ms / 1000} s`);

// The scratch database, on the server of BENCH_DATABASE_URL (its database name is not used).
const serverUrl = new URL(process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/');
const adminUrl = new URL(serverUrl);
adminUrl.pathname = '/postgres';
const dbName = `svc_soak_${randomBytes(4).toString('hex')}`;
const databaseUrl = new URL(serverUrl);
databaseUrl.pathname = `/${dbName}`;
const admin = new pg.Client({ connectionString: adminUrl.toString() });
await admin.connect();
await admin.query(`create database ${dbName}`);
console.log(`Scratch database ${dbName} on ${serverUrl.host}`);

let stack: Stack | undefined;
let failed = false;
try {
  const exits: string[] = [];
  const startedStack = performance.now();
  stack = await startStack({
    databaseUrl: databaseUrl.toString(),
    apis: 2,
    workers: 2,
    // The per-token write limit (600 a minute) would refuse a lane's writes: the soak measures the service, not its limiter.
    env: { AGENT_WRITES_PER_MINUTE: '100000000', SESSION_WRITES_PER_MINUTE: '100000000' },
    onUnexpectedExit: (name, exit) => {
      exits.push(`${name} exited (${exit})`);
      console.error(`${name} exited unasked (${exit})`);
    },
  });
  const stackSeconds = seconds(startedStack);
  console.log(`Stack ready in ${stackSeconds} s: ${stack.url}`);

  // One person per lane and as many registrars to start with, made through the services on the database itself.
  const run = [...randomBytes(8)].map((byte) => String.fromCharCode(97 + (byte % 26))).join('');
  const startedPeople = performance.now();
  const made = await createPeople(databaseUrl.toString(), stack.url, Array.from({ length: 2 * connections }, (_, i) => `Soak ${run} ${i + 1}`));
  const people = made.slice(0, connections);
  const registrars = createRegistrars({ databaseUrl: databaseUrl.toString(), baseUrl: stack.url, run, first: made.slice(connections), batch: connections });
  const peopleSeconds = seconds(startedPeople);
  console.log(`${made.length} people in ${peopleSeconds} s`);

  const processes = [...stack.apis, ...stack.workers];
  const sizeOf = async () => Number((await admin.query<{ size: string }>('select pg_database_size($1) as size', [dbName])).rows[0]!.size) / 1024 / 1024;
  const sizeBefore = await sizeOf();
  const loadBefore = loadavg()[0]!;

  // The load, and a sample of every process's RSS every `sampleMs` from its start (at = ms since the start).
  const start = Date.now();
  const tally = createTally({ start, durationMs, warmupMs, intervalMs });
  const samples: { at: number; rss: (number | undefined)[]; load: number }[] = [];
  const sample = (at: number) => {
    samples.push({
      at,
      rss: processes.map((process) => {
        try {
          return memoryOf(process.pid).rss;
        } catch {
          return undefined; // It is gone: its exit is reported as such.
        }
      }),
      load: loadavg()[0]!,
    });
  };
  sample(0);
  // HAProxy says when its health check takes a process out or puts it back, and nothing else unasked.
  const balancer = watchMessages(stack.balancer, /Server \S+ is (?:DOWN|UP)|\[ALERT\]/, { start });
  let sampling = true;
  const sampler = (async () => {
    for (let k = 1; k * sampleMs < durationMs; k++) {
      await sleep(Math.max(0, start + k * sampleMs - Date.now()));
      if (!sampling) return;
      sample(k * sampleMs);
    }
  })();
  const progress = setInterval(() => {
    const elapsed = Date.now() - start;
    console.log(`${(elapsed / 60_000).toFixed(1)} min: ${tally.requests().toLocaleString('en')} requests, ${tally.errors()} errors, RSS ${samples.at(-1)!.rss.map((rss) => rss?.toFixed(0) ?? '–').join(' / ')} MB`);
  }, Math.min(intervalMs, 60_000));
  console.log(`Soak: ${span(durationMs)} (${span(warmupMs)} warm-up), ${connections} connections through ${stack.url}`);
  try {
    await runSoakLoad({ baseUrl: stack.url, people, registrars, run, until: start + durationMs, record: tally.record });
  } finally {
    sampling = false;
    clearInterval(progress);
    balancer.stop();
    await sampler;
  }
  sample(durationMs);
  const loadSeconds = ((Date.now() - start) / 1000).toFixed(1);
  await registrars.settled();

  // The figures.
  const names = processes.map((process) => process.name);
  // pino's levels: 50 is error, 60 fatal.
  const errorLines = processes.map((process) => ({ name: process.name, lines: process.output().split('\n').filter((line) => /"level":\s*(?:[5-9]\d)\b/.test(line)) }));
  const loggedErrors = errorLines.reduce((sum, { lines }) => sum + lines.length, 0);
  const measured = samples.filter((s) => s.at >= warmupMs);
  const memory = memoryFigures(names.map((name, index) => ({ name, samples: measured.flatMap((s) => (s.rss[index] === undefined ? [] : [{ at: s.at, rss: s.rss[index]! }])) })));
  const p99s = tally.intervals.filter((interval) => interval.measured && interval.latencies.length > 0).map((interval) => percentile([...interval.latencies].sort((a, b) => a - b), 0.99));
  const verdicts = [judgeMemory(memory), judgeP99(p99s, intervalName), judgeErrors({ requests: tally.requests(), errors: tally.errors(), exits: exits.length, loggedErrors })];
  /** The sample taken at an interval's end (the last one before it, were one missing). */
  const atEnd = (endMs: number) => samples.filter((s) => s.at <= endMs).at(-1);
  const sizeAfter = await sizeOf();

  const commit = git('rev-parse', '--short', 'HEAD') + (git('status', '--porcelain') ? '-dirty' : '');
  const date = new Date().toISOString().slice(0, 10);
  const postgresVersion = (await admin.query<{ server_version: string }>('show server_version')).rows[0]?.server_version ?? '?';
  const api = productionStart('start:api');
  const worker = productionStart('start');
  const startLine = (how: typeof api) => [...Object.entries(how.env).map(([key, value]) => `${key}=${value}`), 'node', ...how.nodeArgs].join(' ');
  const markdown = renderSoakReport({
    title: `Soak ${date} at ${commit}: \`${command}\``,
    settings: {
      command: `\`${command}\``,
      machine: `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, PostgreSQL ${postgresVersion}; one-minute load average ${loadBefore.toFixed(1)} at the start, ${samples.at(-1)!.load.toFixed(1)} at the end (other work shares the machine)`,
      stack: `${stack.apis.length} API processes and ${stack.workers.length} workers from the TypeScript source, started as \`start:api\` (${startLine(api)}) and \`start\` (${startLine(worker)}) start them, NODE_ENV=production, through PgBouncer in transaction mode (20 server connections), the APIs behind HAProxy; the per-token and per-session write limits lifted (AGENT_WRITES_PER_MINUTE and SESSION_WRITES_PER_MINUTE=100000000), as in the benchmark`,
      database: `scratch ${dbName} on ${serverUrl.host}, migrated by the processes as they started: ${sizeBefore.toFixed(0)} MB before the load, ${sizeAfter.toFixed(0)} MB after it${values['keep-db'] ? ' (kept)' : ' (dropped)'}`,
      load: `${span(durationMs)} through the balancer, the first ${span(warmupMs)} warm-up (not judged), in ${intervalName === 'minute' ? 'minutes' : `intervals of ${span(intervalMs)}`}; ${connections} connections, each one person's agent sending one request at a time: rounds of a keyed create and a versioned change in every domain (jobs with a response, offers, directory entries, threads with entries, a checklist item and their deletion, feedback) between reads (a job by id, the front page, a search, an address resolved anonymously and with a token); ${(tally.requests() / (durationMs / 1000)).toFixed(0)} requests a second on average`,
      people: `${connections} (one a connection) and ${registrars.made()} registrars of directory entries, a new one every 25 entries (the directory's limit per principal)`,
      memory: `VmRSS of each API and worker process from /proc every ${sampleMs / 1000} s`,
      timings: `stack ready in ${stackSeconds} s, people made in ${peopleSeconds} s, load ${loadSeconds} s`,
    },
    tally,
    intervalName,
    processes: names,
    rssByInterval: tally.intervals.map((interval) => atEnd(interval.endMs)?.rss ?? []),
    loadByInterval: tally.intervals.map((interval) => atEnd(interval.endMs)?.load),
    memory,
    balancer: balancer.messages,
    logged: errorLines.flatMap(({ name, lines }) => lines.slice(0, 3).map((line) => `${name}: ${line.slice(0, 600)}`)),
    verdicts,
    notes: [
      'An error is any answer other than the one its step expects (2xx; a 4xx as well as a 5xx), or none within 20 s; nothing is retried. A step that depends on a failed one is skipped.',
      'Latencies are taken by the load generator, which shares the machine\'s cores with the stack and PostgreSQL: they include its own waits.',
      ...(exits.length > 0 ? [`Processes that exited unasked: ${exits.join('; ')}.`] : []),
    ],
  });
  console.log(`\n${markdown}`);
  mkdirSync(outDir, { recursive: true });
  const file = join(outDir, `${date}-soak-${commit}.md`);
  writeFileSync(file, markdown);
  console.log(`Report written to ${file}`);
  failed = verdicts.some((verdict) => !verdict.met);
} finally {
  await stack?.stop();
  if (!values['keep-db']) await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {});
  await admin.end().catch(() => {});
}
process.exitCode = failed ? 1 : 0;
