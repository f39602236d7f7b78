import { notFound, requireHuman, type Actor } from '@svc/kernel';
import type { AccessRepository } from './access.repository.ts';
import type { PrincipalRecord } from './access.records.ts';
import { accessErrors } from './access.errors.ts';
import { verifyPassword } from './secrets.ts';

/**
 * The signed-in person (never an agent) proves they know their password before a change that
 * would let whoever holds the session take the account over: a new password, a recovery code.
 * A wrong one is `invalid_credentials` with the detail on `current_password`.
 */
export const requireCurrentPassword = async (repo: AccessRepository, actor: Actor, currentPassword: string): Promise<PrincipalRecord> => {
  requireHuman(actor);
  const [principal] = await repo.findPrincipals([actor.principalId]);
  if (!principal) throw notFound('principal');
  if (!(await verifyPassword(currentPassword, principal.passwordHash))) {
    throw accessErrors.wrongCurrentPassword();
  }
  return principal;
};
