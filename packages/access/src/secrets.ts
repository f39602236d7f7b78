import { createHash, randomBytes, randomInt, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { deserialize, serialize } from '@phc/format';
import { promisify } from 'node:util';

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number, options: ScryptOptions) => Promise<Buffer>;

interface ScryptCost {
  /** log2 of N, the CPU and memory cost. */
  ln: number;
  r: number;
  p: number;
}

/**
 * OWASP Password Storage Cheat Sheet: scrypt with N=2^17, r=8, p=1. Each hash then needs
 * 128 * N * r bytes = 128 MiB, twice Node's default `maxmem`, so `maxmem` is raised per call.
 */
export const PASSWORD_COST: ScryptCost = { ln: 17, r: 8, p: 1 };
/**
 * The cost new hashes get and sign-ins bring stored ones up to: OWASP's. Only tests of rules other
 * than password storage lower it (`@svc/access/testing`), since each hash at OWASP's cost takes
 * most of a second of a core and 128 MiB.
 */
let costInForce: ScryptCost = PASSWORD_COST;
export const setPasswordCost = (cost: ScryptCost): void => {
  costInForce = cost;
};

/** What hashes were made with before the parameters were stored beside them (`scrypt$<salt>$<hash>`). */
const LEGACY_COST: ScryptCost = { ln: 14, r: 8, p: 1 };
/** Refuses stored parameters above these (a damaged row must not exhaust the process's memory or time). */
const MAX_COST = { ln: 20, r: 16, p: 16 };

// OpenSSL needs 128 * r * (N + 2 + p) bytes; the margin keeps tiny parameters (old or damaged rows) within it.
const derive = (password: string, salt: Buffer, length: number, { ln, r, p }: ScryptCost): Promise<Buffer> =>
  scryptAsync(password.normalize('NFC'), salt, length, { N: 2 ** ln, r, p, maxmem: 128 * r * (2 ** ln + 2 + p) + 1024 * 1024 });

/**
 * A PHC string, `$scrypt$ln=17,r=8,p=1$<salt>$<hash>`: the parameters travel with each hash, so
 * raising them later leaves every stored hash verifiable (and rehashed at its next sign-in).
 */
export const hashPassword = async (password: string, cost: ScryptCost = costInForce): Promise<string> => {
  const salt = randomBytes(16);
  const hash = await derive(password, salt, 32, cost);
  return serialize({ id: 'scrypt', params: { ...cost }, salt, hash });
};

/** A stored hash's parameters, salt and hash; null when it is neither a PHC scrypt string nor the older `scrypt$` form. */
const parseStored = (stored: string): { cost: ScryptCost; salt: Buffer; hash: Buffer } | null => {
  if (stored.startsWith('scrypt$')) {
    const [, salt, hash] = stored.split('$');
    return salt && hash ? { cost: LEGACY_COST, salt: Buffer.from(salt, 'base64url'), hash: Buffer.from(hash, 'base64url') } : null;
  }
  try {
    const { id, params, salt, hash } = deserialize(stored);
    const cost = { ln: Number(params?.ln), r: Number(params?.r), p: Number(params?.p) };
    const sane = (['ln', 'r', 'p'] as const).every((key) => Number.isInteger(cost[key]) && cost[key] >= 1 && cost[key] <= MAX_COST[key]);
    return id === 'scrypt' && sane && salt && hash ? { cost, salt, hash } : null;
  } catch {
    return null;
  }
};

export interface PasswordCheck {
  ok: boolean;
  /** The password was right but its hash uses other parameters than `PASSWORD_COST`: store a new one. */
  needsRehash: boolean;
}

export const checkPassword = async (password: string, stored: string): Promise<PasswordCheck> => {
  const parsed = parseStored(stored);
  if (!parsed || parsed.hash.length === 0) return { ok: false, needsRehash: false };
  // Parameters scrypt itself refuses (N must stay below 2^(16 r)) are a hash nothing verifies, not a server error.
  const actual = await derive(password, parsed.salt, parsed.hash.length, parsed.cost).catch(() => null);
  if (!actual) return { ok: false, needsRehash: false };
  const ok = timingSafeEqual(actual, parsed.hash);
  const current = parsed.cost.ln === costInForce.ln && parsed.cost.r === costInForce.r && parsed.cost.p === costInForce.p;
  return { ok, needsRehash: ok && !current };
};

export const verifyPassword = async (password: string, stored: string): Promise<boolean> => (await checkPassword(password, stored)).ok;

/** Checked against when the e-mail is unknown, so both answers take the same time (same parameters as a real hash). */
export const DUMMY_PASSWORD_HASH = serialize({ id: 'scrypt', params: { ...PASSWORD_COST }, salt: Buffer.alloc(16), hash: Buffer.alloc(32) });
/** The dummy hash at the cost in force. */
export const dummyPasswordHash = (): string =>
  costInForce === PASSWORD_COST ? DUMMY_PASSWORD_HASH : serialize({ id: 'scrypt', params: { ...costInForce }, salt: Buffer.alloc(16), hash: Buffer.alloc(32) });

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

// Crockford's base32: digits and capitals without I, L, O and U (no look-alikes, no words), for a
// code a person may copy onto paper and type back.
const RECOVERY_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const RECOVERY_CODE_LENGTH = 25;

/** 25 characters of 5 random bits each (125 bits), shown in groups of five: `7KQ2M-XD4RP-…`. */
export const newRecoveryCode = (): string =>
  Array.from({ length: RECOVERY_CODE_LENGTH }, (_, i) => `${i > 0 && i % 5 === 0 ? '-' : ''}${RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)]}`).join('');

/**
 * What is compared (as its hash): what a person typed in capitals, without spaces or dashes, and
 * with the letters a reader confuses with digits read as those digits (O as 0, I and L as 1).
 */
export const normaliseRecoveryCode = (input: string): string =>
  input.toUpperCase().replace(/O/g, '0').replace(/[IL]/g, '1').replace(/[^0-9A-Z]/g, '');
