import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz'; // Crockford base32, lower case

/** Encodes bytes as Crockford base32 (5 bits a character). */
export const base32 = (bytes: Uint8Array): string => {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(buffer << (5 - bits)) & 31];
  return out;
};

export type IdPrefix = 'job' | 'svc' | 'rsp' | 'thr' | 'fbk' | 'prn' | 'grt' | 'dst' | 'ent' | 'chk' | 'inv' | 'int' | 'dev' | 'ses' | 'his' | 'rep' | 'sfb' | 'cli';

/**
 * The longest path parameter (a record id, a slug) either door accepts. Record ids are a kind prefix
 * and 26 base32 characters (`job_…`); a longer one cannot name a record, so it is refused as a bad
 * request before anything looks it up. The bound leaves room for other forms.
 */
export const ID_MAX_CHARS = 64;

/** A prefixed random identifier: kind prefix + 128 random bits, never sequential. */
export const newId = (prefix: IdPrefix): string => `${prefix}_${base32(randomBytes(16))}`;

/** Something that makes identifiers; injected so tests can predict them when they must. */
export type IdGenerator = (prefix: IdPrefix) => string;
