/**
 * Input a person types that has one obvious meaning is put in the form the API takes before it
 * is validated, so nobody is refused for writing "Home & Garden" or "gbp". What has no such form
 * is left as typed, for the field's message to explain.
 */

/** Words as a slug: "Home & Garden" → "home-garden", "Café owner" → "cafe-owner". */
export const slugOf = (text: string | undefined): string => {
  const typed = (text ?? '').trim();
  const slug = typed
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  // Nothing usable left ("!!!"): keep what was typed so the message can say what is wanted.
  return slug || typed;
};

/**
 * A list typed with commas as slugs: "Home & Garden, kids" → ["home-garden", "kids"]. Only commas
 * separate, so words of one entry stay one slug; empty entries are dropped.
 */
export const slugsOf = (text: string | undefined): string[] =>
  (text ?? '')
    .split(',')
    .map(slugOf)
    .filter(Boolean);

/** A currency code in upper case, as ISO 4217 writes it: "gbp " → "GBP". */
export const currencyOf = (text: string | undefined): string => (text ?? '').trim().toUpperCase();

/**
 * The version a form sent back (`expected_version`, a hidden field), as the API takes it: none when
 * the field is missing or blank, so the service answers what the API does (428
 * expected_version_required), not "must be a number" about a field the person never saw.
 */
export const versionOf = (text: string | undefined): number | undefined => (text === undefined || text.trim() === '' ? undefined : Number(text));
