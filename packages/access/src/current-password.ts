import type { RateLimiter } from '@svc/db';
import { notFound, requireHuman, type Actor } from '@svc/kernel';
import type { AccessRepository } from './access.repository.ts';
import { ACCESS_LIMITS, countingFailures } from './limits.ts';
import type { PrincipalRecord } from './access.records.ts';
import { accessErrors } from './access.errors.ts';
import { verifyPassword } from './secrets.ts';

/**
 * The signed-in person (never an agent) proves they know their password before a change that
 * would let whoever holds the session take the account over: a new password, a recovery code.
 * A wrong one is `invalid_credentials` with the detail on `current_password`; past 10 wrong ones in
 * 15 minutes, 429 before any is checked, so a stolen session cannot guess it faster than sign-in.
 */
export const requireCurrentPassword = async (repo: AccessRepository, limiter: RateLimiter, actor: Actor, currentPassword: string): Promise<PrincipalRecord> => {
  requireHuman(actor);
  const [principal] = await repo.findPrincipals([actor.principalId]);
  if (!principal) throw notFound('principal');
  const right = await countingFailures(
    limiter,
    [[ACCESS_LIMITS.currentPasswordFailuresPerPrincipal, principal.id]],
    'Too many wrong current passwords.',
    () => verifyPassword(currentPassword, principal.passwordHash),
    (ok) => !ok,
  );
  if (!right) throw accessErrors.wrongCurrentPassword();
  return principal;
};
