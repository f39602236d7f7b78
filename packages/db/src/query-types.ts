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

/** A statement compiled with its placeholders numbered: `$1…`, one per parameter (Kysely's `CompiledQuery`). */
export interface CompiledStatement {
  readonly sql: string;
  readonly parameters: readonly unknown[];
}

/**
 * Statements a typed builder compiled (sql-builder.ts), sent exactly as `query`, `queryDeferred` and
 * `write` send theirs: the same pooled or transaction connection, named statements, deferral and
 * group commit. Repositories reach them through a `QueryClient` (query-client.ts).
 */
export interface CompiledStatements {
  query<T extends object>(statement: CompiledStatement, options?: QueryOptions): Promise<T[]>;
  queryDeferred<T extends object>(statement: CompiledStatement): DeferredQuery<T>;
  write<T extends object>(statement: CompiledStatement): Promise<T[]>;
  /** An INSERT whose rows are not read: deferred in `transaction` on PostgreSQL (sent with the next statement or the `commit`); awaited elsewhere. */
  insert(statement: CompiledStatement): Promise<void>;
}
