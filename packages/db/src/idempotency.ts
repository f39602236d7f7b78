import { DomainError, type Clock } from '@svc/kernel';
import type { Database } from './database.ts';
import { fingerprint } from './fingerprint.ts';

export interface IdempotentRequest {
  /** The caller: a principal id, or a hash of the client address on anonymous routes. */
  scope: string;
  /** Method and concrete path (`POST /api/v1/jobs/job_…/responses`). */
  route: string;
  key: string;
  body: unknown;
  /**
   * Runs before a stored answer is given back: its refusal is the answer instead, so a caller who may
   * no longer reach what the key was used under (a participant removed from the thread) learns
   * nothing from a replay. Absent: a stored answer is always the caller's own to see again.
   */
  recheck?: () => Promise<unknown>;
}

export interface StoredAnswer {
  status: number;
  body: unknown;
}

export interface IdempotencyStore {
  /**
   * Runs `create` once per (scope, route, key), in a transaction of its own. The key row is written
   * in the same transaction as the record, so a crash or a refusal keeps neither. A concurrent
   * duplicate waits for the first to commit, then replays its answer (what it wrote meanwhile is
   * rolled back); a different body with the same key is `idempotency_conflict`.
   */
  run(request: IdempotentRequest, create: () => Promise<StoredAnswer>): Promise<StoredAnswer & { replayed: boolean }>;
  /** Deletes keys older than `before`; returns how many. */
  purge(before: Date): Promise<number>;
}

interface KeyRow {
  fingerprint: string;
  status: number;
  body: unknown;
}

/**
 * Keys this process saw stored (it stored them, or replayed them), at most this many, the least
 * recently used forgotten first. A replay of a key known here reads the stored answer straight away
 * instead of first trying the create: that try fails at its key's insert, and in a commit group it
 * fails the group's other writes with it, which are then committed again (packages/db/src/pg/README.md).
 * The hint only chooses the order of two reads of the database, so it can never be wrong: a key
 * purged since is not found, and the create runs as for a new key.
 */
const KNOWN_KEYS = 10_000;

export const createIdempotencyStore = (
  db: Database,
  clock: Clock,
  /** How many stored keys the process remembers; 0 tries every replay's create first, as a process that has not seen the key does. */
  { knownKeys = KNOWN_KEYS }: { knownKeys?: number } = {},
): IdempotencyStore => {
  const known = new Map<string, true>();
  const remember = (id: string) => {
    if (knownKeys === 0) return;
    known.delete(id);
    known.set(id, true);
    if (known.size > knownKeys) known.delete(known.keys().next().value!);
  };

  /** The stored answer as a replay, undefined when the key is not stored; `idempotency_conflict` for another body. */
  const replay = async (key: string[], print: string, recheck: IdempotentRequest['recheck']): Promise<(StoredAnswer & { replayed: true }) | undefined> => {
    const [row] = await db.query<KeyRow>('select fingerprint, status, body from idempotency_keys where scope = $1 and route = $2 and key = $3', key);
    if (!row) return undefined;
    remember(JSON.stringify(key));
    await recheck?.();
    if (row.fingerprint !== print) {
      throw new DomainError('idempotency_conflict', 'This Idempotency-Key was used with a different request body.');
    }
    return { status: row.status, body: row.body, replayed: true };
  };

  return {
    run: async (request, create) => {
      // Our own transaction: a replay rolls back what `create` wrote.
      if (db.inTransaction()) throw new Error('An idempotent create runs in a transaction of its own, not inside another');
      const key = [request.scope, request.route, request.key];
      const id = JSON.stringify(key);
      const print = fingerprint(request.body);
      if (known.has(id)) {
        const stored = await replay(key, print, request.recheck);
        if (stored) return stored;
        known.delete(id);
      }
      try {
        const created = await db.transaction(async () => {
          const answer = await create();
          // The key, with the answer, goes out with the `commit`: a fresh key costs no round trip of its
          // own. A key already there fails the INSERT (unique), and with it the whole transaction; a
          // concurrent duplicate's INSERT waits for the first to commit, then fails the same way.
          db.queryDeferred('insert into idempotency_keys (scope, route, key, fingerprint, created_at, status, body) values ($1, $2, $3, $4, $5, $6, $7)', [
            ...key,
            print,
            clock.now(),
            answer.status,
            JSON.stringify(answer.body),
          ]);
          return { ...answer, replayed: false };
        });
        remember(id);
        return created;
      } catch (error) {
        // The key was taken, or `create` failed, perhaps because it cannot run twice (a second
        // response to one job): whatever it wrote is rolled back, and a stored answer wins.
        const stored = await replay(key, print, request.recheck);
        if (!stored) throw error;
        return stored;
      }
    },
    purge: async (before) => {
      const rows = await db.query('delete from idempotency_keys where created_at < $1 returning key', [before]);
      return rows.length;
    },
  };
};
