import type { AppRouter } from './http/router.ts';
import type { Services } from './services.ts';

/** Liveness (the process answers) and readiness (it can reach the database). */
export const registerHealthRoutes = (router: AppRouter, services: Pick<Services, 'db'>): void => {
  router.get('/healthz', (ctx) => {
    ctx.body = { status: 'ok' };
  });
  router.get('/readyz', async (ctx) => {
    const ready = await services.db.isReady();
    ctx.status = ready ? 200 : 503;
    ctx.body = { status: ready ? 'ready' : 'unavailable' };
  });
};
