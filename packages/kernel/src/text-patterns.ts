/**
 * The text rules as JSON Schema `pattern`s, in the subset every client's validator compiles: Python's
 * `re` (no `\p{…}`), Go's RE2 (no lookaround, no `\uXXXX`) and ECMA-262 with or without the `u` flag.
 * Each pattern is literal characters, classes with ranges, `^`, `$` and quantifiers; the characters
 * are written as themselves, never as escapes. The kernel's valibot rules are these same patterns, so
 * what the OpenAPI document says cannot drift from what the API refuses.
 */

/**
 * JavaScript's white space (what `\s` and `trim` take), spelled out: Go's `\s` is ASCII only and
 * Python's also takes U+001C–U+001F and U+0085, which the API accepts as visible.
 */
const WHITE_SPACE = '\t\n\v\f\r \u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000\uFEFF';

/**
 * The invisible characters: the format characters (Unicode category Cf) of the Basic Multilingual
 * Plane. The few above it (U+110BD, U+1D173–U+1D17A, the tags U+E0001–U+E007F…) cannot stand in a
 * class that ECMA-262 reads without the `u` flag, so the API refuses them by a check of its own
 * (`notBlank`) and the published pattern is that much looser than the API, never stricter.
 */
const INVISIBLE = '\u00AD\u0600-\u0605\u061C\u06DD\u070F\u0890\u0891\u08E2\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF\uFFF9-\uFFFB';

/** The bidirectional embedding, override and isolate controls (docs/decisions.md). */
const DIRECTION_CONTROLS = '\u202A-\u202E\u2066-\u2069';

/** The scheme, its case spelled out, as a pattern takes no flags. */
const HTTPS = '[Hh][Tt][Tt][Pp][Ss]://';
const HTTP_OR_HTTPS = '^[Hh][Tt][Tt][Pp][Ss]?://';

/** One pattern for each rule, and one for each combination of rules a field has. */
export const TEXT_PATTERNS = {
  /** No direction-override character. */
  noDirectionControl: `^[^${DIRECTION_CONTROLS}]*$`,
  /** A character that is neither white space nor invisible: text without one is blank. */
  visible: `[^${WHITE_SPACE}${INVISIBLE}]`,
  /** Both of the above: a required text. */
  requiredText: `^[^${DIRECTION_CONTROLS}]*[^${WHITE_SPACE}${INVISIBLE}][^${DIRECTION_CONTROLS}]*$`,
  /**
   * Written `https://` with no white space inside; white space around it is allowed, as a field that
   * takes an https address trims it first.
   */
  httpsForm: `^[${WHITE_SPACE}]*${HTTPS}[^${WHITE_SPACE}]+[${WHITE_SPACE}]*$`,
  /** That, without a direction-override character. */
  httpsUrl: `^[${WHITE_SPACE}]*${HTTPS}[^${WHITE_SPACE}${DIRECTION_CONTROLS}]+[${WHITE_SPACE}]*$`,
  /** Written `http://` or `https://`. */
  webForm: HTTP_OR_HTTPS,
  /** An http or https address without a direction-override character. */
  webAddress: `${HTTP_OR_HTTPS}[^${DIRECTION_CONTROLS}]*$`,
} as const;

const { noDirectionControl, visible, requiredText, httpsForm, httpsUrl, webForm, webAddress } = TEXT_PATTERNS;

/** The pattern a field with both rules publishes, written out (a pattern for each pair that occurs). */
const BOTH: ReadonlyArray<readonly [string, string, string]> = [
  [visible, noDirectionControl, requiredText],
  [httpsForm, noDirectionControl, httpsUrl],
  [webForm, noDirectionControl, webAddress],
];

/** The kernel's patterns by their regex's `source`, which escapes line terminators and `/` as a client's validator may not read them. */
const BY_SOURCE = new Map<string, string>(Object.values(TEXT_PATTERNS).map((pattern) => [new RegExp(pattern).source, pattern]));

/**
 * A field's `pattern` once `regex` joins it (`pattern` is what its earlier regexes gave, if any): the
 * kernel's rules as written above, another regex as its source. A pair of rules no line of `BOTH`
 * writes out is refused here, so a new combination fails when the document is built rather than
 * publishing a pattern that says less than the API does.
 */
export const fieldPattern = (pattern: string | undefined, regex: RegExp): string => {
  if (regex.flags !== '') throw new Error(`A published regex takes no flags: /${regex.source}/${regex.flags}`);
  const more = BY_SOURCE.get(regex.source) ?? regex.source;
  if (pattern === undefined || pattern === more) return more;
  const both = BOTH.find(([a, b]) => (a === pattern && b === more) || (a === more && b === pattern));
  if (!both) throw new Error(`No published pattern says both ${JSON.stringify(pattern)} and ${JSON.stringify(more)}`);
  return both[2];
};
