import type { Tracer } from '@opentelemetry/api';
import type { Pool, QueryResult } from 'pg';
import { ANNOUNCE_AFTER_COMMIT, ANNOUNCED_CHANGES } from '../announce.ts';
import type { DatabaseObserver } from '../observer.ts';
import { PipelineFailure, sendPipelined, settlePipelined, sqlText, type BoundStatement } from './pipelined.ts';
import type { Naming } from './pool-mode.ts';
import { requestTimeoutMs, setLocalTimeoutSql } from './statement-timeout.ts';
import { endMemberSpan, memberTrace, startGroupSpans, type MemberOutcome, type MemberTrace } from './write-group-spans.ts';

/**
 * Group messages of one pool in flight at once. While one runs, transactions that come to their
 * commit wait and then go together as the next group. One, because the fewer groups, the fewer
 * messages, transactions and WAL flushes a write pays its share of: at 32 connections of edits, one
 * in flight instead of two took PostgreSQL's CPU per edit from about 240 to 170 µs and the API's
 * from 190 to 160 µs. A group never waits long on a lock (`GROUP_LOCK_TIMEOUT`), so it never holds
 * back the commits behind it for longer than that.
 */
const IN_FLIGHT = 1;
/**
 * How long a group waits for a row lock another transaction holds. Past it the group fails before
 * its commit, and its members are committed again each on its own connection, outside the group
 * slot, without this bound: the member that needs the lock waits for it alone, and the writes behind
 * it go on in the next group. So one held lock costs unrelated writes at most this much.
 */
const GROUP_LOCK_TIMEOUT = "set local lock_timeout = '50ms'";
/** At most this many transactions in one message, so that no group holds its locks for long. */
const MAX_GROUP = 32;

/** A transaction that sent nothing before its `commit`: its statements, committed as a whole. */
interface Member {
  readonly statements: readonly BoundStatement[];
  readonly resolve: (results: QueryResult[]) => void;
  readonly reject: (error: unknown) => void;
  /** Its request's trace, when tracing is on and the request is traced (write-group-spans.ts). */
  readonly trace: MemberTrace | undefined;
}

interface Committer {
  readonly waiting: Member[];
  running: number;
  /** Off behind a pooler in transaction mode: nothing is prepared by name there (pool-mode.ts). */
  readonly naming: Naming;
  /** Told each group's size and each retry (the process's metrics). */
  readonly observer: DatabaseObserver;
}

const committers = new WeakMap<Pool, Committer>();

/**
 * Commits a transaction that sent nothing before its `commit` (every statement deferred, as an
 * idempotent create's are): `begin`, its statements, `commit` and the announcement of its changes
 * pipelined in one message (pipelined.ts), as a transaction of its own would. Under load,
 * transactions that reach their commit while a group is in flight go together as the next, in one
 * transaction and one message:
 * the server then pays its per-message and per-commit work (a round trip, a WAL flush, the
 * announcement) once for the group (in the bench, a create's database CPU fell by half).
 *
 * Each transaction still commits entirely or not at all. When a group fails before its `commit`
 * (one member's statement fails: a taken key, a broken constraint), PostgreSQL has run none of it,
 * and each member is committed again in a transaction of its own (all of them in one more message),
 * so the failure is the failing member's alone.
 * Resolves with the results of the transaction's statements, in order.
 */
export const commitDeferred = (pool: Pool, statements: readonly BoundStatement[], naming: Naming, observer: DatabaseObserver, tracer?: Tracer): Promise<QueryResult[]> => {
  let committer = committers.get(pool);
  if (!committer) committers.set(pool, (committer = { waiting: [], running: 0, naming, observer }));
  const queued = committer;
  return new Promise<QueryResult[]>((resolve, reject) => {
    const member = { statements, resolve, reject, trace: memberTrace(tracer) };
    // Without groups each transaction commits at once, alone, on a connection of its own.
    if (!naming.grouped) {
      void commitGroup(pool, queued, [member], 'alone').then((retries) => retryOutsideSlot(pool, queued, retries));
      return;
    }
    queued.waiting.push(member);
    startGroups(pool, queued);
  });
};

const startGroups = (pool: Pool, committer: Committer): void => {
  while (committer.running < IN_FLIGHT && committer.waiting.length > 0) {
    const group = committer.waiting.splice(0, MAX_GROUP);
    committer.running += 1;
    committer.observer.writeGroup(group.length);
    void commitGroup(pool, committer, group, 'grouped').then((retries) => {
      committer.running -= 1;
      startGroups(pool, committer);
      retryOutsideSlot(pool, committer, retries);
    });
  }
};

