import { parsePoolMode, type PoolMode } from '@svc/db';
import { DEFAULT_HTTP_LIMITS, type HttpLimits } from '@svc/http';
/** Process settings, all from the environment (every variable is also declared in turbo.json). */
export interface Config {
  port: number;
  /** The one public base URL the API and the website share. */
  baseUrl: string;
  /** Set: PostgreSQL. Unset: embedded PGlite under `dataDir`. */
  databaseUrl: string | undefined;
  /** A direct route to PostgreSQL for the change feed's LISTEN, when `databaseUrl` goes through a pooler. */
  databaseListenUrl: string | undefined;
  /** How `databaseUrl` reaches PostgreSQL; unset: found out at start (`@svc/db` pool-mode.ts). */
  databasePoolMode: PoolMode | undefined;
  dataDir: string;
  /** How many proxies in front append the client's address to X-Forwarded-For (`TRUST_PROXY`). */
  trustedProxies: number;
  /** How long the HTTP server waits on clients (docs/operations.md, "Behind a load balancer"). */
  http: HttpLimits;
}

/** setTimeout's largest delay: Node turns anything longer into 1 ms. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

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

export const readConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const port = Number(env.PORT ?? 3000);
  const baseUrl = (env.BASE_URL || `http://localhost:${port}`).replace(/\/+$/, '');
  if (!/^https?:\/\/[^/]+/.test(baseUrl)) {
    throw new Error(`BASE_URL must be an absolute http(s) URL such as https://tasks.example.org, not "${env.BASE_URL}"`);
  }
  return {
    port,
    baseUrl,
    databaseUrl: env.DATABASE_URL || undefined,
    databaseListenUrl: env.DATABASE_LISTEN_URL || undefined,
    databasePoolMode: parsePoolMode(env.DATABASE_POOL_MODE),
    dataDir: env.SVC_DATA_DIR ?? '.data/pglite',
    trustedProxies: readTrustedProxies(env),
    http: readHttpLimits(env),
  };
};
