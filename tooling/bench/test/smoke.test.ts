import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// The benchmark is not a test, but it must not rot: CI runs it on 200 jobs for 2 s a scenario,
// with no thresholds, and checks that every scenario answered and none failed.
const SCENARIO_ROWS = [
  'baseline: bare Koa',
  'baseline: Koa + one prepared pg query',
  'GET /api/v1/jobs/:id',
  'GET /api/v1/jobs?q=garden',
  'GET /api/v1/jobs?q=harpsichord',
  'GET /api/v1/jobs?tag=moving',
  'GET /api/v1/jobs (front page)',
  'GET /api/v1/me',
  'GET /api/v1/services/:id',
  'GET /api/v1/directory/:address (1,000 addresses, anonymous)',
  'GET /api/v1/directory/:address (1,000 addresses, bearer token)',
  'PATCH /api/v1/jobs/:id',
  'POST /api/v1/threads/:id/entries',
  'POST /api/v1/jobs',
];

describe('pnpm bench --smoke', () => {
  const out = mkdtempSync(join(tmpdir(), 'svc-bench-smoke-'));
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  // Fourteen scenarios, twelve of them after a Koa + pg run of their own: 26 runs of about 3 s each,
  // plus seeding, building and PGlite: about 100 s on a busy 2-core machine (CI runs two packages'
  // tests at once), so far more room than the package's two-minute default.
  it('writes a report with every scenario, each with zero non-2xx answers', async () => {
    // The scratch database goes on the test server.
    const server = process.env.TEST_DATABASE_URL?.replace(/\/[^/]*$/, '/');
    const env = server ? { ...process.env, BENCH_DATABASE_URL: server } : process.env;
    const main = resolve(import.meta.dirname, '../src/main.ts');
    const { code, output: log } = await new Promise<{ code: number | null; output: string }>((done) => {
      const child = spawn(process.execPath, [main, '--smoke', '--out', out], { env, stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.once('exit', (exitCode) => done({ code: exitCode, output }));
    });
    expect(code, log).toBe(0);
    const [file] = readdirSync(out).filter((name) => name.endsWith('-smoke.md'));
    expect(file, log).toBeDefined();
    const report = readFileSync(join(out, file!), 'utf8');
    const rows = report.split('\n').filter((line) => line.startsWith('| '));
    // The first table's header names the columns checked by name below.
    const header = rows[0]!.split('|').map((cell) => cell.trim());
    const besideColumn = header.indexOf('Koa+pg beside it (req/s)');
    const ratioColumn = header.indexOf('× Koa+pg');
    expect(besideColumn, rows[0]).toBeGreaterThan(0);
    expect(ratioColumn, rows[0]).toBeGreaterThan(0);
    for (const name of SCENARIO_ROWS) {
      const row = rows.find((line) => line.startsWith(`| ${name}`));
      expect(row, `${name} in\n${report}`).toBeDefined();
      // Columns: scenario, req/s, p50, p99, non-2xx, socket errors, server CPU µs/req, database CPU µs/req,
      // Koa+pg beside it, × Koa+pg, × bare Koa, target.
      const cells = row!.split('|').map((cell) => cell.trim());
      expect(Number(cells[2]), `${name} req/s`).toBeGreaterThan(0);
      expect(Number(cells[5]), `${name} non-2xx`).toBe(0);
      expect(Number(cells[6]), `${name} socket errors`).toBe(0);
      expect(Number(cells[7]), `${name} server CPU per request`).toBeGreaterThan(0);
      // Each API scenario is compared with the Koa + pg runs interleaved with it; the baselines are
      // not. The ratio is printed to two decimals from unrounded figures, hence the tolerance.
      if (name.startsWith('baseline:')) {
        expect(cells[besideColumn], `${name} has no baseline beside it`).toBe('');
      } else {
        const beside = Number(cells[besideColumn]);
        expect(beside, `${name} Koa+pg beside it`).toBeGreaterThan(0);
        expect(Math.abs(Number(cells[ratioColumn]) - Number(cells[2]) / beside), `${name} × Koa+pg against ${beside} req/s`).toBeLessThan(0.01);
      }
    }
    // The report says which command produced it.
    expect(report).toContain(`- command: \`npx -y pnpm@12.21.0 bench -- --smoke --out ${out}\``);
    expect(report).toContain('compared with Koa + pg runs interleaved with it');
    expect(report).toMatch(/\| API on PostgreSQL .* \| \d+ \| \d+ \| \d+ \|/);
    expect(report).toMatch(/\| API on PGlite .* \| \d+ \| \d+ \| \d+ \|/);
  }, 300_000);
});
