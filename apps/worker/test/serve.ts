import { registerApiRoutes } from '@svc/api';
import type { Engine } from '@svc/db';
import { startTestApp, type TestApp } from '@svc/runtime/testing';
import { registerWebRoutes, renderWebError } from '@svc/web';

/** The one-process composition the CLI's `serve` runs (API, website, the website's error pages), on a scratch database. */
export const startServeTestApp = (options: { now?: string; baseUrl?: string; engine?: Engine; trustedProxies?: number } = {}): Promise<TestApp> =>
  startTestApp({ ...options, registrars: [registerApiRoutes, registerWebRoutes], renderError: renderWebError });
