import { startTestApp, type TestApp } from '@svc/runtime/testing';
import { registerWebRoutes, renderWebError } from '../src/index.ts';

/** The website alone on a scratch database and a free port, with a clock the test moves. */
export const startWebTestApp = (options: { now?: string } = {}): Promise<TestApp> =>
  startTestApp({ ...options, registrars: [registerWebRoutes], renderError: renderWebError });
