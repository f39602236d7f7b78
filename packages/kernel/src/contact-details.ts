import { DomainError, type ValidationIssue } from './errors.ts';
import { holdsPhoneNumber } from './phone-number.ts';
import { looksLikeStreetAddress } from './street-address.ts';

/**
 * Contact details in public text. E-mail addresses are never published (the contract), and the
 * same goes for phone numbers and street addresses: people get in touch through private threads.
 * Jobs, offers, feedback, display names and directory entries refuse public text that holds one,
 * on every door alike (docs/decisions.md).
 */

/** The kinds of contact detail, as the error body names them (`details[].found`). */
export const CONTACT_DETAIL_KINDS = ['email_address', 'phone_number', 'street_address'] as const;
export type ContactDetailKind = (typeof CONTACT_DETAIL_KINDS)[number];

const WORDS: Record<ContactDetailKind, string> = {
  email_address: 'an e-mail address',
  phone_number: 'a phone number',
  street_address: 'a street address',
};

/** "jo@example.org", "jo.smith+party@mail.example.co.uk". */
const EMAIL = /(?<![\p{L}\p{N}._%+'-])[\p{L}\p{N}._%+'-]+@(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+\p{L}{2,}(?![\p{L}\p{N}-])/u;

/** The usual disguises: "jo [at] example [dot] org", "jo (at) example.org". */
const DISGUISED_EMAIL = /[\p{L}\p{N}._%+-]+\s*[[(]\s*at\s*[\])]\s*[\p{L}\p{N}-]+(?:\s*[[(]\s*dot\s*[\])]\s*[\p{L}\p{N}-]+|\.[\p{L}\p{N}-]+)+/iu;

/**
 * A web link's user and host are not an e-mail address ("https://user@example.org"): only what
 * follows the host is searched ("…/contact?to=jo@example.org" still is one).
 */
const LINK_HOST = /\bhttps?:\/\/[^\s/?#]*/giu;

/** What every address, plain or disguised, holds: an `@`, or "at" in brackets. */
const AT_SIGN = /@|[[(]\s*at\s*[\])]/i;

const holdsEmailAddress = (text: string): boolean => {
  // Most public text has neither, and skips the searches below.
  if (!AT_SIGN.test(text)) return false;
  const searched = text.replace(LINK_HOST, ' ');
  return EMAIL.test(searched) || DISGUISED_EMAIL.test(searched);
};

const CHECKS: [ContactDetailKind, (text: string) => boolean][] = [
  ['email_address', holdsEmailAddress],
  ['phone_number', holdsPhoneNumber],
  ['street_address', looksLikeStreetAddress],
];

/** Invisible characters (zero-width spaces and joiners, direction marks, soft hyphens…): Unicode's format class. */
const INVISIBLE = /\p{Cf}/gu;

/** A full stop as CJK text writes it ("jo@example。com"; NFKC folds the halfwidth one into it). */
const IDEOGRAPHIC_STOP = /\u3002/gu;

/** A quoted local part, as RFC 5322 allows (`"jo"@example.org`), read without its quotes. */
const QUOTED_LOCAL_PART = /"([^"\s@]+)"@/gu;

/** An `@` written as a URL escape or an HTML character reference ("jo%40example.org", "jo&#64;example.org"). */
const ESCAPED_AT = /%40|&#0*64;|&#x0*40;|&commat;/giu;

/**
 * The text as a reader sees it: compatibility forms folded ("＠" is "@", fullwidth digits are digits),
 * invisible characters dropped and escaped at signs read as one, so that an address split by a
 * zero-width space or written in fullwidth letters is found as the plain one would be.
 */
const asRead = (text: string): string =>
  text.normalize('NFKC').replace(INVISIBLE, '').replace(ESCAPED_AT, '@').replace(IDEOGRAPHIC_STOP, '.').replace(QUOTED_LOCAL_PART, '$1@');

/** The kinds of contact detail a text holds, in the order of `CONTACT_DETAIL_KINDS`; none: `[]`. */
export const findContactDetails = (text: string): ContactDetailKind[] => {
  const read = asRead(text);
  return CHECKS.flatMap(([kind, holds]) => (holds(read) ? [kind] : []));
};

/** A refused field: its path, a message that names the kind (never the detail itself), and the kind. */
export interface ContactDetailIssue extends ValidationIssue {
  found: ContactDetailKind;
}

/**
 * One issue per field and kind of contact detail found in the given public text: strings are read,
 * lists and objects are walked with their paths (`completion_checklist.2`, `details.theme`).
 */
export const contactDetailIssues = (fields: Readonly<Record<string, unknown>>, prefix = ''): ContactDetailIssue[] =>
  Object.entries(fields).flatMap(([key, value]): ContactDetailIssue[] => {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') {
      return findContactDetails(value).map((found) => ({
        path,
        message: `must not hold ${WORDS[found]}: contact happens in private threads, never in public text`,
        found,
      }));
    }
    if (Array.isArray(value)) return contactDetailIssues({ ...value }, path);
    if (typeof value === 'object' && value !== null && !(value instanceof Date)) return contactDetailIssues(value as Record<string, unknown>, path);
    return [];
  });

/**
 * Refuses public text that holds a contact detail, and public links that hold an e-mail address:
 * `422 blocked_content`, with a `details` entry per field and kind (`{path, message, found}`), and
 * nothing stored.
 */
export const refuseContactDetails = (fields: Readonly<Record<string, unknown>>, links: Readonly<Record<string, unknown>> = {}): void => {
  // A link is searched for e-mail addresses only, which the contract never publishes: its digits
  // and words are a path, not a phone number or a street.
  const details = [...contactDetailIssues(fields), ...contactDetailIssues(links).filter((issue) => issue.found === 'email_address')];
  if (details.length > 0) {
    throw new DomainError(
      'blocked_content',
      'Public text must not hold contact details (e-mail addresses, phone numbers, street addresses): people get in touch through private threads.',
      { details },
    );
  }
};
