import { startTestApp, type TestApp } from '@svc/runtime/testing';
import type { Engine } from '@svc/db';
import type { Logger } from '@svc/http';
import { registerApiRoutes } from '../src/index.ts';

/** The API alone on a scratch database and a free port, with a clock the test moves. */
export const startApiTestApp = (options: { engine?: Engine; now?: string; logger?: Logger } = {}): Promise<TestApp> =>
  startTestApp({ ...options, registrars: [registerApiRoutes] });
