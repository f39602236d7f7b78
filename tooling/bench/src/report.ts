import type { WrkResult } from './wrk.ts';

export interface ScenarioResult {
  key: string;
  label: string;
  result: WrkResult;
  /**
   * CPU the server process used per request in the measured run, in µs: what one request costs the
   * process itself, which moves less than req/s when other work on a shared machine takes the CPU.
   */
  cpuUsPerRequest?: number | undefined;
  /** CPU the PostgreSQL backends of the scratch database used per request, in µs (none on PGlite). */
  databaseCpuUsPerRequest?: number | undefined;
  /**
   * req/s of the Koa + pg runs interleaved with this scenario (API scenarios only): the machine's
   * speed drifts within minutes, so the ratio and its target are taken against these runs.
   */
  baselineRps?: number | undefined;
  /** Target ratio of the Koa + pg baseline, when the issue sets one. */
  target?: number | undefined;
  /** Target p99 in ms, when set. */
  p99Max?: number | undefined;
}

export interface MemoryFigures {
  idle: number;
  /** The kernel's high-water mark (VmHWM): the true peak, sampled or not. */
  peak: number;
  after: number;
}

export interface Report {
  title: string;
  settings: Record<string, string | number>;
  scenarios: ScenarioResult[];
  memory: { label: string; figures: MemoryFigures; limits: { idle?: number; peak?: number } }[];
  pglite?: ScenarioResult[] | undefined;
  /** Whether the targets are judged (a full run) or only shown (a smoke run on tiny data). */
  judge: boolean;
  notes: string[];
}

const fixed = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '–');

const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;

/** The Koa + pg req/s a scenario is compared with: the runs beside it, else the run's single baseline. */
const koaPgFor = (s: ScenarioResult, single: number): number => s.baselineRps ?? single;

/** The Markdown report: one table of scenarios, one of memory, then the verdicts. */
export const renderReport = (report: Report): string => {
  const byKey = new Map(report.scenarios.map((s) => [s.key, s.result]));
  const koaPg = byKey.get('koa-pg')?.rps ?? Number.NaN;
  const bare = byKey.get('bare')?.rps ?? Number.NaN;
  const verdicts: string[] = [];
  const lines = [`# ${report.title}`, ''];
  lines.push(...Object.entries(report.settings).map(([key, value]) => `- ${key}: ${value}`), '');
  lines.push(
    row(['scenario', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'socket errors', 'server CPU µs/req', 'database CPU µs/req', 'Koa+pg beside it (req/s)', '× Koa+pg', '× bare Koa', 'target']),
    row(['---', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---']),
  );
  for (const s of report.scenarios) {
    const r = s.result;
    const ratio = r.rps / koaPgFor(s, koaPg);
    const targets = [s.target === undefined ? '' : `≥ ${s.target}`, s.p99Max === undefined ? '' : `p99 ≤ ${s.p99Max} ms`]
      .filter(Boolean)
      .join(', ');
    let verdict = '';
    if (report.judge && targets) {
      const met = (s.target === undefined || ratio >= s.target) && (s.p99Max === undefined || r.p99Ms <= s.p99Max);
      verdict = met ? ' ✅' : ' ❌';
      const against = s.baselineRps === undefined ? 'Koa+pg' : `Koa+pg beside it (${fixed(s.baselineRps, 0)} req/s)`;
      verdicts.push(`${met ? 'met' : 'MISSED'}: ${s.label} (${fixed(ratio, 2)} × ${against}, p99 ${fixed(r.p99Ms)} ms; ${targets})`);
    }
    lines.push(
      row([
        s.label,
        fixed(r.rps, 0),
        fixed(r.p50Ms, 2),
        fixed(r.p99Ms, 2),
        r.non2xx,
        r.socketErrors + r.timeouts,
        fixed(s.cpuUsPerRequest ?? Number.NaN, 0),
        fixed(s.databaseCpuUsPerRequest ?? Number.NaN, 0),
        s.baselineRps === undefined ? '' : fixed(s.baselineRps, 0),
        fixed(ratio, 2),
        fixed(r.rps / bare, 2),
        `${targets}${verdict}`,
      ]),
    );
  }
  const errors = report.scenarios.reduce((sum, s) => sum + s.result.non2xx + s.result.socketErrors + s.result.timeouts, 0);
  if (report.judge) verdicts.push(`${errors === 0 ? 'met' : 'MISSED'}: zero errors (${errors} non-2xx or socket errors in all)`);

  lines.push('', '## Memory (resident set, MB)', '', row(['process', 'idle', 'peak (VmHWM)', 'after the run', 'limits']), row(['---', '---:', '---:', '---:', '---']));
  for (const m of report.memory) {
    const limits = [m.limits.idle === undefined ? '' : `idle ≤ ${m.limits.idle}`, m.limits.peak === undefined ? '' : `peak ≤ ${m.limits.peak}`]
      .filter(Boolean)
      .join(', ');
    lines.push(row([m.label, fixed(m.figures.idle, 0), fixed(m.figures.peak, 0), fixed(m.figures.after, 0), limits]));
    if (report.judge) {
      if (m.limits.idle !== undefined) verdicts.push(`${m.figures.idle <= m.limits.idle ? 'met' : 'MISSED'}: ${m.label} idle ${fixed(m.figures.idle, 0)} MB ≤ ${m.limits.idle}`);
      if (m.limits.peak !== undefined) verdicts.push(`${m.figures.peak <= m.limits.peak ? 'met' : 'MISSED'}: ${m.label} peak ${fixed(m.figures.peak, 0)} MB ≤ ${m.limits.peak}`);
    }
  }

  if (report.pglite && report.pglite.length > 0) {
    lines.push('', '## Embedded PGlite (small data set, same pipeline)', '', row(['scenario', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'server CPU µs/req (database included)']), row(['---', '---:', '---:', '---:', '---:', '---:']));
    for (const s of report.pglite) {
      const r = s.result;
      lines.push(row([s.label, fixed(r.rps, 0), fixed(r.p50Ms, 2), fixed(r.p99Ms, 2), r.non2xx + r.socketErrors + r.timeouts, fixed(s.cpuUsPerRequest ?? Number.NaN, 0)]));
    }
  }

  lines.push('', '## Targets', '');
  lines.push(...(report.judge ? verdicts.map((v) => `- ${v}`) : ['- Not judged: a smoke run on tiny data only proves the instrument works.']));
  if (report.notes.length > 0) lines.push('', '## Notes', '', ...report.notes.map((n) => `- ${n}`));
  return `${lines.join('\n')}\n`;
};
