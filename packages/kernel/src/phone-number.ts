/**
 * Phone numbers in text. Public text holds many numbers that are not phone numbers (dates, times,
 * prices, budgets, years, counts, version numbers, links), so a run of digits counts as a phone
 * number only when it is written the way phone numbers are:
 *
 * - international, with `+` or `00` and a country code: 8 to 15 digits ("+44 20 7946 0958",
 *   "+1 (555) 123-4567", "0049 30 1234567");
 * - national, starting with a trunk 0: 9 to 12 digits ("020 7946 0958", "07700 900123",
 *   "06 12 34 56 78", "(0)20 7946 0958");
 * - North American style, in three or more groups ending with four digits: 10 or 11 digits
 *   ("555-123-4567", "(555) 123 4567", "1-800-555-0199").
 *
 * Digit groups are joined by one space (not a line break), a hyphen, a dot, a slash or parentheses. A lone decimal
 * number ("0.123456789") and numbers grouped in thousands ("1 200 000") are numbers. Digits inside a
 * web link and dates ("2026-11-26", "26.11.2026") are left out before the search.
 */

/** Spans whose digits never form a phone number: links, ISO dates and timestamps, day-month-year dates. */
const NOT_PHONE_NUMBERS = [
  /\bhttps?:\/\/\S+|\bwww\.\S+/giu,
  /(?<![\p{N}])\d{4}[-/.]\d{1,2}[-/.]\d{1,2}(?:[T ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?(?![\p{N}])/gu,
  /(?<![\p{N}]|\p{N}[-/.])\d{1,2}([-/.])\d{1,2}\1(?:\d{4}|\d{2})(?![\p{N}]|[-/.]\p{N})/gu,
];

/** One space within a line, the narrow and non-breaking ones included ("06 12 34 56 78" as French typesetting writes it). */
const SPACE = '[ \\t\\u00a0\\u202f]';

/** What joins two digit groups: one space, a hyphen, a dot or a slash (maybe spaced), or a parenthesis. */
const JOIN = `(?:${SPACE}?[-./]${SPACE}?|\\)${SPACE}?|${SPACE}?\\(|${SPACE})`;

/** A run of digit groups, maybe opened by `+` or a parenthesis. */
const RUN = new RegExp(`(?<![\\p{L}\\p{N}+\\-./])(?:\\+${SPACE}?)?\\(?\\d+(?:${JOIN}\\d+)*`, 'gu');

const isPhoneNumber = (run: string): boolean => {
  const digits = run.replace(/\D/g, '');
  const groups = run.split(/\D+/).filter(Boolean);
  if (run.startsWith('+')) return digits.length >= 8 && digits.length <= 15;
  if (/^\d+\.\d+$/.test(run)) return false;
  if (/^00[1-9]/.test(digits) && !run.startsWith('(')) return digits.length - 2 >= 8 && digits.length - 2 <= 15;
  if (/^\(?0[1-9]/.test(run)) return digits.length >= 9 && digits.length <= 12;
  const [first, ...rest] = groups;
  return (
    groups.length >= 3 &&
    digits.length >= 10 &&
    digits.length <= 11 &&
    first!.length <= 4 &&
    rest.every((group) => group.length >= 2 && group.length <= 4) &&
    groups.at(-1)!.length === 4
  );
};

/** True when the text holds something written as a phone number. */
export const holdsPhoneNumber = (text: string): boolean => {
  // Every form above has at least 8 digits: text with fewer (most of it) needs no search.
  if ((text.match(/\d/g)?.length ?? 0) < 8) return false;
  const searched = NOT_PHONE_NUMBERS.reduce((rest, span) => rest.replace(span, ' # '), text);
  return [...searched.matchAll(RUN)].some(([run]) => isPhoneNumber(run.trim()));
};
