import { setTimeout as sleep } from 'node:timers/promises';
import { UnexpectedAnswer } from './http.ts';

/** Throws a clear message when what a user would see is not what the contract promises. */
export const check = (condition: unknown, message: string): void => {
  if (!condition) throw new UnexpectedAnswer(message);
};

/**
 * Waits until `condition` holds. Behind a balancer a read may reach the other process, which
 * learns of a write a moment after it is answered (its answer cache drops on the database's notice),
 * so what must become visible is polled for, within a generous bound.
 */
export const eventually = async (what: string, condition: () => Promise<boolean>, { timeoutMs = 10_000, intervalMs = 50 } = {}): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await condition()) return;
    if (Date.now() > deadline) throw new UnexpectedAnswer(`Still not seen after ${timeoutMs} ms: ${what}`);
    await sleep(intervalMs);
  }
};
