import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@svc/runtime/testing';
import { fencedBlocks, jsonValues, runShellBlocks, waitUntilHealthy } from './doc-blocks.ts';
import { dbEntities, dbMigrations } from '@svc/db';
import { openTestDatabase, TEST_DATABASE_URL, type TestDatabase } from '@svc/db/testing';

/**
 * docs/access.md promises that its shell blocks run as written, in order, in one shell. This test
 * keeps the promise: it starts the real service (the `svc serve` command behind `pnpm start`) on a
 * free port over a scratch PostgreSQL database, runs the blocks with bash and checks what they print.
 */

const run = promisify(execFile);
const docPath = fileURLToPath(new URL('../../../docs/access.md', import.meta.url));
const cli = fileURLToPath(new URL('../src/cli.ts', import.meta.url));
const DOC_BASE = 'http://localhost:3000';

describe('docs/access.md, run as written', () => {
  let db: TestDatabase;
  let server: ChildProcess;
  let workDir: string;
  let outputs: string[] = [];
  let blocks: string[] = [];
  let serverLog = '';

  beforeAll(async () => {
    await run('jq', ['--version']).catch((error: unknown) => {
      throw new Error('docs/access.md uses jq; install it (apt-get install jq) to run this test.', { cause: error });
    });
    const doc = await readFile(docPath, 'utf8');
    const all = fencedBlocks(doc);
    // The block that starts the service stays in its own terminal; the test starts the service itself.
    expect(all.filter((block) => block.info === 'sh server').map((block) => block.code.trim())).toEqual([
      'npx -y pnpm@12.21.0 install && npx -y pnpm@12.21.0 start',
    ]);
    expect(doc).toContain(`B=${DOC_BASE}\n`);

    // A scratch database of its own; the service applies the rest of the migrations at start, as `pnpm start` does.
    db = await openTestDatabase('postgresql', { entities: dbEntities, migrations: dbMigrations });
    const [row] = await db.query<{ name: string }>('select current_database() as name');
    const databaseUrl = new URL(TEST_DATABASE_URL);
    databaseUrl.pathname = `/${row!.name}`;
    const port = await freePort();
    // BASE_URL left to its default, http://localhost:$PORT, as for a reader who runs `pnpm start`.
    const { BASE_URL: _unused, ...env } = process.env;
    server = spawn(process.execPath, [cli, 'serve', '--no-cron'], {
      env: { ...env, PORT: String(port), DATABASE_URL: databaseUrl.toString(), LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout!.on('data', (chunk: Buffer) => (serverLog += chunk.toString()));
    server.stderr!.on('data', (chunk: Buffer) => (serverLog += chunk.toString()));
    await waitUntilHealthy(`http://127.0.0.1:${port}`, server, () => serverLog);

    blocks = all.filter((block) => block.info === 'sh').map((block) => block.code.replaceAll(DOC_BASE, `http://localhost:${port}`));
    workDir = await mkdtemp(join(tmpdir(), 'svc-access-doc-'));
    outputs = await runShellBlocks(blocks, workDir, { doc: 'docs/access.md', timeoutMs: 90_000 });
  }, 240_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await db?.dispose();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  /** What the block containing `command` printed. */
  const outputOf = (command: string): string => {
    const index = blocks.findIndex((code) => code.includes(command));
    expect(index, `no sh block in docs/access.md runs ${command}`).toBeGreaterThanOrEqual(0);
    return outputs[index]!;
  };

  it('runs every block', () => {
    expect(outputs).toHaveLength(blocks.length);
    expect(blocks.length).toBeGreaterThanOrEqual(9);
  });

  it('signs the person up and keeps the session in the cookie jar', async () => {
    expect(jsonValues(outputOf('/auth/signup'))).toEqual([{ principal_id: expect.stringMatching(/^prn_/), display_name: 'Ada' }]);
    expect(await readFile(join(workDir, 'cookies'), 'utf8')).toContain('svc_session');
  });

  it('connects, is told to wait, is approved with the cookie and collects a token', () => {
    const [connect] = jsonValues(outputOf('/api/v1/agent/connect'));
    expect(connect).toMatchObject({ device_code: expect.stringMatching(/^dc_/), user_code: expect.any(String), interval: 5 });
    const pendingBlock = blocks.findIndex((code) => code.includes('/api/v1/agent/token') && !code.includes('while'));
    expect(jsonValues(outputs[pendingBlock]!)).toEqual([expect.objectContaining({ error: 'authorization_pending' })]);
    expect(jsonValues(outputOf('/connect/approve'))).toEqual([
      expect.objectContaining({ status: 'approved', connection: expect.objectContaining({ user_code: connect!.user_code }) }),
    ]);
    expect(jsonValues(outputOf('while :'))).toEqual([
      expect.objectContaining({ access_token: expect.stringMatching(/^tds_/), token_type: 'Bearer', scopes: ['jobs:write', 'account:read'] }),
    ]);
  });

  it('the token works, and without one the API says how to get one', () => {
    expect(jsonValues(outputOf('/api/v1/me -H'))).toEqual([
      expect.objectContaining({
        principal: expect.objectContaining({ display_name: 'Ada' }),
        grant: expect.objectContaining({ agent_name: 'Party planner', scopes: ['jobs:write', 'account:read'] }),
      }),
    ]);
    const anonymous = outputOf('curl -s -i $B/api/v1/me\n');
    expect(anonymous).toMatch(/^HTTP\/1\.1 401 Unauthorized/);
    expect(anonymous).toMatch(/^WWW-Authenticate: Bearer realm="task-and-directory", resource_metadata="http:\/\/[^"]+\/\.well-known\/oauth-protected-resource"\r?$/m);
    expect(jsonValues(anonymous)).toEqual([expect.objectContaining({ error: 'unauthenticated' })]);
  });

  it('the person sees the grant and its last use', () => {
    const [answer] = jsonValues(outputOf('/account/grants'));
    expect(answer!.grants).toEqual([expect.objectContaining({ agent_name: 'Party planner', status: 'active', last_used_at: expect.any(String) })]);
  });

  it('after the agent gives its access up, the token is refused at once', () => {
    expect(jsonValues(outputOf('-X DELETE $B/api/v1/agent/grant'))).toEqual([
      expect.objectContaining({ revoked: true, grant: expect.objectContaining({ status: 'revoked' }) }),
      expect.objectContaining({ error: 'invalid_token' }),
    ]);
  });

  it('an introduction is taken and grants nothing', () => {
    expect(jsonValues(outputOf('/api/v1/agent-introductions'))).toEqual([
      expect.objectContaining({ introduction_id: expect.stringMatching(/^int_/), evidence: 'self_declared' }),
    ]);
  });
});
