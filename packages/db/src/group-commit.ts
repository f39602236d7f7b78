import type { Pool, QueryResult } from 'pg';
import { ANNOUNCE_AFTER_COMMIT, ANNOUNCED_CHANGES } from './change-feed.ts';

/**
 * Transaction messages of one pool in flight at once. While they run, transactions that come to
 * their commit wait and then go together; one is enough to keep the server busy (its commit is
 * flushed while the next group is built), two let a group be executed while another is flushed.
 */
const IN_FLIGHT = 2;
/** At most this many transactions in one message, so that no group holds its locks for long. */
const MAX_GROUP = 32;

/** A transaction that sent nothing before its `commit`: its statements (inlined), committed as a whole. */
interface Member {
  readonly statements: readonly string[];
  readonly resolve: (results: QueryResult[]) => void;
  readonly reject: (error: unknown) => void;
}

interface Committer {
  readonly waiting: Member[];
  running: number;
}

const committers = new WeakMap<Pool, Committer>();

/**
 * Commits a transaction that sent nothing before its `commit` (every statement deferred, as an
 * idempotent create's are): `begin`, its statements, `commit` and the announcement of its changes
 * in one message, as a transaction of its own would. Under load, transactions that reach their
 * commit while others are in flight go together, in one transaction and one message: the server
 * then pays its per-message and per-commit work (a round trip, a WAL flush, the announcement)
 * once for the group, which costs a create about half its database CPU at four to a group.
 *
 * Each transaction still commits entirely or not at all. When a group fails before its `commit`
 * (one member's statement fails: a taken key, a broken constraint), PostgreSQL has run none of it,
 * and each member is committed again on its own, so the failure is the failing member's alone.
 * Resolves with the results of the transaction's statements, in order.
 */
export const commitDeferred = (pool: Pool, statements: readonly string[]): Promise<QueryResult[]> => {
  let committer = committers.get(pool);
  if (!committer) committers.set(pool, (committer = { waiting: [], running: 0 }));
  const queued = committer;
  return new Promise<QueryResult[]>((resolve, reject) => {
    queued.waiting.push({ statements, resolve, reject });
    startGroups(pool, queued);
  });
};

const startGroups = (pool: Pool, committer: Committer): void => {
  while (committer.running < IN_FLIGHT && committer.waiting.length > 0) {
    const group = committer.waiting.splice(0, MAX_GROUP);
    committer.running += 1;
    void commitGroup(pool, group).finally(() => {
      committer.running -= 1;
      startGroups(pool, committer);
    });
  }
};

const commitGroup = async (pool: Pool, group: Member[]): Promise<void> => {
  let client;
  try {
    client = await pool.connect();
  } catch (error) {
    for (const member of group) member.reject(error);
    return;
  }
  let broken: Error | undefined;
  let retry = false;
  try {
    const text = ['begin', ANNOUNCE_AFTER_COMMIT, ...group.flatMap((member) => member.statements), `commit; ${ANNOUNCED_CHANGES}`].join('; ');
    const sent = await client.query(text);
    const results = (Array.isArray(sent) ? sent : [sent]) as QueryResult[];
    let next = 2;
    for (const member of group) {
      member.resolve(results.slice(next, next + member.statements.length));
      next += member.statements.length;
    }
  } catch (error) {
    // End what is left. A failed transaction block answers `commit` with ROLLBACK: nothing of the
    // group was committed, and it is tried again member by member. Otherwise the failure came at
    // or after the `commit`, and every member fails with it, as it would have alone.
    try {
      const ended = await client.query('commit');
      retry = ended.command === 'ROLLBACK' && group.length > 1;
    } catch (lost) {
      broken = lost as Error;
    }
    if (!retry) for (const member of group) member.reject(error);
  } finally {
    client.release(broken);
  }
  if (retry) await Promise.all(group.map((member) => commitGroup(pool, [member])));
};
