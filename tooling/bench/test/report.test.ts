import { describe, expect, it } from 'vitest';
import { renderReport, type ScenarioResult } from '../src/report.ts';

const scenario = (key: string, rps: number, extra: Partial<ScenarioResult> = {}): ScenarioResult => ({
  key,
  label: key,
  result: { requests: rps * 10, rps, non2xx: 0, socketErrors: 0, timeouts: 0, p50Ms: 1, p99Ms: 5, maxMs: 9 },
  ...extra,
});

const render = (scenarios: ScenarioResult[]) =>
  renderReport({ title: 't', settings: {}, scenarios, memory: [], judge: true, notes: [] });

const cellsOf = (report: string, key: string) =>
  report
    .split('\n')
    .find((line) => line.startsWith(`| ${key} |`))!
    .split('|')
    .map((cell) => cell.trim());

// Columns: 9 Koa+pg beside it, 10 × Koa+pg, 11 × bare Koa, 12 target.
describe('renderReport', () => {
  // The run's single Koa + pg baseline is 10,000 req/s; the one beside `create` only 5,000, as when
  // the machine slowed down between them: the ratio must not count the slowdown against the API.
  const report = render([
    scenario('bare', 20_000),
    scenario('koa-pg', 10_000),
    scenario('create', 1_500, { baselineRps: 5_000, target: 0.2 }),
    scenario('old', 1_500, { target: 0.2 }),
  ]);

  it('takes an API scenario’s ratio against the Koa + pg run beside it, and shows that run', () => {
    const cells = cellsOf(report, 'create');
    expect(cells[9]).toBe('5000');
    expect(cells[10]).toBe('0.30');
    expect(cells[11]).toBe('0.07');
    expect(cells[12]).toBe('≥ 0.2 ✅');
    expect(report).toContain('met: create (0.30 × Koa+pg beside it (5000 req/s)');
  });

  it('falls back to the single baseline when no run was made beside it', () => {
    const cells = cellsOf(report, 'old');
    expect(cells[9]).toBe('');
    expect(cells[10]).toBe('0.15');
    expect(cells[12]).toBe('≥ 0.2 ❌');
  });

  it('leaves the column empty on the baselines themselves', () => {
    expect(cellsOf(report, 'koa-pg').slice(9, 11)).toEqual(['', '1.00']);
    expect(cellsOf(report, 'bare').slice(9, 11)).toEqual(['', '2.00']);
  });
});
