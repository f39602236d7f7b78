import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readScrape, startTestApp, TEST_METRICS_TOKEN, type TestApp } from '../src/testing.ts';

// The dashboard and the alert rules checked in under tooling/observability (docs/operations.md):
// Prometheus accepts the rules, and every metric either names is one a process exports.

const dir = fileURLToPath(new URL('../../../tooling/observability/', import.meta.url));
const rulesFile = `${dir}alerts.rules.yml`;
const dashboard = JSON.parse(readFileSync(`${dir}dashboard.json`, 'utf8')) as { panels: { title: string; targets: { expr: string }[] }[] };
const rules = (parse(readFileSync(rulesFile, 'utf8')) as { groups: { rules: { alert: string; expr: string }[] }[] }).groups.flatMap((group) => group.rules);

/** Metric names in a PromQL expression: the service's own, the process's and Node's. */
const metricsIn = (expr: string) => [...expr.matchAll(/\b(?:svc|process|nodejs)_[a-z0-9_]+/g)].map(([name]) => name);
/** A histogram's series (`_bucket`, `_sum`, `_count`) belong to the family the scrape names. */
const familyOf = (name: string, families: string[]) =>
  families.includes(name) ? name : families.find((family) => ['_bucket', '_sum', '_count'].some((suffix) => name === family + suffix));

let app: TestApp;
let families: string[];

beforeAll(async () => {
  app = await startTestApp({ registrars: [], metrics: true });
  const res = await app.request<string>('GET', '/metrics', { headers: { authorization: `Bearer ${TEST_METRICS_TOKEN}` } });
  expect(res.status).toBe(200);
  families = readScrape(res.body).names();
});
afterAll(() => app?.close());

describe('the checked-in dashboard and alert rules', () => {
  it('pass `promtool check rules` (Debian package prometheus)', () => {
    // No promtool is a failure, never a skip: .ci/run installs it.
    const out = execFileSync('promtool', ['check', 'rules', rulesFile], { encoding: 'utf8' });
    expect(out).toContain(`SUCCESS: ${rules.length} rules found`);
  });

  it('alert on what the operator needs: errors, p99, pool saturation, change feed down, cleanup not run, memory growth', () => {
    expect(rules.map((rule) => rule.alert).toSorted()).toEqual(
      ['ChangeFeedDown', 'CleanupNotRun', 'DatabasePoolSaturated', 'MemoryGrowing', 'OperationP99Slow', 'ServiceErrorRatioHigh'].toSorted(),
    );
  });

  it.each([
    ['the alert rules', () => rules.map((rule) => rule.expr)],
    ['the dashboard', () => dashboard.panels.flatMap((panel) => panel.targets.map((target) => target.expr))],
  ])('%s name only metrics a process exports', (_, expressions) => {
    const named = [...new Set(expressions().flatMap(metricsIn))];
    expect(named.length).toBeGreaterThan(5);
    expect(named.filter((name) => !familyOf(name, families))).toEqual([]);
  });
});
