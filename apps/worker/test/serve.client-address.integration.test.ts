import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '@svc/runtime/testing';
import { startServeTestApp } from './serve.ts';

/**
 * Per-address limits key on the client address the service settles on. A client writes whatever
 * X-Forwarded-For it likes, so a new forged value per request must never buy a fresh count: with no
 * proxy trusted (`TRUST_PROXY=0`) the header is ignored, and behind one proxy only the value that
 * proxy appended (the right-most) counts.
 */
describe.each([0, 1])('sign-in and sign-up limits with TRUST_PROXY=%i and forged X-Forwarded-For headers', (trustedProxies) => {
  let app: TestApp;
  beforeAll(async () => {
    // 12:00:00 starts a 15-minute window, so Retry-After is the whole window.
    app = await startServeTestApp({ now: '2026-11-21T12:00:00.000Z', trustedProxies });
  });
  afterAll(() => app?.close());

  /** A forged value first, then (behind the proxy) the address the proxy saw. */
  const forged = (i: number) => ({ 'x-forwarded-for': trustedProxies === 0 ? `203.0.113.${i}` : `203.0.113.${i}, 198.51.100.7` });

  it('refuses the eleventh wrong password for one account however the header rotates', async () => {
    const owner = await app.signUp('Targeted');
    const answers = [];
    for (let i = 0; i < 12; i++) {
      answers.push(await app.request('POST', '/auth/login', { headers: forged(i), body: { email: owner.email, password: `guess number ${i}` } }));
    }
    expect(answers.map((res) => res.status)).toEqual([...Array(10).fill(401), 429, 429]);
    expect(answers[10]!.headers.get('retry-after')).toBe('900');
  });

  it('refuses the eleventh sign-up from one client however the header rotates, and stores ten accounts', async () => {
    const answers = [];
    for (let i = 0; i < 11; i++) {
      answers.push(
        await app.request('POST', '/auth/signup', {
          headers: forged(i),
          body: { email: `rotating${i}@example.test`, password: 'correct horse battery', display_name: `Rotating ${i}` },
        }),
      );
    }
    expect(answers.map((res) => res.status)).toEqual([...Array(10).fill(201), 429]);
    expect(answers[10]!.headers.get('retry-after')).toBe('900');
    expect(answers[10]!.body).toMatchObject({ error: 'rate_limited', retry_after: 900 });
    expect(await app.db.query("select count(*)::int as n from principals where email like 'rotating%'")).toEqual([{ n: 10 }]);
  });
});
