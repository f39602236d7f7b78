import { DAY_MS, notFound, parseInput, requireHuman, type Actor } from '@svc/kernel';
import type { AccessDeps } from './access.deps.ts';
import { accessError } from './access.errors.ts';
import { loginSchema, passwordChangeSchema, signupSchema } from './access.schemas.ts';
import { sessionActor } from './actor.ts';
import { DUMMY_PASSWORD_HASH, hashPassword, hashSecret, newSecret, verifyPassword } from './secrets.ts';

export const SESSION_DAYS = 30;

// Failed sign-ins slow down per e-mail and per client for a window, then the owner can try again.
const FAILURES_PER_EMAIL = { name: 'login-failures-email', limit: 10, windowSeconds: 15 * 60 };
const FAILURES_PER_CLIENT = { name: 'login-failures-client', limit: 50, windowSeconds: 15 * 60 };

export interface NewSession {
  /** The cookie value: shown once, stored only as a hash. */
  sessionId: string;
  csrfToken: string;
  expiresAt: Date;
  principal: { principal_id: string; display_name: string };
}

export const createAccountsService = ({ repo, clock, ids, limiter }: Pick<AccessDeps, 'repo' | 'clock' | 'ids' | 'limiter'>) => {
  const openSession = async (principal: { id: string; displayName: string }): Promise<NewSession> => {
    const sessionId = newSecret('ses');
    const csrfToken = newSecret('csrf');
    const now = clock.now();
    const expiresAt = new Date(now.getTime() + SESSION_DAYS * DAY_MS);
    await repo.insertSession({ idHash: hashSecret(sessionId), principalId: principal.id, csrfToken, createdAt: now, expiresAt });
    return { sessionId, csrfToken, expiresAt, principal: { principal_id: principal.id, display_name: principal.displayName } };
  };

  return {
    /** Creates a principal and signs it in. */
    signup: async (input: unknown): Promise<NewSession> => {
      const { email, password, display_name } = parseInput(signupSchema, input);
      const principal = {
        id: ids('prn'),
        email,
        passwordHash: await hashPassword(password),
        displayName: display_name,
        isSupport: false,
        createdAt: clock.now(),
      };
      if (!(await repo.insertPrincipal(principal))) {
        throw accessError('email_taken', 'An account with this e-mail address exists; sign in instead.');
      }
      return openSession(principal);
    },

    /** Same answer for a wrong password and an unknown e-mail; repeated failures are slowed down. */
    login: async (input: unknown, client: string): Promise<NewSession> => {
      const { email, password } = parseInput(loginSchema, input);
      for (const [limit, subject] of [[FAILURES_PER_EMAIL, email], [FAILURES_PER_CLIENT, client]] as const) {
        const verdict = await limiter.peek(limit, subject);
        if (!verdict.allowed) {
          throw accessError('rate_limited', 'Too many failed sign-ins; wait before trying again.', {
            retry_after: verdict.retryAfter,
          });
        }
      }
      const principal = await repo.findPrincipalByEmail(email);
      const ok = await verifyPassword(password, principal?.passwordHash ?? DUMMY_PASSWORD_HASH);
      if (!principal || !ok) {
        await limiter.hit(FAILURES_PER_EMAIL, email);
        await limiter.hit(FAILURES_PER_CLIENT, client);
        throw accessError('invalid_credentials', 'The e-mail address or password is not right.');
      }
      return openSession(principal);
    },

    /**
     * Changes the signed-in person's password after checking the current one (an agent never can).
     * A wrong current password is `invalid_credentials` with the detail on `current_password`.
     */
    changePassword: async (actor: Actor, input: unknown): Promise<void> => {
      requireHuman(actor);
      const { current_password, new_password } = parseInput(passwordChangeSchema, input);
      const [principal] = await repo.findPrincipals([actor.principalId]);
      if (!principal) throw notFound('principal');
      if (!(await verifyPassword(current_password, principal.passwordHash))) {
        throw accessError('invalid_credentials', 'The current password is not right.', {
          details: [{ path: 'current_password', message: 'is not your current password' }],
        });
      }
      await repo.setPasswordHash(principal.id, await hashPassword(new_password));
    },

    logout: async (sessionId: string): Promise<void> => {
      await repo.deleteSession(hashSecret(sessionId));
    },

    /** The actor behind a session cookie, with the session's CSRF token; null when unknown or expired. */
    resolveSession: async (sessionId: string): Promise<{ actor: Actor; csrfToken: string } | null> => {
      const session = await repo.findSession(hashSecret(sessionId), clock.now());
      return session ? { actor: sessionActor(session.principal), csrfToken: session.csrfToken } : null;
    },
  };
};

export type AccountsService = ReturnType<typeof createAccountsService>;
