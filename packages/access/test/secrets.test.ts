import { describe, expect, it } from 'vitest';
import { formatUserCode, hashPassword, hashSecret, newSecret, newUserCode, normaliseUserCode, verifyPassword } from '../src/secrets.ts';

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
    expect(first).toMatch(/^scrypt\$/);
    expect(first).not.toBe(second);
    expect(await verifyPassword('correct horse battery', first)).toBe(true);
    expect(await verifyPassword('correct horse batterY', first)).toBe(false);
  });
});
