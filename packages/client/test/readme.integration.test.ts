import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@svc/runtime/testing';
import { registerApiRoutes } from '@svc/api';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const POLL_INTERVAL_MS = 5_000;

/** The README's agent script, exactly as printed. */
const readmeScript = async (): Promise<string> => {
  const readme = await readFile(join(packageDir, 'README.md'), 'utf8');
  const blocks = [...readme.matchAll(/^```js readme\n([\s\S]*?)^```$/gm)].map((match) => match[1]!);
  expect(blocks).toHaveLength(1);
  return blocks[0]!;
};

describe('README: from nothing to a posted job and a resolved address', () => {
  let app: TestApp;
  let dir: string;

  beforeAll(async () => {
    app = await startTestApp({ registrars: [registerApiRoutes] });
    // A scratch project that has @svc/client installed, as an agent's own would.
    dir = await mkdtemp(join(tmpdir(), 'svc-client-readme-'));
    await mkdir(join(dir, 'node_modules', '@svc'), { recursive: true });
    await symlink(packageDir, join(dir, 'node_modules', '@svc', 'client'), 'dir');
    await writeFile(join(dir, 'package.json'), JSON.stringify({ type: 'module', private: true }));
    await writeFile(join(dir, 'agent.mjs'), await readmeScript());
  });

  afterAll(async () => {
    await app?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('runs as written while the person approves on the website', { timeout: 60_000 }, async () => {
    const person = await app.signUp('Ada');
    const child = spawn(process.execPath, ['agent.mjs'], { cwd: dir, env: { ...process.env, TASKS_URL: app.url }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));

    const lines: string[] = [];
    let approval: Promise<unknown> | undefined;
    for await (const line of createInterface({ input: child.stdout })) {
      lines.push(line);
      const shown = /check the code ([A-Z0-9]{4}-[A-Z0-9]{4})$/.exec(line);
      if (shown) {
        // The person approves after the agent's first poll has been told authorization_pending, and the
        // service's clock moves past the poll interval, as real time would.
        approval = (async () => {
          await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS + 1_500));
          const session = await app.services.access.accounts.resolveSession(person.session);
          await app.services.access.deviceFlow.approve(session!.actor, { user_code: shown[1] });
          app.clock.advance(POLL_INTERVAL_MS);
        })();
      }
    }
    await approval;
    expect(await exited, stderr).toBe(0);

    expect(lines[0]).toMatch(/^To let Party planner act for you, open http:\/\/tasks\.test\/connect\?user_code=[A-Z0-9-]+ and check the code [A-Z0-9-]+$/);
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(/^Connected until 2026-12-2\dT/),
      expect.stringMatching(/^Posted job job_\w+ \(version 1\)$/),
      'Retitled: "Bake a birthday cake (chocolate)" (version 2)',
      expect.stringMatching(/^aar:party-planner-[a-z0-9]+ → https:\/\/party-planner\.example\.com$/),
    ]);
  });
});
