import type { Engine } from '@svc/db';
import { startTestApp, type TestApp } from '@svc/runtime/testing';
import { registerWebRoutes, renderWebError } from '../src/index.ts';

/** The website alone on a scratch database and a free port, with a clock the test moves. */
export const startWebTestApp = (options: { engine?: Engine; now?: string } = {}): Promise<TestApp> =>
  startTestApp({ ...options, registrars: [registerWebRoutes], renderError: renderWebError });
