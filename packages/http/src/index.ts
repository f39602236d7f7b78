export { createHttpApp, type HttpAppOptions } from './app.ts';
export { listen, closeOnSignals, type RunningServer } from './server.ts';
export { readJsonBody, readFormBody, DEFAULT_BODY_LIMIT } from './body.ts';
export { KIND_STATUS, statusOf } from './error-status.ts';
export { AUTH_REALM } from './error-handler.ts';
export { createLogger, type Logger } from './logger.ts';
export { noUsage, outcomeOf, type UsageRecorder } from './usage.ts';
export { routeTemplate } from './request-context.ts';
export type { KernelState } from './state.ts';
