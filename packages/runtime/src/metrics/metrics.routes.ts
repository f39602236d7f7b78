import { createHash, timingSafeEqual } from 'node:crypto';
import { DomainError } from '@svc/kernel';
import type { Registry } from 'prom-client';
import type { AppRouter } from '../http/router.ts';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * `GET /metrics` in the Prometheus text format, for a scraper that sends `Authorization: Bearer
 * <METRICS_TOKEN>`; any other caller gets 401 `unauthenticated`. The secret is compared as a hash,
 * in constant time, so the answer's timing says nothing of how much of it a guess got right.
 */
export const registerMetricsRoute = (router: AppRouter, registry: Registry, token: string): void => {
  const expected = digest(token);
  router.get('/metrics', async (ctx) => {
    const given = /^Bearer +(\S+)$/i.exec(ctx.get('authorization'))?.[1];
    if (!given || !timingSafeEqual(digest(given), expected)) {
      throw new DomainError('unauthenticated', 'Metrics are read with the configured bearer secret: send `Authorization: Bearer <METRICS_TOKEN>`.');
    }
    const text = await registry.metrics();
    ctx.type = registry.contentType;
    ctx.body = text;
  });
};
