import { existsSync, statSync } from 'node:fs';
import { parsePoolMode, type PoolMode } from '@svc/db';
import { DEFAULT_HTTP_LIMITS, DEFAULT_LIST_READ_LIMITS, DEFAULT_SHUTDOWN_TIMEOUT_MS, DEFAULT_SLOW_REQUEST_MS, type HttpLimits, type ListReadLimits } from '@svc/http';
import { readTracingConfig, type TracingConfig } from './tracing/tracing-config.ts';
import { MAX_TIMEOUT_MS } from './timer-limit.ts';
/** Process settings, all from the environment (every variable is also declared in turbo.json). */
export interface Config {
  port: number;
  /** The address the HTTP server listens on (`HOST`). */
  host: string;
  /** The one public base URL the API and the website share. */
  baseUrl: string;
  /** Set: PostgreSQL. Unset: embedded PGlite under `dataDir`. */
  databaseUrl: string | undefined;
  /** A direct route to PostgreSQL for the change feed's LISTEN, when `databaseUrl` goes through a pooler. */
  databaseListenUrl: string | undefined;
  /** How `databaseUrl` reaches PostgreSQL; unset: found out at start (`@svc/db` pool-mode.ts). */
  databasePoolMode: PoolMode | undefined;
  /** Most connections this process opens to PostgreSQL (`DATABASE_POOL_SIZE`). */
  databasePoolSize: number;
  /** `DATABASE_STATEMENT_TIMEOUT_MS`: how long one request statement may run on PostgreSQL; 0, no limit. */
  databaseStatementTimeoutMs: number;
  /** `DATABASE_GROUP_COMMIT=off`: every write commits alone (measurement only, docs/decisions.md). */
  databaseGroupCommit: boolean;
  dataDir: string;
  /** How many proxies in front append the client's address to X-Forwarded-For (`TRUST_PROXY`). */
  trustedProxies: number;
  /** How long the HTTP server waits on clients (docs/operations.md, "Behind a load balancer"). */
  http: HttpLimits;
  /** How many lists and searches the process builds at once, and how many wait (`LIST_READS_CONCURRENCY`, `LIST_READS_QUEUE`). */
  listReads: ListReadLimits;
  /** On SIGTERM, how long requests under way may take before their connections are cut (`SHUTDOWN_TIMEOUT_MS`). */
  shutdownTimeoutMs: number;
  /** Writes one agent token may make a minute (`AGENT_WRITES_PER_MINUTE`). */
  agentWritesPerMinute: number;
  /** Writes one person's signed-in sessions may make a minute (`SESSION_WRITES_PER_MINUTE`). */
  sessionWritesPerMinute: number;
  /**
   * The bearer secret Prometheus sends for `/metrics` (`METRICS_TOKEN`); unset: metrics are off,
   * nothing is counted and `/metrics` answers 404 (docs/operations.md, "Metrics").
   */
  metricsToken: string | undefined;
  /** A request that takes at least this many ms logs a warning (`SLOW_REQUEST_MS`). */
  slowRequestMs: number;
  /** From the standard `OTEL_*` variables; unset: tracing is off (docs/operations.md, "Traces"). */
  tracing: TracingConfig | undefined;
}

/** A metrics secret shorter than this is refused at start: it would be guessed. */
const MIN_METRICS_TOKEN = 16;

const readMetricsToken = (env: NodeJS.ProcessEnv): string | undefined => {
  const token = env.METRICS_TOKEN?.trim();
  if (!token) return undefined;
  if (token.length < MIN_METRICS_TOKEN || !/^[\x21-\x7e]+$/.test(token)) {
    throw new Error(`METRICS_TOKEN must be at least ${MIN_METRICS_TOKEN} visible ASCII characters (such as the output of \`openssl rand -hex 32\`)`);
  }
  return token;
};


/**
 * A whole number from `name` from `min` to `max`, or `fallback` when unset (or empty); anything else
 * stops the start with `refusal` and the value given.
 */
const wholeNumber = (env: NodeJS.ProcessEnv, name: string, { min, max, fallback }: { min: number; max: number; fallback: number }, refusal: string): number => {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!(value >= min && value <= max)) throw new Error(`${refusal}, not "${env[name]}"`);
  return value;
};

/** A timeout in whole milliseconds from `name`, or `fallback` when unset. */
const milliseconds = (env: NodeJS.ProcessEnv, name: string, fallback: number): number =>
  wholeNumber(env, name, { min: 1, max: MAX_TIMEOUT_MS, fallback }, `${name} must be a whole number of milliseconds from 1 to ${MAX_TIMEOUT_MS}, such as ${fallback}`);

/**
 * A request statement's time limit unless `DATABASE_STATEMENT_TIMEOUT_MS` says otherwise: every
 * bounded read takes milliseconds (docs/performance.md), so 5 s stops only a runaway one while it
 * still leaves a slow disk room.
 */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 5_000;

/** The most proxies a request may pass (a CDN, a balancer, a sidecar…) before it reaches us. */
const MAX_TRUSTED_PROXIES = 5;

