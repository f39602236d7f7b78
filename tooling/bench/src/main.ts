#!/usr/bin/env node
/**
 * `pnpm bench`: the service's performance instrument. Seeds a scratch PostgreSQL database, builds
 * and starts the API in production mode beside two Koa baselines, drives every scenario with wrk
 * (each API scenario in slices interleaved with Koa + pg runs, which its ratio is taken against), and
 * writes a Markdown report to results/<date>-<commit>.md (see docs/performance.md).
 *
 *   pnpm bench                      the full run: 100,000 jobs, 32 connections, 3 s warm-up + 10 s per scenario
 *   pnpm bench -- --smoke --out DIR  the few-second version CI runs (200 jobs, 2 s per scenario)
 *   pnpm bench -- --only read,me --cpu-prof   profile the API on some scenarios
 *   pnpm bench -- --pglite-only     only the API on embedded PGlite (its memory), no PostgreSQL scenarios
 *
 * The API starts with the environment and node flags of the `start:api` script in package.json, so
 * its memory is the memory of a production start.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { openServiceDatabase } from '@svc/runtime';
import { buildApi } from './build.ts';
import { cpuMsOf, memoryOf, freePort, productionStart, startServer, type Server } from './processes.ts';
import { summariseProfiles } from './profile.ts';
import { renderReport, type MemoryFigures, type ScenarioResult } from './report.ts';
import {
  ADDRESSES_SQL,
  BENCH_THREAD_IDS_SQL,
  CLEAR_BENCH_ENTRIES_SQL,
  COMMON_WORD,
  LIST_TAG,
  OFFER_IDS_SQL,
  PATCH_JOBS_SQL,
  RARE_WORD,
  READ_IDS_SQL,
  seedPlan,
} from './seed.ts';
import { combineWrk, ensureWrk, runWrk, type WrkResult } from './wrk.ts';

// `pnpm bench -- --smoke`: pnpm passes the `--` separator through; it is not an argument.
const argv = process.argv.slice(2).filter((arg, i) => !(i === 0 && arg === '--'));
/** The command that produced the report, as the README gives it, with this run's arguments. */
const command = ['npx -y pnpm@12.21.0 bench', ...(argv.length > 0 ? ['--', ...argv] : [])].join(' ');
const { values } = parseArgs({
  args: argv,
  options: {
    smoke: { type: 'boolean', default: false },
    jobs: { type: 'string' },
    seconds: { type: 'string' },
    warmup: { type: 'string' },
    connections: { type: 'string', default: '32' },
    threads: { type: 'string', default: '1' },
    out: { type: 'string' },
    only: { type: 'string' },
    'cpu-prof': { type: 'boolean', default: false },
    'no-pglite': { type: 'boolean', default: false },
    'pglite-only': { type: 'boolean', default: false },
    'keep-db': { type: 'boolean', default: false },
    source: { type: 'boolean', default: false },
    // `--db-set commit_delay=200`: a server setting for the scratch database (`alter database … set`).
    'db-set': { type: 'string', multiple: true, default: [] },
  },
});

const smoke = values.smoke;
const jobs = Number(values.jobs ?? (smoke ? 200 : 100_000));
const seconds = Number(values.seconds ?? (smoke ? 2 : 10));
const warmup = Number(values.warmup ?? (smoke ? 0 : 3));
const connections = Number(values.connections);
const threads = Number(values.threads);
const pgliteJobs = smoke ? 0 : 2_000;
const pgliteOnly = values['pglite-only'];
if (pgliteOnly && values['no-pglite']) throw new Error('--pglite-only and --no-pglite exclude each other');

const benchDir = resolve(import.meta.dirname, '..');
const root = resolve(benchDir, '../..');
const script = join(benchDir, 'lua/bench.lua');
const runDir = join(benchDir, '.run', `${Date.now()}`);
mkdirSync(runDir, { recursive: true });
const outDir = resolve(values.out ?? join(benchDir, 'results'));
/** The application name of the bench's own connection to the scratch database. */
const BENCH_CLIENT = 'svc-bench';
const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();

