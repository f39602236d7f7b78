import type { RateLimit, RateLimiter, RateLimitTake } from '@svc/db';
import { accessErrors } from './access.errors.ts';

const FIFTEEN_MINUTES = 15 * 60;

/**
 * The access domain's rate limits (docs/access.md lists them). Every count lives in the database,
 * so every process sees the same one; each window is a fixed 15 minutes. A limit with a `policy`
 * is one an API operation declares: its answers say how much of it is left (`RateLimit`).
 */
export const ACCESS_LIMITS = {
  /** Failed sign-ins to one account from one client address: the lockout falls on the failing address only. */
  signInFailuresPerAccountAndAddress: { name: 'sign-in-failures-account-address', limit: 10, windowSeconds: FIFTEEN_MINUTES },
  /** Failed sign-ins from one client address, to any account: catches spraying one password across accounts. */
  signInFailuresPerAddress: { name: 'sign-in-failures-address', limit: 50, windowSeconds: FIFTEEN_MINUTES },
  /** User codes matching no request, typed by one person (the /connect page, approve, deny): RFC 8628 §5.1. */
  userCodeMissesPerPrincipal: { name: 'user-code-misses-principal', limit: 5, windowSeconds: FIFTEEN_MINUTES },
  /** The same, from one client address (several accounts behind one address). */
  userCodeMissesPerAddress: { name: 'user-code-misses-address', limit: 20, windowSeconds: FIFTEEN_MINUTES },
  /** Device authorizations (connect requests) stored for one client address: no flooding the table anonymously. */
  deviceAuthorizationsPerAddress: { name: 'device-authorizations-address', policy: 'connect', limit: 20, windowSeconds: FIFTEEN_MINUTES },
  /**
   * Wrong current passwords given by one person's sessions (changing the password, making a recovery
   * code): a stolen session guesses no faster than sign-in allows one address to.
   */
  currentPasswordFailuresPerPrincipal: { name: 'current-password-failures-principal', limit: 10, windowSeconds: FIFTEEN_MINUTES },
  /** Sign-ups tried with valid input from one client address, refused ones (`email_taken`) included. */
  signUpsPerAddress: { name: 'sign-ups-address', limit: 10, windowSeconds: FIFTEEN_MINUTES },
} as const satisfies Record<string, RateLimit>;

/** One count of a limit: the limit, and whom it counts. */
export type Counter = readonly [RateLimit, string];

/**
 * The two counts of failed sign-ins, which failed password resets use up too (one e-mail guessed
 * at by either door is one count): per e-mail and client address, and per client address.
 */
export const signInCounters = (email: string, client: string): readonly Counter[] => [
  [ACCESS_LIMITS.signInFailuresPerAddress, client],
  [ACCESS_LIMITS.signInFailuresPerAccountAndAddress, JSON.stringify([email, client])],
];

const wait = (seconds: number) => (seconds === 1 ? '1 second' : seconds < 120 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`);

const refused = (take: RateLimitTake, message: string) =>
  accessErrors.rateLimited(`${message} Try again in ${wait(take.retryAfter)}.`, take.retryAfter);

/** Takes one event from `limit` for `subject` (increment-if-below); past the limit, 429 `rate_limited` with `retry_after`. */
export const takeOrRefuse = async (limiter: RateLimiter, [limit, subject]: Counter, message: string): Promise<RateLimitTake> => {
  const take = await limiter.take(limit, subject);
  if (!take.allowed) throw refused(take, message);
  return take;
};

/**
 * Runs `attempt` with only its failures counted: one event is taken from every counter before
 * it runs (so of N concurrent attempts at most the limit get to run), and given back when
 * `failed` says the attempt was sound, or when it throws. Past any limit, 429 and nothing runs.
 */
export const countingFailures = async <T>(
  limiter: RateLimiter,
  counters: readonly Counter[],
  message: string,
  attempt: () => Promise<T>,
  failed: (result: T) => boolean,
): Promise<T> => {
  const taken: RateLimitTake[] = [];
  let keep = false;
  try {
    for (const counter of counters) taken.push(await takeOrRefuse(limiter, counter, message));
    const result = await attempt();
    keep = failed(result);
    return result;
  } finally {
    if (!keep) for (const take of taken) await take.giveBack();
  }
};
