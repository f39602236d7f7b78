#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { createLogger } from '@svc/http';
import { isDomainError, manualClock, type Actor } from '@svc/kernel';
import { exitOnStartFailure, openRuntimeOrExit, readConfigOrExit, runServer, type RouteRegistrar, type Services } from '@svc/runtime';
import { runCleanup } from './cleanup.ts';
import { cleanupCron, startSchedule } from './schedule.ts';

const USAGE = `svc <command>

  serve [--only api|web] [--no-cron]   Serve API and website on one port (PORT, default 3000) with the daily schedule
  worker schedule                      Run only the daily schedule (a separate worker process)
  worker cleanup [--now <ISO time>]    Run the daily cleanup once (as of the given time, default now)
  usage [--day YYYY-MM-DD]             Print a day's request counts per route and outcome (default today, UTC)
  db migrate                           Apply pending database migrations
  admin grant-support <email>          Give a principal the support (moderation) role
  accounts recovery-code <email>       Print a one-time code (1 hour) to set a new password, once support verified the person
  reports list [open|resolved]         List reports of public content (open by default), oldest first
  reports resolve <id> <resolution…>   Mark an open report resolved, saying what was done
  directory suspend <address> [--reason text]   Suspend an entry's resolution, as support
  directory unsuspend <address>        Lift a suspension, as support

Environment: DATABASE_URL (PostgreSQL; unset = embedded PGlite in SVC_DATA_DIR, default .data/pglite),
PORT, BASE_URL, LOG_LEVEL.`;

// An option that is unknown or lacks its value stops with what was wrong and the usage, not a stack trace.
const { values, positionals } = (() => {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        only: { type: 'string' },
        'no-cron': { type: 'boolean', default: false },
        now: { type: 'string' },
        day: { type: 'string' },
        reason: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    console.error(`svc: ${(error as Error).message}\n\n${USAGE}`);
    return process.exit(2);
  }
})();

// A setting that is not allowed stops here with its message alone, the schedule's too: checked even
// with --no-cron, so a wrong value is found before the day it is needed.
const config = readConfigOrExit(() => cleanupCron());

/** Who the support commands (`svc reports …`, `svc directory suspend|unsuspend`) act as: support, not any person's account. */
const SUPPORT_ACTOR: Actor = {
  principalId: 'system:support',
  displayName: 'Support (command line)',
  via: 'session',
  grantId: null,
  agentName: null,
  scopes: [],
  isSupport: true,
};
const logger = createLogger();

/** Opens the runtime (database migrated, modules composed), runs `work` with the services, then closes. */
const withServices = async <T>(work: (services: Services) => Promise<T>, now?: string): Promise<T> => {
  const runtime = await openRuntimeOrExit(config, now ? { clock: manualClock(now) } : {});
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

/** A support command the service refused (no such person, no such report): its code and words, not a stack trace. */
const refused = (error: unknown): never => fail(isDomainError(error) ? `${error.code}: ${error.message}` : String(error));

/**
 * Whether `text` opens with a day the calendar has (YYYY-MM-DD): 2026-02-30 is none, where Date
 * would roll it over to 03-02 and a cleanup would run as of another day than meant.
 */
const opensWithCalendarDay = (text: string): boolean => {
  const day = text.slice(0, 10);
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day);
};

const [command, sub, arg] = positionals;
const key = [command, sub].filter(Boolean).join(' ');

