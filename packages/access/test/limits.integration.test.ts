import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRateLimiter, dbEntities, dbMigrations } from '@svc/db';
import { ENGINES, openTestDatabase, type TestDatabase } from '@svc/db/testing';
import { isDomainError, manualClock, type Actor } from '@svc/kernel';
import { accessSchema, createAccessModule, type AccessModule } from '../src/index.ts';

/** The code of a refusal, or `ok`; with the `retry_after` of a 429. */
const outcome = (settled: PromiseSettledResult<unknown>) =>
  settled.status === 'fulfilled'
    ? { code: 'ok' }
    : isDomainError(settled.reason)
      ? { code: settled.reason.code, ...(settled.reason.code === 'rate_limited' ? { retry_after: settled.reason.extras.retry_after } : {}) }
      : { code: String(settled.reason) };

const settle = async (attempt: Promise<unknown>) => outcome((await Promise.allSettled([attempt]))[0]!);

const tally = (outcomes: { code: string }[]) =>
  outcomes.reduce<Record<string, number>>((counts, { code }) => ({ ...counts, [code]: (counts[code] ?? 0) + 1 }), {});

describe.each(ENGINES)('access rate limits on %s', (engine) => {
  let db: TestDatabase;
  let access: AccessModule;
  let person: Actor;
  // 12:00:00 starts a 15-minute window: each limit below is met in one window.
  const clock = manualClock('2026-11-21T12:00:00.000Z');
  const password = 'the owner’s own password';

  const signUp = async (email: string) => access.accounts.signup({ email, password, display_name: 'Owner' });

  beforeAll(async () => {
    db = await openTestDatabase(engine, { entities: [...dbEntities, ...accessSchema.entities], migrations: [...dbMigrations, ...accessSchema.migrations] });
    access = createAccessModule({ db, clock, limiter: createRateLimiter(db, clock), baseUrl: 'https://tasks.test' });
    person = (await access.accounts.resolveSession((await signUp('owner@example.test')).sessionId))!.actor;
  });
  afterAll(() => db?.dispose());

  describe('sign-in', () => {
    it('checks at most 10 of 40 concurrent wrong passwords for one account; the owner still gets in from another address', async () => {
      const login = (pass: string, client: string) => db.withContext(() => access.accounts.login({ email: 'owner@example.test', password: pass }, client));
      const guesses = await Promise.allSettled(Array.from({ length: 40 }, (_, i) => login(`wrong guess ${i}`, '203.0.113.9')));
      const outcomes = guesses.map(outcome);
      expect(tally(outcomes)).toEqual({ invalid_credentials: 10, rate_limited: 30 });
      for (const refused of outcomes.filter((o) => o.code === 'rate_limited')) expect(refused).toEqual({ code: 'rate_limited', retry_after: 900 });

      // The failing address is locked out of this account, even with the right password; the owner elsewhere is not.
      await expect(login(password, '203.0.113.9')).rejects.toMatchObject({ code: 'rate_limited' });
      await expect(login(password, '198.51.100.20')).resolves.toMatchObject({ principal: { principal_id: person.principalId } });
    });

    it('counts only failures: sign-ins with the right password never use up the limit', async () => {
      for (let i = 0; i < 12; i++) {
        await expect(access.accounts.login({ email: 'owner@example.test', password }, '198.51.100.21')).resolves.toBeTruthy();
      }
    });

    // Fifty-odd password checks (scrypt, on purpose slow) on a shared machine: more time than most tests.
    it('refuses an address past 50 failures across accounts (spraying), and lets it in again in the next window', { timeout: 180_000 }, async () => {
      const spray = (email: string, pass: string) => access.accounts.login({ email, password: pass }, '203.0.113.50');
      const outcomes: { code: string }[] = [];
      // Five guesses for each of ten e-mails (unknown ones count the same): under the per-account count, so the address's limit decides.
      for (let i = 0; i < 52; i++) outcomes.push(await settle(spray(`sprayed${i % 10}@example.test`, 'Spring2026!!')));
      expect(tally(outcomes)).toEqual({ invalid_credentials: 50, rate_limited: 2 });
      await expect(spray('owner@example.test', password)).rejects.toMatchObject({ code: 'rate_limited' });
      clock.advance(15 * 60_000);
      await expect(spray('owner@example.test', password)).resolves.toBeTruthy();
    });
  });

  describe('the device flow (RFC 8628 §5.1)', () => {
    it('refuses a person past 5 user codes that match no request, counted before the lookup; known codes count nothing', async () => {
      clock.advance(15 * 60_000);
      const started = await access.deviceFlow.connect({ agent_name: 'Real agent', scopes: ['account:read'] });
      // Known codes, before and between the misses, are never counted.
      expect(await access.deviceFlow.describe(person, started.user_code, '192.0.2.10')).toMatchObject({ agent_name: 'Real agent' });
      const guesses = await Promise.allSettled(
        Array.from({ length: 30 }, (_, i) => db.withContext(() => access.deviceFlow.describe(person, `BCDF-GH${'JKLMNPQRSTVWXZ'[i % 14]}${'BCDFGHJKLMNPQR'[Math.floor(i / 14)]}`, '192.0.2.10'))),
      );
      // A miss answers null (the page says no request has this code); past the limit, 429.
      expect(guesses.filter((g) => g.status === 'fulfilled').map((g) => (g as PromiseFulfilledResult<unknown>).value)).toEqual(Array(5).fill(null));
      expect(guesses.filter((g) => g.status === 'rejected').map(outcome)).toEqual(Array.from({ length: 25 }, () => ({ code: 'rate_limited', retry_after: 900 })));
      // Decisions share the count, and even the right code waits now.
      await expect(access.deviceFlow.deny(person, { user_code: 'ZZZZ-ZZZZ' }, '192.0.2.10')).rejects.toMatchObject({ code: 'rate_limited' });
      await expect(access.deviceFlow.approve(person, { user_code: started.user_code }, '192.0.2.11')).rejects.toMatchObject({ code: 'rate_limited' });
      clock.advance(15 * 60_000);
      await expect(access.deviceFlow.deny(person, { user_code: started.user_code }, '192.0.2.10')).rejects.toMatchObject({ code: 'expired_token' });
    });

    it('refuses an address past 20 misses, whichever people signed in there', async () => {
      clock.advance(15 * 60_000);
      const people: Actor[] = [];
      for (let i = 0; i < 5; i++) people.push((await access.accounts.resolveSession((await signUp(`guesser${i}@example.test`)).sessionId))!.actor);
      const outcomes: { code: string }[] = [];
      for (let i = 0; i < 25; i++) {
        outcomes.push(await settle(access.deviceFlow.deny(people[i % 5]!, { user_code: `XXXX-XXX${'BCDFGHJKLMNPQRSTVWXZ'[i % 20]}` }, '192.0.2.20')));
      }
      expect(tally(outcomes)).toEqual({ not_found: 20, rate_limited: 5 });
      // Another address is not affected (the fresh person has no misses yet).
      const fresh = (await access.accounts.resolveSession((await signUp('fresh@example.test')).sessionId))!.actor;
      await expect(access.deviceFlow.deny(fresh, { user_code: 'XXXX-XXXB' }, '192.0.2.21')).rejects.toMatchObject({ code: 'not_found' });
    });

    it('stores at most 20 connect requests from one address in 15 minutes; refused and invalid ones store nothing', async () => {
      clock.advance(15 * 60_000);
      const connect = (body: object) => db.withContext(() => access.deviceFlow.connect({ agent_name: 'Flood', scopes: ['account:read'], ...body }, '203.0.113.77'));
      await expect(connect({ scopes: [] })).rejects.toMatchObject({ code: 'validation_failed' });
      const floods = (await Promise.allSettled(Array.from({ length: 30 }, () => connect({})))).map(outcome);
      expect(tally(floods)).toEqual({ ok: 20, rate_limited: 10 });
      await expect(
        access.deviceFlow.authorizeDevice({ client_id: 'Flood', scope: 'account:read' }, '203.0.113.77'),
      ).rejects.toMatchObject({ code: 'rate_limited', extras: { retry_after: 900, error_description: expect.any(String) } });
      const [stored] = await db.query<{ n: number }>("select count(*)::int as n from device_authorizations where agent_name = 'Flood'");
      expect(stored!.n).toBe(20);
      await expect(access.deviceFlow.connect({ agent_name: 'Elsewhere', scopes: ['account:read'] }, '203.0.113.78')).resolves.toBeTruthy();
    });
  });
});
