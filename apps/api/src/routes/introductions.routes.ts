import { DomainError } from '@svc/kernel';
import { readJsonBody } from '@svc/http';
import { sha256 } from '@svc/db';
import { respondCreated, isOwnOrigin, type AppRouter, type Services } from '@svc/runtime';

export const INTRODUCTION_BODY_LIMIT = 64 * 1024;
export const INTRODUCTION_RATE_LIMIT = { name: 'agent-introductions', limit: 20, windowSeconds: 60 * 60 };

/** Self-declared introductions: anonymous, rate-limited per client, granting nothing. */
export const registerIntroductionRoutes = (router: AppRouter, services: Services): void => {
  router.post('/api/v1/agent-introductions', async (ctx) => {
    const origin = ctx.get('origin');
    if (origin && !isOwnOrigin(ctx, origin, services.baseUrl)) {
      throw new DomainError('origin_not_allowed', 'Introductions are not accepted from pages on other sites.');
    }
    const verdict = await services.limiter.hit(INTRODUCTION_RATE_LIMIT, ctx.ip);
    if (!verdict.allowed) {
      throw new DomainError('rate_limited', 'Too many introductions from this address; try again later.', {
        retry_after: verdict.retryAfter,
      });
    }
    const body = await readJsonBody(ctx, INTRODUCTION_BODY_LIMIT);
    await respondCreated(ctx, services, { scope: `client:${sha256(ctx.ip)}`, body, maxKeyLength: 128 }, () =>
      services.access.introductions.create(body),
    );
  });
};
