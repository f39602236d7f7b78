import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installPacked, type PackedConsumer } from '../../../tooling/pack-consumer.ts';

/** The domain package other teams install, and what it depends on in the workspace. */
const PACKAGES = ['kernel', 'db', 'jobs'];

/**
 * Packs @svc/jobs with `pnpm pack` (which swaps in the built `dist` exports and real versions for
 * `workspace:*`), installs the tarballs into a project outside the workspace, type-checks a file
 * against the shipped declarations and runs the built ESM against an in-memory database.
 */
// Packing, installing and starting PGlite take a while on a busy machine.
describe('@svc/jobs used alone, from its packed tarball', { timeout: 120_000 }, () => {
  let consumer: PackedConsumer;

  beforeAll(async () => {
    consumer = await installPacked(PACKAGES, { prefix: 'svc-jobs-consumer-' });
  }, 300_000);

  afterAll(async () => {
    await consumer?.remove();
  });

  it('type-checks a consumer against the shipped declarations', async () => {
    const typechecked = await consumer.typecheck(
      'consumer.ts',
      `import { createJobsModule, jobsEntities, jobsMigrations, JOB_NOTICE, type JobJson, type JobsModule } from '@svc/jobs';
import type { Database } from '@svc/db';
export const make = (db: Database): JobsModule =>
  createJobsModule({ db, clock: { now: () => new Date() }, baseUrl: 'https://x.example', principals: { summaries: async () => new Map() }, templates: { expand: () => { throw new Error('none'); } } });
export const title = (job: JobJson): string => job.title;
export const parts = [jobsEntities.length, jobsMigrations.length, JOB_NOTICE.length];
`,
    );
    expect(typechecked).toEqual({ code: 0, stdout: '' });
  });

  it('runs the built ESM: migrates an embedded database, posts a job and reads it back', async () => {
    const printed = await consumer.runScript(
      'run.mjs',
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
    expect(printed).toEqual({
      title: 'Packed and working',
      url: expect.stringMatching(/^https:\/\/x\.example\/jobs\/job_/),
      created_at: '2026-11-21T12:00:00.000Z',
    });
  });
});
