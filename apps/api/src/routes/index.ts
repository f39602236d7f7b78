import type { ApiRouter } from '../http/router.ts';
import type { Services } from '../services.ts';
import { registerAgentRoutes } from './agent.routes.ts';
import { registerIntroductionRoutes } from './introductions.routes.ts';
import { registerJobRoutes } from './jobs.routes.ts';
import { registerResponseRoutes } from './responses.routes.ts';

/** Every `/api/v1` route. */
export const registerApiRoutes = (router: ApiRouter, services: Services): void => {
  registerAgentRoutes(router, services);
  registerIntroductionRoutes(router, services);
  registerJobRoutes(router, services);
  registerResponseRoutes(router, services);
};
