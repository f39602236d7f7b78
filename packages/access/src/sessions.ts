import { DAY_MS } from '@svc/kernel';
import type { AccessDeps } from './access.deps.ts';
import { hashSecret, newSecret } from './secrets.ts';

/** A session ends 30 days after sign-in at the latest (absolute lifetime). */
export const SESSION_DAYS = 30;
/** A session not used for 7 days ends earlier (idle timeout). */
export const SESSION_IDLE_DAYS = 7;
/** Use is noted at most every 5 minutes per session, so a busy person does not write on every request. */
export const SESSION_SEEN_EVERY_MS = 5 * 60_000;

export interface NewSession {
  /** The cookie value: shown once, stored only as a hash. */
  sessionId: string;
  csrfToken: string;
  expiresAt: Date;
  principal: { principal_id: string; display_name: string };
}

/**
 * Signs a principal in: a new session stored as the hash of its cookie value. Every way in (sign-up,
 * sign-in, a password reset) opens its session here, so they all get the same lifetimes.
 */
export const openSession = async ({ repo, clock }: Pick<AccessDeps, 'repo' | 'clock'>, principal: { id: string; displayName: string }): Promise<NewSession> => {
  const sessionId = newSecret('ses');
  const csrfToken = newSecret('csrf');
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + SESSION_DAYS * DAY_MS);
  await repo.insertSession({ idHash: hashSecret(sessionId), principalId: principal.id, csrfToken, createdAt: now, expiresAt, lastSeenAt: now });
  return { sessionId, csrfToken, expiresAt, principal: { principal_id: principal.id, display_name: principal.displayName } };
};