interface Scenario {
  key: string;
  label: string;
  server: 'api' | 'bare' | 'koa-pg';
  mode: 'static' | 'ids' | 'create' | 'patch' | 'entry';
  path: string;
  /** The list an `ids` or `entry` scenario draws from; the job ids when not set. */
  ids?: 'offers' | 'addresses' | 'threads';
  auth?: boolean;
  target?: number;
  p99Max?: number;
}

const SCENARIOS: Scenario[] = [
  { key: 'bare', label: 'baseline: bare Koa, fixed job-sized body', server: 'bare', mode: 'ids', path: '/api/v1/jobs/' },
  { key: 'koa-pg', label: 'baseline: Koa + one prepared pg query by id', server: 'koa-pg', mode: 'ids', path: '/api/v1/jobs/' },
  { key: 'read', label: 'GET /api/v1/jobs/:id (1,000 ids)', server: 'api', mode: 'ids', path: '/api/v1/jobs/', target: 0.8 },
  { key: 'search-common', label: `GET /api/v1/jobs?q=${COMMON_WORD}`, server: 'api', mode: 'static', path: `/api/v1/jobs?q=${COMMON_WORD}`, target: 0.3, p99Max: 100 },
  { key: 'search-rare', label: `GET /api/v1/jobs?q=${RARE_WORD}`, server: 'api', mode: 'static', path: `/api/v1/jobs?q=${RARE_WORD}`, target: 0.5, p99Max: 100 },
  { key: 'tag', label: `GET /api/v1/jobs?tag=${LIST_TAG}`, server: 'api', mode: 'static', path: `/api/v1/jobs?tag=${LIST_TAG}`, target: 0.5 },
  { key: 'front', label: 'GET /api/v1/jobs (front page)', server: 'api', mode: 'static', path: '/api/v1/jobs', target: 0.5 },
  { key: 'me', label: 'GET /api/v1/me (bearer token)', server: 'api', mode: 'static', path: '/api/v1/me', auth: true, target: 0.5 },
  // Offers, the directory and threads: measured, with no target yet.
  { key: 'offer', label: 'GET /api/v1/services/:id (1,000 offer ids)', server: 'api', mode: 'ids', ids: 'offers', path: '/api/v1/services/' },
  { key: 'resolve', label: 'GET /api/v1/directory/:address (1,000 addresses, anonymous)', server: 'api', mode: 'ids', ids: 'addresses', path: '/api/v1/directory/' },
  { key: 'resolve-auth', label: 'GET /api/v1/directory/:address (1,000 addresses, bearer token)', server: 'api', mode: 'ids', ids: 'addresses', path: '/api/v1/directory/', auth: true },
  { key: 'patch', label: 'PATCH /api/v1/jobs/:id (expected_version)', server: 'api', mode: 'patch', path: '/api/v1/jobs/', auth: true, target: 0.2 },
  { key: 'entry', label: 'POST /api/v1/threads/:id/entries (100 threads, fresh Idempotency-Key)', server: 'api', mode: 'entry', ids: 'threads', path: '/api/v1/threads/', auth: true },
  // Last: it grows the table (and the GIN index's pending list) that the reads above measure.
  { key: 'create', label: 'POST /api/v1/jobs (fresh Idempotency-Key)', server: 'api', mode: 'create', path: '/api/v1/jobs', auth: true, target: 0.2 },
];
// The smoke run starts PGlite once on an empty directory (its own migrations) and reads the front
// page: seeding a second embedded instance would double the slowest step of the run.
const PGLITE_SCENARIOS = smoke ? ['front'] : ['read', 'search-common', 'front', 'me', 'create'];

const only = values.only ? new Set(['bare', 'koa-pg', ...values.only.split(',')]) : null;
const scenarios = SCENARIOS.filter((s) => !only || only.has(s.key));
// Interleaved with every API scenario on PostgreSQL, slice by slice: the shared machine's speed drifts
// by up to ±30 % within minutes, so a ratio is only fair against a baseline measured under the same load.
const KOA_PG = SCENARIOS.find((s) => s.key === 'koa-pg')!;
const SLICES = smoke ? 1 : 5;
/** How long each of `slices` runs lasts, together the scenario's measured time. */
const sliceSecondsOf = (slices: number) => Math.max(1, Math.round(seconds / slices));

