import type { Actor } from '@svc/kernel';
import type { KernelState } from '@svc/kernel/http';

export interface ApiState extends KernelState {
  /** The caller, or null for an anonymous request. */
  actor: Actor | null;
  /** The session's CSRF token, for forms the website renders. */
  csrfToken?: string;
}
