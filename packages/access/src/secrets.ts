import { createHash, randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number, options: object) => Promise<Buffer>;
const SCRYPT = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

/** `scrypt$<salt>$<hash>`, base64url, a fresh salt per password. */
export const hashPassword = async (password: string): Promise<string> => {
  const salt = randomBytes(16);
  const hash = await scryptAsync(password.normalize('NFC'), salt, 32, SCRYPT);
  return `scrypt$${salt.toString('base64url')}$${hash.toString('base64url')}`;
};

export const verifyPassword = async (password: string, stored: string): Promise<boolean> => {
  const [, salt, hash] = stored.split('$');
  if (!salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scryptAsync(password.normalize('NFC'), Buffer.from(salt, 'base64url'), expected.length, SCRYPT);
  return timingSafeEqual(actual, expected);
};

/** Checked against when the e-mail is unknown, so both answers take the same time. */
export const DUMMY_PASSWORD_HASH = 'scrypt$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

/** A secret with a recognisable prefix (so scanners and logs can spot it) and 256 random bits. */
export const newSecret = (prefix: string): string => `${prefix}_${randomBytes(32).toString('base64url')}`;

export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');

export const TOKEN_PREFIX = 'tds';

// RFC 8628 §6.1: twenty consonants, no vowels (no words), no look-alikes.
const USER_CODE_ALPHABET = 'BCDFGHJKLMNPQRSTVWXZ';

/** Eight letters shown as `WDJB-MJHT`; stored without the hyphen. */
export const newUserCode = (): string =>
  Array.from({ length: 8 }, () => USER_CODE_ALPHABET[randomInt(USER_CODE_ALPHABET.length)]).join('');

export const formatUserCode = (code: string): string => `${code.slice(0, 4)}-${code.slice(4)}`;

/** Accepts what a person types: any case, with or without the hyphen or spaces. */
export const normaliseUserCode = (input: string): string => input.toUpperCase().replace(/[^A-Z]/g, '');
