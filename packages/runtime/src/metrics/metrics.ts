import type { AnswerLookup, RequestObserver } from '@svc/http';
import { noDatabaseObserver, type DatabaseObserver } from '@svc/db';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * What the process counts for Prometheus (docs/operations.md, "Metrics"). The request path pays one
 * histogram observation and a gauge up and down; the rest is counted where it happens (a cache
 * lookup, a refusal, a replay, a write group) or read only when scraped (pool, feed, cleanup).
 * Labels are names from a fixed set (operations, route templates, policies, jobs): never an id,
 * an address, an e-mail or free text.
 */
export interface Metrics {
  /** Where the metrics are kept; undefined when metrics are off. */
  readonly registry: Registry | undefined;
  readonly requests: RequestObserver;
  readonly database: DatabaseObserver;
  answerLookup(lookup: AnswerLookup): void;
  /** A request refused by the rate limit `policy` (`writes`, `polls`…). */
  rateLimited(policy: string): void;
  /** A create answered from its stored answer (the same `Idempotency-Key` again). */
  idempotentReplay(): void;
}

/** Metrics off: nothing is counted and nothing is kept. */
export const noMetrics: Metrics = {
  registry: undefined,
  requests: { started: () => {}, finished: () => {} },
  database: noDatabaseObserver,
  answerLookup: () => {},
  rateLimited: () => {},
  idempotentReplay: () => {},
};

/** Request durations from 1 ms (a cached read) to 10 s. */
const REQUEST_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Statement round trips from half a millisecond (a read by key on a warm connection) to the 10 s past any limit. */
const STATEMENT_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Write groups hold 1 to 32 transactions (group-commit.ts, `MAX_GROUP`). */
const GROUP_BUCKETS = [1, 2, 4, 8, 16, 32];

/**
 * A histogram with two labels in `registry`, observed through one child per pair of label values,
 * found without building prom-client's label key on every observation.
 */
const pairedHistogram = (
  registry: Registry,
  config: { name: string; help: string; labelNames: readonly [string, string]; buckets: number[] },
): ((first: string, second: string, value: number) => void) => {
  const histogram = new Histogram({ ...config, registers: [registry] });
  const children = new Map<string, Histogram.Internal<string>>();
  return (first, second, value) => {
    const key = `${first} ${second}`;
    let child = children.get(key);
    if (!child) children.set(key, (child = histogram.labels(first, second)));
    child.observe(value);
  };
};

/** Every metric in one registry of its own, so several compositions in one process never share one. */
export const createMetrics = (): Metrics => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const observeDuration = pairedHistogram(registry, {
    name: 'svc_http_request_duration_seconds',
    help: 'Time from a request\'s arrival to its answer, by operation (or method and route template) and status class.',
    labelNames: ['operation', 'status_class'],
    buckets: REQUEST_BUCKETS,
  });
  const inFlight = new Gauge({ name: 'svc_http_requests_in_flight', help: 'Requests being answered now.', registers: [registry] });
  const groupSize = new Histogram({
    name: 'svc_db_write_group_size',
    help: 'Transactions committed together in one message (group commit), per group.',
    buckets: GROUP_BUCKETS,
    registers: [registry],
  });
  const observeStatement = pairedHistogram(registry, {
    name: 'svc_db_statement_duration_seconds',
    help: 'Time from sending a statement (or a write group\'s commit message) to its answer, by its first keyword and whether it failed.',
    labelNames: ['operation', 'outcome'],
    buckets: STATEMENT_BUCKETS,
  });
  const groupRetries = new Counter({
    name: 'svc_db_write_group_retries_total',
    help: 'Parts of write groups committed again after the group failed before its commit (a failing member, a lock bound, a stale plan).',
    registers: [registry],
  });
  const lookups = new Counter({
    name: 'svc_answer_cache_lookups_total',
    help: 'Answer cache lookups by what they found: hit, miss, or bypass (the change feed does not hear, so nothing is cached).',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const refusals = new Counter({
    name: 'svc_rate_limit_refusals_total',
    help: 'Requests refused with 429 rate_limited, by rate-limit policy.',
    labelNames: ['policy'] as const,
    registers: [registry],
  });
  const replays = new Counter({ name: 'svc_idempotent_replays_total', help: 'Creates answered with the stored answer of an earlier request with the same Idempotency-Key.', registers: [registry] });
  for (const outcome of ['hit', 'miss', 'bypass'] as const) lookups.inc({ outcome }, 0);
  return {
    registry,
    requests: {
      started: () => inFlight.inc(),
      finished: (operation, statusClass, seconds) => {
        inFlight.dec();
        observeDuration(operation, statusClass, seconds);
      },
    },
    database: {
      writeGroup: (size) => groupSize.observe(size),
      writeGroupRetry: () => groupRetries.inc(),
      statement: (operation, seconds, outcome) => observeStatement(operation, outcome, seconds),
    },
    answerLookup: (outcome) => lookups.inc({ outcome }),
    rateLimited: (policy) => refusals.inc({ policy }),
    idempotentReplay: () => replays.inc(),
  };
};
