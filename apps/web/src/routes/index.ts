import type { AppRouter, Services } from '@svc/runtime';
import { registerAccountRoutes } from './account.routes.ts';
import { registerAuthRoutes } from './auth.routes.ts';
import { registerConnectRoutes } from './connect.routes.ts';
import { registerHomeRoutes } from './home.routes.ts';
import { registerJobPages } from './jobs.routes.ts';
import { registerTemplatePages } from './templates.routes.ts';
import { registerPrincipalRoutes } from './principals.routes.ts';

/** Every website route. */
export const registerWebRoutes = (router: AppRouter, services: Services): void => {
  registerHomeRoutes(router, services);
  registerAuthRoutes(router, services);
  registerConnectRoutes(router, services);
  registerAccountRoutes(router, services);
  registerPrincipalRoutes(router, services);
  registerJobPages(router, services);
  registerTemplatePages(router, services);
};
