import { EXAMPLE_PARTY } from './birthday-party.ts';

/** Valid birthday-party details; override what a test is about. */
export const partyDetails = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({ ...EXAMPLE_PARTY, ...overrides });

/** Runs `work`, which must fail, and returns the error it threw. */
export const failure = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    return error as { code: string; message: string; extras: { details?: { path: string; message: string }[] } };
  }
  throw new Error('expected a failure');
};
