import { startTestApp, type TestApp } from '@svc/runtime/testing';
import { registerWebRoutes } from '../src/index.ts';

/** The website alone on a scratch database and a free port, with a clock the test moves. */
export const startWebTestApp = (options: { now?: string } = {}): Promise<TestApp> =>
  startTestApp({ ...options, registrars: [registerWebRoutes] });
