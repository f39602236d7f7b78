import { readJsonBody } from '@svc/http';
import { requireActor, type AppRouter, type Services } from '@svc/runtime';

/** The agent side of access: connect, collect the token, give it up, and see who it acts for. */
export const registerAgentRoutes = (router: AppRouter, services: Services): void => {
  const { access, baseUrl } = services;

  router.post('/api/v1/agent/connect', async (ctx) => {
    ctx.status = 201;
    ctx.body = await access.deviceFlow.connect(await readJsonBody(ctx));
  });

  router.post('/api/v1/agent/token', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await access.deviceFlow.poll(await readJsonBody(ctx));
  });

  router.delete('/api/v1/agent/grant', async (ctx) => {
    const actor = requireActor(ctx, baseUrl);
    ctx.body = { revoked: true, grant: await access.grants.revokeOwn(actor) };
  });

  router.get('/api/v1/me', async (ctx) => {
    const actor = requireActor(ctx, baseUrl, 'account:read');
    const grant = await access.grants.current(actor);
    ctx.body = {
      principal: access.principals.summary({ id: actor.principalId, displayName: actor.displayName }),
      grant: grant && { grant_id: grant.grant_id, agent_name: grant.agent_name, scopes: grant.scopes, expires_at: grant.expires_at },
      counts: await services.counts(actor.principalId),
    };
  });
};
