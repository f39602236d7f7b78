/**
 * Which navigation link is the current place for a path: each link names the address prefixes it
 * stands for, so pages without a link of their own (a profile, the overview of one's records, a
 * confirmation step) still mark where they belong. The first link that claims the path wins.
 */
/** Where the navigation's Support link (shown to support people only) leads: the first support page. */
export const SUPPORT_HOME = '/support/reports';

export const PLACES: readonly { href: string; prefixes: readonly string[] }[] = [
  { href: '/my/jobs', prefixes: ['/my/jobs'] },
  { href: '/jobs', prefixes: ['/jobs', '/templates'] },
  { href: '/services', prefixes: ['/services', '/feedback'] },
  { href: '/directory', prefixes: ['/directory', '/principals'] },
  { href: '/agents', prefixes: ['/agents', '/examples'] },
  { href: '/threads', prefixes: ['/threads'] },
  // The person's name: their account and every other record of their own.
  { href: '/account', prefixes: ['/account', '/my', '/responses', '/connect', '/oauth'] },
  { href: '/login', prefixes: ['/login', '/auth/reset'] },
  { href: '/signup', prefixes: ['/signup'] },
  { href: '/journal', prefixes: ['/journal'] },
  // Support's pages, under the link only support people have.
  { href: SUPPORT_HOME, prefixes: ['/support'] },
  { href: '/site-feedback', prefixes: ['/site-feedback', '/reports'] },
  { href: '/', prefixes: [] },
];

const under = (path: string, prefix: string): boolean => path === prefix || path.startsWith(`${prefix}/`);

/** The navigation link that marks `path` as the current place, if any. */
export const placeOf = (path: string): string | undefined =>
  path === '/' ? '/' : PLACES.find((place) => place.prefixes.some((prefix) => under(path, prefix)))?.href;

/** A sign-in or sign-up address that leads back to `next` afterwards (the address alone when there is none). */
export const withNext = (path: string, next: string): string => (next ? `${path}?next=${encodeURIComponent(next)}` : path);