/**
 * Members to commit again: together under the group's lock bound (`grouped`), one without it
 * (`alone`), or each in a transaction of its own in one message (`each`, after a group failed).
 */
interface Retry {
  members: Member[];
  how: 'grouped' | 'alone' | 'each';
}

/**
 * Outside the slot: a part that waits on a lock or fails again holds a connection of its own, not
 * the next group.
 */
const retryOutsideSlot = (pool: Pool, committer: Committer, retries: Retry[]): void => {
  for (const { members, how } of retries) {
    committer.observer.writeGroupRetry();
    const retried = how === 'each' ? commitEach(pool, committer, members) : commitGroup(pool, committer, members, how);
    void retried.then((more) => retryOutsideSlot(pool, committer, more));
  }
};

/** PostgreSQL refused a prepared plan because a table changed under it (a migration of another process). */
const STALE_PLAN = '0A000';
/** A prepared name the connection does not know: the server connection is not the one it was prepared on. */
const UNKNOWN_NAME = '26000';
/** The group's `lock_timeout` passed while it waited for a lock. */
const LOCK_NOT_AVAILABLE = '55P03';

/**
 * A connection for `members`' message, with their spans started and the way to end each; undefined
 * when none could be had, each member then failed with that error (nothing was sent).
 */
const connectFor = async (pool: Pool, members: readonly Member[], how: 'grouped' | 'alone' | 'each') => {
  const spans = startGroupSpans(members, how);
  const endSpan = (i: number, outcome: MemberOutcome) => {
    if (spans) endMemberSpan(spans[i], outcome);
  };
  try {
    return { client: await pool.connect(), endSpan };
  } catch (error) {
    members.forEach((member, i) => {
      endSpan(i, { committed: false, error });
      member.reject(error);
    });
    return undefined;
  }
};

/** A member whose statements go without the driver's names. */
const unnamed = (member: Member): Member => ({ ...member, statements: member.statements.map((statement) => ({ ...statement, name: undefined })) });

/**
 * Commits `group` in one message. Resolves with what to commit again: when the group failed before
 * its commit (PostgreSQL ran none of it), every member, each in a transaction of its own, in one
 * more message (`commitEach`); a lone member that met the lock bound, alone without it; a member
 * whose prepared name went stale, once more. None when it committed, or failed at or after its
 * commit, or a lone member's own statement failed (that failure is its answer).
 */
const commitGroup = async (pool: Pool, committer: Committer, group: Member[], how: 'grouped' | 'alone'): Promise<Retry[]> => {
  const connected = await connectFor(pool, group, how);
  if (!connected) return [];
  const { client, endSpan } = connected;
  let broken: Error | undefined;
  let retry = false;
  /** The failure's name went stale or unknown: a retry goes unnamed. */
  let stale = false;
  // The group's message is one statement round trip for the metrics: a `commit`, however many
  // members' statements go in it.
  const started = performance.now();
  try {
    // The members are requests: the request limit (statement-timeout.ts) holds for the group too.
    const ms = requestTimeoutMs(pool);
    const limit = ms === undefined ? [] : [setLocalTimeoutSql(ms)];
    const head = how === 'grouped' ? ['begin', ANNOUNCE_AFTER_COMMIT, GROUP_LOCK_TIMEOUT, ...limit] : ['begin', ANNOUNCE_AFTER_COMMIT, ...limit];
    const results = await sendPipelined(client, [sqlText(...head), ...group.flatMap((member) => member.statements), sqlText('commit', ANNOUNCED_CHANGES)]);
    let next = 1;
    committer.observer.statement?.('commit', (performance.now() - started) / 1000, 'ok');
    group.forEach((member, i) => {
      endSpan(i, { committed: true });
      member.resolve(results.slice(next, next + member.statements.length));
      next += member.statements.length;
    });
  } catch (thrown) {
    committer.observer.statement?.('commit', (performance.now() - started) / 1000, 'error');
    // The `commit` went with the statements: how it ended is known already, unless the message
    // failed before any of it answered.
    const pipelined = thrown instanceof PipelineFailure ? thrown : undefined;
    const error = pipelined ? pipelined.first : thrown;
    // A name the connection does not know: the connection is not one server session (a pooler the
    // probe at open missed), so nothing is named from now on, and the retry goes unnamed.
    const code = (error as { code?: string }).code;
    if (code === UNKNOWN_NAME) committer.naming.named = false;
    // A plan gone stale: every text is named afresh (its old name stays refused wherever it was prepared).
    if (code === STALE_PLAN) committer.naming.generation += 1;
    stale = code === STALE_PLAN || code === UNKNOWN_NAME;
    // End what is left. A failed transaction block answers `commit` with ROLLBACK: nothing of the
    // group was committed, and each member is tried again on its own. Otherwise the failure came at or after
    // the `commit`, and every member fails with it, as it would have alone.
    try {
      const ended = pipelined ? pipelined.ended : await client.query('commit');
      if (!ended) throw error;
      // A lone member that failed on its own statement fails as it would have alone; one that met
      // the group's lock bound is tried again without it.
      retry = ended.command === 'ROLLBACK' && (group.length > 1 || (how === 'grouped' && code === LOCK_NOT_AVAILABLE) || stale);
    } catch (lost) {
      broken = lost as Error;
    }
    group.forEach((member, i) => {
      endSpan(i, retry ? { retried: true } : { committed: false, error });
      if (!retry) member.reject(error);
    });
  } finally {
    client.release(broken);
  }
  if (!retry) return [];
  // The driver's names went stale or unknown: the retry goes unnamed.
  if (stale) group = group.map(unnamed);
  // Each member on its own, in one more message: the others commit, and every failing one gets its
  // own failure, however many failed.
  if (group.length > 1) return [{ members: group, how: 'each' }];
  // A lone member: past the lock bound it waits for the lock alone; a stale name is tried again.
  return [{ members: group, how: 'alone' }];
};

