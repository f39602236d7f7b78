/** One sample line of a scrape: its series name, labels and value. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Scrape {
  /** Every metric family's name (from its `# TYPE` line). */
  names(): string[];
  /** Every label value of every sample. */
  labelValues(): string[];
  /** A counter's or gauge's value for exactly these labels (0 when absent). */
  value(name: string, labels?: Record<string, string>): number;
  /** A histogram's observation count and sum for exactly these labels (0 when absent). */
  histogram(name: string, labels?: Record<string, string>): { count: number; sum: number };
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)(?: \d+)?$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;
const unescape = (value: string) => value.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));

/**
 * Reads the Prometheus text format (version 0.0.4) as a test compares it. The npm parsers at hand
 * lose a histogram's labels, its `_count` and its `_sum`, which these tests read; the format's
 * sample line is one name, optional labels and a value, and that is all this reads.
 */
export const readScrape = (text: string): Scrape => {
  const families: string[] = [];
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    const type = /^# TYPE (\S+) /.exec(line);
    if (type) families.push(type[1]!);
    const sample = SAMPLE.exec(line);
    if (!sample) continue;
    const labels: Record<string, string> = {};
    for (const [, name, value] of (sample[2] ?? '').matchAll(LABEL)) labels[name!] = unescape(value!);
    samples.push({ name: sample[1]!, labels, value: Number(sample[3]) });
  }
  const find = (name: string, labels: Record<string, string> = {}) =>
    samples.find(
      (sample) =>
        sample.name === name &&
        Object.keys(sample.labels).length === Object.keys(labels).length &&
        Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
    )?.value ?? 0;
  return {
    names: () => families,
    labelValues: () => samples.flatMap((sample) => Object.entries(sample.labels).filter(([key]) => key !== 'le').map(([, value]) => value)),
    value: find,
    histogram: (name, labels) => ({ count: find(`${name}_count`, labels), sum: find(`${name}_sum`, labels) }),
  };
};
