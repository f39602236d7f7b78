import type { AppRouter, Services } from '@svc/runtime';
import { registerAssetRoutes } from '../http/assets.ts';
import { websiteHeaders } from '../http/security.ts';
import { registerAccountRoutes } from './account.routes.tsx';
import { registerAuthRoutes } from './auth.routes.tsx';
import { registerConnectRoutes } from './connect.routes.tsx';
import { registerHomeRoutes } from './home.routes.tsx';
import { registerJobEditorRoutes } from './job-editor.routes.tsx';
import { registerJobPages } from './jobs.routes.tsx';
import { registerMyRoutes } from './my.routes.tsx';
import { registerPrincipalRoutes } from './principals.routes.tsx';
import { registerTemplatePages } from './templates.routes.tsx';

/** Every website route. The headers middleware comes first, so it covers every route after it. */
export const registerWebRoutes = (router: AppRouter, services: Services): void => {
  router.use(websiteHeaders(services));
  registerAssetRoutes(router);
  registerHomeRoutes(router, services);
  registerAuthRoutes(router, services);
  registerConnectRoutes(router, services);
  registerAccountRoutes(router, services);
  registerMyRoutes(router, services);
  registerPrincipalRoutes(router, services);
  // The editor's /jobs/new must be matched before the job page's /jobs/:id.
  registerJobEditorRoutes(router, services);
  registerJobPages(router, services);
  registerTemplatePages(router, services);
};
