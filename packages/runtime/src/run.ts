import { causesOf, closeOnSignals, createLogger, listen, type ErrorRenderer, type RunningServer } from '@svc/http';
import { DataDirectoryInUseError } from '@svc/db';
import { buildHttpApp, type RouteRegistrar } from './app.ts';
import { readConfig, type Config } from './config.ts';
import { setAgentRateLimits } from './http/rate-limits.ts';
import { openRuntime } from './runtime.ts';
import { startTracing } from './tracing/tracing.ts';
import type { Services } from './services.ts';

export interface RunOptions {
  registrars: RouteRegistrar[];
  config?: Config;
  /** Extra work for this process (e.g. the cron schedule), stopped on shutdown. */
  alongside?: (services: Services) => { stop(): Promise<void> | void };
  /** The website's error page for browsers, when the website is served. */
  renderError?: ErrorRenderer | undefined;
}

/**
 * The server could not start as its settings say (listen where PORT and HOST say, open the database
 * DATABASE_URL or SVC_DATA_DIR names): the message names the setting and what to do.
 */
export class StartFailed extends Error {}

/** Why listening failed, in the settings' words; undefined for a failure that is no setting's. */
const listenFailure = (error: unknown, { port, host }: Config): string | undefined => {
  const code = (error as NodeJS.ErrnoException).code;
  const instead = 'set HOST to an address of this machine (0.0.0.0 for all, 127.0.0.1 for this machine only)';
  if (code === 'EADDRINUSE') return `PORT ${port} is in use on ${host} by another process (EADDRINUSE): stop it, or set PORT to another port`;
  if (code === 'EACCES') return `PORT ${port} needs a privilege this process does not have (EACCES): set PORT from 1024 up`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NONAME') return `HOST "${host}" does not resolve to an address (${code}): ${instead}`;
  if (code === 'EADDRNOTAVAIL') return `HOST "${host}" is not an address of this machine (EADDRNOTAVAIL): ${instead}`;
  return undefined;
};

/** What the server or the socket said, along the causes (drivers and the ORM wrap it): its first code and all its words. */
const saidOf = (error: unknown): { code: string | undefined; words: string } => {
  const chain = causesOf(error);
  const code = chain.map((at) => at.code).find((at): at is string => typeof at === 'string');
  return { code, words: chain.flatMap((at) => (typeof at.message === 'string' ? [at.message] : [])).join(' | ') };
};

/**
 * Why the database did not open, in the settings' words; undefined for a failure that is no
 * setting's. The change feed's own connection is DATABASE_LISTEN_URL's when that is set (runtime.ts
 * marks its failure), so the message names that setting and its address.
 */
const openFailure = (error: unknown, config: Config): string | undefined => {
  if (error instanceof DataDirectoryInUseError) return `SVC_DATA_DIR: ${error.message}`;
  const listening = (error as { setting?: unknown } | null)?.setting === 'DATABASE_LISTEN_URL';
  const [setting, url] = listening ? ['DATABASE_LISTEN_URL', config.databaseListenUrl] : ['DATABASE_URL', config.databaseUrl];
  if (!url) return undefined;
  const { code, words } = saidOf(error);
  const { hostname, port, pathname } = new URL(url);
  const server = `${hostname}:${port || 5432}`;
  const database = decodeURIComponent(pathname.slice(1)) || 'postgres';
  if (code === 'ECONNREFUSED') return `${setting}: nothing accepts connections at ${server} (ECONNREFUSED): start PostgreSQL there, or set ${setting} to where it runs`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `${setting}: the host "${hostname}" does not resolve to an address (${code}): set ${setting} to where PostgreSQL runs`;
  if (code === '28P01' || code === '28000') return `${setting}: PostgreSQL at ${server} refused the user or password (${code}): set the ones it accepts in ${setting}`;
  if (code === '3D000') return `${setting}: PostgreSQL at ${server} has no database "${database}" (3D000): create it, or set ${setting} to one that exists`;
  // A missing database is created at start (the README), unless the user may not create databases.
  if (/permission denied to create database/.test(words)) {
    return `${setting}: PostgreSQL at ${server} has no database "${database}", and its user may not create one: create it, or set ${setting} to one that exists`;
  }
  if (/Connection terminated unexpectedly/.test(words)) {
    return `${setting}: what answers at ${server} closed the connection without speaking PostgreSQL's protocol: set ${setting} to where PostgreSQL runs`;
  }
  return undefined;
};

/**
 * For a process's entry point: the settings, or a stop with the refused one's message alone (exit 2),
 * which names the variable and what it takes; a stack trace would only bury that. `alsoCheck` runs
 * the entry point's own setting checks the same way (the worker's schedule).
 */
