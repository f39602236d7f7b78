import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const workspace = resolve(import.meta.dirname, '../../..');
const bin = (name: string) => join(workspace, 'node_modules/.bin', name);
// The pnpm that runs the tests (its path is in npm_execpath); npx only when run some other way.
const pnpmCommand = process.env.npm_execpath?.includes('pnpm') ? [process.env.npm_execpath] : ['npx', '-y', 'pnpm@12.21.0'];
const pnpm = (args: string[], cwd: string) =>
  run(pnpmCommand[0]!, [...pnpmCommand.slice(1), ...args], { cwd, env: { ...process.env, CI: 'true' }, maxBuffer: 16 * 1024 * 1024 });

/** The domain package other teams install, and what it depends on in the workspace. */
const PACKAGES = ['kernel', 'db', 'jobs'];

/**
 * Packs @svc/jobs with `pnpm pack` (which swaps in the built `dist` exports and real versions for
 * `workspace:*`), installs the tarballs into a project outside the workspace, type-checks a file
 * against the shipped declarations and runs the built ESM against an in-memory database.
 */
// Packing, installing and starting PGlite take a while on a busy machine.
describe('@svc/jobs used alone, from its packed tarball', { timeout: 120_000 }, () => {
  let scratch: string;

  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'svc-jobs-consumer-'));
    const tarballs: Record<string, string> = {};
    for (const name of PACKAGES) {
      const dir = join(workspace, 'packages', name);
      await run(bin('tsup'), [], { cwd: dir });
      await pnpm(['pack', '--pack-destination', scratch], dir);
      const file = (await readdir(scratch)).find((f) => f.startsWith(`svc-${name}-`) && f.endsWith('.tgz'));
      tarballs[`@svc/${name}`] = `file:${join(scratch, file!)}`;
    }
    await writeFile(
      join(scratch, 'package.json'),
      JSON.stringify({ name: 'consumer', private: true, type: 'module', dependencies: tarballs, devDependencies: { '@types/node': '24.19.2' } }),
    );
    // The tarballs name each other by version; point those names at the local tarballs.
    await writeFile(
      join(scratch, 'pnpm-workspace.yaml'),
      `nodeVersion: ${process.versions.node}\noverrides:\n${Object.entries(tarballs).map(([n, f]) => `  "${n}": "${f}"`).join('\n')}\n`,
    );
    await pnpm(['install', '--prefer-offline'], scratch);
    await writeFile(
      join(scratch, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', target: 'ES2023', strict: true, noEmit: true, skipLibCheck: true, types: ['node'] }, include: ['consumer.ts'] }),
    );
  }, 300_000);

  afterAll(async () => {
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  it('type-checks a consumer against the shipped declarations', async () => {
    await writeFile(
      join(scratch, 'consumer.ts'),
      `import { createJobsModule, jobsEntities, jobsMigrations, JOB_NOTICE, type JobJson, type JobsModule } from '@svc/jobs';
import type { Database } from '@svc/db';
export const make = (db: Database): JobsModule =>
  createJobsModule({ db, clock: { now: () => new Date() }, baseUrl: 'https://x.example', principals: { summaries: async () => new Map() }, templates: { expand: () => { throw new Error('none'); } } });
export const title = (job: JobJson): string => job.title;
export const parts = [jobsEntities.length, jobsMigrations.length, JOB_NOTICE.length];
`,
    );
    const result = await run(process.execPath, [join(workspace, 'node_modules/typescript/bin/tsc'), '-p', scratch]).catch((e) => e);
    expect(result.stdout ?? '').toBe('');
    expect(result.code ?? 0).toBe(0);
  });

  it('runs the built ESM: migrates an embedded database, posts a job and reads it back', async () => {
    await writeFile(
      join(scratch, 'run.mjs'),
      `import { createJobsModule, jobsEntities, jobsMigrations } from '@svc/jobs';
import { openDatabase, dbEntities, dbMigrations } from '@svc/db';
import { manualClock } from '@svc/kernel';
const db = await openDatabase({ dataDir: 'memory://', entities: [...dbEntities, ...jobsEntities], migrations: [...dbMigrations, ...jobsMigrations] });
await db.migrate();
const principals = { summaries: async (ids) => new Map(ids.map((id) => [id, { principal_id: id, display_name: 'Ada' }])) };
const templates = { expand: () => { throw new Error('no templates here'); } };
const { jobs } = createJobsModule({ db, clock: manualClock('2026-11-21T12:00:00.000Z'), baseUrl: 'https://x.example', principals, templates });
const actor = { principalId: 'prn_a', displayName: 'Ada', via: 'session', grantId: null, agentName: null, scopes: [], isSupport: false };
const job = await jobs.create(actor, { title: 'Packed and working' });
const read = await jobs.get(job.id);
console.log(JSON.stringify({ title: read.title, url: read.url, created_at: read.created_at }));
await db.close();
`,
    );
    const { stdout } = await run(process.execPath, [join(scratch, 'run.mjs')], { cwd: scratch });
    expect(JSON.parse(stdout.trim().split('\n').pop()!)).toEqual({
      title: 'Packed and working',
      url: expect.stringMatching(/^https:\/\/x\.example\/jobs\/job_/),
      created_at: '2026-11-21T12:00:00.000Z',
    });
  });
});
