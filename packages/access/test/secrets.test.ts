import { randomBytes, scryptSync } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  checkPassword,
  DUMMY_PASSWORD_HASH,
  formatUserCode,
  hashPassword,
  hashSecret,
  newRecoveryCode,
  newSecret,
  newUserCode,
  normaliseRecoveryCode,
  normaliseUserCode,
  PASSWORD_COST,
  setPasswordCost,
  TOKEN_PREFIX,
  verifyPassword,
} from '../src/secrets.ts';

const PASSWORD = 'correct horse battery';

// The rules at OWASP's cost, as production runs them (the other access tests use a cheap one: test/setup.ts).
beforeAll(() => setPasswordCost(PASSWORD_COST));

describe('secrets', () => {
  it('makes user codes of eight consonants from the RFC 8628 alphabet, shown with a hyphen', () => {
    for (let i = 0; i < 50; i++) {
      const code = newUserCode();
      expect(code).toMatch(/^[BCDFGHJKLMNPQRSTVWXZ]{8}$/);
      expect(formatUserCode(code)).toBe(`${code.slice(0, 4)}-${code.slice(4)}`);
    }
  });

  it('accepts a typed code in any case, with or without hyphen and spaces', () => {
    expect(normaliseUserCode(' wdjb-mjht ')).toBe('WDJBMJHT');
    expect(normaliseUserCode('WDJB MJHT')).toBe('WDJBMJHT');
  });

  it('makes recovery codes of 25 characters from Crockford’s base32 (125 random bits), in five groups of five', () => {
    const codes = new Set<string>();
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const code = newRecoveryCode();
      expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}(-[0-9A-HJKMNP-TV-Z]{5}){4}$/);
      expect(normaliseRecoveryCode(code)).toBe(code.replace(/-/g, ''));
      codes.add(code);
      for (const character of code.replace(/-/g, '')) seen.add(character);
    }
    expect(codes.size).toBe(200);
    // Every one of the 32 characters turns up in 5,000 draws: the whole alphabet is used.
    expect(seen.size).toBe(32);
  });

  it('reads a typed recovery code in any case, with spaces or dashes, and O, I and L as the digits they look like', () => {
    expect(normaliseRecoveryCode(' 7kq2m-xd4rp  abcde fghjk-mnpqr ')).toBe('7KQ2MXD4RPABCDEFGHJKMNPQR');
    expect(normaliseRecoveryCode('O0IiLl1')).toBe('0011111');
    expect(normaliseRecoveryCode('—·/')).toBe('');
  });

  it('makes prefixed secrets of 256 random bits, hashed with SHA-256', () => {
    const a = newSecret('tds');
    const b = newSecret('tds');
    expect(a).toMatch(/^tds_[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
    expect(hashSecret(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashSecret(a)).toBe(hashSecret(a));
  });

  it('hashes passwords with a fresh salt and verifies only the right one', async () => {
    const first = await hashPassword('correct horse battery');
    const second = await hashPassword('correct horse battery');
    expect(first).toMatch(/^\$scrypt\$ln=17,r=8,p=1\$/);
    expect(first).not.toBe(second);
    expect(await verifyPassword('correct horse battery', first)).toBe(true);
    expect(await verifyPassword('correct horse batterY', first)).toBe(false);
  });
});

describe('password hashes and their parameters', () => {
  const refused = { ok: false, needsRehash: false };

  it('are made at N=2^17, r=8, p=1 with a 16-byte salt and a 32-byte hash, and need no rehash', async () => {
    expect(PASSWORD_COST).toEqual({ ln: 17, r: 8, p: 1 });
    const stored = await hashPassword(PASSWORD);
    expect(stored).toMatch(/^\$scrypt\$ln=17,r=8,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(await checkPassword(PASSWORD, stored)).toEqual({ ok: true, needsRehash: false });
    expect(await checkPassword('correct horse batterY', stored)).toEqual(refused);
  });

  it.each([
    ['a lower N', { ln: 10, r: 8, p: 1 }],
    ['another r', { ln: 17, r: 2, p: 1 }],
    ['another p', { ln: 17, r: 8, p: 2 }],
  ])('verify a hash with %s and ask for a rehash, only when the password is right', async (_, cost) => {
    const stored = await hashPassword(PASSWORD, cost);
    expect(stored.startsWith(`$scrypt$ln=${cost.ln},r=${cost.r},p=${cost.p}$`)).toBe(true);
    expect(await checkPassword(PASSWORD, stored)).toEqual({ ok: true, needsRehash: true });
    expect(await checkPassword('not the password', stored)).toEqual(refused);
  });

  it('verify the older scrypt$<salt>$<hash> form at N=2^14, and ask for a rehash', async () => {
    const salt = randomBytes(16);
    const hash = scryptSync(PASSWORD, salt, 32, { N: 2 ** 14, r: 8, p: 1 });
    const stored = `scrypt$${salt.toString('base64url')}$${hash.toString('base64url')}`;
    expect(await checkPassword(PASSWORD, stored)).toEqual({ ok: true, needsRehash: true });
    expect(await checkPassword('not the password', stored)).toEqual(refused);
    expect(await checkPassword(PASSWORD, 'scrypt$onlysalt')).toEqual(refused);
    expect(await checkPassword(PASSWORD, `scrypt$$${hash.toString('base64url')}`)).toEqual(refused);
    expect(await checkPassword(PASSWORD, `x${stored}`)).toEqual(refused);
  });

  it('refuse stored parameters out of bounds, other functions and damaged strings without running them', async () => {
    const stored = await hashPassword(PASSWORD, { ln: 10, r: 8, p: 1 });
    for (const params of ['ln=21,r=8,p=1', 'ln=10,r=17,p=1', 'ln=10,r=8,p=17', 'ln=0,r=8,p=1', 'ln=10,r=0,p=1', 'ln=10,r=8,p=0', 'ln=10,r=8', 'r=8,p=1', 'ln=10,p=1']) {
      expect(await checkPassword(PASSWORD, stored.replace('ln=10,r=8,p=1', params)), params).toEqual(refused);
    }
    expect(await checkPassword(PASSWORD, stored.replace('$scrypt$', '$argon2id$'))).toEqual(refused);
    expect(await checkPassword(PASSWORD, stored.replace(/\$[^$]+$/, ''))).toEqual(refused);
    expect(await checkPassword(PASSWORD, '$scrypt$ln=10,r=8,p=1')).toEqual(refused);
    expect(await checkPassword(PASSWORD, 'not a hash')).toEqual(refused);
    // Within the bounds but refused by scrypt (N must be below 2^(16 r)): refused, not thrown.
    expect(await checkPassword(PASSWORD, stored.replace('ln=10,r=8,p=1', 'ln=17,r=1,p=1'))).toEqual(refused);
    // At the bounds themselves (N=2^20 aside: a gibibyte) the parameters are run.
    for (const cost of [{ ln: 1, r: 1, p: 1 }, { ln: 10, r: 16, p: 1 }, { ln: 10, r: 8, p: 16 }]) {
      expect(await checkPassword(PASSWORD, await hashPassword(PASSWORD, cost)), JSON.stringify(cost)).toEqual({ ok: true, needsRehash: true });
    }
  });

  it('keep a dummy hash at today’s parameters, so an unknown e-mail costs the same time', async () => {
    expect(DUMMY_PASSWORD_HASH).toMatch(/^\$scrypt\$ln=17,r=8,p=1\$A{22}\$A{43}$/);
    expect(await checkPassword(PASSWORD, DUMMY_PASSWORD_HASH)).toEqual(refused);
  });

  it('name agent tokens with the tds prefix', () => {
    expect(TOKEN_PREFIX).toBe('tds');
  });
});