if (values.help || !command) {
  console.log(USAGE);
} else if (command === 'serve') {
  // The one place that mounts the API's and the website's routes together: the one-process default.
  // Loaded only to serve: the pages compile their TSX on import, which the one-shot commands never need.
  const [{ registerApiRoutes }, { registerWebRoutes, renderWebError }] = await Promise.all([import('@svc/api'), import('@svc/web')]);
  const parts: Record<string, RouteRegistrar[]> = { api: [registerApiRoutes], web: [registerWebRoutes] };
  const registrars = values.only ? (parts[values.only] ?? fail(`--only takes api or web\n\n${USAGE}`)) : [registerApiRoutes, registerWebRoutes];
  await runServer({
    registrars,
    config,
    renderError: registrars.includes(registerWebRoutes) ? renderWebError : undefined,
    alongside: values['no-cron'] ? undefined : (services) => startSchedule(services, logger),
  }).catch(exitOnStartFailure);
} else if (key === 'worker schedule') {
  const runtime = await openRuntimeOrExit(config);
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
  // A date first (2026-11-29, 2026-11-29T03:17:00Z): Date.parse alone reads "12" as the year 2001.
  // A cleanup run as of a later time than meant retires entries and ends sessions for good.
  if (!opensWithCalendarDay(now) || !/^.{10}(?:[T ]|$)/.test(now) || Number.isNaN(Date.parse(now))) fail(`--now takes an ISO 8601 time such as 2026-11-29T03:17:00Z, not "${now}"`);
  const reports = await withServices((services) => runCleanup(services, services.clock.now()), now);
  console.log(JSON.stringify({ now: new Date(now).toISOString(), reports }, null, 2));
} else if (command === 'usage') {
  const day = values.day ?? new Date().toISOString().slice(0, 10);
  if (day.length !== 10 || !opensWithCalendarDay(day)) fail(`--day takes a day as YYYY-MM-DD, not "${day}"`);
  const rows = await withServices((services) => services.usage.day(day));
  console.log(`Requests on ${day} (UTC)`);
  if (rows.length === 0) console.log('None counted.');
  else console.table(rows);
} else if (key === 'db migrate') {
  const runtime = await openRuntimeOrExit(config);
  const { applied } = runtime;
  await runtime.close();
  console.log(applied.length === 0 ? 'The database is up to date.' : `Applied: ${applied.join(', ')}`);
} else if (key === 'admin grant-support') {
  if (!arg) fail('Usage: svc admin grant-support <email>');
  const principal = await withServices((services) => services.access.principals.grantSupport(arg!)).catch(refused);
  console.log(`${principal.display_name} (${principal.principal_id}) is now support.`);
} else if (key === 'accounts recovery-code') {
  // For a person who lost both their password and their own recovery code: support checks who they
  // are another way first (the service sends no messages), then hands the code over themselves.
  if (!arg) fail('Usage: svc accounts recovery-code <email>');
  const issued = await withServices((services) => services.access.recovery.issueForSupport(arg!)).catch((error: unknown) =>
    fail(isDomainError(error) && error.code === 'not_found' ? `No account has the e-mail address ${arg}.` : String(error)),
  );
  // Without BASE_URL the command knows only the default address, which is no page the person can open.
  const resetPage = process.env.BASE_URL ? `${config.baseUrl}/auth/reset` : 'the website\'s /auth/reset page (set BASE_URL to print its address)';
  console.log(`Recovery code for ${issued.principal.display_name} (${issued.principal.principal_id}):

  ${issued.recovery_code}

It works once, until ${issued.expires_at}, and replaces any code support made for them before.
Give it only to the person you verified. They enter it with their e-mail address and a new
password at ${resetPage}; every session of theirs then ends.`);
} else if (key === 'reports list') {
  if (arg && arg !== 'open' && arg !== 'resolved') fail('Usage: svc reports list [open|resolved]');
  const list = await withServices((services) => services.reports.listReports(SUPPORT_ACTOR, { status: arg ?? 'open', limit: '100' }));
  console.log(`${list.total} ${arg ?? 'open'} report${list.total === 1 ? '' : 's'}${list.total > list.reports.length ? ` (the first ${list.reports.length} shown)` : ''}`);
  for (const report of list.reports) {
    console.log(`${report.id}  ${report.created_at}  ${report.target_kind} ${report.target_id}  ${report.reason}${report.details ? ` — ${report.details}` : ''}${report.resolution ? `  [resolved: ${report.resolution}]` : ''}`);
  }
} else if (key === 'reports resolve') {
  const resolution = positionals.slice(3).join(' ');
  if (!arg || !resolution) fail('Usage: svc reports resolve <id> <resolution…>');
  const report = await withServices((services) => services.reports.resolveReport(SUPPORT_ACTOR, arg!, { resolution })).catch(refused);
  console.log(`${report.id} is resolved: ${report.resolution}`);
} else if (key === 'directory suspend' || key === 'directory unsuspend') {
  // The operator of the command line acts as support itself: the owner's history names only "support".
  if (!arg) fail(`Usage: svc ${key} <address>${sub === 'suspend' ? ' [--reason text]' : ''}`);
  const entry = await withServices((services) =>
    sub === 'suspend'
      ? services.moderation.suspend(SUPPORT_ACTOR, arg!, values.reason ?? 'Suspended by support.')
      : services.moderation.unsuspend(SUPPORT_ACTOR, arg!),
  ).catch(refused);
  console.log(`${entry.address} is now ${entry.status} (version ${entry.version}).`);
} else {
  fail(`Unknown command "${positionals.join(' ')}"\n\n${USAGE}`);
}
