import { mountOperations } from '@svc/http';
import { operationHooks, type AppRouter, type Services } from '@svc/runtime';
import { API_OPERATIONS } from './operations/index.ts';
import { createOpenApiDocument } from './openapi.ts';

/** Checks every answer against its declaration in tests (a mismatch answers 500); off in production. */
const checkResponses = process.env.NODE_ENV === 'test' || process.env.VITEST === 'true';

/** Every `/api/v1` route: the operations, and the OpenAPI document generated from them at start. */
export const registerApiRoutes = (router: AppRouter, services: Services): void => {
  mountOperations(router, API_OPERATIONS, operationHooks(services, { checkResponses }));
  const openapi = createOpenApiDocument(API_OPERATIONS, services.baseUrl);
  router.get('/api/v1/openapi.json', (ctx) => {
    ctx.set('ETag', openapi.etag);
    ctx.set('Cache-Control', 'public, max-age=300, must-revalidate');
    const known = ctx.get('if-none-match').split(',').map((tag) => tag.trim());
    if (known.includes(openapi.etag)) {
      ctx.status = 304;
      return;
    }
    ctx.type = 'application/json';
    ctx.body = openapi.text;
  });
};
