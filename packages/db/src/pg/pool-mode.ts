import pg, { type Pool } from 'pg';

/**
 * How the service's connections reach PostgreSQL.
 *
 * - `session`: each pooled connection is one server session for its whole life (a direct
 *   connection, or a pooler in session mode). Statements in common use are prepared by name once per
 *   connection, so PostgreSQL parses and plans them once.
 * - `transaction`: a pooler in transaction mode (PgBouncer's `pool_mode = transaction`) lends a
 *   server session for one transaction at a time. Nothing that lives in a session survives between
 *   transactions: no statement is prepared by name, and the change feed does not `LISTEN` through it.
 */
export type PoolMode = 'session' | 'transaction';

/** Whether statements may be prepared by name: only where a connection keeps its server session. */
export interface Naming {
  named: boolean;
  /**
   * Bumped when PostgreSQL refused a prepared plan because a table changed under it (0A000): every
   * text is then named afresh, since the old name stays refused on every connection that prepared it.
   */
  generation: number;
  /** Commit groups; off (`DATABASE_GROUP_COMMIT=off`) only to measure PostgreSQL's own `commit_delay` without them. */
  readonly grouped: boolean;
}

/** How long the probe's second client may wait for a server session before it counts as pooled. */
const PROBE_WAIT_MS = 1_000;

const backendPid = async (client: pg.ClientBase): Promise<number> =>
  (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;

/**
 * Finds out whether the pool's connections keep their server session: two clients, where the second
 * holds a transaction open between two statements of the first. On a direct connection each client
 * keeps its own server process, so the first sees one pid twice and the second another. Behind a
 * pooler in transaction mode the first client's session goes back to the pooler after each statement:
 * the second may be lent that very session (same pid), or the first is lent another (its pid changes),
 * or it must wait for one while the pooler has none free (a pool of one). Any of these means
 * `transaction`. The probe errs only towards `transaction`, which is correct everywhere, just slower.
 * The second client is a connection of its own beside the pool (made once for every round), so a
 * pool of one is probed too.
 */
const probe = async (pool: Pool, second: pg.Client): Promise<PoolMode> => {
  const first = await pool.connect();
  let broken: Error | undefined;
  try {
    const before = await backendPid(first);
    await second.query('begin');
    const held = await backendPid(second);
    if (held === before) {
      await second.query('commit');
      return 'transaction';
    }
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<'waited'>((resolve) => (timer = setTimeout(() => resolve('waited'), PROBE_WAIT_MS)));
    const after = backendPid(first);
    const outcome = await Promise.race([after, waited]);
    clearTimeout(timer);
    await second.query('commit');
    // A statement still waiting when the transaction ended answers now; its pid no longer matters.
    await after;
    return outcome === 'waited' || outcome !== before ? 'transaction' : 'session';
  } catch (error) {
    broken = error as Error;
    throw error;
  } finally {
    first.release(broken);
  }
};

/**
 * Rounds of the probe. One round can be fooled behind a pooler that other processes use at the same
 * moment (the first client happens to be lent its first server session again), so the probe runs
 * several and one sign of pooling decides; a direct connection shows none in any round.
 */
const PROBE_ROUNDS = 8;

export const detectPoolMode = async (pool: Pool): Promise<PoolMode> => {
  const second = new pg.Client(pool.options);
  try {
    await second.connect();
    for (let round = 0; round < PROBE_ROUNDS; round++) if ((await probe(pool, second)) === 'transaction') return 'transaction';
    return 'session';
  } finally {
    await second.end().catch(() => {});
  }
};

/** `DATABASE_POOL_MODE` as configured: a mode, or undefined to detect it. */
export const parsePoolMode = (value: string | undefined): PoolMode | undefined => {
  if (value === undefined || value === '' || value === 'auto') return undefined;
  if (value === 'session' || value === 'transaction') return value;
  throw new Error(`DATABASE_POOL_MODE must be session, transaction or auto (detect at start), not "${value}"`);
};
