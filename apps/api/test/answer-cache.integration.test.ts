import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TEST_DATABASE_URL } from '@svc/db/testing';
import { freePort, type TestApp } from '@svc/runtime/testing';
import { API_OPERATIONS } from '../src/operations/index.ts';
import { startApiTestApp } from './app.ts';

// Public job answers are cached per process (docs/scaling.md, "Answer cache"). Two API processes on
// one database: this test's own (`app`) and a second one started as production starts it (`other`).
// Whatever one process changes, the other must never answer the old version of.

const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));

let app: TestApp;
let other: ChildProcess;
let otherUrl: string;
let otherLog = '';
let token: string;
let jobId: string;
/** How many times this process built a job list and read a job instead of answering from its cache. */
const built = { list: 0, get: 0 };

const otherCall = async (method: string, path: string, body?: unknown) => {
  const response = await fetch(otherUrl + path, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': `k${Math.random()}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as { id: string; version: number; posted_by: { principal_id: string } } };
};

/**
 * Waits until this process has heard the database's notice of a change to jobs made elsewhere:
 * PostgreSQL sends it when the change commits, but it may reach this process a moment after the
 * other process has answered (docs/scaling.md, "Answer cache").
 */
const heardJobsChange = async (stampBefore: string | null) => {
  await vi.waitFor(() => expect(app.services.changes.stamp(['jobs'])).not.toBe(stampBefore), { timeout: 2_000, interval: 5 });
};

const listedTitles = async () => ((await app.request('GET', '/api/v1/jobs')).body.jobs as { title: string }[]).map((job) => job.title);

describe('the answer cache across two API processes', () => {
  beforeAll(async () => {
    app = await startApiTestApp();
    const [row] = await app.db.query<{ name: string }>('select current_database() as name');
    const databaseUrl = new URL(TEST_DATABASE_URL);
    databaseUrl.pathname = `/${row!.name}`;
    const port = await freePort();
    otherUrl = `http://127.0.0.1:${port}`;
    other = spawn(process.execPath, [main], {
      env: { ...process.env, PORT: String(port), DATABASE_URL: databaseUrl.toString(), LOG_LEVEL: 'warn', NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    other.stdout!.on('data', (chunk: Buffer) => (otherLog += chunk.toString()));
    other.stderr!.on('data', (chunk: Buffer) => (otherLog += chunk.toString()));
    await vi.waitFor(async () => expect((await fetch(`${otherUrl}/healthz`)).status, otherLog).toBe(200), { timeout: 60_000, interval: 200 });

    const owner = await app.signUp('Ada Poster');
    ({ token } = await app.agentToken(owner, ['jobs:write']));
    const created = await app.request('POST', '/api/v1/jobs', {
      token,
      headers: { 'idempotency-key': 'first' },
      body: { title: 'Paint the fence', outcome: 'A painted fence', scope: 'Front fence', deliverables: 'Photos' },
    });
    expect(created.status).toBe(201);
    jobId = created.body.id;

    const jobs = app.services.jobs;
    const { list, get } = jobs;
    jobs.list = (...args) => (built.list++, list(...args));
    jobs.get = (...args) => (built.get++, get(...args));
  }, 90_000);

  afterAll(async () => {
    if (other && other.exitCode === null) {
      const exited = new Promise((resolve) => other.once('exit', resolve));
      other.kill('SIGTERM');
      await exited;
    }
    await app?.close();
  });

  it('answers a repeated public read from the cache, byte for byte', async () => {
    const first = await app.request('GET', `/api/v1/jobs/${jobId}`);
    const again = await app.request('GET', `/api/v1/jobs/${jobId}`);
    expect(first.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('content-type')).toBe(first.headers.get('content-type'));
    const builtBefore = built.get;
    await app.request('GET', `/api/v1/jobs/${jobId}`);
    expect(built.get).toBe(builtBefore);
  });

  it('serves the other process’s edit, not the cached version, as soon as it hears of it', async () => {
    await listedTitles();
    const before = await app.request('GET', `/api/v1/jobs/${jobId}`);
    const stamp = app.services.changes.stamp(['jobs']);
    const edited = await otherCall('PATCH', `/api/v1/jobs/${jobId}`, { expected_version: before.body.version, title: 'Paint the fence green' });
    expect(edited.status).toBe(200);
    await heardJobsChange(stamp);

    const after = await app.request('GET', `/api/v1/jobs/${jobId}`);
    expect(after.body).toMatchObject({ title: 'Paint the fence green', version: before.body.version + 1 });
    expect(await listedTitles()).toContain('Paint the fence green');
  });

  it('answers 410 once it hears that the other process removed the job', async () => {
    expect((await app.request('GET', `/api/v1/jobs/${jobId}`)).status).toBe(200);
    const stamp = app.services.changes.stamp(['jobs']);
    expect((await otherCall('DELETE', `/api/v1/jobs/${jobId}`)).status).toBe(200);
    await heardJobsChange(stamp);
    expect((await app.request('GET', `/api/v1/jobs/${jobId}`)).status).toBe(410);
    expect(await listedTitles()).not.toContain('Paint the fence green');
  });

  it('shows a poster’s new display name, changed by another connection', async () => {
    const posted = await otherCall('POST', '/api/v1/jobs', { title: 'Sweep the yard', outcome: 'A swept yard', scope: 'Back yard', deliverables: 'Photos' });
    expect(posted.status).toBe(201);
    const read = async () => (await app.request('GET', `/api/v1/jobs/${posted.body.id}`)).body.posted_by.display_name;
    expect(await read()).toBe('Ada Poster');
    // Another session commits the change, as the website process would.
    await app.db.query("update principals set display_name = 'Ada Renamed' where id = $1", [posted.body.posted_by.principal_id]);
    await vi.waitFor(async () => expect(await read()).toBe('Ada Renamed'), { timeout: 2_000, interval: 20 });
  });

  it('sees its own write in the next read, before the database’s notice arrives', async () => {
    const listed = await listedTitles();
    const posted = await app.request('POST', '/api/v1/jobs', {
      token,
      headers: { 'idempotency-key': 'own-write' },
      body: { title: 'Wash the windows', outcome: 'Clean windows', scope: 'Ground floor', deliverables: 'Photos' },
    });
    expect(posted.status).toBe(201);
    // (Newest first by each process's clock: this one's is a test clock, so no order is asserted.)
    expect((await listedTitles()).sort()).toEqual([...listed, 'Wash the windows'].sort());
  });

  it('stops serving from the cache while it cannot hear changes, and caches again once it can', async () => {
    const posted = await otherCall('POST', '/api/v1/jobs', { title: 'Fix the gate', outcome: 'A gate that shuts', scope: 'Garden gate', deliverables: 'Photos' });
    const path = `/api/v1/jobs/${posted.body.id}`;
    await app.request('GET', path);
    // This process's listening connection is cut (a restart of PostgreSQL, a network blip)...
    const [cut] = await app.db.query<{ cut: boolean }>(
      'select pg_terminate_backend(pid) as cut from pg_stat_activity where datname = current_database() and application_name = $1',
      [`svc-changes ${process.pid}`],
    );
    expect(cut?.cut).toBe(true);
    await vi.waitFor(() => expect(app.services.changes.stamp(['jobs'])).toBeNull(), { timeout: 2_000, interval: 10 });
    // ...and a change made meanwhile sends a notice nobody in this process hears.
    expect((await otherCall('PATCH', path, { expected_version: posted.body.version, title: 'Fix the garden gate' })).status).toBe(200);
    expect((await app.request('GET', path)).body.title).toBe('Fix the garden gate');

    await vi.waitFor(() => expect(app.services.changes.stamp(['jobs'])).not.toBeNull(), { timeout: 5_000, interval: 50 });
    const builtBefore = built.get;
    expect((await app.request('GET', path)).body.title).toBe('Fix the garden gate');
    expect((await app.request('GET', path)).body.title).toBe('Fix the garden gate');
    expect(built.get).toBe(builtBefore + 1);
  });

  // Tokens are never cached: a revocation anywhere stops the token on the very next request.
  it('refuses a token at once when the other process revoked it, though this one had just resolved it', async () => {
    const owner = await app.signUp('Rev Oker');
    const { token: revoked } = await app.agentToken(owner, ['jobs:write', 'account:read']);
    expect((await app.request('GET', '/api/v1/me', { token: revoked })).status).toBe(200);
    expect((await app.request('GET', '/api/v1/me', { token: revoked })).status).toBe(200);
    const given = await fetch(`${otherUrl}/api/v1/agent/grant`, { method: 'DELETE', headers: { authorization: `Bearer ${revoked}` } });
    expect(given.status).toBe(200);
    const refused = await app.request('GET', '/api/v1/me', { token: revoked });
    expect(refused.status).toBe(401);
    expect(refused.body.error).toBe('invalid_token');
  });

  it('refuses a token at once when this process revoked it', async () => {
    const owner = await app.signUp('Self Revoker');
    const { token: own } = await app.agentToken(owner, ['jobs:write', 'account:read']);
    expect((await app.request('GET', '/api/v1/me', { token: own })).status).toBe(200);
    expect((await app.request('DELETE', '/api/v1/agent/grant', { token: own })).status).toBe(200);
    expect((await app.request('GET', '/api/v1/me', { token: own })).status).toBe(401);
  });

  it('refuses a token once its grant has expired, with no change in the database', async () => {
    const owner = await app.signUp('Short Lived');
    const { token: brief } = await app.agentToken(owner, ['account:read'], 1);
    expect((await app.request('GET', '/api/v1/me', { token: brief })).status).toBe(200);
    expect((await app.request('GET', '/api/v1/me', { token: brief })).status).toBe(200);
    app.clock.advance(25 * 60 * 60 * 1000);
    expect((await app.request('GET', '/api/v1/me', { token: brief })).status).toBe(401);
    app.clock.advance(-25 * 60 * 60 * 1000);
  });

  it('keeps only answers built from tables that announce their changes', async () => {
    const tables = [...new Set(API_OPERATIONS.flatMap((operation) => operation.cache?.tables ?? []))].sort();
    expect(tables.length).toBeGreaterThan(0);
    const rows = await app.db.query<{ table: string }>(
      `select distinct event_object_table as table from information_schema.triggers
       where trigger_name = 'announce_changes' and action_timing = 'AFTER' and action_orientation = 'STATEMENT'`,
    );
    const announcing = new Set(rows.map((row) => row.table));
    expect(tables.filter((table) => !announcing.has(table))).toEqual([]);
  });
});
