import { startTestApp, type TestApp } from '@svc/runtime/testing';
import type { Engine, PoolMode } from '@svc/db';
import type { Logger } from '@svc/http';
import type { SpanExporter } from '@opentelemetry/sdk-trace';
import { registerApiRoutes } from '../src/index.ts';

/** The API alone on a scratch database and a free port, with a clock the test moves. */
export const startApiTestApp = (
  options: { engine?: Engine; now?: string; logger?: Logger; statementTimeoutMs?: number; poolMode?: PoolMode; poolMax?: number; metrics?: boolean; slowRequestMs?: number; traces?: SpanExporter } = {},
): Promise<TestApp> =>
  startTestApp({ ...options, registrars: [registerApiRoutes] });
