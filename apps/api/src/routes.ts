import { mountOperations } from '@svc/http';
import { callerLimits, operationHooks, type AppRouter, type Services } from '@svc/runtime';
import { API_OPERATIONS } from './operations/index.ts';
import { openApiDocumentFor } from './openapi.ts';
import { registerMcpRoute } from './mcp/mcp.route.ts';

/** Checks every answer against its declaration in tests (a mismatch answers 500); off in production. */
const checkResponses = process.env.NODE_ENV !== 'production' && (process.env.NODE_ENV === 'test' || process.env.VITEST === 'true');

/** Every `/api/v1` route and the MCP server at `/mcp`, from the operations table; the OpenAPI document is generated at start. */
export const registerApiRoutes = (router: AppRouter, services: Services): void => {
  openApiDocumentFor(API_OPERATIONS, services.baseUrl, callerLimits(services));
  // Bearer tokens are read here and nowhere else (never by the website's pages); WebFinger takes
  // one as the directory read it mirrors does (restricted entries, signed-in destinations).
  services.tokensReadUnder.push('/api/', '/mcp', '/.well-known/webfinger');
  // An MCP caller is its token alone: a browser's session cookie sent along is not read there.
  services.sessionsIgnoredUnder.push('/mcp');
  // Its REST writes count against the token's limit in the token's statement (registered as each
  // operation is mounted); an MCP tool call counts when it runs (mcp.call.ts), as only the call
  // tells whether it writes.
  mountOperations(router, API_OPERATIONS, operationHooks(services, { checkResponses }));
  // `POST /mcp`: the same operations as MCP tools, for the token's scopes.
  registerMcpRoute(router, services, API_OPERATIONS);
};
