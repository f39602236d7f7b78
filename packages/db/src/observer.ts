/**
 * What the database layer tells an observer (the process's metrics) as it works. Each call is a
 * count or one observation, cheap enough for the write path; nothing here names a table's rows.
 */
export interface DatabaseObserver {
  /** A group of transactions committed in one message (group-commit.ts), by its size. */
  writeGroup(size: number): void;
  /** A group (or a lone member) committed again after its first attempt failed before its commit. */
  writeGroupRetry(): void;
  /**
   * One statement's round trip, from sending it to its answer, by its first keyword (`select`,
   * `insert`, `commit`…). Statements deferred to go with the next one are inside that one's time.
   * Absent when nobody counts them, so an unobserved statement pays not even a clock read.
   */
  statement?(operation: string, seconds: number, outcome: 'ok' | 'error'): void;
}

export const noDatabaseObserver: DatabaseObserver = { writeGroup: () => {}, writeGroupRetry: () => {} };

/** The pool's connections now; on PGlite, one connection that is always there. */
export interface PoolStats {
  /** The most connections the pool may open. */
  max: number;
  /** Connections open now, busy or idle. */
  size: number;
  idle: number;
  /** Requests for a connection waiting for one to come free. */
  waiting: number;
}
