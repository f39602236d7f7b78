import Router from '@koa/router';
import type { ApiState } from './state.ts';

/** The router type every route module registers on. */
export type ApiRouter = Router<ApiState>;

export const createRouter = (): ApiRouter => new Router<ApiState>();
