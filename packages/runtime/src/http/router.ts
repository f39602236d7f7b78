import Router from '@koa/router';
import type { AppState } from './state.ts';

/** The router type every route module registers on. */
export type AppRouter = Router<AppState>;

/**
 * Paths are matched exactly (case and trailing slash), so every operation has one canonical path:
 * `/API/V1/JOBS` or `/api/v1/jobs/` is not a second name for `/api/v1/jobs`.
 */
export const createRouter = (): AppRouter => new Router<AppState>({ sensitive: true, strict: true });
