import type { Outcome } from './soak-load.ts';

export type StatusClass = '2xx' | '3xx' | '4xx' | '5xx' | 'none';
export const STATUS_CLASSES: StatusClass[] = ['2xx', '3xx', '4xx', '5xx', 'none'];

export const statusClass = (status: number): StatusClass => {
  if (status === 0) return 'none';
  if (status >= 500) return '5xx';
  if (status >= 400) return '4xx';
  return status >= 300 ? '3xx' : '2xx';
};

/** The value below which `fraction` of the sorted values lie (nearest rank); NaN for none. */
export const percentile = (sorted: readonly number[], fraction: number): number =>
  sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))]!;

/** One interval of the run (a minute unless told otherwise), by when its requests were sent. */
export interface Interval {
  index: number;
  /** From the start of the load, in ms. */
  startMs: number;
  endMs: number;
  /** After the warm-up: judged. */
  measured: boolean;
  latencies: number[];
  errors: number;
}

export interface KindTally {
  kind: string;
  requests: number;
  /** Latencies of the requests sent after the warm-up. */
  measuredLatencies: number[];
  errors: number;
}

/**
 * Every outcome of a soak, counted as it comes: by interval (latencies and errors), by kind of
 * request, by status class, and the first unexpected answers word for word.
 */
export const createTally = ({ start, durationMs, warmupMs, intervalMs }: { start: number; durationMs: number; warmupMs: number; intervalMs: number }) => {
  const intervals: Interval[] = Array.from({ length: Math.ceil(durationMs / intervalMs) }, (_, index) => ({
    index,
    startMs: index * intervalMs,
    endMs: Math.min(durationMs, (index + 1) * intervalMs),
    measured: index * intervalMs >= warmupMs,
    latencies: [],
    errors: 0,
  }));
  const kinds = new Map<string, KindTally>();
  const classes = Object.fromEntries(STATUS_CLASSES.map((name) => [name, 0])) as Record<StatusClass, number>;
  const unexpected: string[] = [];
  let errors = 0;

  const record = (outcome: Outcome) => {
    // A request sent just before the end is answered after it: it belongs to the last interval.
    const at = Math.min(intervals.length - 1, Math.max(0, Math.floor((outcome.sentAt - start) / intervalMs)));
    const interval = intervals[at]!;
    interval.latencies.push(outcome.ms);
    let kind = kinds.get(outcome.kind);
    if (!kind) kinds.set(outcome.kind, (kind = { kind: outcome.kind, requests: 0, measuredLatencies: [], errors: 0 }));
    kind.requests += 1;
    if (interval.measured) kind.measuredLatencies.push(outcome.ms);
    classes[statusClass(outcome.status)] += 1;
    if (!outcome.expected) {
      errors += 1;
      interval.errors += 1;
      kind.errors += 1;
      if (unexpected.length < 20) unexpected.push(`${new Date(outcome.sentAt).toISOString()} ${outcome.kind}: ${outcome.status || 'no answer'} after ${outcome.ms.toFixed(0)} ms ${outcome.detail ?? ''}`.trim());
    }
  };

  return {
    record,
    intervals,
    kinds: () => [...kinds.values()].sort((a, b) => b.requests - a.requests),
    classes,
    errors: () => errors,
    /** The first 20 unexpected answers. */
    unexpected,
    requests: () => intervals.reduce((sum, interval) => sum + interval.latencies.length, 0),
  };
};

export type Tally = ReturnType<typeof createTally>;
