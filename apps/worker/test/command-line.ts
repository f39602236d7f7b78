import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { registerApiRoutes } from '@svc/api';
import { startTestApp, type TestApp } from '@svc/runtime/testing';

const run = promisify(execFile);
const cli = fileURLToPath(new URL('../src/cli.ts', import.meta.url));

/**
 * The API alone on a scratch PostgreSQL database: the database the command line, or a process a
 * test starts, works on (`app.db.url`), and the API to arrange and check what it finds there.
 */
export const startCommandLineTestApp = (): Promise<TestApp> => startTestApp({ registrars: [registerApiRoutes] });

/**
 * `svc …` from source on the database `databaseUrl()` names, logging nothing; `env` adds settings (or unsets them).
 * Resolves with its output, rejects when it exits non-zero.
 */
export const svcCommand =
  (databaseUrl: () => string, env: Record<string, string | undefined> = {}) =>
  (...args: string[]) => {
    // A setting given as undefined is unset for the command, even where this process has it.
    const settings = Object.entries({ ...process.env, DATABASE_URL: databaseUrl(), LOG_LEVEL: 'silent', ...env }).filter(([, value]) => value !== undefined);
    return run(process.execPath, [cli, ...args], { env: Object.fromEntries(settings) });
  };
