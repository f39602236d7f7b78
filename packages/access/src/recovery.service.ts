import { notFound, parseInput, requireHuman, toIso, type Actor } from '@svc/kernel';
import type { AccessDeps } from './access.deps.ts';
import { accessErrors } from './access.errors.ts';
import type { RecoveryCodeIssuer, RecoveryCodeRecord } from './access.records.ts';
import { passwordResetSchema, recoveryCodeCreateSchema } from './access.schemas.ts';
import { requireCurrentPassword } from './current-password.ts';
import { countingFailures, signInCounters } from './limits.ts';
import { hashPassword, hashSecret, newRecoveryCode, normaliseRecoveryCode } from './secrets.ts';
import { openSession, type NewSession } from './sessions.ts';

/** A code support gives out works for an hour: long enough to type it in, short enough not to lie about. */
export const SUPPORT_RECOVERY_CODE_MINUTES = 60;

/** A code shown once: to the person who made it, or to support to hand over. */
export interface IssuedRecoveryCode {
  recovery_code: string;
  created_at: string;
  expires_at: string | null;
}

/** What the account page says about a person's codes; never the codes themselves. */
export interface RecoveryCodeStatus {
  /** The person's own code, if they made one that is not used up. */
  own: { created_at: string } | null;
  /** A code support made for them that still works. */
  support: { created_at: string; expires_at: string } | null;
}

export interface PasswordReset {
  session: NewSession;
  /** Every session the person had before (all of them end: whoever knew the old password is signed out). */
  sessions_ended: number;
  recovery_code_used: RecoveryCodeIssuer;
}

/**
 * Forgotten passwords. The service sends no messages, so a person proves the account is theirs with
 * a one-time recovery code: one they made while signed in (with their password), or one support made
 * after checking who they are another way. Codes are stored only as SHA-256 hashes.
 */
export interface RecoveryService {
  /** Whether the signed-in person has a code of their own, and one from support, and when each was made. */
  status(actor: Actor): Promise<RecoveryCodeStatus>;
  /**
   * A new code for the signed-in person, replacing their earlier one; shown once. It asks for the
   * current password, as a password change does: a code sets a new password, so a stolen session
   * alone must not be enough to make one. Never expires; used up by the reset it allows.
   */
  create(actor: Actor, input: unknown): Promise<IssuedRecoveryCode>;
  /**
   * For the command line only (`svc accounts recovery-code <email>`), once support has checked who
   * the person is: a code that works once within the hour. It replaces support's earlier code for
   * them and leaves the person's own code alone.
   */
  issueForSupport(email: string): Promise<IssuedRecoveryCode & { principal: { principal_id: string; display_name: string } }>;
  /**
   * Sets a new password with a recovery code and signs the person in. In one transaction the code
   * is used up, the password replaced and every session of the person ended; agents' grants are
   * left alone, as on a password change. A wrong, used or expired code and an e-mail without an
   * account get the same refusal, and use up the sign-in failure limits (counted before the check,
   * given back on success): `from` is the client address.
   */
  reset(input: unknown, from: string): Promise<PasswordReset>;
}

export const createRecoveryService = ({ repo, clock, limiter, transaction }: Pick<AccessDeps, 'repo' | 'clock' | 'limiter' | 'transaction'>): RecoveryService => {
  /** `lifetimeMs` null: until used or replaced. */
  const issue = async (principalId: string, issuedBy: RecoveryCodeIssuer, lifetimeMs: number | null): Promise<IssuedRecoveryCode> => {
    const code = newRecoveryCode();
    const createdAt = clock.now();
    const expiresAt = lifetimeMs === null ? null : new Date(createdAt.getTime() + lifetimeMs);
    await repo.putRecoveryCode({ codeHash: hashSecret(normaliseRecoveryCode(code)), principalId, issuedBy, createdAt, expiresAt });
    return { recovery_code: code, created_at: toIso(createdAt), expires_at: expiresAt ? toIso(expiresAt) : null };
  };
  const byIssuer = (codes: RecoveryCodeRecord[], issuedBy: RecoveryCodeIssuer) => codes.find((code) => code.issuedBy === issuedBy);

  return {
    status: async (actor: Actor): Promise<RecoveryCodeStatus> => {
      requireHuman(actor);
      const codes = await repo.listRecoveryCodes(actor.principalId, clock.now());
      const own = byIssuer(codes, 'person');
      const support = byIssuer(codes, 'support');
      return {
        own: own ? { created_at: toIso(own.createdAt) } : null,
        support: support?.expiresAt ? { created_at: toIso(support.createdAt), expires_at: toIso(support.expiresAt) } : null,
      };
    },

    create: async (actor: Actor, input: unknown): Promise<IssuedRecoveryCode> => {
      requireHuman(actor);
      const { current_password } = parseInput(recoveryCodeCreateSchema, input);
      const principal = await requireCurrentPassword(repo, limiter, actor, current_password);
      return issue(principal.id, 'person', null);
    },

    issueForSupport: async (email: string): Promise<IssuedRecoveryCode & { principal: { principal_id: string; display_name: string } }> => {
      const principal = await repo.findPrincipalByEmail(email.trim().toLowerCase());
      if (!principal) throw notFound('principal');
      return { ...(await issue(principal.id, 'support', SUPPORT_RECOVERY_CODE_MINUTES * 60_000)), principal: { principal_id: principal.id, display_name: principal.displayName } };
    },

    reset: async (input: unknown, from: string): Promise<PasswordReset> => {
      const { email, recovery_code, new_password } = parseInput(passwordResetSchema, input);
      const codeHash = hashSecret(normaliseRecoveryCode(recovery_code));
      const done = await countingFailures(
        limiter,
        signInCounters(email, from),
        'Too many failed sign-ins and password resets from this address.',
        async () => {
          // Hashed before the code is checked: every attempt costs the same, whatever the answer.
          const passwordHash = await hashPassword(new_password);
          return transaction(async (): Promise<PasswordReset | null> => {
            const used = await repo.useRecoveryCode(email, codeHash, clock.now());
            if (!used) return null;
            const principal = await repo.setPasswordHash(used.principalId, passwordHash);
            // A code's row goes with its principal (on delete cascade); if that ever failed, roll the use back.
            if (!principal) throw notFound('principal');
            const sessionsEnded = await repo.deleteSessionsOf(principal.id, null);
            return { session: await openSession({ repo, clock }, principal), sessions_ended: sessionsEnded, recovery_code_used: used.issuedBy };
          });
        },
        (reset) => reset === null,
      );
      if (!done) throw accessErrors.wrongEmailOrRecoveryCode();
      return done;
    },
  };
};
