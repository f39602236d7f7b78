export { buildHttpApp, type RouteRegistrar } from './app.ts';
export { runServer, type RunOptions } from './run.ts';
export { readConfig, type Config } from './config.ts';
export { createServices, openServiceDatabase, schema, type Services } from './services.ts';
export { registerApiRoutes } from './routes/index.ts';
export { requireActor, SESSION_COOKIE } from './http/actor.ts';
export { respondCreated, readIdempotencyKey } from './http/idempotency.ts';
export { createRouter, type ApiRouter } from './http/router.ts';
export type { ApiState } from './http/state.ts';
