import { setPasswordCost } from './secrets.ts';

/**
 * A cheap scrypt cost for tests of everything but password storage: at OWASP's cost (the only one
 * production uses) every sign-up and sign-in of a test takes most of a second of a core. The
 * passwords tests keep OWASP's cost.
 */
export const TEST_PASSWORD_COST = { ln: 10, r: 8, p: 1 } as const;

export const useTestPasswordCost = (): void => setPasswordCost({ ...TEST_PASSWORD_COST });
