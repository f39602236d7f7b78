export { registerApiRoutes } from './routes.ts';
export { API_OPERATIONS } from './operations/index.ts';
export { createOpenApiDocument, CONTRACT_VERSION } from './openapi.ts';
export { WEBSITE_DOCUMENTS } from './website-documents.ts';
