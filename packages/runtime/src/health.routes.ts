import type { AppRouter } from './http/router.ts';
import type { Services } from './services.ts';

/** How long readiness waits for the database to answer `select 1` before it says unavailable. */
export const READY_CHECK_MS = 2_000;

/**
 * How long the change feed may be deaf before readiness says unavailable. While it is deaf the
 * process answers from the database (nothing cached is served), so a short silence is no reason to
 * take it out of the balancer: a lost listening connection is back within about a second, and a
 * balancer that took every process out for that (they all lose it at once when PostgreSQL restarts)
 * would refuse everyone for nothing. A feed deaf for longer is broken, and the operator should know.
 */
export const FEED_DEAF_UNREADY_MS = 10_000;

/** Whether the database answers within `READY_CHECK_MS`: a database that hangs is as unready as one that refuses. */
const databaseAnswers = async (db: Services['db']): Promise<boolean> => {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), READY_CHECK_MS)));
  try {
    return await Promise.race([db.isReady(), late]);
  } finally {
    clearTimeout(timer);
  }
};

/**
 * Liveness (the process answers) and readiness: the database answers and, where public answers are
 * meant to be cached, the change feed has not been deaf for longer than `FEED_DEAF_UNREADY_MS` (its
 * own heartbeat comes back within its bound, change-feed.ts). A balancer sends no traffic to an
 * unready process; a feed that never listens by design (behind a pooler without
 * `DATABASE_LISTEN_URL`) is no fault.
 */
export const registerHealthRoutes = (router: AppRouter, services: Pick<Services, 'db' | 'changes'>): void => {
  router.get('/healthz', (ctx) => {
    ctx.body = { status: 'ok' };
  });
  router.get('/readyz', async (ctx) => {
    const database = await databaseAnswers(services.db);
    const feed = services.changes.listens ? services.changes.state() : undefined;
    const feedBroken = feed !== undefined && services.changes.deafForMs() > FEED_DEAF_UNREADY_MS;
    const ready = database && !feedBroken;
    ctx.status = ready ? 200 : 503;
    ctx.body = {
      status: ready ? 'ready' : 'unavailable',
      checks: {
        database: database ? 'ok' : 'unreachable',
        change_feed: !feed ? 'not_listening' : feed.hearing ? 'ok' : 'deaf',
      },
    };
  });
};
