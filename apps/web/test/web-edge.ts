import type { Middleware } from 'koa';
import { createHttpApp, createLogger, listen, type RunningServer } from '@svc/http';
import type { Actor } from '@svc/kernel';
import { createRouter, type AppRouter } from '@svc/runtime';
import { renderWebError } from '../src/http/respond.ts';
import { referenceOf } from './html.ts';

/** The person a test signs in, as the actor step would resolve their session. */
export const PERSON: Actor = { principalId: 'p-1', displayName: 'Ada', via: 'session', grantId: null, agentName: null, scopes: [], isSupport: false };

/** Names the session a request stands for: the actor step's result, without a database behind it. */
export const SESSION_CSRF_HEADER = 'x-test-session-csrf';

export interface WebEdge {
  url: string;
  close(): Promise<void>;
}

/**
 * The website's HTTP layer alone, on a free port: the kernel app with the website's error page and
 * the routes a test registers. A request with `SESSION_CSRF_HEADER` comes from `PERSON`, signed in
 * with that CSRF token. `https` marks every cookie Secure, as the app does under an https BASE_URL.
 */
export const serveWeb = async (register: (router: AppRouter) => void, { https = false } = {}): Promise<WebEdge> => {
  const router = createRouter();
  router.use(async (ctx, next) => {
    const csrfToken = ctx.get(SESSION_CSRF_HEADER);
    ctx.state.actor = csrfToken ? PERSON : null;
    if (csrfToken) ctx.state.csrfToken = csrfToken;
    await next();
  });
  register(router);
  const logger = createLogger('silent');
  const secure: Middleware = async (ctx, next) => {
    ctx.cookies.secure = true;
    await next();
  };
  const server: RunningServer = await listen(createHttpApp({ router: router as never, logger, renderError: renderWebError, middleware: https ? [secure] : [] }), {
    port: 0,
    host: '127.0.0.1',
    logger,
  });
  return { url: `http://127.0.0.1:${server.port}`, close: () => server.close() };
};

export const HTML = { accept: 'text/html' };
export const FORM = { ...HTML, 'content-type': 'application/x-www-form-urlencoded' };
export const JSON_BODY = { accept: 'application/json', 'content-type': 'application/json' };

/** A form as a browser posts it. */
export const form = (fields: Record<string, string>): string => new URLSearchParams(fields).toString();

/** The status and error code of a refusal, from the JSON error body or the error page's reference. */
export const refusal = async (answer: Response): Promise<{ status: number; code: string | undefined }> => {
  const text = await answer.text();
  const code = answer.headers.get('content-type')?.startsWith('text/html') ? referenceOf(text) : JSON.parse(text).error;
  return { status: answer.status, code };
};
