export type Engine = 'postgresql' | 'pglite';

export interface QueryOptions {
  /**
   * Plan this statement for the values of each call. A statement in common use is otherwise prepared
   * once per connection, and PostgreSQL may then run it on one generic plan; for search that plan
   * cannot tell a rare word (read from the GIN index) from a common one (walk the newest rows).
   */
  planForValues?: boolean;
}

/** A statement `queryDeferred` will send: its rows once it has gone out. */
export interface DeferredQuery<T> {
  rows(): Promise<T[]>;
}
