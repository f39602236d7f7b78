import pg from 'pg';
import { CHANGES_CHANNEL } from './announce.ts';
import type { Database } from './database.ts';

/**
 * What this process knows of other processes' writes, for caches that must never serve what any
 * process has changed or removed (see docs/scaling.md, "Answer cache").
 */
export interface ChangeFeed {
  /**
   * A value that changes whenever one of `tables` changes (in any process) or this process writes;
   * null while the feed cannot show that it hears every change, when nothing may be cached or served
   * from a cache.
   */
  stamp(tables: readonly string[]): string | null;
  /** This process has just written: every stamp changes now, before its answer leaves. */
  bumpAll(): void;
  /**
   * Whether the feed hears changes, and why not when it does not. `settled` waits (at most `waitMs`)
   * for the first evidence, so that a process can say at start whether its answers are cached.
   */
  state(): FeedState;
  settled(waitMs: number): Promise<FeedState>;
  /**
   * Whether this feed is meant to hear changes. False when it never listens (no feed in this
   * process, or a pooler in transaction mode without `DATABASE_LISTEN_URL`): answers are then never
   * cached by design, and a deaf feed is no fault (readiness does not count it).
   */
  readonly listens: boolean;
  /**
   * How long ago the newest heartbeat this feed heard was sent, in ms: it stays under the heartbeat
   * interval plus the notification's delay while the feed hears. Undefined when none was heard (or
   * the feed has no heartbeat: PGlite hears in the same process).
   */
  heartbeatAgeMs(): number | undefined;
  /**
   * How long the feed has gone without hearing, in ms: 0 while it hears, the time since it last
   * heard (or since it opened) while it does not, and infinity once closed. A reconnect after a lost
   * connection takes about a second of deafness; readiness counts only a longer one.
   */
  deafForMs(): number;
  close(): Promise<void>;
}

export interface FeedState {
  hearing: boolean;
  /** Why the feed does not hear, when it does not. */
  reason?: string | undefined;
}

/** A feed that never listens: nothing is ever cached (tests that need no cache, tools). */
export const silentChangeFeed: ChangeFeed = {
  stamp: () => null,
  bumpAll: () => {},
  state: () => ({ hearing: false, reason: 'no change feed in this process' }),
  settled: async () => ({ hearing: false, reason: 'no change feed in this process' }),
  listens: false,
  heartbeatAgeMs: () => undefined,
  deafForMs: () => Number.POSITIVE_INFINITY,
  close: async () => {},
};

export interface ChangeFeedOptions {
  /**
   * A URL that reaches PostgreSQL directly (`DATABASE_LISTEN_URL`), for the listening session.
   * Unset: the database's own URL, unless that goes through a pooler in transaction mode, which
   * keeps no session for `LISTEN`: then the feed does not listen and nothing is cached.
   */
  listenUrl?: string | undefined;
  /** How often the feed sends itself a heartbeat notice through the writers' pool. */
  heartbeatMs?: number;
  /** How long the feed may go without hearing its own heartbeat before it counts as deaf. */
  silenceMs?: number;
}

const RECONNECT_MS = 1_000;
/**
 * A listening connection whose own heartbeat has not come back for this many silences is replaced:
 * a server or route that vanished without closing it (a failover, a dropped NAT entry) leaves a
 * connection that never fails, and the feed would stay deaf until the process restarts.
 */
const REPLACE_AFTER_SILENCES = 5;
/** Defaults: a notice every 500 ms, deaf after 2 s without one (docs/scaling.md, "Answer cache"). */
export const HEARTBEAT_MS = 500;
export const SILENCE_MS = 2_000;
/** The payload prefix of the change feed's heartbeat notices. */
export const HEARTBEAT = '~heartbeat:';

