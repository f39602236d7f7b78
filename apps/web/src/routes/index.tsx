import type { AppRouter, Services } from '@svc/runtime';
import { websiteHeaders } from '../http/security.ts';
import { registerAccountRoutes } from './account.routes.tsx';
import { registerAgentsRoutes } from './agents.routes.tsx';
import { registerAssetsRoutes } from './assets.routes.ts';
import { registerAuthRoutes } from './auth.routes.tsx';
import { registerConnectRoutes } from './connect.routes.tsx';
import { registerContentRoutes } from './content.routes.tsx';
import { registerDirectoryRoutes } from './directory.routes.tsx';
import { registerFeedbackRoutes } from './feedback.routes.tsx';
import { registerHomeRoutes } from './home.routes.tsx';
import { registerJobsRoutes } from './jobs.routes.tsx';
import { registerMyRoutes } from './my.routes.tsx';
import { registerOAuthRoutes } from './oauth.routes.tsx';
import { registerPrincipalsRoutes } from './principals.routes.tsx';
import { registerReportsRoutes } from './reports.routes.tsx';
import { registerResponsesRoutes } from './responses.routes.tsx';
import { registerServicesRoutes } from './services.routes.tsx';
import { registerSiteFeedbackRoutes } from './site-feedback.routes.tsx';
import { registerSupportRoutes } from './support.routes.tsx';
import { registerTemplatesRoutes } from './templates.routes.tsx';
import { registerThreadsRoutes } from './threads.routes.tsx';

export { renderWebError } from '../http/respond.ts';

/**
 * One route file for each first segment of the website's URLs: `/my/…` is `my.routes.tsx`, `/jobs/…`
 * `jobs.routes.tsx`, and so on; a few files own several segments that belong together (`auth` also
 * `/signup` and `/login`, `content` the journal and the examples, `assets` the icons, `home` `/`).
 * docs/web.md lists every route with its file, and apps/web/test/route-files.test.ts holds the two
 * to each other. No two files can answer the same address, so the files are registered in any order.
 */
export const WEB_ROUTE_FILES = [
  registerAssetsRoutes,
  registerHomeRoutes,
  registerAgentsRoutes,
  registerAuthRoutes,
  registerAccountRoutes,
  registerConnectRoutes,
  registerOAuthRoutes,
  registerMyRoutes,
  registerJobsRoutes,
  registerResponsesRoutes,
  registerServicesRoutes,
  registerFeedbackRoutes,
  registerReportsRoutes,
  registerSiteFeedbackRoutes,
  registerSupportRoutes,
  registerThreadsRoutes,
  registerDirectoryRoutes,
  registerPrincipalsRoutes,
  registerTemplatesRoutes,
  registerContentRoutes,
] as const;

/** Every website route. The headers middleware comes first, so it covers every route after it. */
export const registerWebRoutes = (router: AppRouter, services: Services): void => {
  router.use(websiteHeaders(services));
  for (const register of WEB_ROUTE_FILES) register(router, services);
};
