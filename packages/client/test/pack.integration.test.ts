import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TEST_BASE_URL, type TestApp } from '@svc/runtime/testing';
import { registerApiRoutes } from '@svc/api';
import { installPacked, type PackedConsumer } from '../../../tooling/pack-consumer.ts';

/**
 * @svc/client as someone outside the repository gets it: packed by a plain `pnpm pack` (its prepack
 * script builds `dist`), installed from the tarball into a scratch project, type-checked against the
 * shipped declarations and run from the built ESM against a running service.
 */
// Building, packing and installing take a while on a busy machine.
describe('@svc/client used alone, from its packed tarball', { timeout: 120_000 }, () => {
  let app: TestApp;
  let consumer: PackedConsumer;
  let jobId: string;

  beforeAll(async () => {
    [app, consumer] = await Promise.all([
      startTestApp({ registrars: [registerApiRoutes] }),
      installPacked(['client'], { prefix: 'svc-client-consumer-', build: 'prepack' }),
    ]);
    const person = await app.signUp('Ada');
    const { token } = await app.agentToken(person, ['jobs:write']);
    const posted = await app.request('POST', '/api/v1/jobs', { token, body: { title: 'Read from a packed client' } });
    expect(posted.status).toBe(201);
    jobId = posted.body.id;
  }, 300_000);

  afterAll(async () => {
    await app?.close();
    await consumer?.remove();
  });

  it('ships only dist, and needs nothing of the workspace at run time', async () => {
    const installed = JSON.parse(await readFile(join(consumer.dir, 'node_modules/@svc/client/package.json'), 'utf8'));
    expect(installed.exports).toEqual({ '.': { types: './dist/index.d.ts', import: './dist/index.js' } });
    expect(installed.dependencies).toEqual({ 'openapi-fetch': '0.17.0' });
    expect(installed.engines).toEqual({ node: '>=20.3.0' });
    for (const file of ['dist/index.js', 'dist/index.d.ts']) {
      const text = await readFile(join(consumer.dir, 'node_modules/@svc/client', file), 'utf8');
      expect([...text.matchAll(/from ['"]([^'"]+)['"]/g)].map((m) => m[1])).toEqual(expect.arrayContaining(['openapi-fetch']));
      expect(text, file).not.toMatch(/['"]@svc\//);
      expect(text, file).not.toMatch(/from ['"]\.{1,2}\//);
    }
  });

  it('type-checks a consumer against the shipped declarations', async () => {
    const typechecked = await consumer.typecheck(
      'consumer.ts',
      `import { ApiError, connect, createApiClient, editVersioned, unwrap, type ApiClient, type components, type TokenAnswer } from '@svc/client';
type Job = components['schemas']['Job'];
export const api: ApiClient = createApiClient({ baseUrl: 'https://tasks.example.com', token: 'secret', retry: { attemptTimeoutMs: 10_000 } });
export const readJob = async (id: string): Promise<Job> => unwrap(await api.GET('/api/v1/jobs/{id}', { params: { path: { id } } }));
export const retitle = (id: string, title: string): Promise<Job> =>
  editVersioned(
    () => readJob(id),
    async (current) => unwrap(await api.PATCH('/api/v1/jobs/{id}', { params: { path: { id } }, body: { expected_version: current.version, title } })),
    (job) => job.title === title,
  );
export const signIn = (): Promise<TokenAnswer> =>
  connect({ baseUrl: 'https://tasks.example.com', agentName: 'Packed', scopes: ['jobs:write'], onCode: ({ user_code }) => console.log(user_code) });
export const isConflict = (error: unknown): boolean => error instanceof ApiError && error.code === 'version_conflict';
// The declarations are real types, not any: a wrong path, field or scope does not compile.
// @ts-expect-error not an operation of the API
export const nowhere = () => api.GET('/api/v1/nowhere');
// @ts-expect-error a job has no such field
export const missing = (job: Job) => job.colour;
// @ts-expect-error not a scope
export const wrongScope = () => connect({ baseUrl: '', agentName: 'x', scopes: ['jobs:everything'], onCode: () => {} });
`,
    );
    expect(typechecked).toEqual({ code: 0, stdout: '' });
  });

  it('runs the built ESM against a running service: public reads, and an ApiError for a create without a token', async () => {
    const printed = await consumer.runScript(
      'read.mjs',
      `import { ApiError, createApiClient, unwrap } from '@svc/client';
// attemptTimeoutMs: every create's try is bounded with AbortSignal.any, which this runs too.
const api = createApiClient({ baseUrl: process.env.TASKS_URL, retry: { attemptTimeoutMs: 10_000 } });
const list = unwrap(await api.GET('/api/v1/jobs', { params: { query: { limit: 5 } } }));
const job = unwrap(await api.GET('/api/v1/jobs/{id}', { params: { path: { id: process.env.JOB_ID } } }));
const discovery = await api.GET('/.well-known/oauth-protected-resource');
let refused;
try {
  unwrap(await api.POST('/api/v1/jobs', { body: { title: 'Without a token' } }));
} catch (error) {
  refused = { isApiError: error instanceof ApiError, status: error.status, code: error.code };
}
console.log(JSON.stringify({
  list: { total: list.total, titles: list.jobs.map((j) => j.title) },
  job: { id: job.id, title: job.title, version: job.version, status: job.status },
  discovery: { status: discovery.response.status, body: discovery.data },
  refused,
}));
`,
      { TASKS_URL: app.url, JOB_ID: jobId },
    );
    expect(printed).toEqual({
      list: { total: 1, titles: ['Read from a packed client'] },
      job: { id: jobId, title: 'Read from a packed client', version: 1, status: 'open' },
      discovery: {
        status: 200,
        body: expect.objectContaining({
          resource: expect.stringContaining(TEST_BASE_URL),
          authorization_servers: [expect.stringContaining(TEST_BASE_URL)],
          scopes_supported: expect.arrayContaining(['jobs:write']),
        }),
      },
      refused: { isApiError: true, status: 401, code: expect.any(String) },
    });
  });
});