/**
 * Listens on `CHANGES_CHANNEL`. On PostgreSQL it holds one connection of its own outside the pool
 * (LISTEN is per session) and reconnects after a loss. A connected listener is not proof of hearing
 * (a pooler between, a stalled notification queue): the feed sends itself a heartbeat notice through
 * the pool the writers announce through, and hears every change only while its own heartbeat comes
 * back within `silenceMs`. Notices of one listener arrive in commit order, so a heartbeat heard
 * means every change committed before it was heard too. While the feed is deaf every stamp is null;
 * once it hears again every stamp is new, because notices sent in between may be lost. On PGlite it
 * listens on the embedded instance, in the same process, and always hears.
 */
export const openChangeFeed = async (db: Database, options: ChangeFeedOptions = {}): Promise<ChangeFeed> => {
  let epoch = 0;
  let hearing: () => boolean = () => false;
  const generations = new Map<string, number>();
  const onNotice = (table: string) => generations.set(table, (generations.get(table) ?? 0) + 1);
  const stamp = (tables: readonly string[]) => {
    if (!hearing()) return null;
    let stamp = String(epoch);
    for (const table of tables) stamp += `.${generations.get(table) ?? 0}`;
    return stamp;
  };
  const bumpAll = () => {
    epoch++;
  };

  if (db.engine === 'pglite') {
    const pglite = (await (db.em.getConnection() as unknown as { getNativeClient(): Promise<PgliteListener> }).getNativeClient());
    const unlisten = await pglite.listen(CHANGES_CHANNEL, onNotice);
    let open = true;
    hearing = () => open;
    const state = () => (open ? { hearing: true } : { hearing: false, reason: 'closed' });
    return {
      stamp,
      bumpAll,
      state,
      settled: async () => state(),
      listens: true,
      heartbeatAgeMs: () => undefined,
      deafForMs: () => (open ? 0 : Number.POSITIVE_INFINITY),
      close: async () => {
        open = false;
        await unlisten();
      },
    };
  }

  const pool = await (db.em.getConnection() as unknown as { getNativeClient(): Promise<pg.Pool> }).getNativeClient();
  if (!options.listenUrl && db.pool.mode === 'transaction') {
    const state = {
      hearing: false,
      reason: 'the database is reached through a pooler in transaction mode, which keeps no session for LISTEN, and DATABASE_LISTEN_URL is not set: public answers are not cached',
    };
    return { stamp, bumpAll, state: () => state, settled: async () => state, listens: false, heartbeatAgeMs: () => undefined, deafForMs: () => Number.POSITIVE_INFINITY, close: async () => {} };
  }

  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const silenceMs = options.silenceMs ?? SILENCE_MS;
  const self = `${HEARTBEAT}${process.pid}.${Math.random().toString(36).slice(2)}:`;
  /** When each heartbeat not yet heard was sent, by its number. */
  const unheard = new Map<number, number>();
  let beats = 0;
  /** When the newest heartbeat heard was sent. */
  let heardSentAt: number | undefined;
  let client: pg.Client | undefined;
  let listening = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let reason = 'not listening yet';
  /** When the feed opened, or last heard its heartbeat: where a silence is counted from. */
  let lastHeardAt = Date.now();
  /** When the current listening connection started listening. */
  let listeningSince = Date.now();
  const waiters = new Set<() => void>();

  hearing = () => listening && heardSentAt !== undefined && Date.now() - heardSentAt <= silenceMs;

  const onHeartbeat = (payload: string) => {
    if (!payload.startsWith(self)) return;
    const sentAt = unheard.get(Number(payload.slice(self.length)));
    if (sentAt === undefined) return;
    for (const [beat, at] of unheard) if (at <= sentAt) unheard.delete(beat);
    // Heard again after a silence: notices may have been lost meanwhile, so every stamp changes.
    if (heardSentAt === undefined || sentAt - heardSentAt > silenceMs) epoch++;
    heardSentAt = Math.max(heardSentAt ?? 0, sentAt);
    lastHeardAt = Date.now();
    for (const wake of waiters) wake();
  };

  const beat = () => {
    if (!listening) return;
    const silentFor = Date.now() - Math.max(lastHeardAt, listeningSince);
    if (client && silentFor > silenceMs * REPLACE_AFTER_SILENCES) {
      lost(client, `its own heartbeat was not heard for ${silentFor} ms on a connection that did not fail: reconnecting`);
      return;
    }
    const number = ++beats;
    unheard.set(number, Date.now());
    // Unheard beats are forgotten after a while, so a deaf feed holds no growing list.
    for (const [old, at] of unheard) if (Date.now() - at > silenceMs * 4) unheard.delete(old);
    // Through the pool, as the writers' announcements go: what they cannot deliver, it cannot either.
    pool.query(`select pg_notify('${CHANGES_CHANNEL}', '${self}${number}')`).catch(() => {});
  };
  const heartbeat = setInterval(beat, heartbeatMs);
  heartbeat.unref();

  const lost = (stale: pg.Client, why: string) => {
    if (client !== stale) return;
    client = undefined;
    listening = false;
    reason = why;
    epoch++;
    stale.removeAllListeners('notification');
    void stale.end().catch(() => {});
    if (!closed) retry = setTimeout(() => void connect().catch(() => {}), RECONNECT_MS).unref();
  };

  const connect = async () => {
    const settings = options.listenUrl ? { connectionString: options.listenUrl } : pool.options;
    // Named, so an operator (or a test) can tell each process's listening session apart.
    // TCP keep-alive too, so that the kernel also notices a peer that is gone.
    const next = new pg.Client({ ...settings, application_name: `svc-changes ${process.pid}`, keepAlive: true, keepAliveInitialDelayMillis: 10_000 });
    next.on('notification', (message) => {
      const payload = message.payload ?? '';
      if (payload.startsWith(HEARTBEAT)) onHeartbeat(payload);
      else onNotice(payload);
    });
    next.on('error', (error) => lost(next, `the listening connection failed: ${error.message}`));
    next.on('end', () => lost(next, 'the listening connection ended'));
    client = next;
    try {
      await next.connect();
      await next.query(`listen ${CHANGES_CHANNEL}`);
    } catch (error) {
      lost(next, `cannot listen: ${(error as Error).message}`);
      throw error;
    }
    if (client !== next || closed) return;
    epoch++;
    listening = true;
    listeningSince = Date.now();
    reason = 'no heartbeat heard yet';
    beat();
  };

  const state = (): FeedState => {
    if (hearing()) return { hearing: true };
    if (listening && heardSentAt !== undefined) return { hearing: false, reason: `its own heartbeat was not heard for over ${silenceMs} ms` };
    return { hearing: false, reason };
  };

  try {
    await connect();
  } catch (error) {
    // Failing at start is the caller's to handle (the process does not start): no retries behind its back.
    closed = true;
    clearTimeout(retry);
    clearInterval(heartbeat);
    throw error;
  }
  return {
    stamp,
    bumpAll,
    state,
    settled: async (waitMs) => {
      if (!hearing()) {
        let wake!: () => void;
        const heard = new Promise<void>((resolve) => waiters.add((wake = resolve)));
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([heard, new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)))]);
        clearTimeout(timer);
        waiters.delete(wake);
      }
      return state();
    },
    listens: true,
    heartbeatAgeMs: () => (heardSentAt === undefined ? undefined : Date.now() - heardSentAt),
    deafForMs: () => (closed ? Number.POSITIVE_INFINITY : hearing() ? 0 : Date.now() - lastHeardAt),
    close: async () => {
      closed = true;
      listening = false;
      clearTimeout(retry);
      clearInterval(heartbeat);
      for (const wake of waiters) wake();
      const last = client;
      client = undefined;
      await last?.end().catch(() => {});
    },
  };
};

interface PgliteListener {
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
}
