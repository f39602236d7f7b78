import { readJsonBody } from '@svc/http';
import { requireActor, respondCreated, type AppRouter, type Services } from '@svc/runtime';

/** Responses to jobs: visible only to the job's owner and the responder. */
export const registerResponseRoutes = (router: AppRouter, services: Services): void => {
  const { responses, baseUrl } = services;

  router.get('/api/v1/jobs/:id/responses', async (ctx) => {
    const actor = requireActor(ctx, baseUrl, 'account:read');
    ctx.body = await responses.listForJob(actor, ctx.params.id!);
  });

  router.post('/api/v1/jobs/:id/responses', async (ctx) => {
    const actor = requireActor(ctx, baseUrl, 'responses:write');
    const body = await readJsonBody(ctx);
    await respondCreated(ctx, services, { scope: actor.principalId, body }, () => responses.create(actor, ctx.params.id!, body));
  });

  router.post('/api/v1/responses/:id/withdraw', async (ctx) => {
    const actor = requireActor(ctx, baseUrl, 'responses:write');
    ctx.body = await responses.withdraw(actor, ctx.params.id!);
  });
};
