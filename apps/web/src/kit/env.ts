import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { Actor } from '@svc/kernel';
import type { NavigationCounts } from '@svc/runtime';

/** What every component may need about the request: who is signed in, the form token, and "now" for relative dates. */
export interface PageEnv {
  actor: Actor | null;
  csrfToken: string;
  /** The service clock's time, so "3 days ago" agrees with the records' own timestamps. */
  now: Date;
  path: string;
  /** Where the header's "Sign in" and "Sign up" lead back to afterwards ('' for the default). */
  returnTo: string;
  /** What waits for the signed-in person (the navigation's badges); null when signed out or not read. */
  navigation: NavigationCounts | null;
}

export const PageEnvContext = createContext<PageEnv>({ actor: null, csrfToken: '', now: new Date(0), path: '/', returnTo: '', navigation: null });

export const usePageEnv = (): PageEnv => useContext(PageEnvContext);