/**
 * Commits each member in a transaction of its own, all of them in one pipelined message on one
 * connection (each query ends with its own Sync, so a failure aborts only its member's transaction,
 * whose `commit` then answers ROLLBACK, and the next member's `begin` starts afresh). After a group
 * failed, every member so learns its own fate in one more round trip, however many of them fail: a
 * failing one gets its own failure, as alone, and the others commit. Each keeps the group's lock
 * bound, so none waits on another's lock; one that met the bound (or a stale prepared name) is
 * committed again alone. The price is a commit (a WAL flush) per member instead of one for all.
 */
const commitEach = async (pool: Pool, committer: Committer, members: Member[]): Promise<Retry[]> => {
  const connected = await connectFor(pool, members, 'each');
  if (!connected) return [];
  const { client, endSpan } = connected;
  const ms = requestTimeoutMs(pool);
  const head = sqlText('begin', ANNOUNCE_AFTER_COMMIT, GROUP_LOCK_TIMEOUT, ...(ms === undefined ? [] : [setLocalTimeoutSql(ms)]));
  const started = performance.now();
  const settled = await settlePipelined(client, members.flatMap((member) => [head, ...member.statements, sqlText('commit', ANNOUNCED_CHANGES)]));
  committer.observer.statement?.('commit', (performance.now() - started) / 1000, settled.some((outcome) => outcome.status === 'rejected') ? 'error' : 'ok');
  let broken: Error | undefined;
  const again: Member[] = [];
  let next = 0;
  members.forEach((member, i) => {
    const own = settled.slice(next, next + member.statements.length + 2);
    next += own.length;
    const ended = own.at(-1)!;
    // Its `commit` did not answer: whether it committed is unknown, so it fails, as it would alone,
    // and the connection is not trusted again.
    if (ended.status === 'rejected') {
      broken ??= ended.reason as Error;
      endSpan(i, { committed: false, error: ended.reason });
      member.reject(ended.reason);
      return;
    }
    const failed = own.find((outcome) => outcome.status === 'rejected') as PromiseRejectedResult | undefined;
    if (!failed && ended.value.command === 'COMMIT') {
      endSpan(i, { committed: true });
      member.resolve(own.slice(1, -1).map((outcome) => (outcome as PromiseFulfilledResult<QueryResult>).value));
      return;
    }
    const error = failed?.reason ?? new Error('The transaction was rolled back');
    const code = (error as { code?: string }).code;
    if (code === UNKNOWN_NAME) committer.naming.named = false;
    if (code === STALE_PLAN) committer.naming.generation += 1;
    if (code === LOCK_NOT_AVAILABLE || code === STALE_PLAN || code === UNKNOWN_NAME) {
      endSpan(i, { retried: true });
      again.push(unnamed(member));
      return;
    }
    endSpan(i, { committed: false, error });
    member.reject(error);
  });
  client.release(broken);
  return again.map((member) => ({ members: [member], how: 'alone' }));
};
