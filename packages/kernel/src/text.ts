import * as v from 'valibot';
import { TEXT_PATTERNS } from './text-patterns.ts';

/**
 * Text limits count characters as the contract's JSON Schema does (`maxLength`, `minLength`):
 * Unicode code points, so an emoji is one character, not the two UTF-16 units that JavaScript's
 * `length` and valibot's `maxLength` count. Every text limit the API takes is declared with
 * `maxChars` / `minChars` (valibot's `maxLength` stays for lists, where it counts items); the
 * OpenAPI document shows them as `maxLength` / `minLength` (packages/http's converter).
 */
export const charCount = (text: string): number => {
  let count = 0;
  for (const _ of text) count++;
  return count;
};

/** At most `max` characters (code points). */
export const maxChars = <const N extends number>(max: N, message = `must be at most ${max} characters`) =>
  v.maxCodePoints<string, N, string>(max, message);

/** At least `min` characters (code points). */
export const minChars = <const N extends number>(min: N, message = min === 1 ? 'must not be empty' : `must be at least ${min} characters`) =>
  v.minCodePoints<string, N, string>(min, message);

/** Whether `text` holds a NUL, which PostgreSQL's text cannot store: the one check every layer uses. */
export const hasNul = (text: string): boolean => text.includes('\u0000');

/** What a field holding a NUL is told. */
export const NUL_REFUSED = 'must not contain the NUL character (U+0000)';

/**
 * No NUL character: PostgreSQL's text cannot hold one. The edge refuses it in every JSON body and
 * query string already; schemas say it again so that a service called directly (a test, another
 * team's code, the website's forms) refuses it with the field's name.
 */
export const noNul = v.check((text: string) => !hasNul(text), NUL_REFUSED);

/**
 * The bidirectional embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069). One
 * of them reorders the text after it ("Invoice \u202Efdp.exe" shows as "Invoice exe.pdf"), and one
 * left open carries its direction into the page around the text. Arabic or Hebrew never needs them:
 * the Unicode bidirectional algorithm orders right-to-left text without them. The marks (U+200E,
 * U+200F, U+061C), which reorder nothing, stay allowed.
 */
const NO_DIRECTION_CONTROL = new RegExp(TEXT_PATTERNS.noDirectionControl);

/** What a field holding one is told. */
export const DIRECTION_CONTROL_REFUSED = 'must not contain direction-override characters (U+202A–U+202E, U+2066–U+2069)';

/**
 * No direction-override character: every text a domain takes and shows to people has it, through
 * `trimmedText` or, for a field of another form, by naming it (docs/decisions.md). A regex, which the
 * OpenAPI document shows as the field's `pattern`.
 */
export const noDirectionControl = v.regex<string, string>(NO_DIRECTION_CONTROL, DIRECTION_CONTROL_REFUSED);

const VISIBLE = new RegExp(TEXT_PATTERNS.visible);

/** Text of nothing but white space and invisible characters (zero-width spaces, direction marks…). */
const BLANK = /^[\s\p{Cf}]*$/u;

/**
 * Not blank: a title of one zero-width space is as empty as one of spaces. A regex rather than a
 * trim, so that the OpenAPI document still shows every bound after it and shows this one as the
 * field's `pattern`; then a check for the invisible characters the pattern cannot name (those above
 * U+FFFF), which refuses only what the regex let through. Spread it into a pipe: `...notBlank`.
 */
export const notBlank = [
  v.regex<string, string>(VISIBLE, 'must not be empty'),
  v.check((text: string) => !VISIBLE.test(text) || !BLANK.test(text), 'must not be empty'),
] as const;

/**
 * The domains' ordinary text field: trimmed, without NUL or direction-override characters, at most
 * `max` characters; with `min` 1 it must not be empty once trimmed (blank text would pass an
 * untrimmed length check) nor invisible.
 */
export const trimmedText = (max: number, min: 0 | 1 = 0) =>
  min === 1
    ? v.pipe(v.string(), v.trim(), noNul, minChars(1, 'must not be empty'), ...notBlank, noDirectionControl, maxChars(max))
    : v.pipe(v.string(), v.trim(), noNul, noDirectionControl, maxChars(max));
