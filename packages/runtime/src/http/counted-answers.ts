import { AsyncLocalStorage } from 'node:async_hooks';
import type { Middleware } from 'koa';
import type { RateLimit, RateLimitVerdict } from '@svc/db';

/** The named limits the request under way counted against, by policy, with their latest verdicts. */
const countedThisRequest = new AsyncLocalStorage<Map<string, { limit: RateLimit; verdict: RateLimitVerdict }>>();

/** The rate limiter's `counted` observer: notes a verdict for the answer of the request under way. */
export const noteCounted = (limit: RateLimit, verdict: RateLimitVerdict): void => {
  countedThisRequest.getStore()?.set(limit.policy ?? limit.name, { limit, verdict });
};

/**
 * Every answer of a request that counted against a named limit carries `RateLimit-Policy` and
 * `RateLimit` (IETF draft-ietf-httpapi-ratelimit-headers), whoever counted it (the token lookup,
 * the operation, a service) and however the request ends: refusals and the 429 included.
 */
export const countedAnswers: Middleware = async (ctx, next) => {
  const counted = new Map<string, { limit: RateLimit; verdict: RateLimitVerdict }>();
  try {
    await countedThisRequest.run(counted, next);
  } finally {
    if (counted.size > 0) {
      const all = [...counted];
      ctx.set('RateLimit-Policy', all.map(([policy, { limit }]) => `"${policy}";q=${limit.limit};w=${limit.windowSeconds}`).join(', '));
      ctx.set('RateLimit', all.map(([policy, { verdict }]) => `"${policy}";r=${verdict.remaining};t=${verdict.retryAfter}`).join(', '));
    }
  }
};