const time = async <T>(label: string, work: () => Promise<T>): Promise<T> => {
  const started = performance.now();
  const result = await work();
  console.log(`${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
};

// 1. The scratch database.
ensureWrk();
const serverUrl = new URL(process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/');
const dbName = serverUrl.pathname.length > 1 ? serverUrl.pathname.slice(1) : `svc_bench_${randomBytes(4).toString('hex')}`;
if (!/^[a-z_][a-z0-9_]*$/.test(dbName)) throw new Error(`BENCH_DATABASE_URL must name a plain database (a-z, 0-9, _), not "${dbName}"`);
const adminUrl = new URL(serverUrl);
adminUrl.pathname = '/postgres';
const databaseUrl = new URL(serverUrl);
databaseUrl.pathname = `/${dbName}`;
const admin = new pg.Client({ connectionString: adminUrl.toString() });
await admin.connect();
await admin.query(`create database ${dbName}`);
for (const setting of values['db-set']) {
  const [, name, value] = /^([a-z_]+)=([\w.]+)$/.exec(setting) ?? [];
  if (!name) throw new Error(`--db-set takes name=value (a-z, _; a plain value), not "${setting}"`);
  await admin.query(`alter database ${dbName} set ${name} = '${value}'`);
  console.log(`Scratch database setting ${name} = ${value}`);
}
console.log(`Scratch database ${dbName} on ${serverUrl.host}`);

const servers: Server[] = [];
let pgliteDir: string | undefined;
const cleanUp = async () => {
  for (const server of servers) await server.stop().catch(() => {});
  if (!values['keep-db']) await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {});
  await admin.end().catch(() => {});
  if (pgliteDir) rmSync(pgliteDir, { recursive: true, force: true });
};

try {
  // The API's entry (built, or the TypeScript source with --source) and how production starts it.
  const apiEntry = values.source ? join(root, 'apps/api/src/main.ts') : await time('build the API (tsup)', () => buildApi(root, benchDir));
  const start = productionStart(root);
  const profileDir = join(runDir, 'profile');
  const apiArgs = [...start.nodeArgs, ...(values['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []), apiEntry];
  // The per-token write limit (600 a minute) would throttle the write scenarios; they measure the pipeline.
  const apiEnv = { ...process.env, ...start.env, NODE_ENV: 'production', LOG_LEVEL: 'info', AGENT_WRITES_PER_MINUTE: '100000000' };
  const patchFile = join(runDir, 'patch-jobs.txt');
  const idFiles = { offers: join(runDir, 'offer-ids.txt'), addresses: join(runDir, 'addresses.txt'), threads: join(runDir, 'thread-ids.txt') };
  // Set once the PostgreSQL data is seeded: the entries earlier runs added, removed before each entry run.
  let clearBenchEntries: () => Promise<unknown> = async () => {};

  /**
   * CPU used so far by each PostgreSQL backend serving the scratch database, by pid (none on PGlite,
   * which runs inside the API process). Pools open and close backends between runs, so a run's
   * figure is taken per backend; one that ends during a run takes its CPU with it (the pools keep
   * theirs open while they are busy, so this undercounts by little).
   */
  const databaseCpu = async (): Promise<Map<number, number>> => {
    const { rows } = await admin.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = $1 and application_name is distinct from $2',
      [dbName, BENCH_CLIENT],
    );
    const cpu = new Map<number, number>();
    for (const { pid } of rows) {
      try {
        cpu.set(pid, cpuMsOf(pid));
      } catch {
        // Ended between the query and the read.
      }
    }
    return cpu;
  };
  const databaseCpuSince = async (before: Map<number, number>): Promise<number> =>
    [...(await databaseCpu())].reduce((sum, [pid, ms]) => sum + ms - (before.get(pid) ?? 0), 0);

  /** One run of a scenario for `runSeconds`, and the CPU it cost the server and the database. */
  const runScenario = async (server: Server, s: Scenario, token: string, ids: string, patch: () => Promise<void>, runSeconds: number) => {
    if (s.mode === 'patch') await patch();
    if (s.mode === 'entry') await clearBenchEntries();
    const file = s.ids ? idFiles[s.ids] : s.mode === 'ids' ? ids : s.mode === 'patch' ? patchFile : '-';
    const cpuBefore = cpuMsOf(server.pid);
    const databaseBefore = await databaseCpu();
    const result = await runWrk({ url: server.url, script, args: [s.mode, s.path, file, randomBytes(4).toString('hex')], seconds: runSeconds, connections, threads, token: s.auth ? token : undefined });
    // wrk stops with requests in flight; let the server finish them so the next run starts clean
    // (and reads the versions those PATCHes left). CPU is read after it: the few requests still in
    // flight when wrk stopped (one per connection at most, not in wrk's count) are well under 1 %.
    await sleep(1_000);
    const databaseMs = server.name.includes('PGlite') ? undefined : await databaseCpuSince(databaseBefore);
    return { result, cpuMs: cpuMsOf(server.pid) - cpuBefore, databaseMs };
  };

  /**
   * A scenario's measured time, in `slices` runs after a warm-up run (not counted). With `beside`,
   * a run of that baseline goes before each slice, the same length: the machine's speed drifts within
   * seconds to minutes, and interleaved slices put the scenario and its baseline under the same load.
   */
  const drive = async (
    server: Server,
    s: Scenario,
    token: string,
    ids: string,
    patch: () => Promise<void>,
    { slices = 1, beside }: { slices?: number; beside?: { server: Server; scenario: Scenario } } = {},
  ): Promise<ScenarioResult> => {
    const sliceSeconds = sliceSecondsOf(slices);
    if (warmup > 0) {
      if (beside) await runScenario(beside.server, beside.scenario, token, ids, patch, warmup);
      await runScenario(server, s, token, ids, patch, warmup);
    }
    const runs: Awaited<ReturnType<typeof runScenario>>[] = [];
    const baselineRuns: WrkResult[] = [];
    for (let slice = 0; slice < slices; slice++) {
      if (beside) baselineRuns.push((await runScenario(beside.server, beside.scenario, token, ids, patch, sliceSeconds)).result);
      runs.push(await runScenario(server, s, token, ids, patch, sliceSeconds));
    }
    const result = combineWrk(runs.map((run) => run.result));
    const cpuUsPerRequest = (runs.reduce((sum, run) => sum + run.cpuMs, 0) * 1000) / result.requests;
    const databaseCpuUsPerRequest = runs[0]!.databaseMs === undefined ? undefined : (runs.reduce((sum, run) => sum + run.databaseMs!, 0) * 1000) / result.requests;
    const baselineRps = beside ? combineWrk(baselineRuns).rps : undefined;
    console.log(`${s.label}: ${result.rps.toFixed(0)} req/s, p50 ${result.p50Ms.toFixed(2)} ms, p99 ${result.p99Ms.toFixed(2)} ms, non-2xx ${result.non2xx}, server CPU ${cpuUsPerRequest.toFixed(0)} µs/req, database CPU ${databaseCpuUsPerRequest?.toFixed(0) ?? '–'} µs/req${baselineRps === undefined ? '' : `, Koa + pg beside it ${baselineRps.toFixed(0)} req/s`}`);
    return { key: s.key, label: s.label, result, target: s.target, p99Max: s.p99Max, cpuUsPerRequest, databaseCpuUsPerRequest, baselineRps };
  };

  // 2-3. The API on PostgreSQL, in production mode, logging to a file; the baselines; the scenarios.
  const plan = seedPlan(pgliteOnly ? 0 : jobs);
  let seedSeconds = 0;
  let requestsLogged = 0;
  let apiMemory: MemoryFigures | undefined;
  const results: ScenarioResult[] = [];
  if (!pgliteOnly) {
    await time('migrate', async () => {
      const db = await openServiceDatabase({ databaseUrl: databaseUrl.toString() });
      await db.migrate();
      await db.close();
    });
    // Named, so that its work between runs (the PATCH list, clearing entries) is not counted as the API's.
    const client = new pg.Client({ connectionString: databaseUrl.toString(), application_name: BENCH_CLIENT });
    await client.connect();
    seedSeconds = await time(`seed ${jobs.toLocaleString('en')} jobs`, async () => {
      const started = performance.now();
      for (const statement of plan.statements) await client.query(statement);
      // VACUUM also empties the GIN pending lists, as autovacuum would on a live table.
      await client.query('vacuum analyze');
      return (performance.now() - started) / 1000;
    });
    const readIds = join(runDir, 'read-ids.txt');
    writeFileSync(readIds, (await client.query<{ id: string }>(READ_IDS_SQL(1_000))).rows.map((r) => r.id).join('\n'));
    for (const [list, sql] of [['offers', OFFER_IDS_SQL(1_000)], ['addresses', ADDRESSES_SQL(1_000)], ['threads', BENCH_THREAD_IDS_SQL]] as const) {
      writeFileSync(idFiles[list], (await client.query<{ id: string }>(sql)).rows.map((r) => r.id).join('\n'));
    }
    clearBenchEntries = () => client.query(CLEAR_BENCH_ENTRIES_SQL);
    const writePatchJobs = async () => {
      const { rows } = await client.query<{ id: string; version: number }>(PATCH_JOBS_SQL);
      writeFileSync(patchFile, rows.map((r) => `${r.id} ${r.version}`).join('\n'));
    };

    const api = await startServer({
      name: 'API',
      args: apiArgs,
      env: { ...apiEnv, DATABASE_URL: databaseUrl.toString() },
      logFile: join(runDir, 'api.log'),
      port: await freePort(),
    });
    servers.push(api);
    await sleep(1_000);
    const apiIdle = memoryOf(api.pid).rss;
    const sampleJob = await (await fetch(`${api.url}/api/v1/jobs/${plan.jobs > 0 ? (await client.query<{ id: string }>(READ_IDS_SQL(1))).rows[0]!.id : ''}`)).text();
    const bodyFile = join(runDir, 'job.json');
    writeFileSync(bodyFile, sampleJob);
    const baselineEntry = join(benchDir, 'src/baseline.ts');
    const bare = await startServer({ name: 'bare Koa', args: [baselineEntry, 'bare'], env: { ...process.env, BODY_FILE: bodyFile }, logFile: join(runDir, 'bare.log'), port: await freePort() });
    servers.push(bare);
    const koaPg = await startServer({ name: 'Koa + pg', args: [baselineEntry, 'pg'], env: { ...process.env, DATABASE_URL: databaseUrl.toString() }, logFile: join(runDir, 'koa-pg.log'), port: await freePort() });
    servers.push(koaPg);

    const byName = { api, bare, 'koa-pg': koaPg };
    for (const s of scenarios) {
      const paired = s.server === 'api' ? { slices: SLICES, beside: { server: koaPg, scenario: KOA_PG } } : {};
      results.push(await drive(byName[s.server], s, plan.token, readIds, writePatchJobs, paired));
    }
    await sleep(2_000);
    apiMemory = { idle: apiIdle, peak: memoryOf(api.pid).hwm, after: memoryOf(api.pid).rss };
    requestsLogged = Number(execFileSync('wc', ['-l', join(runDir, 'api.log')], { encoding: 'utf8' }).trim().split(' ')[0]);
    for (const server of servers.splice(0)) await server.stop();
    await client.end();
  }

  // 4. Embedded PGlite: the same API on a small data set, for its memory. The bench seeds it in its
  // own process, so the API's figures are those of a production start on an existing database.
  let pglite: { memory: MemoryFigures; results: ScenarioResult[] } | undefined;
  if (!values['no-pglite']) {
    pgliteDir = mkdtempSync(join(tmpdir(), 'svc-bench-pglite-'));
    const small = seedPlan(pgliteJobs);
    const smallIds = join(runDir, 'pglite-read-ids.txt');
    if (!smoke) await time(`PGlite: migrate and seed ${pgliteJobs.toLocaleString('en')} jobs`, async () => {
      const db = await openServiceDatabase({ dataDir: pgliteDir });
      await db.migrate();
      for (const statement of small.statements) await db.query(statement);
      await db.query('vacuum analyze');
      writeFileSync(smallIds, (await db.query<{ id: string }>(READ_IDS_SQL(1_000))).map((r) => r.id).join('\n'));
      await db.close();
    });
    const embedded = await startServer({
      name: 'API on PGlite',
      args: [...start.nodeArgs, apiEntry],
      env: { ...apiEnv, DATABASE_URL: '', SVC_DATA_DIR: pgliteDir },
      logFile: join(runDir, 'api-pglite.log'),
      port: await freePort(),
    });
    servers.push(embedded);
    await sleep(1_000);
    const idle = memoryOf(embedded.pid).rss;
    const pgliteResults: ScenarioResult[] = [];
    for (const s of SCENARIOS.filter((x) => PGLITE_SCENARIOS.includes(x.key))) {
      pgliteResults.push(await drive(embedded, s, small.token, smallIds, async () => {}));
    }
    await sleep(2_000);
    pglite = { memory: { idle, peak: memoryOf(embedded.pid).hwm, after: memoryOf(embedded.pid).rss }, results: pgliteResults };
    for (const server of servers.splice(0)) await server.stop();
  }

  // 5. The report.
  const commit = git('rev-parse', '--short', 'HEAD') + (git('status', '--porcelain') ? '-dirty' : '');
  const date = new Date().toISOString().slice(0, 10);
  const postgresVersion = (await admin.query<{ server_version: string }>('show server_version')).rows[0]?.server_version ?? '?';
  const profile = values['cpu-prof'] ? summariseProfiles(profileDir) : '';
  const markdown = renderReport({
    title: `Benchmark ${date} at ${commit}${smoke ? ' (smoke)' : ''}`,
    settings: {
      command: `\`${command}\``,
      machine: `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, PostgreSQL ${postgresVersion}`,
      data: pgliteOnly ? 'PostgreSQL scenarios skipped (--pglite-only)' : `${jobs.toLocaleString('en')} jobs, ${plan.principals.toLocaleString('en')} principals, ${plan.responses.toLocaleString('en')} responses, ${plan.offers.toLocaleString('en')} offers, ${plan.directoryEntries.toLocaleString('en')} directory entries, ${plan.threads} threads of the bench principal (seeded and analysed in ${seedSeconds.toFixed(1)} s)`,
      load: `wrk, ${connections} connections, ${threads} thread(s), ${warmup} s warm-up then ${seconds} s per scenario; API scenarios on PostgreSQL in ${SLICES} slice(s) of ${sliceSecondsOf(SLICES)} s, each after a Koa + pg slice of the same length`,
      api: `${values.source ? 'TypeScript source' : 'built with tsup'}, started as \`${start.script}\` starts it (${[...Object.entries(start.env).map(([k, v]) => `${k}=${v}`), 'node', ...start.nodeArgs].join(' ')}), NODE_ENV=production, LOG_LEVEL=info to a file (${requestsLogged.toLocaleString('en')} lines)${values['cpu-prof'] ? ', under --cpu-prof' : ''}`,
    },
    scenarios: results,
    memory: [
      ...(apiMemory ? [{ label: `API on PostgreSQL (${jobs.toLocaleString('en')} jobs)`, figures: apiMemory, limits: { peak: 250 } }] : []),
      ...(pglite ? [{ label: `API on PGlite (${pgliteJobs === 0 ? 'empty' : `${pgliteJobs.toLocaleString('en')} jobs`})`, figures: pglite.memory, limits: { idle: 400, peak: 600 } }] : []),
    ],
    pglite: pglite?.results,
    judge: !smoke && !values.only && !pgliteOnly && jobs >= 100_000,
    notes: [
      'Ratios compare runs on the same machine in the same few minutes; the absolute numbers move with the load of a shared machine.',
      ...(pgliteOnly
        ? []
        : [
            'Each API scenario is compared with Koa + pg runs interleaved with it, slice by slice (column "Koa+pg beside it"), because the machine\'s speed drifts during a run (by up to ±30 % within minutes); × bare Koa is against the single bare Koa run at the start.',
          ]),
    ],
  }) + (profile ? `\n${profile}` : '');
  console.log(`\n${markdown}`);
  mkdirSync(outDir, { recursive: true });
  const file = join(outDir, `${date}-${commit}${smoke ? '-smoke' : ''}.md`);
  writeFileSync(file, markdown);
  console.log(`Report written to ${file}`);
} finally {
  await cleanUp();
}
