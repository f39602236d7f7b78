import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

/**
 * Held by the one process that migrates while others starting at the same moment wait. Not the
 * lock earlier releases waited on inside their migration transaction (7_310_001): a process waiting
 * that way holds a snapshot, and `create index concurrently` waits for every older snapshot to end,
 * while the waiter waits for the builder's lock; PostgreSQL sees no cycle and both wait for ever.
 * An earlier release starting during an upgrade therefore never waits behind an index build.
 */
const MIGRATION_LOCK_ID = 7_310_002;

/** How often a waiting process tries the lock again. */
const RETRY_MS = 200;

export interface MigrationLock {
  /** Throws when the lock's connection has gone (and the lock with it): another process may be migrating. */
  assertHeld(): void;
  release(): Promise<void>;
}

/**
 * Takes the migration lock on a connection of its own, as a transaction-scoped advisory lock in a
 * transaction that stays open while the process migrates and does nothing else. Behind PgBouncer
 * in transaction mode the open transaction keeps its server session, so the lock stays where it
 * was taken (a session-level lock would stay behind on whichever server session took it). The
 * transaction writes nothing and, between its statements, holds no snapshot, so index builds on
 * other connections do not wait for it.
 *
 * A waiting process only ever tries (`pg_try_advisory_xact_lock`) in a transaction it ends at
 * once when the lock is taken, so it never holds a snapshot the builder would wait for.
 */
export const takeMigrationLock = async (url: string): Promise<MigrationLock> => {
  const client = new pg.Client({ connectionString: url });
  let lost: Error | undefined;
  client.on('error', (error) => {
    lost = error;
  });
  await client.connect();
  try {
    for (;;) {
      await client.query('begin');
      // Sent as a simple query, with the number in the text: a statement sent with parameters
      // leaves its portal open, and the portal's snapshot with it, until the next statement.
      const { rows } = await client.query<{ locked: boolean }>(`select pg_try_advisory_xact_lock(${MIGRATION_LOCK_ID}) as locked`);
      if (rows[0]?.locked) break;
      await client.query('rollback');
      await sleep(RETRY_MS);
    }
  } catch (error) {
    await client.end().catch(() => {});
    throw error;
  }
  return {
    assertHeld: () => {
      if (lost) throw new Error('the migration lock was lost with its connection', { cause: lost });
    },
    release: async () => {
      try {
        if (!lost) await client.query('commit');
      } finally {
        await client.end().catch(() => {});
      }
    },
  };
};
