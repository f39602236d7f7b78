import type { AppRouter, Services } from '@svc/runtime';
import { registerAssetRoutes } from '../http/assets.ts';
import { websiteHeaders } from '../http/security.ts';
import { registerAccountRoutes } from './account.routes.tsx';
import { registerAuthRoutes } from './auth.routes.tsx';
import { registerConnectRoutes } from './connect.routes.tsx';
import { registerDirectoryManageRoutes } from './directory-manage.routes.tsx';
import { registerDirectoryPages } from './directory.routes.tsx';
import { registerFormAddresses } from './form-addresses.routes.ts';
import { registerHomeRoutes } from './home.routes.tsx';
import { registerJobEditorRoutes } from './job-editor.routes.tsx';
import { registerJobPages } from './jobs.routes.tsx';
import { registerMyRoutes } from './my.routes.tsx';
import { registerContentPages } from './offers-content.routes.tsx';
import { registerMyOfferRoutes } from './offers-my.routes.tsx';
import { registerSupportPages } from './offers-support.routes.tsx';
import { registerOfferPages } from './offers.routes.tsx';
import { registerOAuthRoutes } from './oauth.routes.tsx';
import { registerPrincipalRoutes } from './principals.routes.tsx';
import { registerTemplatePages } from './templates.routes.tsx';
import { registerThreadConfirmPages } from './thread-confirm.routes.tsx';
import { registerThreadStartRoutes } from './thread-start.routes.tsx';
import { registerThreadPages } from './threads.routes.tsx';

export { renderWebError } from '../http/respond.ts';

/** Every website route. The headers middleware comes first, so it covers every route after it. */
export const registerWebRoutes = (router: AppRouter, services: Services): void => {
  router.use(websiteHeaders(services));
  registerAssetRoutes(router);
  registerHomeRoutes(router, services);
  registerAuthRoutes(router, services);
  registerConnectRoutes(router, services);
  registerOAuthRoutes(router, services);
  registerAccountRoutes(router, services);
  registerMyRoutes(router, services);
  registerPrincipalRoutes(router, services);
  // The editor's /jobs/new must be matched before the job page's /jobs/:id.
  registerJobEditorRoutes(router, services);
  registerJobPages(router, services);
  registerTemplatePages(router, services);
  // The editor's /services/new must be matched before the offer page's /services/:id.
  registerMyOfferRoutes(router, services);
  registerOfferPages(router, services);
  registerSupportPages(router, services);
  registerContentPages(router, services);
  registerThreadPages(router, services);
  registerThreadConfirmPages(router, services);
  registerThreadStartRoutes(router, services);
  registerDirectoryPages(router, services);
  registerDirectoryManageRoutes(router, services);
  // Last: GET on the addresses forms post to, where no page above answers them.
  registerFormAddresses(router);
};
