import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, type TestApp } from '@svc/runtime/testing';
import { startCommandLineTestApp } from './command-line.ts';

/**
 * Every process command the README documents, run exactly as written (through the pinned pnpm and
 * the project's own Node 24) against a scratch PostgreSQL database.
 */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const readme = readFileSync(`${root}README.md`, 'utf8');
const block = readme.slice(readme.indexOf('Processes (all share one PostgreSQL')).split('```sh')[1]!.split('```')[0]!;
const pnpm = /^P="(.+)"$/m.exec(block)![1]!;
const commands = [...block.matchAll(/^\$P (.+?)\s*(?:#.*)?$/gm)].map(([, command]) => command!.trim());

let app: TestApp;
beforeAll(async () => {
  app = await startCommandLineTestApp();
}, 120_000);
afterAll(() => app?.close());

interface Finished {
  code: number | null;
  output: string;
}

/** Runs one README command in a shell of its own process group; `until` decides when a long-running one is up. */
const runCommand = (command: string, port: number, until?: (output: string) => Promise<boolean> | boolean): Promise<Finished> =>
  new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', `${pnpm} ${command}`], {
      cwd: root,
      detached: true,
      // npm may answer from its cache: the pinned pnpm is already there, and a registry round trip per command only adds time.
      env: { ...process.env, DATABASE_URL: app.db.url!, PORT: String(port), LOG_LEVEL: 'info', npm_config_prefer_offline: 'true' },
    });
    let output = '';
    let stopping = false;
    const collect = (chunk: Buffer) => (output += chunk.toString());
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearInterval(poll);
      resolve({ code: stopping ? 0 : code, output });
    });
    const poll = setInterval(async () => {
      if (!until || stopping || !(await until(output))) return;
      stopping = true;
      process.kill(-child.pid!, 'SIGTERM');
    }, 250);
  });

/**
 * Up once the command's own process says it listens and the port answers: a port answering alone
 * could be another test's server that took the same free port meanwhile.
 */
const answersHealthz = (port: number) => async (output: string) => {
  if (!output.includes('listening')) return false;
  try {
    return (await fetch(`http://127.0.0.1:${port}/healthz`)).ok;
  } catch {
    return false;
  }
};

describe('the README process commands, as written', { timeout: 120_000 }, () => {
  it('documents the commands this test knows how to check', () => {
    expect(commands).toEqual([
      'start',
      'run start:api',
      'run start:web',
      'svc worker schedule',
      'svc worker cleanup --now 2026-11-21T03:00:00Z',
      'svc usage --day 2026-11-21',
      'run db:migrate',
      'svc admin grant-support ada@example.com',
      'svc accounts recovery-code ada@example.com',
      'svc reports list',
      'svc directory suspend aar:ada-demo --reason spam',
      'svc directory unsuspend aar:ada-demo',
    ]);
  });

  it.each(['start', 'run start:api', 'run start:web'])('`%s` serves and answers /healthz', async (command) => {
    const port = await freePort();
    const run = await runCommand(command, port, answersHealthz(port));
    expect(run.output).toContain('listening');
    expect(run.code).toBe(0);
  });

  it('`svc worker schedule` runs the schedule until stopped', async () => {
    const run = await runCommand('svc worker schedule', await freePort(), (output) => output.includes('worker schedule running'));
    expect(run.output).toContain('worker schedule running');
  });

  it.each([
    ['svc worker cleanup --now 2026-11-21T03:00:00Z', '"now": "2026-11-21T03:00:00.000Z"'],
    ['svc usage --day 2026-11-21', 'Requests on 2026-11-21'],
    ['run db:migrate', 'The database is up to date.'],
  ])('`%s` runs once and says what it did', async (command, expected) => {
    const run = await runCommand(command, await freePort());
    expect(run.output).toContain(expected);
    expect(run.code).toBe(0);
  });

  it('`svc admin grant-support` names the principal it made support', async () => {
    await app.services.access.accounts.signup({ email: 'ada@example.com', password: 'correct horse battery', display_name: 'Ada' });
    const run = await runCommand('svc admin grant-support ada@example.com', await freePort());
    expect(run.output).toContain('Ada');
    expect(run.code).toBe(0);
    const [row] = await app.db.query<{ is_support: boolean }>("select is_support from principals where email = 'ada@example.com'");
    expect(row!.is_support).toBe(true);
  });

  it('`svc accounts recovery-code` prints a code that sets a new password for the person', async () => {
    // Ada may have an account from the test before; the command works on either.
    if ((await app.db.query("select 1 from principals where email = 'ada@example.com'")).length === 0) {
      await app.services.access.accounts.signup({ email: 'ada@example.com', password: 'correct horse battery', display_name: 'Ada' });
    }
    const run = await runCommand('svc accounts recovery-code ada@example.com', await freePort());
    expect(run.code).toBe(0);
    const code = /^ {2}([0-9A-Z]{5}(?:-[0-9A-Z]{5}){4})$/m.exec(run.output)![1]!;
    // The command ran on the real clock; the person uses the code at the time it was made.
    const [row] = await app.db.query<{ created_at: Date | string }>("select created_at from recovery_codes where issued_by = 'support'");
    app.clock.set(new Date(row!.created_at));
    await expect(
      app.services.access.recovery.reset({ email: 'ada@example.com', recovery_code: code, new_password: 'correct horse battery' }, '192.0.2.1'),
    ).resolves.toMatchObject({ session: { principal: { display_name: 'Ada' } } });
  });

  it('`svc reports list` says how many reports wait for support', async () => {
    const run = await runCommand('svc reports list', await freePort());
    expect(run.output).toMatch(/\b0 open reports\b/);
    expect(run.code).toBe(0);
  });

  it('`svc directory suspend` and `unsuspend` stop and restore an address, as support', async () => {
    const owner = await app.signUp('Ada Demo');
    const actor = (await app.services.access.accounts.resolveSession(owner.session))!.actor;
    await app.services.directory.register(actor, { handle: 'ada-demo', display_name: 'Ada', description: 'Demo', entry_type: 'person', visibility: 'public', term: 'ongoing', destinations: [] });
    const suspended = await runCommand('svc directory suspend aar:ada-demo --reason spam', await freePort());
    expect(suspended.output).toContain('aar:ada-demo is now suspended');
    await expect(app.services.directory.resolve('aar:ada-demo', null)).rejects.toMatchObject({ code: 'unavailable' });
    const lifted = await runCommand('svc directory unsuspend aar:ada-demo', await freePort());
    expect(lifted.output).toContain('aar:ada-demo is now active');
    await expect(app.services.directory.resolve('aar:ada-demo', null)).resolves.toMatchObject({ body: { address: 'aar:ada-demo' } });
  });
});
