import pg from 'pg';
import type { Database } from './database.ts';

/** The channel on which tables announce their committed changes; the payload is the table's name. */
export const CHANGES_CHANNEL = 'svc_changes';

/**
 * The statement trigger a table declares (in its entity's `triggers`, so the schema comparison knows
 * it) to announce every insert, update and delete on `CHANGES_CHANNEL`. PostgreSQL delivers a
 * notification only when its transaction commits, and once per transaction however many statements
 * fired it. The migration that creates it must spell out the same SQL (MikroORM's convention: the
 * function is `<table>_announce_changes_fn`).
 *
 * A transaction that notifies holds a database-wide lock from its commit until its commit record is
 * on disk, so notifying writers commit one at a time. Our own transactions (`db.transaction` on
 * PostgreSQL) therefore say they announce after their commit (`ANNOUNCE_AFTER_COMMIT`): the trigger
 * then only notes the table in the session, and `ANNOUNCED_CHANGES`, sent in the same message right
 * after the `commit`, notifies in a transaction of its own that waits for no disk. Every other
 * writer (a statement on its own, the entity manager, psql) is announced by the trigger as before.
 */
export const announceChangesTrigger = (table: string) => ({
  name: 'announce_changes',
  timing: 'after' as const,
  events: ['insert' as const, 'update' as const, 'delete' as const],
  forEach: 'statement' as const,
  body: announceChangesBody(table),
});

/** The trigger function's body: note the table for after the commit, or notify now. */
export const announceChangesBody = (table: string) =>
  `if current_setting('svc.announce', true) = 'after_commit' then perform set_config('svc.changed', concat_ws(',', nullif(current_setting('svc.changed', true), ''), '${table}'), false); else perform pg_notify('${CHANGES_CHANNEL}', '${table}'); end if; return null;`;

/** Sent with a transaction's `begin`: its changes are announced after its commit (see above). */
export const ANNOUNCE_AFTER_COMMIT = "set local svc.announce = 'after_commit'";

/**
 * Sent right after a `commit`, in the same message: a notification for each table the transaction
 * noted, from a transaction that commits without waiting for the disk (a notification cannot outlive
 * a crash of the server anyway: every listener loses its connection and drops what it kept). Nothing
 * is sent when nothing was noted; a rolled-back transaction's notes are rolled back with it.
 */
export const ANNOUNCED_CHANGES = `select pg_notify('${CHANGES_CHANNEL}', changed), set_config('synchronous_commit', 'off', true), set_config('svc.changed', '', false) from unnest(string_to_array(nullif(current_setting('svc.changed', true), ''), ',')) as changed`;

/**
 * What this process knows of other processes' writes, for caches that must never serve what any
 * process has changed or removed (see docs/scaling.md, "Answer cache").
 */
export interface ChangeFeed {
  /**
   * A value that changes whenever one of `tables` changes (in any process) or this process writes;
   * null while the feed is not listening, when nothing may be cached or served from a cache.
   */
  stamp(tables: readonly string[]): string | null;
  /** This process has just written: every stamp changes now, before its answer leaves. */
  bumpAll(): void;
  close(): Promise<void>;
}

/** A feed that never listens: nothing is ever cached (tests that need no cache, tools). */
export const silentChangeFeed: ChangeFeed = { stamp: () => null, bumpAll: () => {}, close: async () => {} };

const RECONNECT_MS = 1_000;

/**
 * Listens on `CHANGES_CHANNEL`. On PostgreSQL it holds one connection of its own outside the pool
 * (LISTEN is per session, so not through a transaction-mode pooler) and reconnects after a loss;
 * while it is not listening every stamp is null and, once it listens again, every stamp is new,
 * because notifications sent in between are lost. On PGlite it listens on the embedded instance.
 */
export const openChangeFeed = async (db: Database): Promise<ChangeFeed> => {
  let epoch = 0;
  let listening = false;
  const generations = new Map<string, number>();
  const onNotice = (table: string) => generations.set(table, (generations.get(table) ?? 0) + 1);
  const feed = {
    stamp: (tables: readonly string[]) => {
      if (!listening) return null;
      let stamp = String(epoch);
      for (const table of tables) stamp += `.${generations.get(table) ?? 0}`;
      return stamp;
    },
    bumpAll: () => {
      epoch++;
    },
  };

  if (db.engine === 'pglite') {
    const pglite = (await (db.em.getConnection() as unknown as { getNativeClient(): Promise<PgliteListener> }).getNativeClient());
    const unlisten = await pglite.listen(CHANGES_CHANNEL, onNotice);
    listening = true;
    return {
      ...feed,
      close: async () => {
        listening = false;
        await unlisten();
      },
    };
  }

  const pool = await (db.em.getConnection() as unknown as { getNativeClient(): Promise<pg.Pool> }).getNativeClient();
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const lost = (stale: pg.Client) => {
    if (client !== stale) return;
    client = undefined;
    listening = false;
    epoch++;
    stale.removeAllListeners('notification');
    void stale.end().catch(() => {});
    if (!closed) retry = setTimeout(() => void connect().catch(() => {}), RECONNECT_MS).unref();
  };

  const connect = async () => {
    // Named, so an operator (or a test) can tell each process's listening session apart.
    const next = new pg.Client({ ...pool.options, application_name: `svc-changes ${process.pid}` });
    next.on('notification', (message) => onNotice(message.payload ?? ''));
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    client = next;
    try {
      await next.connect();
      await next.query(`listen ${CHANGES_CHANNEL}`);
    } catch (error) {
      lost(next);
      throw error;
    }
    if (client !== next || closed) return;
    epoch++;
    listening = true;
  };

  try {
    await connect();
  } catch (error) {
    // Failing at start is the caller's to handle (the process does not start): no retries behind its back.
    closed = true;
    clearTimeout(retry);
    throw error;
  }
  return {
    ...feed,
    close: async () => {
      closed = true;
      listening = false;
      clearTimeout(retry);
      const last = client;
      client = undefined;
      await last?.end().catch(() => {});
    },
  };
};

interface PgliteListener {
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
}
