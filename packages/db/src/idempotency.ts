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
   * Runs `create` once per (scope, route, key). The key row is written in the same transaction as
   * the record, so a crash or a refusal keeps neither. A concurrent duplicate waits for the first
   * to commit, then replays its answer; a different body with the same key is `idempotency_conflict`.
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

export const createIdempotencyStore = (db: Database, clock: Clock): IdempotencyStore => ({
  run: (request, create) =>
    db.transaction(async () => {
      const print = fingerprint(request.body);
      const inserted = await db.query(
        `insert into idempotency_keys (scope, route, key, fingerprint, created_at) values (?, ?, ?, ?, ?)
         on conflict do nothing returning key`,
        [request.scope, request.route, request.key, print, clock.now()],
      );
      if (inserted.length === 0) {
        const [row] = await db.query<KeyRow>(
          'select fingerprint, status, body from idempotency_keys where scope = ? and route = ? and key = ? for share',
          [request.scope, request.route, request.key],
        );
        if (!row || row.fingerprint !== print) {
          throw new DomainError('idempotency_conflict', 'This Idempotency-Key was used with a different request body.');
        }
        return { status: row.status, body: row.body, replayed: true };
      }
      const answer = await create();
      // Sent with the commit: the claim goes out with the `begin`, the answer with the `commit`.
      await db.queryAtCommit('update idempotency_keys set status = ?, body = ? where scope = ? and route = ? and key = ?', [
        answer.status,
        JSON.stringify(answer.body),
        request.scope,
        request.route,
        request.key,
      ]);
      return { ...answer, replayed: false };
    }),
  purge: async (before) => {
    const rows = await db.query('delete from idempotency_keys where created_at < ? returning key', [before]);
    return rows.length;
  },
});
