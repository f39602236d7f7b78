#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { registerApiRoutes } from '@svc/api';
import { createLogger } from '@svc/http';
import { manualClock } from '@svc/kernel';
import { openRuntime, readConfig, runServer, type RouteRegistrar, type Services } from '@svc/runtime';
import { registerWebRoutes } from '@svc/web';
import { runCleanup } from './cleanup.ts';
import { startSchedule } from './schedule.ts';

const USAGE = `svc <command>

  serve [--only api|web] [--no-cron]   Serve API and website on one port (PORT, default 3000) with the daily schedule
  worker schedule                      Run only the daily schedule (a separate worker process)
  worker cleanup --now [ISO time]      Run the daily cleanup once (as of the given time, default now)
  usage [--day YYYY-MM-DD]             Print a day's request counts per route and outcome (default today, UTC)
  db migrate                           Apply pending database migrations
  admin grant-support <email>          Give a principal the support (moderation) role

Environment: DATABASE_URL (PostgreSQL; unset = embedded PGlite in SVC_DATA_DIR, default .data/pglite),
PORT, BASE_URL, LOG_LEVEL.`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    only: { type: 'string' },
    'no-cron': { type: 'boolean', default: false },
    now: { type: 'string' },
    day: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

const config = readConfig();
const logger = createLogger();

/** Opens the runtime (database migrated, modules composed), runs `work` with the services, then closes. */
const withServices = async <T>(work: (services: Services) => Promise<T>, now?: string): Promise<T> => {
  const runtime = await openRuntime(config, now ? { clock: manualClock(now) } : {});
  try {
    return await work(runtime.services);
  } finally {
    await runtime.close();
  }
};

const fail = (message: string): never => {
  console.error(message);
  process.exit(2);
};

const [command, sub, arg] = positionals;
const key = [command, sub].filter(Boolean).join(' ');

if (values.help || !command) {
  console.log(USAGE);
} else if (command === 'serve') {
  // The one place that mounts the API's and the website's routes together: the one-process default.
  const parts: Record<string, RouteRegistrar[]> = { api: [registerApiRoutes], web: [registerWebRoutes] };
  const registrars = values.only ? (parts[values.only] ?? fail(`--only takes api or web\n\n${USAGE}`)) : [registerApiRoutes, registerWebRoutes];
  await runServer({
    registrars,
    config,
    alongside: values['no-cron'] ? undefined : (services) => startSchedule(services, logger),
  });
} else if (key === 'worker schedule') {
  const runtime = await openRuntime(config);
  const schedule = startSchedule(runtime.services, logger);
  logger.info('worker schedule running');
  const stop = async () => {
    await schedule.stop();
    await runtime.close();
    process.exit(0);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
} else if (key === 'worker cleanup') {
  const now = values.now ?? new Date().toISOString();
  if (Number.isNaN(Date.parse(now))) fail(`--now takes an ISO 8601 time, not "${now}"`);
  const reports = await withServices((services) => runCleanup(services, services.clock.now()), now);
  console.log(JSON.stringify({ now: new Date(now).toISOString(), reports }, null, 2));
} else if (command === 'usage') {
  const day = values.day ?? new Date().toISOString().slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) fail(`--day takes YYYY-MM-DD, not "${day}"`);
  const rows = await withServices((services) => services.usage.day(day));
  console.log(`Requests on ${day} (UTC)`);
  if (rows.length === 0) console.log('None counted.');
  else console.table(rows);
} else if (key === 'db migrate') {
  const runtime = await openRuntime(config);
  const { applied } = runtime;
  await runtime.close();
  console.log(applied.length === 0 ? 'The database is up to date.' : `Applied: ${applied.join(', ')}`);
} else if (key === 'admin grant-support') {
  if (!arg) fail('Usage: svc admin grant-support <email>');
  const principal = await withServices((services) => services.access.principals.grantSupport(arg!));
  console.log(`${principal.display_name} (${principal.principal_id}) is now support.`);
} else {
  fail(`Unknown command "${positionals.join(' ')}"\n\n${USAGE}`);
}
