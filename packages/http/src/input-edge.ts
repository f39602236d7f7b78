import { DomainError, hasNul, NUL_REFUSED, validationFailed } from '@svc/kernel';

/** Deeper JSON than this is refused before anything else reads it (no request needs more than a few levels). */
export const MAX_JSON_DEPTH = 64;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Control characters no text of ours carries (a bell, an escape…): all of C0 but tab and line
 * breaks, DEL, and all of C1 (U+0080–U+009F: U+009B is an escape in 8-bit terminals, U+0085 a line
 * break only some readers know).
 */
const hasControl = (text: string): boolean => {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
};

/**
 * Why a string cannot be stored: PostgreSQL text refuses U+0000, a lone surrogate is not Unicode,
 * and a control character would reach every page and terminal that shows the text.
 */
export const unstorableText = (text: string): string | null => {
  if (hasNul(text)) return NUL_REFUSED;
  if (LONE_SURROGATE.test(text)) return 'must be valid Unicode (it holds a lone surrogate)';
  if (hasControl(text)) return 'must not contain control characters (tab and line breaks are fine)';
  return null;
};

/**
 * Walks a parsed JSON value without recursion: refuses nesting deeper than `MAX_JSON_DEPTH`
 * (400 `invalid_json`) and any string or key that cannot be stored (400 `validation_failed` naming
 * the field). Every route gets this once, at the edge, so no domain has to remember it.
 */
export const checkJsonValue = (value: unknown, root: string): void => {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: root, depth: 0 }];
  while (stack.length > 0) {
    const { value: item, path, depth } = stack.pop()!;
    if (typeof item === 'string') {
      const problem = unstorableText(item);
      if (problem) throw validationFailed([{ path, message: problem }]);
      continue;
    }
    if (item === null || typeof item !== 'object') continue;
    if (depth >= MAX_JSON_DEPTH) {
      throw new DomainError('invalid_json', `The JSON is nested more than ${MAX_JSON_DEPTH} levels deep.`);
    }
    const entries = Array.isArray(item) ? item.map((element, index) => [String(index), element] as const) : Object.entries(item);
    for (const [key, element] of entries) {
      const keyProblem = unstorableText(key);
      const at = path ? `${path}.${key}` : key;
      if (keyProblem) throw validationFailed([{ path: path || '(key)', message: `a key ${keyProblem}` }]);
      stack.push({ value: element, path: at, depth: depth + 1 });
    }
  }
};

/** Query strings and path parameters: each value must be storable text. */
export const checkTextValues = (values: Record<string, unknown>): void => {
  for (const [name, raw] of Object.entries(values)) {
    for (const text of Array.isArray(raw) ? raw : [raw]) {
      if (typeof text !== 'string') continue;
      const problem = unstorableText(text) ?? unstorableText(name);
      if (problem) throw validationFailed([{ path: name, message: problem }]);
    }
  }
};

/** Percent-encoded text decoded (`+` as a space where a query or form says so), or null when its escapes are not UTF-8. */
const percentDecoded = (text: string, plusIsSpace = false): string | null => {
  try {
    return decodeURIComponent(plusIsSpace ? text.replaceAll('+', ' ') : text);
  } catch {
    return null;
  }
};

const NOT_PERCENT_UTF8 = 'must be valid percent-encoded UTF-8';

/** The request path, decoded: valid UTF-8 and storable text, else 400 naming `path`. */
export const checkPath = (rawPath: string): void => {
  const decoded = percentDecoded(rawPath);
  if (decoded === null) throw validationFailed([{ path: 'path', message: NOT_PERCENT_UTF8 }]);
  checkTextValues({ path: decoded });
};

/**
 * The raw query string: each name and value valid percent-encoded UTF-8, else 400 naming the
 * parameter. Koa's parser decodes an invalid escape (`%ff`) as U+FFFD instead of refusing it, so a
 * search would run for a character the client never sent.
 */
export const checkQueryString = (raw: string): void => {
  if (!raw.includes('%')) return;
  for (const pair of raw.split('&')) {
    const equals = pair.indexOf('=');
    const name = equals === -1 ? pair : pair.slice(0, equals);
    const decodedName = percentDecoded(name, true);
    if (decodedName === null || (equals !== -1 && percentDecoded(pair.slice(equals + 1), true) === null)) {
      // Named as decoded where the name itself can be, else as sent.
      throw validationFailed([{ path: decodedName ?? name, message: NOT_PERCENT_UTF8 }]);
    }
  }
};

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** A body's bytes as text, or null when they are not valid UTF-8 (never replaced by U+FFFD). */
export const utf8Text = (bytes: Uint8Array): string | null => {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return null;
  }
};
