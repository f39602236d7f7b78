import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRateLimiter, dbEntities, dbMigrations } from '@svc/db';
import { ENGINES, openTestDatabase, type TestDatabase } from '@svc/db/testing';
import { isDomainError, manualClock, type Actor } from '@svc/kernel';
import { accessSchema, createAccessModule, type AccessModule } from '../src/index.ts';
import { hashSecret } from '../src/secrets.ts';

/** The code of a refusal, or `ok`. */
const outcome = (settled: PromiseSettledResult<unknown>) =>
  settled.status === 'fulfilled' ? 'ok' : isDomainError(settled.reason) ? settled.reason.code : String(settled.reason);

const tally = (codes: string[]) => codes.reduce<Record<string, number>>((counts, code) => ({ ...counts, [code]: (counts[code] ?? 0) + 1 }), {});

const CODE_FORM = /^[0-9A-HJKMNP-TV-Z]{5}(-[0-9A-HJKMNP-TV-Z]{5}){4}$/;

describe.each(ENGINES)('recovery codes and password resets on %s', (engine) => {
  let db: TestDatabase;
  let access: AccessModule;
  // 12:00:00 starts a 15-minute window of the sign-in limits.
  const clock = manualClock('2026-11-21T12:00:00.000Z');
  let n = 0;

  /** A new person, signed in, with their actor and the session cookie value. */
  const newPerson = async (password = 'the original password') => {
    const email = `person${++n}@example.test`;
    const session = await access.accounts.signup({ email, password, display_name: `Person ${n}` });
    return { email, password, session: session.sessionId, actor: (await access.accounts.resolveSession(session.sessionId))!.actor };
  };
  const rows = (principalId: string) =>
    db.query<Record<string, unknown>>('select code_hash, issued_by, expires_at from recovery_codes where principal_id = $1 order by issued_by', [principalId]);
  /** Each reset in a window of its own, from its own address, unless a test says otherwise. */
  const reset = (email: string, recovery_code: string, new_password = 'a brand new password', from = `192.0.2.${++n % 250}`) =>
    access.recovery.reset({ email, recovery_code, new_password }, from);

  beforeAll(async () => {
    db = await openTestDatabase(engine, { entities: [...dbEntities, ...accessSchema.entities], migrations: [...dbMigrations, ...accessSchema.migrations] });
    access = createAccessModule({ db, clock, limiter: createRateLimiter(db, clock), baseUrl: 'https://tasks.test' });
  });
  afterAll(() => db?.dispose());

  describe('making a code', () => {
    it('asks for the current password, shows the code once and stores only its hash', async () => {
      const person = await newPerson();
      expect(await access.recovery.status(person.actor)).toEqual({ own: null, support: null });
      await expect(access.recovery.create(person.actor, { current_password: 'not my password' })).rejects.toMatchObject({
        code: 'invalid_credentials',
        extras: { details: [{ path: 'current_password' }] },
      });
      expect(await rows(person.actor.principalId)).toEqual([]);

      const made = await access.recovery.create(person.actor, { current_password: person.password });
      expect(made).toEqual({ recovery_code: expect.stringMatching(CODE_FORM), created_at: clock.now().toISOString(), expires_at: null });
      const stored = await rows(person.actor.principalId);
      expect(stored).toEqual([{ code_hash: hashSecret(made.recovery_code.replace(/-/g, '')), issued_by: 'person', expires_at: null }]);
      // Nowhere in the table in clear, with or without its dashes.
      const table = JSON.stringify(await db.query('select * from recovery_codes'));
      expect(table).not.toContain(made.recovery_code);
      expect(table).not.toContain(made.recovery_code.replace(/-/g, ''));
      expect(await access.recovery.status(person.actor)).toEqual({ own: { created_at: clock.now().toISOString() }, support: null });
    });

    it('replaces the earlier code: only the newest one works', async () => {
      const person = await newPerson();
      const first = await access.recovery.create(person.actor, { current_password: person.password });
      clock.advance(60_000);
      const second = await access.recovery.create(person.actor, { current_password: person.password });
      expect(second.recovery_code).not.toBe(first.recovery_code);
      expect(await rows(person.actor.principalId)).toHaveLength(1);
      await expect(reset(person.email, first.recovery_code)).rejects.toMatchObject({ code: 'invalid_credentials' });
      await expect(reset(person.email, second.recovery_code)).resolves.toMatchObject({ recovery_code_used: 'person' });
    });

    it('is for the person alone: an agent can neither make a code nor see whether one exists', async () => {
      const person = await newPerson();
      const agent: Actor = { ...person.actor, via: 'agent', grantId: 'grt_x', agentName: 'Bot', scopes: ['account:read'] };
      await expect(access.recovery.create(agent, { current_password: person.password })).rejects.toMatchObject({ code: 'human_only' });
      await expect(access.recovery.status(agent)).rejects.toMatchObject({ code: 'human_only' });
      expect(await rows(person.actor.principalId)).toEqual([]);
    });
  });

  describe('resetting a forgotten password', () => {
    it('sets the new password, uses the code up, ends every session, signs the person in and leaves agents working', async () => {
      const person = await newPerson();
      const laptop = (await access.accounts.login({ email: person.email, password: person.password }, '192.0.2.200')).sessionId;
      const started = await access.deviceFlow.connect({ agent_name: 'Helper', scopes: ['account:read'] });
      await access.deviceFlow.approve(person.actor, { user_code: started.user_code });
      const { access_token } = await access.deviceFlow.poll({ device_code: started.device_code });
      const { recovery_code } = await access.recovery.create(person.actor, { current_password: person.password });

      // As a person types it from paper: lower case, spaces for dashes, O for 0 and l for 1.
      const typed = `  ${recovery_code.toLowerCase().replace(/-/g, ' ').replace(/0/g, 'o').replace(/1/g, 'l')} `;
      const done = await access.recovery.reset({ email: ` ${person.email.toUpperCase()} `, recovery_code: typed, new_password: 'my new long password' }, '192.0.2.201');
      expect(done).toMatchObject({ sessions_ended: 2, recovery_code_used: 'person', session: { principal: { principal_id: person.actor.principalId } } });

      expect(await access.accounts.resolveSession(person.session)).toBeNull();
      expect(await access.accounts.resolveSession(laptop)).toBeNull();
      expect(await access.accounts.resolveSession(done.session.sessionId)).toMatchObject({ actor: { principalId: person.actor.principalId, via: 'session' } });
      expect(await db.query('select 1 from sessions where principal_id = $1', [person.actor.principalId])).toHaveLength(1);
      expect(await access.grants.resolveToken(access_token)).toMatchObject({ principalId: person.actor.principalId, via: 'agent' });

      await expect(access.accounts.login({ email: person.email, password: 'my new long password' }, '192.0.2.202')).resolves.toBeTruthy();
      await expect(access.accounts.login({ email: person.email, password: person.password }, '192.0.2.202')).rejects.toMatchObject({ code: 'invalid_credentials' });
      // Used up: the same code again is refused, and nothing is left to show on the account page.
      expect(await rows(person.actor.principalId)).toEqual([]);
      await expect(reset(person.email, recovery_code, 'yet another password')).rejects.toMatchObject({ code: 'invalid_credentials' });
      await expect(access.accounts.login({ email: person.email, password: 'yet another password' }, '192.0.2.202')).rejects.toMatchObject({ code: 'invalid_credentials' });
    });

    it('gives one code to one of two concurrent resets', async () => {
      const person = await newPerson();
      const { recovery_code } = await access.recovery.create(person.actor, { current_password: person.password });
      const both = await Promise.allSettled(
        ['first racer password', 'second racer password'].map((password) => db.withContext(() => reset(person.email, recovery_code, password))),
      );
      expect(both.map(outcome).sort()).toEqual(['invalid_credentials', 'ok']);
    });

    it('refuses a wrong code, someone else’s code and an unknown e-mail with the same answer, changing nothing', async () => {
      const person = await newPerson();
      const other = await newPerson();
      const own = await access.recovery.create(person.actor, { current_password: person.password });
      const theirs = await access.recovery.create(other.actor, { current_password: other.password });
      const refusals = await Promise.allSettled([
        reset(person.email, 'ABCDE-FGHJK-MNPQR-STVWX-YZ012'),
        reset(person.email, theirs.recovery_code),
        reset('nobody@example.test', own.recovery_code),
      ]);
      const answers = refusals.map((refusal) => (refusal.status === 'rejected' ? { code: refusal.reason.code, message: refusal.reason.message } : refusal.value));
      expect(answers).toEqual(Array.from({ length: 3 }, () => ({ code: 'invalid_credentials', message: 'The e-mail address or recovery code is not right.' })));
      await expect(access.accounts.login({ email: person.email, password: person.password }, '192.0.2.203')).resolves.toBeTruthy();
      expect(await rows(person.actor.principalId)).toHaveLength(1);
      expect(await rows(other.actor.principalId)).toHaveLength(1);
    });

    it('refuses a new password that breaks the sign-up rules before anything is counted or used', async () => {
      const person = await newPerson();
      const { recovery_code } = await access.recovery.create(person.actor, { current_password: person.password });
      await expect(reset(person.email, recovery_code, 'short')).rejects.toMatchObject({
        code: 'validation_failed',
        extras: { details: [{ path: 'new_password' }] },
      });
      await expect(access.recovery.reset({ email: person.email, recovery_code: ' ', new_password: 'long enough password' }, '192.0.2.204')).rejects.toMatchObject({
        code: 'validation_failed',
        extras: { details: [{ path: 'recovery_code' }] },
      });
      expect(await rows(person.actor.principalId)).toHaveLength(1);
    });
  });

  describe('support’s codes', () => {
    it('work once within the hour, beside the person’s own code, which they leave alone', async () => {
      const person = await newPerson();
      const own = await access.recovery.create(person.actor, { current_password: person.password });
      const issued = await access.recovery.issueForSupport(` ${person.email.toUpperCase()}`);
      expect(issued).toEqual({
        recovery_code: expect.stringMatching(CODE_FORM),
        created_at: clock.now().toISOString(),
        expires_at: new Date(clock.now().getTime() + 60 * 60_000).toISOString(),
        principal: { principal_id: person.actor.principalId, display_name: expect.any(String) },
      });
      expect(await access.recovery.status(person.actor)).toEqual({
        own: { created_at: own.created_at },
        support: { created_at: issued.created_at, expires_at: issued.expires_at },
      });
      clock.advance(59 * 60_000);
      await expect(reset(person.email, issued.recovery_code)).resolves.toMatchObject({ recovery_code_used: 'support' });
      expect((await rows(person.actor.principalId)).map((row) => row.issued_by)).toEqual(['person']);
    });

    it('stop working after an hour, and the daily cleanup retires them but never a person’s own code', async () => {
      const person = await newPerson();
      const expired = await access.recovery.issueForSupport(person.email);
      await access.recovery.create(person.actor, { current_password: person.password });
      clock.advance(60 * 60_000);
      await expect(reset(person.email, expired.recovery_code)).rejects.toMatchObject({ code: 'invalid_credentials' });
      expect(await access.recovery.status(person.actor)).toMatchObject({ support: null });
      expect(await rows(person.actor.principalId)).toHaveLength(2);

      clock.advance(1);
      const [cleanup] = access.cleanupJobs;
      expect(await cleanup!.run(clock.now())).toMatchObject({ recovery_codes: expect.any(Number) });
      expect((await rows(person.actor.principalId)).map((row) => row.issued_by)).toEqual(['person']);
      const [left] = await db.query<{ n: number }>("select count(*)::int as n from recovery_codes where issued_by = 'support' and expires_at < $1", [clock.now()]);
      expect(left!.n).toBe(0);
    });

    it('a newer one replaces the older; an unknown e-mail is not_found', async () => {
      const person = await newPerson();
      const older = await access.recovery.issueForSupport(person.email);
      const newer = await access.recovery.issueForSupport(person.email);
      await expect(reset(person.email, older.recovery_code)).rejects.toMatchObject({ code: 'invalid_credentials' });
      await expect(reset(person.email, newer.recovery_code)).resolves.toBeTruthy();
      await expect(access.recovery.issueForSupport('nobody@example.test')).rejects.toMatchObject({ code: 'not_found' });
    });
  });

  describe('the sign-in failure limits', () => {
    it('checks at most 10 of 40 concurrent wrong codes for one account and address; sign-in there waits too, the owner elsewhere does not', async () => {
      clock.advance(15 * 60_000);
      const person = await newPerson();
      const { recovery_code } = await access.recovery.create(person.actor, { current_password: person.password });
      const guesses = await Promise.allSettled(
        Array.from({ length: 40 }, (_, i) => db.withContext(() => reset(person.email, `WRONG-GUESS-${String(i).padStart(5, '0')}`, 'a guessed new password', '203.0.113.9'))),
      );
      expect(tally(guesses.map(outcome))).toEqual({ invalid_credentials: 10, rate_limited: 30 });
      const refused = guesses.find((guess) => guess.status === 'rejected' && guess.reason.code === 'rate_limited') as PromiseRejectedResult;
      expect(refused.reason.extras).toEqual({ retry_after: expect.any(Number) });

      // The same counts as sign-in: the failing address waits even with the right code or password.
      await expect(reset(person.email, recovery_code, 'a brand new password', '203.0.113.9')).rejects.toMatchObject({ code: 'rate_limited' });
      await expect(access.accounts.login({ email: person.email, password: person.password }, '203.0.113.9')).rejects.toMatchObject({ code: 'rate_limited' });
      expect(await rows(person.actor.principalId)).toHaveLength(1);
      await expect(reset(person.email, recovery_code, 'a brand new password', '198.51.100.20')).resolves.toBeTruthy();
    });

    it('counts failed resets with failed sign-ins per address, across accounts, and only failures', async () => {
      clock.advance(15 * 60_000);
      const person = await newPerson();
      const from = '203.0.113.50';
      // Right codes never use up the limit.
      for (let i = 0; i < 3; i++) {
        const { recovery_code } = await access.recovery.create(person.actor, { current_password: i === 0 ? person.password : `new password ${i - 1}` });
        await expect(reset(person.email, recovery_code, `new password ${i}`, from)).resolves.toBeTruthy();
      }
      const codes: string[] = [];
      // Forty failed sign-ins and ten failed resets, five per e-mail: the address's 50 are used up.
      for (let i = 0; i < 40; i++) codes.push(outcome((await Promise.allSettled([access.accounts.login({ email: `sprayed${i % 10}@example.test`, password: 'Spring2026!!' }, from)]))[0]!));
      for (let i = 0; i < 10; i++) codes.push(outcome((await Promise.allSettled([reset(`sprayed${10 + (i % 2)}@example.test`, 'AAAAA-BBBBB-CCCCC-DDDDD-EEEEE', 'a guessed new password', from)]))[0]!));
      expect(tally(codes)).toEqual({ invalid_credentials: 50 });
      await expect(reset('sprayed12@example.test', 'AAAAA-BBBBB-CCCCC-DDDDD-EEEEE', 'a guessed new password', from)).rejects.toMatchObject({ code: 'rate_limited' });
      await expect(access.accounts.login({ email: person.email, password: 'new password 2' }, from)).rejects.toMatchObject({ code: 'rate_limited' });
      clock.advance(15 * 60_000);
      await expect(access.accounts.login({ email: person.email, password: 'new password 2' }, from)).resolves.toBeTruthy();
    });
  });
});
