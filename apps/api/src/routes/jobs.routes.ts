import { readJsonBody } from '@svc/http';
import { requireActor, respondCreated, type AppRouter, type Services } from '@svc/runtime';

/** Jobs: public reads; posting and changing with `jobs:write` by the owner. */
export const registerJobRoutes = (router: AppRouter, services: Services): void => {
  const { jobs, baseUrl } = services;

  router.get('/api/v1/jobs', async (ctx) => {
    ctx.body = await jobs.list(ctx.query);
  });

  router.post('/api/v1/jobs', async (ctx) => {
    const actor = requireActor(ctx, baseUrl, 'jobs:write');
    const body = await readJsonBody(ctx);
    await respondCreated(ctx, services, { scope: actor.principalId, body }, () => jobs.create(actor, body));
  });

  router.get('/api/v1/jobs/:id', async (ctx) => {
    ctx.body = await jobs.get(ctx.params.id!);
  });

  router.patch('/api/v1/jobs/:id', async (ctx) => {
    const actor = requireActor(ctx, baseUrl, 'jobs:write');
    ctx.body = await jobs.update(actor, ctx.params.id!, await readJsonBody(ctx));
  });

  router.delete('/api/v1/jobs/:id', async (ctx) => {
    const actor = requireActor(ctx, baseUrl, 'jobs:write');
    ctx.body = await jobs.remove(actor, ctx.params.id!);
  });

  router.post('/api/v1/jobs/:id/close', async (ctx) => {
    const actor = requireActor(ctx, baseUrl, 'jobs:write');
    ctx.body = await jobs.close(actor, ctx.params.id!);
  });

  router.post('/api/v1/jobs/:id/reopen', async (ctx) => {
    const actor = requireActor(ctx, baseUrl, 'jobs:write');
    ctx.body = await jobs.reopen(actor, ctx.params.id!);
  });

  router.get('/api/v1/jobs/:id/rts', async (ctx) => {
    ctx.body = await jobs.getRts(ctx.params.id!);
  });
};
