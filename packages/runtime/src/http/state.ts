import type { Actor } from '@svc/kernel';
import type { KernelState } from '@svc/http';

export interface AppState extends KernelState {
  /** The caller, or null for an anonymous request. */
  actor: Actor | null;
  /** The session's CSRF token, for forms the website renders. */
  csrfToken?: string;
  /** What the bearer token's statement read besides the token: the route's `services.readsWithToken` entry, or the `writes` count. */
  readWithToken?: unknown;
  /** A bearer token came where tokens are not read (a website page): the caller is told so. */
  tokenNotRead?: boolean;
}
