import type { ApiRouter } from '../http/router.ts';
import type { Services } from '../services.ts';
import { registerAgentRoutes } from './agent.routes.ts';
import { registerIntroductionRoutes } from './introductions.routes.ts';

/** Every `/api/v1` route. */
export const registerApiRoutes = (router: ApiRouter, services: Services): void => {
  registerAgentRoutes(router, services);
  registerIntroductionRoutes(router, services);
};