/** `TRUST_PROXY`: unset or 0, none; N, the N proxies in front of us each append one address. */
const readTrustedProxies = (env: NodeJS.ProcessEnv): number =>
  wholeNumber(
    env,
    'TRUST_PROXY',
    { min: 0, max: MAX_TRUSTED_PROXIES, fallback: 0 },
    `TRUST_PROXY must be the number of proxies in front that append to X-Forwarded-For, from 0 to ${MAX_TRUSTED_PROXIES} (1 behind one balancer)`,
  );

/** The most connections one process may be told to hold. */
const MAX_CONNECTIONS = 1_000_000;

/** A connection count from `name`, or `fallback` when unset. */
const connections = (env: NodeJS.ProcessEnv, name: string, fallback: number): number =>
  wholeNumber(env, name, { min: 1, max: MAX_CONNECTIONS, fallback }, `${name} must be a whole number of connections from 1 to ${MAX_CONNECTIONS}, such as ${fallback}`);

const readHttpLimits = (env: NodeJS.ProcessEnv): HttpLimits => {
  const limits: HttpLimits = {
    keepAliveMs: milliseconds(env, 'HTTP_KEEP_ALIVE_TIMEOUT_MS', DEFAULT_HTTP_LIMITS.keepAliveMs),
    headersMs: milliseconds(env, 'HTTP_HEADERS_TIMEOUT_MS', DEFAULT_HTTP_LIMITS.headersMs),
    requestMs: milliseconds(env, 'HTTP_REQUEST_TIMEOUT_MS', DEFAULT_HTTP_LIMITS.requestMs),
    maxConnections: connections(env, 'HTTP_MAX_CONNECTIONS', DEFAULT_HTTP_LIMITS.maxConnections),
  };
  // The request timeout runs from the same moment and covers the headers too: a longer headers
  // timeout could never fire (Node refuses the pair).
  if (limits.headersMs > limits.requestMs) {
    throw new Error(
      `HTTP_HEADERS_TIMEOUT_MS (${limits.headersMs}) must not be longer than HTTP_REQUEST_TIMEOUT_MS (${limits.requestMs}): the request timeout includes the headers`,
    );
  }
  return limits;
};

/** The most list reads one process may be told to build at once, or to let wait. */
const MAX_LIST_READS = 10_000;

const readListReadLimits = (env: NodeJS.ProcessEnv): ListReadLimits => ({
  concurrency: wholeNumber(
    env,
    'LIST_READS_CONCURRENCY',
    { min: 1, max: MAX_LIST_READS, fallback: DEFAULT_LIST_READ_LIMITS.concurrency },
    `LIST_READS_CONCURRENCY must be a whole number of lists built at once from 1 to ${MAX_LIST_READS}, such as ${DEFAULT_LIST_READ_LIMITS.concurrency}`,
  ),
  queue: wholeNumber(
    env,
    'LIST_READS_QUEUE',
    { min: 0, max: MAX_LIST_READS, fallback: DEFAULT_LIST_READ_LIMITS.queue },
    `LIST_READS_QUEUE must be a whole number of waiting lists from 0 (none wait) to ${MAX_LIST_READS}, such as ${DEFAULT_LIST_READ_LIMITS.queue}`,
  ),
  waitMs: DEFAULT_LIST_READ_LIMITS.waitMs,
});

/** Defaults of the settings that have no home of their own. */
export const DEFAULT_SETTINGS = { port: 3000, host: '0.0.0.0', databasePoolSize: 10, agentWritesPerMinute: 600, sessionWritesPerMinute: 120 } as const;

/**
 * A per-minute write limit (`AGENT_WRITES_PER_MINUTE`, `SESSION_WRITES_PER_MINUTE`): a whole number
 * from 1 (0 would refuse every write).
 */
const writesPerMinute = (env: NodeJS.ProcessEnv, name: string, fallback: number): number =>
  wholeNumber(env, name, { min: 1, max: 1_000_000_000, fallback }, `${name} must be a whole number of writes from 1 to 1000000000, such as ${fallback}`);

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** A value from a fixed list, or the start stops naming the variable and what it allows. */
const oneOf = (env: NodeJS.ProcessEnv, name: string, allowed: readonly string[]): void => {
  const raw = env[name];
  if (raw && !allowed.includes(raw)) throw new Error(`${name} must be one of ${allowed.join(', ')}, not "${raw}"`);
};

/**
 * Where PGlite keeps its files (`SVC_DATA_DIR`): a directory, or a path where one can be made. A file
 * there stops the start naming the variable (the driver said `EEXIST: mkdir`).
 */
const dataDirectory = (env: NodeJS.ProcessEnv): string => {
  const dir = env.SVC_DATA_DIR?.trim() || '.data/pglite';
  if (!env.DATABASE_URL && existsSync(dir) && !statSync(dir).isDirectory()) {
    throw new Error(`SVC_DATA_DIR must be a directory (or a path where one can be made), not the file "${dir}"`);
  }
  return dir;
};

