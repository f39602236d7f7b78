import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// The soak is not a test either, but it must not rot: half a minute of the same load through the
// same stack, in intervals of 10 s, into a temporary directory. A run this short cannot judge memory
// or p99 (the processes are still warming up), so only the report and its zero errors are required.
const ARGS = ['--minutes', '0.5', '--warmup-minutes', '0.1', '--interval-seconds', '10', '--sample-seconds', '2', '--connections', '4'];

describe('pnpm bench:soak, half a minute', () => {
  const out = mkdtempSync(join(tmpdir(), 'svc-soak-smoke-'));
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  // The stack starts in 10-40 s on a busy 2-core machine, the load runs 30 s.
  it('writes a report with the load, every interval, the three verdicts and zero errors', async () => {
    // The scratch database goes on the test server.
    const server = process.env.TEST_DATABASE_URL?.replace(/\/[^/]*$/, '/');
    const env = server ? { ...process.env, BENCH_DATABASE_URL: server } : process.env;
    const soak = resolve(import.meta.dirname, '../src/soak.ts');
    const { code, output: log } = await new Promise<{ code: number | null; output: string }>((done) => {
      const child = spawn(process.execPath, [soak, ...ARGS, '--out', out], { env, stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.once('exit', (exitCode) => done({ code: exitCode, output }));
    });
    const [file] = readdirSync(out).filter((name) => /^\d{4}-\d{2}-\d{2}-soak-[\w-]+\.md$/.test(name));
    expect(file, log).toBeDefined();
    const report = readFileSync(join(out, file!), 'utf8');

    // It names the command that produced it, and exits 1 exactly when a verdict is missed.
    expect(report.split('\n')[0]).toContain(`soak.ts ${ARGS.join(' ')} --out ${out}`);
    expect(code, log).toBe(report.includes('- MISSED: ') ? 1 : 0);

    expect(report).toMatch(/^- met: zero errors \(0 of [\d,]+ requests answered other than expected or not at all; 0 processes exited unasked; 0 lines logged at level error or above\)$/m);
    expect(report).toMatch(/^- (met|MISSED): resident memory flat after warm-up \(rule: .+\): api 1 \d+ MB → \d+ MB .*; api 2 .*; worker 1 .*; worker 2 /m);
    expect(report).toMatch(/^- (met|MISSED): p99 stable \(rule: .+\): worst [\d.]+ ms, median [\d.]+ ms, [\d.]+ × over \d intervals$/m);
    expect(report).toMatch(/by status class: 2xx [\d,]+, 3xx 0, 4xx 0, 5xx 0, none 0/);
    expect(report).toMatch(/^HAProxy marked an API process down \d+ times? during the load/m);

    // Three intervals of 10 s: the first the warm-up (0.1 min, rounded up to a whole interval), each with requests and no error.
    const intervals = report.split('\n').filter((line) => /^\| \d+:\d\d–\d+:\d\d \|/.test(line));
    expect(intervals.map((line) => line.split('|')[2]!.trim())).toEqual(['warm-up', 'measured', 'measured']);
    for (const line of intervals) {
      const cells = line.split('|').map((cell) => cell.trim());
      expect(Number(cells[3]!.replaceAll(',', '')), line).toBeGreaterThan(0);
      expect(cells[7], line).toBe('0');
      // RSS of the two APIs and two workers.
      for (const rss of cells.slice(8, 12)) expect(Number(rss), line).toBeGreaterThan(0);
    }
    // Every domain's writes and the reads took part.
    for (const kind of ['POST /api/v1/jobs', 'PATCH /api/v1/services/{id}', 'POST /api/v1/directory', 'GET /api/v1/directory/{address} (anonymous)', 'DELETE /api/v1/threads/{id} (session)', 'PATCH /api/v1/feedback/{id}', 'GET /api/v1/jobs?q={word}']) {
      expect(report, kind).toMatch(new RegExp(`^\\| ${kind.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\| [\\d,]+ \\|`, 'm'));
    }
  }, 150_000);
});
