import { randomBytes, scryptSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createRateLimiter, dbEntities, dbMigrations } from '@svc/db';
import { ENGINES, openTestDatabase, type TestDatabase } from '@svc/db/testing';
import { manualClock } from '@svc/kernel';
import { accessSchema, createAccessModule, type AccessModule } from '../src/index.ts';
import { checkPassword, hashPassword, PASSWORD_COST, setPasswordCost } from '../src/secrets.ts';
import { TEST_PASSWORD_COST } from '../src/testing.ts';

const PASSWORD = 'correct horse battery';

/** A hash as the service stored them before the parameters were kept with it: `scrypt$<salt>$<hash>` at N=2^14. */
const legacyHash = (password: string) => {
  const salt = randomBytes(16);
  const hash = scryptSync(password.normalize('NFC'), salt, 32, { N: 16384, r: 8, p: 1 });
  return `scrypt$${salt.toString('base64url')}$${hash.toString('base64url')}`;
};

// What production stores: OWASP's cost, not the cheap one the other access tests use (test/setup.ts).
beforeAll(() => setPasswordCost(PASSWORD_COST));

describe.each(ENGINES)('password hashes on %s', (engine) => {
  let db: TestDatabase;
  let access: AccessModule;
  const clock = manualClock('2026-11-21T12:00:00.000Z');

  beforeAll(async () => {
    db = await openTestDatabase(engine, { entities: [...dbEntities, ...accessSchema.entities], migrations: [...dbMigrations, ...accessSchema.migrations] });
    access = createAccessModule({ db, clock, limiter: createRateLimiter(db, clock), baseUrl: 'https://tasks.test' });
  });
  afterAll(() => db?.dispose());

  const storedHash = async (email: string) =>
    (await db.query<{ password_hash: string }>('select password_hash from principals where email = $1', [email]))[0]!.password_hash;
  const setStoredHash = (email: string, hash: string) => db.query('update principals set password_hash = $1 where email = $2', [hash, email]);

  it('stores a new password as scrypt N=2^17, r=8, p=1 with its parameters and salt', async () => {
    await access.accounts.signup({ email: 'new@example.test', password: PASSWORD, display_name: 'New' });
    const stored = await storedHash('new@example.test');
    expect(stored).toMatch(/^\$scrypt\$ln=17,r=8,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(await checkPassword(PASSWORD, stored)).toEqual({ ok: true, needsRehash: false });
  });

  it.each([
    ['the older format without parameters', () => legacyHash(PASSWORD)],
    ['weaker stored parameters', () => hashPassword(PASSWORD, { ln: 14, r: 8, p: 1 })],
  ])('rehashes a hash made with %s at the first successful sign-in', async (_, oldHash) => {
    const email = `old-${Math.random().toString(36).slice(2)}@example.test`;
    await access.accounts.signup({ email, password: PASSWORD, display_name: 'Old' });
    const old = await oldHash();
    await setStoredHash(email, old);

    // A wrong password changes nothing.
    await expect(access.accounts.login({ email, password: 'not the password' }, '192.0.2.1')).rejects.toMatchObject({ code: 'invalid_credentials' });
    expect(await storedHash(email)).toBe(old);

    const session = await access.accounts.login({ email, password: PASSWORD }, '192.0.2.1');
    expect(await access.accounts.resolveSession(session.sessionId)).not.toBeNull();
    const rehashed = await storedHash(email);
    expect(rehashed).toMatch(/^\$scrypt\$ln=17,r=8,p=1\$/);
    expect(await checkPassword(PASSWORD, rehashed)).toEqual({ ok: true, needsRehash: false });
    // And the person signs in with the new hash as before.
    await expect(access.accounts.login({ email, password: PASSWORD }, '192.0.2.1')).resolves.toMatchObject({ principal: { display_name: 'Old' } });
    expect(await storedHash(email)).toBe(rehashed);
  });

  it('refuses stored parameters it should not run (a damaged or hostile row) instead of exhausting memory', async () => {
    const hash = await hashPassword(PASSWORD);
    for (const params of ['ln=30,r=8,p=1', 'ln=17,r=1000,p=1', 'ln=17,r=8,p=99', 'ln=0,r=8,p=1', 'ln=17,r=8']) {
      expect(await checkPassword(PASSWORD, hash.replace('ln=17,r=8,p=1', params)), params).toEqual({ ok: false, needsRehash: false });
    }
    expect(await checkPassword(PASSWORD, hash.replace('$scrypt$', '$argon2id$'))).toEqual({ ok: false, needsRehash: false });
    expect(await checkPassword(PASSWORD, 'not a hash')).toEqual({ ok: false, needsRehash: false });
  });

  it('limits sign-ups from one client address to 10 in 15 minutes, taken addresses included; invalid ones count nothing', async () => {
    // The limit, not the hash, is under test here: a dozen hashes at OWASP's cost would add half a minute of CPU.
    setPasswordCost({ ...TEST_PASSWORD_COST });
    onTestFinished(() => setPasswordCost(PASSWORD_COST));
    const signup = (n: number, client: string) =>
      access.accounts.signup({ email: `many-${client}-${n}@example.test`, password: PASSWORD, display_name: `Many ${n}` }, client);
    await expect(access.accounts.signup({ email: 'not an e-mail', password: PASSWORD, display_name: 'X' }, '192.0.2.50')).rejects.toMatchObject({
      code: 'validation_failed',
    });
    for (let n = 0; n < 9; n++) await signup(n, '192.0.2.50');
    await expect(access.accounts.signup({ email: 'new@example.test', password: PASSWORD, display_name: 'Again' }, '192.0.2.50')).rejects.toMatchObject({
      code: 'email_taken',
    });
    await expect(signup(10, '192.0.2.50')).rejects.toMatchObject({ code: 'rate_limited', extras: { retry_after: 900 } });
    expect(await db.query('select count(*)::int as n from principals where email like $1', ['many-192.0.2.50-%'])).toEqual([{ n: 9 }]);
    await expect(signup(0, '192.0.2.51')).resolves.toMatchObject({ principal: { display_name: 'Many 0' } });
    clock.advance(15 * 60_000);
    await expect(signup(11, '192.0.2.50')).resolves.toMatchObject({ principal: { display_name: 'Many 11' } });
  });
});