/**
 * A PostgreSQL URL (`postgresql://user@host:5432/database`), or undefined when unset: one that does
 * not parse or names no database stops the start naming the variable, not with the driver's words.
 */
const postgresUrl = (env: NodeJS.ProcessEnv, name: string): string | undefined => {
  const value = env[name];
  if (!value) return undefined;
  const url = URL.canParse(value) ? new URL(value) : undefined;
  // A host, or a socket directory in `?host=` (postgresql:///svc?host=/var/run/postgresql).
  const host = url && (url.hostname || url.searchParams.get('host'));
  if (!url || !['postgres:', 'postgresql:'].includes(url.protocol) || !host || url.pathname.length <= 1) {
    // The value may hold a password: it is not repeated.
    throw new Error(`${name} must be a PostgreSQL URL naming a host and a database, such as postgresql://svc@db.internal:5432/svc`);
  }
  return value;
};

/**
 * A URL every link and origin check can be built on: it parses (`https://exa mple.org` does not,
 * and would fail every signed-in change later), is http(s), and has no query, fragment or credentials.
 */
const isBaseUrl = (value: string): boolean => {
  if (!/^https?:\/\/[^/]+/.test(value) || !URL.canParse(value)) return false;
  const url = new URL(value);
  return url.search === '' && url.hash === '' && url.username === '' && url.password === '' && !value.includes('?') && !value.includes('#');
};

/**
 * Every setting the serving processes read, parsed once at start: a bad value stops the start with
 * a message naming the variable and what it allows, rather than meaning a default in silence.
 * An empty value counts as unset.
 */
export const readConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const port = wholeNumber(env, 'PORT', { min: 0, max: 65_535, fallback: DEFAULT_SETTINGS.port }, 'PORT must be a TCP port from 1 to 65535 (0: any free one), such as 3000');
  oneOf(env, 'LOG_LEVEL', LOG_LEVELS);
  oneOf(env, 'DATABASE_GROUP_COMMIT', ['on', 'off']);
  if (env.NODE_ENV && !['production', 'development', 'test'].includes(env.NODE_ENV)) {
    throw new Error(`NODE_ENV must be production, development or test, not "${env.NODE_ENV}"`);
  }
  // The default base URL names the port, so "any free port" needs one given: links and the Origin
  // check would name port 0 (agents' links dead, every signed-in change refused).
  if (port === 0 && !env.BASE_URL) throw new Error('PORT=0 (any free port) needs BASE_URL: the default base URL, http://localhost:$PORT, would name port 0');
  const baseUrl = (env.BASE_URL || `http://localhost:${port}`).replace(/\/+$/, '');
  if (!isBaseUrl(baseUrl)) {
    throw new Error(`BASE_URL must be an absolute http(s) URL without query, fragment or credentials, such as https://tasks.example.org, not "${env.BASE_URL}"`);
  }
  return {
    port,
    host: env.HOST?.trim() || DEFAULT_SETTINGS.host,
    baseUrl,
    databaseUrl: postgresUrl(env, 'DATABASE_URL'),
    databaseListenUrl: postgresUrl(env, 'DATABASE_LISTEN_URL'),
    databasePoolMode: parsePoolMode(env.DATABASE_POOL_MODE),
    databasePoolSize: wholeNumber(
      env,
      'DATABASE_POOL_SIZE',
      { min: 1, max: 1_000, fallback: DEFAULT_SETTINGS.databasePoolSize },
      `DATABASE_POOL_SIZE must be a whole number of connections from 1 to 1000, such as ${DEFAULT_SETTINGS.databasePoolSize}`,
    ),
    databaseStatementTimeoutMs: wholeNumber(
      env,
      'DATABASE_STATEMENT_TIMEOUT_MS',
      { min: 0, max: MAX_TIMEOUT_MS, fallback: DEFAULT_STATEMENT_TIMEOUT_MS },
      `DATABASE_STATEMENT_TIMEOUT_MS must be a whole number of milliseconds from 0 (no limit) to ${MAX_TIMEOUT_MS}, such as ${DEFAULT_STATEMENT_TIMEOUT_MS}`,
    ),
    databaseGroupCommit: env.DATABASE_GROUP_COMMIT !== 'off',
    dataDir: dataDirectory(env),
    trustedProxies: readTrustedProxies(env),
    http: readHttpLimits(env),
    listReads: readListReadLimits(env),
    shutdownTimeoutMs: milliseconds(env, 'SHUTDOWN_TIMEOUT_MS', DEFAULT_SHUTDOWN_TIMEOUT_MS),
    agentWritesPerMinute: writesPerMinute(env, 'AGENT_WRITES_PER_MINUTE', DEFAULT_SETTINGS.agentWritesPerMinute),
    sessionWritesPerMinute: writesPerMinute(env, 'SESSION_WRITES_PER_MINUTE', DEFAULT_SETTINGS.sessionWritesPerMinute),
    metricsToken: readMetricsToken(env),
    slowRequestMs: milliseconds(env, 'SLOW_REQUEST_MS', DEFAULT_SLOW_REQUEST_MS),
    tracing: readTracingConfig(env),
  };
};
