import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { Actor } from '@svc/kernel';

/** What every component may need about the request: who is signed in, the form token, and "now" for relative dates. */
export interface PageEnv {
  actor: Actor | null;
  csrfToken: string;
  /** The service clock's time, so "3 days ago" agrees with the records' own timestamps. */
  now: Date;
  path: string;
}

export const PageEnvContext = createContext<PageEnv>({ actor: null, csrfToken: '', now: new Date(0), path: '/' });

export const usePageEnv = (): PageEnv => useContext(PageEnvContext);
