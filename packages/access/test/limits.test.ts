import { describe, expect, it } from 'vitest';
import type { RateLimit, RateLimiter, RateLimitTake } from '@svc/db';
import { ACCESS_LIMITS, countingFailures, takeOrRefuse, type Counter } from '../src/limits.ts';

/** A limiter that keeps counts in memory and records every take and give-back, to see what the rule asks of it. */
const countingLimiter = (retryAfter = 900) => {
  const counts = new Map<string, number>();
  const events: string[] = [];
  const key = (limit: RateLimit, subject: string) => `${limit.name}:${subject}`;
  const limiter = {
    take: async (limit: RateLimit, subject: string): Promise<RateLimitTake> => {
      const count = counts.get(key(limit, subject)) ?? 0;
      const allowed = count < limit.limit;
      events.push(`${allowed ? 'take' : 'refuse'} ${key(limit, subject)}`);
      if (allowed) counts.set(key(limit, subject), count + 1);
      return {
        allowed,
        retryAfter,
        remaining: Math.max(0, limit.limit - count - 1),
        giveBack: async () => {
          if (!allowed) return;
          events.push(`give back ${key(limit, subject)}`);
          counts.set(key(limit, subject), counts.get(key(limit, subject))! - 1);
        },
      };
    },
  } as unknown as RateLimiter;
  return { limiter, counts, events };
};

const two: RateLimit = { name: 'two', limit: 2, windowSeconds: 900 };
const five: RateLimit = { name: 'five', limit: 5, windowSeconds: 900 };
const counters: Counter[] = [
  [five, 'address'],
  [two, 'account'],
];

describe('countingFailures', () => {
  it('keeps the counts of a failed attempt and gives back those of a sound one', async () => {
    const { limiter, counts } = countingLimiter();
    await countingFailures(limiter, counters, 'Too many.', async () => 'wrong', (result) => result === 'wrong');
    expect(Object.fromEntries(counts)).toEqual({ 'five:address': 1, 'two:account': 1 });
    await countingFailures(limiter, counters, 'Too many.', async () => 'right', (result) => result === 'wrong');
    expect(Object.fromEntries(counts)).toEqual({ 'five:address': 1, 'two:account': 1 });
  });

  it('gives the counts back when the attempt throws, and passes the error on', async () => {
    const { limiter, counts } = countingLimiter();
    const broken = new Error('database gone');
    await expect(
      countingFailures(limiter, counters, 'Too many.', async () => { throw broken; }, () => true),
    ).rejects.toBe(broken);
    expect(Object.fromEntries(counts)).toEqual({ 'five:address': 0, 'two:account': 0 });
  });

  it('past a limit runs nothing, answers 429 rate_limited with retry_after, and gives back what it took', async () => {
    const { limiter, counts, events } = countingLimiter(120);
    let runs = 0;
    const attempt = () => countingFailures(limiter, counters, 'Too many failed sign-ins.', async () => ++runs, () => true);
    await attempt();
    await attempt();
    await expect(attempt()).rejects.toMatchObject({
      code: 'rate_limited',
      message: 'Too many failed sign-ins. Try again in 2 minutes.',
      extras: { retry_after: 120 },
    });
    expect(runs).toBe(2);
    // The address count taken before the account's refusal is given back: a refused attempt counts nothing.
    expect(Object.fromEntries(counts)).toEqual({ 'five:address': 2, 'two:account': 2 });
    expect(events.slice(-3)).toEqual(['take five:address', 'refuse two:account', 'give back five:address']);
  });

  it('answers the result of the attempt', async () => {
    const { limiter } = countingLimiter();
    await expect(countingFailures(limiter, counters, 'Too many.', async () => ({ id: 'prn_1' }), () => false)).resolves.toEqual({ id: 'prn_1' });
  });
});

describe('takeOrRefuse', () => {
  it.each([
    [1, '1 second'],
    [2, '2 seconds'],
    [119, '119 seconds'],
    [120, '2 minutes'],
    [121, '3 minutes'],
    [900, '15 minutes'],
  ])('says when to come back after %i seconds: %s', async (retryAfter, wait) => {
    const { limiter } = countingLimiter(retryAfter);
    const one: RateLimit = { name: 'one', limit: 1, windowSeconds: 900 };
    await expect(takeOrRefuse(limiter, [one, 'x'], 'Too many.')).resolves.toMatchObject({ allowed: true });
    await expect(takeOrRefuse(limiter, [one, 'x'], 'Too many.')).rejects.toMatchObject({
      code: 'rate_limited',
      message: `Too many. Try again in ${wait}.`,
      extras: { retry_after: retryAfter },
    });
  });
});

describe('the access limits', () => {
  it('are the documented numbers (docs/security.md): 15-minute windows', () => {
    expect(
      Object.fromEntries(Object.entries(ACCESS_LIMITS).map(([key, { name, limit, windowSeconds }]) => [key, `${name} ${limit}/${windowSeconds}s`])),
    ).toEqual({
      signInFailuresPerAccountAndAddress: 'sign-in-failures-account-address 10/900s',
      signInFailuresPerAddress: 'sign-in-failures-address 50/900s',
      userCodeMissesPerPrincipal: 'user-code-misses-principal 5/900s',
      userCodeMissesPerAddress: 'user-code-misses-address 20/900s',
      deviceAuthorizationsPerAddress: 'device-authorizations-address 20/900s',
      currentPasswordFailuresPerPrincipal: 'current-password-failures-principal 10/900s',
      signUpsPerAddress: 'sign-ups-address 10/900s',
    });
  });
});