export const readConfigOrExit = (alsoCheck: () => unknown = () => undefined): Config => {
  try {
    alsoCheck();
    return readConfig();
  } catch (error) {
    console.error(`svc: ${(error as Error).message}`);
    return process.exit(2);
  }
};

/** For a process's entry point: a start that cannot listen or open its database stops with its message alone (exit 1), not inside a stack trace. */
export const exitOnStartFailure = (error: unknown): never => {
  if (!(error instanceof StartFailed)) throw error;
  console.error(`svc: ${error.message}`);
  return process.exit(1);
};

/** The runtime; a database its settings do not let it open fails as StartFailed, naming the setting. */
const openForStart: typeof openRuntime = (config, options) =>
  openRuntime(config, options).catch((error: unknown) => {
    const why = openFailure(error, config);
    throw why ? new StartFailed(why, { cause: error }) : error;
  });

/** For a command's entry point: the runtime, or a stop with the refused setting's message alone (exit 1) when its database cannot be opened. */
export const openRuntimeOrExit: typeof openRuntime = (config, options) => openForStart(config, options).catch(exitOnStartFailure);

/** How long a start waits for the change feed's first heartbeat before saying it does not hear. */
const FEED_SETTLE_MS = 2_000;

/**
 * Starts a serving process: opens the runtime, serves the routes, and on SIGTERM finishes
 * in-flight requests before closing the database.
 */
export const runServer = async ({ registrars, config = readConfig(), alongside, renderError }: RunOptions): Promise<RunningServer> => {
  const logger = createLogger();
  // Before the database opens, so that it gets the tracer; off, nothing of the SDK is started.
  const tracing = config.tracing ? startTracing(config.tracing, { warn: (message, error) => logger.warn({ err: error }, message) }) : undefined;
  let runtime;
  try {
    runtime = await openForStart(config, { tracer: tracing?.tracer });
  } catch (error) {
    await tracing?.stop();
    throw error;
  }
  const { services } = runtime;
  if (runtime.applied.length > 0) logger.info({ migrations: runtime.applied }, 'migrations applied');
  setAgentRateLimits(services, {
    writes: { limit: config.agentWritesPerMinute, windowSeconds: 60 },
    'session-writes': { limit: config.sessionWritesPerMinute, windowSeconds: 60 },
  });
  const usage = services.usage.start();
  const extra = alongside?.(services);
  const app = buildHttpApp(services, logger, registrars, {
    trustedProxies: config.trustedProxies,
    renderError,
    metricsToken: config.metricsToken,
    slowRequestMs: config.slowRequestMs,
  });
  // Each part closes even when one before it fails: a usage flush to an unreachable database must
  // not leave the database's connections open. The first failure is what the shutdown reports.
  const closeAll = async () => {
    try {
      await extra?.stop();
    } finally {
      try {
        await usage.stop();
      } finally {
        await runtime.close();
      }
    }
  };
  let listening: RunningServer;
  try {
    listening = await listen(app, { port: config.port, host: config.host, shutdownTimeoutMs: config.shutdownTimeoutMs, logger, limits: config.http, onClose: closeAll });
  } catch (error) {
    // Nothing listens: what the start opened goes (a PGlite data directory is not left locked).
    await closeAll();
    await tracing?.stop();
    const why = listenFailure(error, config);
    throw why ? new StartFailed(why, { cause: error }) : error;
  }
  // Last, after the close SHUTDOWN_TIMEOUT_MS bounds: the spans of the requests that just finished go
  // out, bounded by the exporter's own timeout, so a collector that does not answer costs its timeout
  // and never a clean exit (docs/operations.md).
  let stopping = false;
  const server: RunningServer = {
    ...listening,
    close: async () => {
      stopping = true;
      try {
        await listening.close();
      } finally {
        await tracing?.stop();
      }
    },
  };
  // From the moment the port is open a SIGTERM drains and closes: the wait for the change feed below
  // can take FEED_SETTLE_MS, and a signal then must not kill the process with requests under way.
  closeOnSignals(server.close, logger);
  // Whether public answers are cached, and why not: the operator's first clue behind a pooler.
  const feed = await services.changes.settled(FEED_SETTLE_MS);
  // Stopped meanwhile (a signal during the wait): the log says `shutting down`, never `listening` after it.
  if (stopping) return server;
  if (!feed.hearing) logger.warn({ reason: feed.reason }, 'change feed not hearing: public answers are not cached until it does');
  logger.info(
    { port: server.port, base_url: config.baseUrl, database: services.db.engine, pool_mode: services.db.pool.mode, pool_mode_source: services.db.pool.source, answer_cache: feed.hearing, metrics: services.metrics.registry !== undefined, tracing: tracing !== undefined },
    'listening',
  );
  // Whoever started the process waits for this line: it must not sit in the log buffer.
  logger.flush();
  return server;
};
