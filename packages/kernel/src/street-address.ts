/**
 * Street addresses in text. Everything published is public (a job, an offer, a template's general
 * area), and a home address must never be: these heuristics catch the usual ways of writing one in
 * the languages we expect, and are tuned not to fire on the free text around them ("3 bedrooms",
 * "12 kids close to the park", "in 2026, the best way", "Plan 2 Long Road Trips").
 *
 * The rules are written case-sensitively where case carries meaning (a street's name is capitalised
 * in "Rua Augusta 120"), with `(?i:…)` groups where it does not; so they are built with `RegExp`.
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
const STREET_SUFFIXES = 'straße|strasse|str\\.|weg|gasse|platz|allee|damm|chaussee|straat|laan|gatan|gata|vej|katu';

/** A number that measures distance or time ("10 minutes from …", "5 miles of …") is not a house number. */
const UNITS = 'min|mins|minutes?|miles?|mi|km|kms|kilomet(?:er|re)s?|met(?:er|re)s?|feet|ft|yards?|yds?|hours?|hrs?|blocks?|stops?|m';

/**
 * Words that join a phrase and are never part of a street's name: "3 cars on the road", "5 tips for a
 * better way", "2 chairs per row" are not addresses.
 */
const JOINING_WORDS = [
  'the', 'a', 'an', 'and', 'or', 'but', 'of', 'to', 'from', 'near', 'off', 'by', 'on', 'in', 'at', 'for', 'with',
  'into', 'onto', 'up', 'down', 'along', 'across', 'around', 'round', 'over', 'under', 'behind', 'beside', 'past',
  'through', 'about', 'after', 'before', 'between', 'within', 'this', 'that', 'these', 'those', 'my', 'our', 'your',
  'their', 'his', 'her', 'its', 'per', 'each', 'every', 'some', 'any', 'no', 'is', 'are', 'was', 'be', 'as', 'than',
].join('|');

/** Where an address's street part ends: the text's end, punctuation, "in"/"and", a compass point or a postcode. */
const STREET_END = '(?=\\s*(?:$|[,;.:)\\]\\n]|(?i:in|and|near)\\s|(?:N|S|E|W|NE|NW|SE|SW)(?![\\p{L}])|[A-Z]{1,2}\\d|\\d{4,5}(?![\\p{N}])))';

/** A house number: "12", "221B", "12-14". */
const HOUSE_NUMBER = '(?<![\\p{L}\\p{N}])\\d{1,5}[a-zA-Z]?(?:[-/]\\d{1,5}[a-zA-Z]?)?(?![\\p{L}\\p{N}])';

/** One word of a street's name: not a joining word. */
const NAME_WORD = `(?!(?i:${JOINING_WORDS})(?![\\p{L}]))\\p{L}[\\p{L}'’.-]*`;

/** "12 Main Street", "221B Baker St, London", "12-14 Elm Rd", "3 Hillside Close and …". */
const NUMBER_THEN_STREET = new RegExp(
  `${HOUSE_NUMBER},?\\s+(?!(?i:${UNITS})(?![\\p{L}]))(?:${NAME_WORD}\\s+){1,3}(?i:${STREET_WORDS})(?![\\p{L}])(?!\\s+(?i:to|by)(?![\\p{L}]))${STREET_END}`,
  'u',
);

/** French, Italian, Spanish and Portuguese put the street word first: "12 rue de Rivoli", "5 avenue Foch". */
const NUMBER_THEN_ROMANCE_STREET = new RegExp(
  `${HOUSE_NUMBER},?\\s+(?i:rue|avenue|boulevard|bd|place|chemin|allée|impasse|quai|viale|piazza|corso|calle|avenida|rua|praça|travessa)\\s+` +
    `(?:(?:(?i:de|du|des|la|le|les|del|della|dei|delle|da|do|dos|das|di)\\s+|(?i:l|d)['’])+\\p{L}|\\p{Lu})`,
  'u',
);

/** "Hauptstraße 5", "Musterstrasse 12a", "Hauptstr. 5". */
const STREET_SUFFIX_THEN_NUMBER = new RegExp(`\\p{L}*(?i:${STREET_SUFFIXES})\\s*\\d{1,5}[a-zA-Z]?(?![\\p{N}])`, 'u');

/**
 * "Calle Mayor, 5", "Rua Augusta 120", "Via Roma 10" (the Italian `Via` capitalised only: "via London
 * 2 days" is a route); a year after the name ("Rua Augusta in 2026") is no house number.
 */
const STREET_THEN_NUMBER = new RegExp(
  `(?<![\\p{L}])(?:(?i:rue|calle|avenida|rua|viale|straat)|Via)\\s+\\p{Lu}[^\\d\\n]{0,40}?(?<![\\p{L}\\p{N}])(?!(?:19|20)\\d\\d(?![\\p{N}]))\\d{1,4}[a-zA-Z]?(?![\\p{N}])`,
  'u',
);

/**
 * A named street with its number after it, as much of Europe writes it: "Baker Street 221B", "Main
 * St. 5, Leeds". Only where the number ends the phrase: "Abbey Road 2 tracks" is no address.
 */
const NAMED_STREET_THEN_NUMBER = new RegExp(
  `(?<![\\p{L}])\\p{Lu}[\\p{L}'’-]*\\s+(?:\\p{Lu}[\\p{L}'’-]*\\s+)?(?i:${STREET_WORDS})\\.?\\s+(?!(?:19|20)\\d\\d(?![\\p{N}]))${HOUSE_NUMBER}(?=\\s*(?:$|[,;)\\]\\n]))`,
  'u',
);

/** A full UK postcode ("SW1A 1AA"), a US ZIP code, or a 4-5 digit continental postcode (not a year, not part of a date). */
const POSTCODE =
  '(?:(?<![\\p{L}\\p{N}])(?i:[a-z]{1,2}\\d[a-z\\d]?\\s*\\d[a-z]{2})(?![\\p{L}\\p{N}])' +
  '|(?<![\\p{L}\\p{N}]|\\p{N}[-./])(?!(?:19|20)\\d\\d(?![\\p{N}]))\\d{4,5}(?:-\\d{4})?(?![\\p{L}\\p{N}]|[-./:]\\p{N}))';

/** A named street: "Baker Street", "Chausseestraße". */
const STREET_NAME = `(?:\\p{Lu}[\\p{L}'’.-]*\\s+(?i:${STREET_WORDS})(?![\\p{L}])|\\p{L}+(?i:${STREET_SUFFIXES})(?![\\p{L}]))`;

/** A postcode within a few words of a named street, on one line: "Main Street, SW1A 1AA", "10115 Berlin, Chausseestraße". */
const POSTCODE_NEAR_STREET = new RegExp(`${POSTCODE}[^\\n]{0,40}?${STREET_NAME}|${STREET_NAME}[^\\n]{0,40}?${POSTCODE}`, 'u');

const RULES = [NUMBER_THEN_STREET, NUMBER_THEN_ROMANCE_STREET, STREET_SUFFIX_THEN_NUMBER, STREET_THEN_NUMBER, NAMED_STREET_THEN_NUMBER, POSTCODE_NEAR_STREET];

/** True when the text holds something that reads like a street address rather than a general area. */
// Every rule needs a digit (a house number or a postcode): most public text has none and skips them all.
export const looksLikeStreetAddress = (text: string): boolean => /\d/.test(text) && RULES.some((rule) => rule.test(text));
