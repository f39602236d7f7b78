/**
 * Templates ask for a general area ("Camden, London", "north Leeds"), never a street address: jobs
 * are public, and a child's party address must not be published. These checks are deliberately
 * simple heuristics that catch the usual ways of writing an address in the languages we expect.
 */

/** Words (and common abbreviations) that name a street, matched as whole words. */
const STREET_WORDS = [
  'street', 'st', 'road', 'rd', 'avenue', 'ave', 'av', 'lane', 'ln', 'drive', 'dr', 'boulevard', 'blvd',
  'close', 'court', 'ct', 'crescent', 'cres', 'place', 'pl', 'terrace', 'terr', 'way', 'grove', 'gardens',
  'gdns', 'square', 'sq', 'parade', 'mews', 'highway', 'hwy', 'parkway', 'pkwy', 'circle', 'cir', 'trail',
  'row', 'straße', 'strasse', 'str', 'weg', 'gasse', 'platz', 'allee', 'rue', 'calle', 'avenida', 'rua',
  'viale', 'piazza', 'plaza', 'straat', 'laan', 'gata', 'gatan', 'vej', 'katu', 'ulica', 'utca',
].join('|');

/** Street words that are written as the end of one word ("Hauptstraße 5", "Mühlweg 3"). */
const STREET_SUFFIXES = 'straße|strasse|str\\.|weg|gasse|platz|allee|straat|laan|gatan|gata|vej|katu';

/** A number that measures distance or time ("10 minutes from …", "5 miles of …") is not a house number. */
const UNITS = 'min|mins|minutes?|miles?|mi|km|kms|kilomet(?:er|re)s?|hours?|hrs?|blocks?|stops?|m';
const LINKING_WORDS = 'from|near|off|of|to|and|or|by';

/** "12 Main Street", "221B Baker St", "12-14 Elm Rd", "12 rue de Rivoli". */
const NUMBER_THEN_STREET = new RegExp(
  `(?:^|[^\\p{L}\\p{N}])\\d{1,5}[a-z]?(?:[-/]\\d{1,5}[a-z]?)?,?\\s+(?!(?:${UNITS})(?![\\p{L}]))` +
    `(?:(?!(?:${LINKING_WORDS})\\s)[\\p{L}'’.-]+\\s+){0,3}(?:${STREET_WORDS})(?![\\p{L}])`,
  'iu',
);

/** "Hauptstraße 5", "Musterstrasse 12a". */
const STREET_SUFFIX_THEN_NUMBER = new RegExp(`\\p{L}*(?:${STREET_SUFFIXES})\\s*\\d{1,5}(?![\\p{N}])`, 'iu');

/** "Calle Mayor, 5", "Rua Augusta 120". */
const STREET_THEN_NUMBER = /(?:^|[^\p{L}])(?:rue|calle|avenida|rua|viale|straat)\s[^\d]{1,60}?\d{1,5}(?![\p{N}])/iu;

/** A full UK postcode ("SW1A 1AA"), a US ZIP code, or a 4-5 digit continental postcode. */
const POSTCODE = /(?:^|[^\p{L}\p{N}])(?:[a-z]{1,2}\d[a-z\d]?\s*\d[a-z]{2}|\d{4,5}(?:-\d{4})?)(?![\p{L}\p{N}])/iu;

const STREET_WORD = new RegExp(`(?:^|[^\\p{L}])(?:${STREET_WORDS})(?![\\p{L}])|\\p{L}(?:${STREET_SUFFIXES})(?![\\p{L}])`, 'iu');

/** True when the text reads like a street address rather than a general area. */
export const looksLikeStreetAddress = (text: string): boolean =>
  NUMBER_THEN_STREET.test(text) ||
  STREET_SUFFIX_THEN_NUMBER.test(text) ||
  STREET_THEN_NUMBER.test(text) ||
  (POSTCODE.test(text) && STREET_WORD.test(text));

export const GENERAL_AREA_MESSAGE =
  'must be a general area such as "Camden, London" or "north Leeds", not a street address';
