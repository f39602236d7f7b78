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

/**
 * The longest path parameter (a record id, a slug) either door accepts. Record ids are a kind prefix
 * and 26 base32 characters (`job_…`); a longer one cannot name a record, so it is refused as a bad
 * request before anything looks it up. The bound leaves room for other forms.
 */
export const ID_MAX_CHARS = 64;

/**
 * An identifier of the kind `P`: the kind prefix, `_` and the rest. The kernel knows no kinds: each
 * domain declares its own prefixes next to its code (`JobsIdPrefix`, `ThreadIdPrefix`, …).
 */
export type Id<P extends string = string> = `${P}_${string}`;

/** A prefixed random identifier: kind prefix + 128 random bits, never sequential. */
export const newId = <P extends string>(prefix: P): Id<P> => `${prefix}_${base32(randomBytes(16))}`;

/**
 * Something that makes identifiers of the kinds `P` a domain declares; injected so tests can
 * predict them when they must. `newId` is one for every `P`.
 */
export type IdGenerator<P extends string> = (prefix: P) => string;
