import * as v from 'valibot';
import { TEXT_PATTERNS } from './text-patterns.ts';

/** Written `https://` (in either case), no white space inside: the part a JSON Schema `pattern` says. */
const HTTPS_FORM = new RegExp(TEXT_PATTERNS.httpsForm);

/** The rest: the URL parser reads an https address with a host and no user name or password. */
const parsesAsHttps = (value: string): boolean => {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.length > 0 && url.username === '' && url.password === '';
  } catch {
    return false;
  }
};

/**
 * An https address a person may be sent to: written `https://`, no white space anywhere (a browser
 * drops a tab or line break inside the host and opens another address than the text shows), a host,
 * and no user name or password in it. One rule for every link the service stores (an offer's
 * contact, feedback's sources, a directory destination).
 */
export const isHttpsUrl = (value: string): boolean => value.trim() === value && HTTPS_FORM.test(value) && parsesAsHttps(value);

/**
 * `isHttpsUrl` to close a trimmed field's pipe (spread it: `...httpsUrlRule(message)`): the form as a
 * regex, which the OpenAPI document shows as the field's `pattern`, then the whole rule as a check,
 * which refuses only what the regex let through. Both say `message`.
 */
export const httpsUrlRule = (message: string) =>
  [v.regex<string, string>(HTTPS_FORM, message), v.check((value: string) => !HTTPS_FORM.test(value) || isHttpsUrl(value), message)] as const;
