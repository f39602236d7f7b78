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

/** The key was already there: this transaction's record must not stay. */
const ALREADY_CLAIMED = Symbol('already claimed');

export const createIdempotencyStore = (db: Database, clock: Clock): IdempotencyStore => ({
  run: async (request, create) => {
    // Our own transaction: a replay rolls back what `create` wrote before the key was known taken.
    if (db.inTransaction()) throw new Error('An idempotent create runs in a transaction of its own, not inside another');
    const key = [request.scope, request.route, request.key];
    const print = fingerprint(request.body);
    try {
      return await db.transaction(async () => {
        // The claim goes out with the first statement of `create` (and the transaction's `begin`), the
        // answer with the `commit`: a fresh key costs no round trip of its own.
        const claim = db.queryDeferred<{ key: string }>(
          'insert into idempotency_keys (scope, route, key, fingerprint, created_at) values (?, ?, ?, ?, ?) on conflict do nothing returning key',
          [...key, print, clock.now()],
        );
        const answer = await create();
        if ((await claim.rows()).length === 0) throw ALREADY_CLAIMED;
        db.queryDeferred('update idempotency_keys set status = ?, body = ? where scope = ? and route = ? and key = ?', [
          answer.status,
          JSON.stringify(answer.body),
          ...key,
        ]);
        return { ...answer, replayed: false };
      });
    } catch (error) {
      // The key was taken (a concurrent duplicate waited for the first to commit), or `create` failed,
      // perhaps because it cannot run twice (a second response to one job): a stored answer wins.
      const [row] = await db.query<KeyRow>('select fingerprint, status, body from idempotency_keys where scope = ? and route = ? and key = ?', key);
      if (!row) {
        if (error === ALREADY_CLAIMED) throw new Error('An idempotency key was taken and then gone', { cause: error });
        throw error;
      }
      if (row.fingerprint !== print) {
        throw new DomainError('idempotency_conflict', 'This Idempotency-Key was used with a different request body.');
      }
      return { status: row.status, body: row.body, replayed: true };
    }
  },
  purge: async (before) => {
    const rows = await db.query('delete from idempotency_keys where created_at < ? returning key', [before]);
    return rows.length;
  },
});
