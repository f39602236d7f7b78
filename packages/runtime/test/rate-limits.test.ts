import { describe, expect, it, vi } from 'vitest';
import { isDomainError } from '@svc/kernel';
import type { RateLimit, RateLimitVerdict } from '@svc/db';
import { enforceLimits } from '../src/http/rate-limits.ts';
import type { Services } from '../src/services.ts';

// A request counted against several limits is refused (429) as soon as any one of them runs out,
// and told to wait for the longest of them; a verdict already taken is not counted a second time.

const limit = (name: string): RateLimit => ({ name, limit: 10, windowSeconds: 60 });
const verdict = (allowed: boolean, retryAfter: number): RateLimitVerdict => ({ allowed, retryAfter, remaining: allowed ? 1 : 0 });

const refusalOf = async (run: Promise<void>) => {
  try {
    await run;
    return null;
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return { code: error.code, message: error.message, retryAfter: error.extras.retry_after };
  }
};

const servicesCounting = (verdicts: Record<string, RateLimitVerdict>) => {
  const hit = vi.fn(async (counted: RateLimit, _subject: string) => verdicts[counted.name]!);
  return { services: { limiter: { hit } } as unknown as Services, hit };
};

describe('counting a request against its limits', () => {
  it('lets it through while every limit allows it, counting each once for its subject', async () => {
    const { services, hit } = servicesCounting({ a: verdict(true, 30), b: verdict(true, 50) });
    expect(await refusalOf(enforceLimits(services, [{ limit: limit('a'), subject: 's1' }, { limit: limit('b'), subject: 's2' }]))).toBeNull();
    expect(hit.mock.calls.map(([counted, subject]) => [counted.name, subject])).toEqual([
      ['a', 's1'],
      ['b', 's2'],
    ]);
  });

  it('refuses it with 429 rate_limited and the longest wait of the limits that ran out', async () => {
    const { services } = servicesCounting({ a: verdict(false, 30), b: verdict(true, 90), c: verdict(false, 45), d: verdict(false, 5) });
    const counted = ['a', 'b', 'c', 'd'].map((name) => ({ limit: limit(name), subject: 's' }));
    expect(await refusalOf(enforceLimits(services, counted))).toEqual({
      code: 'rate_limited',
      message: 'Too many requests; wait 45 seconds (see the RateLimit header).',
      retryAfter: 45,
    });
  });

  it('says "1 second" for a wait of one', async () => {
    const { services } = servicesCounting({ a: verdict(false, 1) });
    expect((await refusalOf(enforceLimits(services, [{ limit: limit('a'), subject: 's' }])))?.message).toBe('Too many requests; wait 1 second (see the RateLimit header).');
  });

  it('takes a verdict already counted (in the token lookup) without counting again', async () => {
    const { services, hit } = servicesCounting({});
    expect(await refusalOf(enforceLimits(services, [{ limit: limit('a'), subject: 's', verdict: verdict(false, 12) }]))).toMatchObject({ retryAfter: 12 });
    expect(await refusalOf(enforceLimits(services, [{ limit: limit('a'), subject: 's', verdict: verdict(true, 12) }]))).toBeNull();
    expect(hit).not.toHaveBeenCalled();
  });
});
