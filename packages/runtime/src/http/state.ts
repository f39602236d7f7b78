import type { Actor } from '@svc/kernel';
import type { KernelState } from '@svc/http';

export interface AppState extends KernelState {
  /** The caller, or null for an anonymous request. */
  actor: Actor | null;
  /** The session's CSRF token, for forms the website renders. */
  csrfToken?: string;
  /** What the route's entry in `services.readsWithToken` read in the bearer token's statement. */
  readWithToken?: unknown;
}
