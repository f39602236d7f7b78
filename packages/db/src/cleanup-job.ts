import { DAY_MS } from '@svc/kernel';
import type { IdempotencyStore } from './idempotency.ts';
import type { RateLimiter } from './rate-limit.ts';

/**
 * One job of the daily cleanup. Each module exports its own; the worker runs them all, each in its
 * own transaction under its advisory lock, so with several workers one does it and the others skip.
 */
export interface CleanupJob {
  name: string;
  /** A fixed advisory-lock id, unique across the service. */
  lockId: number;
  run(now: Date): Promise<Record<string, number>>;
}

/** Idempotency keys are kept at least this long (the contract says at least 24 hours). */
export const IDEMPOTENCY_RETENTION_MS = 2 * DAY_MS;

/** The cleanup of the shared tables: old idempotency keys and finished rate-limit windows. */
export const createDbCleanupJobs = ({ idempotency, limiter }: { idempotency: IdempotencyStore; limiter: RateLimiter }): CleanupJob[] => [
  {
    name: 'idempotency-keys',
    lockId: 7_320_001,
    run: async (now) => ({ deleted: await idempotency.purge(new Date(now.getTime() - IDEMPOTENCY_RETENTION_MS)) }),
  },
  {
    name: 'rate-limit-windows',
    lockId: 7_320_002,
    run: async (now) => ({ deleted: await limiter.purge(new Date(now.getTime() - DAY_MS)) }),
  },
];
