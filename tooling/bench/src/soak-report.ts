import type { Message } from './soak-messages.ts';
import { signed, type MemoryFigure, type Verdict } from './soak-rules.ts';
import { percentile, STATUS_CLASSES, type Tally } from './soak-tally.ts';

export interface SoakReport {
  title: string;
  settings: Record<string, string>;
  tally: Tally;
  /** `minute`, or `10 s interval` on a short run. */
  intervalName: string;
  /** The processes whose RSS is sampled, in column order. */
  processes: string[];
  /** RSS of each process (MB) at the end of each interval, by interval. */
  rssByInterval: (number | undefined)[][];
  /** The machine's one-minute load average at the end of each interval. */
  loadByInterval: (number | undefined)[];
  memory: MemoryFigure[];
  /** What the balancer said of the API processes during the load (marking one down or up). */
  balancer: Message[];
  /** The first lines each process logged at level error or above. */
  logged: string[];
  verdicts: Verdict[];
  notes: string[];
}

const fixed = (value: number | undefined, digits = 1) => (value !== undefined && Number.isFinite(value) ? value.toFixed(digits) : '–');
const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
const clock = (ms: number) => `${Math.floor(ms / 60_000)}:${String(Math.round((ms % 60_000) / 1000)).padStart(2, '0')}`;

/** The soak's Markdown report: settings, the load by kind of request, the run interval by interval, memory, verdicts. */
export const renderSoakReport = (report: SoakReport): string => {
  const { tally } = report;
  const lines = [`# ${report.title}`, ''];
  lines.push(...Object.entries(report.settings).map(([key, value]) => `- ${key}: ${value}`), '');

  lines.push('## Verdicts', '', ...report.verdicts.map((verdict) => `- ${verdict.line}`), '');

  const requests = tally.requests();
  lines.push(
    '## The load',
    '',
    `${requests.toLocaleString('en')} requests; by status class: ${STATUS_CLASSES.map((name) => `${name} ${tally.classes[name].toLocaleString('en')}`).join(', ')} ("none": no answer within 20 s or the connection failed).`,
    '',
    row(['request', 'requests', 'share', 'p50 ms after warm-up', 'p99 ms after warm-up', 'errors']),
    row(['---', '---:', '---:', '---:', '---:', '---:']),
  );
  for (const kind of tally.kinds()) {
    const sorted = [...kind.measuredLatencies].sort((a, b) => a - b);
    lines.push(row([kind.kind, kind.requests.toLocaleString('en'), `${((100 * kind.requests) / requests).toFixed(1)} %`, fixed(percentile(sorted, 0.5)), fixed(percentile(sorted, 0.99)), kind.errors]));
  }

  const name = report.intervalName;
  lines.push(
    '',
    `## ${name[0]!.toUpperCase()}${name.slice(1)} by ${name}`,
    '',
    `Requests are counted in the ${name} they were sent in; RSS (MB) and the machine's one-minute load average are read at the ${name}'s end.`,
    '',
    row([name, 'phase', 'requests', 'req/s', 'p50 ms', 'p99 ms', 'errors', ...report.processes.map((process) => `RSS ${process}`), 'load average']),
    row(['---', '---', '---:', '---:', '---:', '---:', '---:', ...report.processes.map(() => '---:'), '---:']),
  );
  for (const interval of tally.intervals) {
    const sorted = [...interval.latencies].sort((a, b) => a - b);
    const seconds = (interval.endMs - interval.startMs) / 1000;
    lines.push(
      row([
        `${clock(interval.startMs)}–${clock(interval.endMs)}`,
        interval.measured ? 'measured' : 'warm-up',
        interval.latencies.length.toLocaleString('en'),
        fixed(interval.latencies.length / seconds, 0),
        fixed(percentile(sorted, 0.5)),
        fixed(percentile(sorted, 0.99)),
        interval.errors,
        ...report.processes.map((_, process) => fixed(report.rssByInterval[interval.index]?.[process], 0)),
        fixed(report.loadByInterval[interval.index]),
      ]),
    );
  }

  lines.push(
    '',
    '## Resident memory after warm-up (MB)',
    '',
    row(['process', 'at the end of the warm-up', 'at the end', 'change', 'allowed', 'lowest', 'highest', 'trend MB/min', 'verdict']),
    row(['---', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---']),
  );
  for (const f of report.memory) {
    lines.push(row([f.name, fixed(f.atWarmupEnd, 0), fixed(f.atEnd, 0), signed(f.atEnd - f.atWarmupEnd), `+${f.allowed.toFixed(0)}`, fixed(f.lowest, 0), fixed(f.highest, 0), Number.isFinite(f.slope) ? signed(f.slope, 2) : '–', f.met ? 'flat' : 'GREW']));
  }

  const downs = report.balancer.filter((message) => / is DOWN/.test(message.line)).length;
  lines.push('', '## The balancer', '', `HAProxy marked an API process down ${downs} time${downs === 1 ? '' : 's'} during the load (the stack checks \`/healthz\` every 500 ms; two failures in a row take a process out).`);
  if (report.balancer.length > 0) lines.push('', ...report.balancer.slice(0, 20).map((message) => `- ${clock(message.at)} ${message.line}`));

  if (tally.unexpected.length > 0) lines.push('', '## Unexpected answers (the first 20)', '', ...tally.unexpected.map((line) => `- ${line.replaceAll('\n', ' ')}`));
  if (report.logged.length > 0) lines.push('', '## Logged at level error (the first 3 of each process)', '', ...report.logged.map((line) => `- \`${line.replaceAll('`', "'")}\``));
  if (report.notes.length > 0) lines.push('', '## Notes', '', ...report.notes.map((note) => `- ${note}`));
  return `${lines.join('\n')}\n`;
};
