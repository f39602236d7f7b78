import { DAY_MS, parseInput, refuseContactDetails, requireHuman, type Actor } from '@svc/kernel';
import type { AccessDeps } from './access.deps.ts';
import { accessErrors } from './access.errors.ts';
import { loginSchema, passwordChangeSchema, signupSchema } from './access.schemas.ts';
import { sessionActor } from './actor.ts';
import { requireCurrentPassword } from './current-password.ts';
import { ACCESS_LIMITS, countingFailures, signInCounters, takeOrRefuse } from './limits.ts';
import { checkPassword, dummyPasswordHash, hashPassword, hashSecret } from './secrets.ts';
import { openSession as open, SESSION_IDLE_DAYS, SESSION_SEEN_EVERY_MS, type NewSession } from './sessions.ts';

/** Human accounts: sign-up, sign-in, sessions and password changes. */
export interface AccountsService {
  /**
   * Creates a principal and signs it in. From one `client` at most 10 valid sign-ups are tried in
   * 15 minutes, those refused as `email_taken` included: they tell whether an address has an
   * account, so they are what an enumeration would use. Invalid input counts nothing.
   */
  signup(input: unknown, client?: string): Promise<NewSession>;
  /**
   * Same answer for a wrong password and an unknown e-mail. Only failures count, and each attempt
   * is counted before its password is checked, so concurrent guesses cannot outrun the limit.
   * The per-account count is kept per client address: guessing from one address never locks the
   * owner out at another.
   */
  login(input: unknown, client: string): Promise<NewSession>;
  /**
   * Changes the signed-in person's password after checking the current one (an agent never can),
   * and ends every other session of theirs in the same transaction: whoever knew the old password
   * is signed out. The session making the change (`sessionId`, its cookie value) stays. Agents'
   * grants are left alone; the account page offers revoking them all in one step.
   * A wrong current password is `invalid_credentials` with the detail on `current_password`.
   * Answers how many other sessions ended.
   */
  changePassword(actor: Actor, input: unknown, sessionId: string): Promise<{ sessions_ended: number }>;
  /** "Sign out everywhere": ends every session of the signed-in person, this one included. */
  endAllSessions(actor: Actor): Promise<{ sessions_ended: number }>;
  /** Ends the session behind a cookie value; an unknown one is no error. */
  logout(sessionId: string): Promise<void>;
  /**
   * The actor behind a session cookie, with the session's CSRF token; null when unknown, past its
   * 30 days, or unused for 7 days. Use is noted at most every 5 minutes (one small UPDATE then).
   */
  resolveSession(sessionId: string): Promise<{ actor: Actor; csrfToken: string } | null>;
}

export const createAccountsService = ({ repo, clock, ids, limiter, transaction }: Pick<AccessDeps, 'repo' | 'clock' | 'ids' | 'limiter' | 'transaction'>): AccountsService => {
  const openSession = (principal: { id: string; displayName: string }): Promise<NewSession> => open({ repo, clock }, principal);

  return {
    signup: async (input: unknown, client?: string): Promise<NewSession> => {
      const { email, password, display_name } = parseInput(signupSchema, input);
      // Shown beside everything the principal posts: public text, so never the e-mail typed above it.
      refuseContactDetails({ display_name });
      if (client !== undefined) await takeOrRefuse(limiter, [ACCESS_LIMITS.signUpsPerAddress, client], 'Too many sign-ups from this address.');
      const principal = {
        id: ids('prn'),
        email,
        passwordHash: await hashPassword(password),
        displayName: display_name,
        isSupport: false,
        createdAt: clock.now(),
      };
      if (!(await repo.insertPrincipal(principal))) {
        throw accessErrors.emailTaken();
      }
      return openSession(principal);
    },

    login: async (input: unknown, client: string): Promise<NewSession> => {
      const { email, password } = parseInput(loginSchema, input);
      const principal = await countingFailures(
        limiter,
        signInCounters(email, client),
        'Too many failed sign-ins from this address.',
        async () => {
          const found = await repo.findPrincipalByEmail(email);
          const { ok, needsRehash } = await checkPassword(password, found?.passwordHash ?? dummyPasswordHash());
          return found && ok ? { found, needsRehash } : null;
        },
        (signedIn) => signedIn === null,
      );
      if (!principal) throw accessErrors.wrongEmailOrPassword();
      // The one moment the password is known: a hash made with older scrypt parameters is replaced
      // by one at today's. Only if it is still the hash just checked, so a concurrent password change wins.
      if (principal.needsRehash) await repo.replacePasswordHash(principal.found.id, principal.found.passwordHash, await hashPassword(password));
      return openSession(principal.found);
    },

    changePassword: async (actor: Actor, input: unknown, sessionId: string): Promise<{ sessions_ended: number }> => {
      requireHuman(actor);
      const { current_password, new_password } = parseInput(passwordChangeSchema, input);
      const principal = await requireCurrentPassword(repo, limiter, actor, current_password);
      const passwordHash = await hashPassword(new_password);
      return transaction(async () => {
        await repo.setPasswordHash(principal.id, passwordHash);
        return { sessions_ended: await repo.deleteSessionsOf(principal.id, hashSecret(sessionId)) };
      });
    },

    endAllSessions: async (actor: Actor): Promise<{ sessions_ended: number }> => {
      requireHuman(actor);
      return { sessions_ended: await repo.deleteSessionsOf(actor.principalId, null) };
    },

    logout: async (sessionId: string): Promise<void> => {
      await repo.deleteSession(hashSecret(sessionId));
    },

    resolveSession: async (sessionId: string): Promise<{ actor: Actor; csrfToken: string } | null> => {
      const now = clock.now();
      const idHash = hashSecret(sessionId);
      const session = await repo.findSession(idHash, now, new Date(now.getTime() - SESSION_IDLE_DAYS * DAY_MS));
      if (!session) return null;
      if (session.lastSeenAt.getTime() <= now.getTime() - SESSION_SEEN_EVERY_MS) await repo.touchSession(idHash, now, SESSION_SEEN_EVERY_MS);
      return { actor: sessionActor(session.principal), csrfToken: session.csrfToken };
    },
  };
};
