/**
 * The soak's three verdicts, each a rule stated in the report with the figures it was taken on.
 * The rules leave room for what a healthy process does on a shared machine (a garbage collection
 * landing just before the last sample, a minute where other work took the cores) and none for
 * what a leak or a degrading path does over minutes.
 */

/** RSS may end at most this much above its figure at the end of the warm-up: 10 %, and never less than 20 MB. */
export const MEMORY_RULE = { fraction: 0.1, floorMb: 20 };
/** The worst measured interval's p99 may be at most this many times the median interval's p99. */
export const P99_RULE = { factor: 2 };

export interface Verdict {
  met: boolean;
  /** `met: …` or `MISSED: …`, with the rule and the figures. */
  line: string;
}

const mb = (value: number) => `${value.toFixed(0)} MB`;
const ms = (value: number) => `${value.toFixed(1)} ms`;
export const signed = (value: number, digits = 0) => `${value >= 0 ? '+' : '−'}${Math.abs(value).toFixed(digits)}`;

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** Least-squares slope of RSS over time, in MB a minute: a steady leak shows here before it crosses the rule. */
export const slopePerMinute = (samples: readonly { at: number; rss: number }[]): number => {
  if (samples.length < 2) return Number.NaN;
  const n = samples.length;
  const meanAt = samples.reduce((sum, s) => sum + s.at, 0) / n;
  const meanRss = samples.reduce((sum, s) => sum + s.rss, 0) / n;
  const covariance = samples.reduce((sum, s) => sum + (s.at - meanAt) * (s.rss - meanRss), 0);
  const variance = samples.reduce((sum, s) => sum + (s.at - meanAt) ** 2, 0);
  return variance === 0 ? Number.NaN : (covariance / variance) * 60_000;
};

export interface ProcessMemory {
  name: string;
  /** RSS in MB sampled at the end of the warm-up, and every sample from there to the end (`at` in ms). */
  samples: { at: number; rss: number }[];
}

export interface MemoryFigure {
  name: string;
  atWarmupEnd: number;
  atEnd: number;
  lowest: number;
  highest: number;
  allowed: number;
  slope: number;
  met: boolean;
}

export const memoryFigures = (processes: readonly ProcessMemory[]): MemoryFigure[] =>
  processes.map(({ name, samples }) => {
    const atWarmupEnd = samples[0]?.rss ?? Number.NaN;
    const atEnd = samples.at(-1)?.rss ?? Number.NaN;
    const allowed = Math.max(MEMORY_RULE.fraction * atWarmupEnd, MEMORY_RULE.floorMb);
    const values = samples.map((s) => s.rss);
    return {
      name,
      atWarmupEnd,
      atEnd,
      lowest: Math.min(...values),
      highest: Math.max(...values),
      allowed,
      slope: slopePerMinute(samples),
      met: samples.length >= 2 && atEnd - atWarmupEnd <= allowed,
    };
  });

export const judgeMemory = (figures: readonly MemoryFigure[]): Verdict => {
  const met = figures.length > 0 && figures.every((figure) => figure.met);
  const each = figures.map((f) => `${f.name} ${mb(f.atWarmupEnd)} → ${mb(f.atEnd)} (${signed(f.atEnd - f.atWarmupEnd)}, allowed +${f.allowed.toFixed(0)})`).join('; ');
  return {
    met,
    line: `${met ? 'met' : 'MISSED'}: resident memory flat after warm-up (rule: each process's RSS at the end at most max(${MEMORY_RULE.fraction * 100} %, ${MEMORY_RULE.floorMb} MB) above its RSS at the end of the warm-up): ${each || 'no samples'}`,
  };
};

/** `p99s`: the p99 of each measured interval that had requests. */
export const judgeP99 = (p99s: readonly number[], intervalName: string): Verdict & { worst: number; median: number } => {
  const worst = Math.max(...p99s);
  const middle = p99s.length > 0 ? median(p99s) : Number.NaN;
  const met = p99s.length > 0 && worst <= P99_RULE.factor * middle;
  return {
    met,
    worst,
    median: middle,
    line: `${met ? 'met' : 'MISSED'}: p99 stable (rule: the worst ${intervalName}'s p99 after warm-up at most ${P99_RULE.factor} × the median ${intervalName}'s p99): worst ${ms(worst)}, median ${ms(middle)}, ${(worst / middle).toFixed(2)} × over ${p99s.length} ${intervalName}s`,
  };
};

export const judgeErrors = ({ requests, errors, exits, loggedErrors }: { requests: number; errors: number; exits: number; loggedErrors: number }): Verdict => {
  const met = requests > 0 && errors === 0 && exits === 0 && loggedErrors === 0;
  return {
    met,
    line: `${met ? 'met' : 'MISSED'}: zero errors (${errors.toLocaleString('en')} of ${requests.toLocaleString('en')} requests answered other than expected or not at all; ${exits} processes exited unasked; ${loggedErrors} lines logged at level error or above)`,
  };
};
