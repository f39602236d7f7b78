import type { Database } from './database.ts';

/**
 * Runs `work` in a transaction holding a PostgreSQL advisory lock, so when several workers start
 * the same job only one does it; the others get `{ ran: false }` at once.
 */
export const runExclusive = async <T>(
  db: Database,
  lockId: number,
  work: () => Promise<T>,
): Promise<{ ran: true; result: T } | { ran: false }> =>
  db.transaction(async () => {
    const [row] = await db.query<{ locked: boolean }>('select pg_try_advisory_xact_lock($1) as locked', [lockId]);
    if (!row?.locked) return { ran: false as const };
    return { ran: true as const, result: await work() };
  });
