import Router from '@koa/router';
import type { AppState } from './state.ts';

/** The router type every route module registers on. */
export type AppRouter = Router<AppState>;

export const createRouter = (): AppRouter => new Router<AppState>();
