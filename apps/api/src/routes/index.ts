import { registerAgentRoutes } from './agent.routes.ts';
import { registerIntroductionRoutes } from './introductions.routes.ts';
import { registerJobRoutes } from './jobs.routes.ts';
import { registerResponseRoutes } from './responses.routes.ts';
import { type AppRouter, type Services } from '@svc/runtime';

/** Every `/api/v1` route. */
export const registerApiRoutes = (router: AppRouter, services: Services): void => {
  registerAgentRoutes(router, services);
  registerIntroductionRoutes(router, services);
  registerJobRoutes(router, services);
  registerResponseRoutes(router, services);
};
