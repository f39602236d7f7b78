import pg, { type Connection, type PoolClient, type QueryResult } from 'pg';

/**
 * How statements that go together reach PostgreSQL: in one message, sent without waiting, so that
 * together they cost one round trip while keeping bind parameters (no value is ever written into
 * statement text).
 *
 * A message is one **batch** when the connection has prepared every name it uses (or it uses none):
 * each statement's Parse (unnamed) or its name, Bind, Describe and Execute, and one Sync for all.
 * PostgreSQL then answers, and flushes its answer to the socket, once per message instead of once
 * per statement; the driver keeps one object per message instead of one per statement. On the first
 * failure PostgreSQL skips the rest of the message, so the first failure in order is the cause and
 * every statement fails with it.
 *
 * Otherwise (a name this connection has not prepared yet) each statement is its own query of the
 * driver (`pg`'s `pipeline: true`), each with its own Sync, and the driver prepares the names: a
 * connection so meets each name once. Inside a transaction block the first failure aborts the block
 * and the statements after it fail with 25P02: the same outcome.
 */

/** A statement as the driver takes it: `$1…` text, its values, and the name the driver prepares it under (session mode only). */
export interface BoundStatement {
  readonly text: string;
  readonly values: readonly unknown[];
  readonly name?: string | undefined;
}

/**
 * A statement, or SQL text alone: statements without values separated by `STATEMENTS_JOIN`
 * (`begin; set local …`, `commit; <announce>`). Its result is its first statement's.
 */
export type Piped = string | BoundStatement;

/** How the statements of a `Piped` text are joined (and split again for a batch). */
const STATEMENTS_JOIN = '; ';

/** Statements without values as one `Piped` text. */
export const sqlText = (...statements: string[]): string => statements.join(STATEMENTS_JOIN);

/** The first result of a query: a simple query of several statements answers with several. */
const firstOf = (result: QueryResult | QueryResult[]): QueryResult => (Array.isArray(result) ? result[0]! : result);

/** A pipelined message that failed: its first failure, and how its last query (a `commit`) ended, if it answered. */
export class PipelineFailure extends Error {
  /** The first query that failed: the failure each statement of the message gets. */
  readonly first: unknown;
  readonly ended: QueryResult | undefined;
  constructor(first: unknown, ended: QueryResult | undefined) {
    super('a pipelined statement failed', { cause: first });
    this.first = first;
    this.ended = ended;
  }
}

/** What the driver's connection is made of that it does not type: its socket and the names it prepared. */
interface ConnectionParts {
  stream?: { cork?(): void; uncork?(): void };
  parsedStatements?: Record<string, string>;
}
const partsOf = (client: PoolClient): ConnectionParts | undefined => (client as unknown as { connection?: ConnectionParts }).connection;

/**
 * The driver corks the socket around each query's messages, so each query would be its own write
 * (a system call and, on a busy connection, a packet each). Corked around all of them, the message
 * leaves in one write: the driver queues and writes synchronously, so nothing waits on the cork.
 */
const corked = <T>(client: PoolClient, send: () => T): T => {
  const socket = partsOf(client)?.stream;
  socket?.cork?.();
  try {
    return send();
  } finally {
    socket?.uncork?.();
  }
};

/** A value as the wire carries it: text, or bytes (values are converted before, driver-query.ts). */
const wireValue = (value: unknown): string | Buffer | null => {
  if (value === null || value === undefined) return null;
  if (Buffer.isBuffer(value)) return value;
  if (ArrayBuffer.isView(value)) return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  return String(value as string | number | boolean);
};

/** The statements of one batch, flat: a `Piped` text split into its statements. */
interface Flat {
  readonly text: string;
  readonly values: readonly unknown[];
  /** Only when the connection has prepared it under this name. */
  readonly name: string | undefined;
}

/** A batch's failure: the server's error, and how many statements completed before it. */
class BatchFailure extends Error {
  readonly error: unknown;
  readonly completed: number;
  constructor(error: unknown, completed: number) {
    super('a batched statement failed', { cause: error });
    this.error = error;
    this.completed = completed;
  }
}

/** The driver's result as it builds one from a query's answers (its methods are not in its types). */
interface BuiltResult extends QueryResult {
  addFields(fields: unknown[]): void;
  parseRow(fields: unknown[]): unknown;
  addRow(row: unknown): void;
  addCommandComplete(message: unknown): void;
}
type TypeParsers = { getTypeParser: PoolClient['getTypeParser'] };
const newResult = (types: TypeParsers): BuiltResult =>
  new (pg.Result as unknown as new (rowMode: undefined, types: TypeParsers) => BuiltResult)(undefined, types);

/**
 * One message of statements with a single Sync, as a query the driver queues like its own (a
 * "submittable": the driver calls `submit` when the message may go, then hands it each answer
 * until PostgreSQL is ready again). Rows come back parsed with the client's type parsers.
 */
class Batch {
  readonly done: Promise<QueryResult[]>;
  private readonly results: QueryResult[] = [];
  private current: BuiltResult | undefined;
  private settled = false;
  private resolve!: (results: QueryResult[]) => void;
  private reject!: (error: unknown) => void;

  /** What it sends, in order (also what tests record of it). */
  readonly statements: readonly Flat[];
  private readonly types: TypeParsers;

  constructor(statements: readonly Flat[], types: TypeParsers) {
    this.statements = statements;
    this.types = types;
    this.done = new Promise((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
  }

  submit(connection: Connection): Error | null {
    // Inside the driver's cork (the caller's): every message below leaves in one write.
    const wire = connection as unknown as {
      parse(query: { text: string }): void;
      bind(config: { statement: string; values: readonly unknown[]; valueMapper: (value: unknown) => unknown }): void;
      describe(config: { type: 'P'; name: string }): void;
      execute(config: object): void;
      sync(): void;
    };
    for (const { text, values, name } of this.statements) {
      if (!name) wire.parse({ text });
      wire.bind({ statement: name ?? '', values, valueMapper: wireValue });
      wire.describe({ type: 'P', name: '' });
      wire.execute({});
    }
    wire.sync();
    return null;
  }

  private result(): BuiltResult {
    return (this.current ??= newResult(this.types));
  }

  handleRowDescription(message: { fields: unknown[] }): void {
    this.result().addFields(message.fields);
  }

  handleDataRow(message: { fields: unknown[] }): void {
    const result = this.result();
    result.addRow(result.parseRow(message.fields));
  }

  handleCommandComplete(message: { text: string }): void {
    const result = this.result();
    result.addCommandComplete(message);
    this.results.push(result);
    this.current = undefined;
  }

  handleEmptyQuery(): void {
    this.results.push(this.result());
    this.current = undefined;
  }

  /**
   * Set by the driver when it times queries out (`query_timeout`): told of the end as its own
   * queries tell it, so that its timer stops.
   */
  callback: ((error: unknown, results?: QueryResult[]) => void) | undefined;

  /** PostgreSQL skips the rest of the message after an error: the driver hands it nothing more. */
  handleError(error: unknown): void {
    if (this.settled) return;
    this.settled = true;
    this.callback?.(error);
    this.reject(new BatchFailure(error, this.results.length));
  }

  handleReadyForQuery(): void {
    if (this.settled) return;
    this.settled = true;
    if (this.results.length === this.statements.length) {
      this.callback?.(null, this.results);
      this.resolve(this.results);
      return;
    }
    const error = new Error(`A batch of ${this.statements.length} statements answered ${this.results.length}`);
    this.callback?.(error);
    this.reject(new BatchFailure(error, this.results.length));
  }

  // Never asked for by our statements; answered as the driver's own query would.
  handlePortalSuspended(): void {}
  handleCopyInResponse(connection: Connection): void {
    (connection as unknown as { sendCopyFail(message: string): void }).sendCopyFail('No source stream defined');
  }
  handleCopyData(): void {}
}

/** The statements of `queries`, flat, with the index of each query's first; undefined when a name is not prepared on this connection. */
const flatten = (client: PoolClient, queries: readonly Piped[]): { statements: Flat[]; starts: number[] } | undefined => {
  const parsed = partsOf(client)?.parsedStatements;
  if (!parsed) return undefined;
  const statements: Flat[] = [];
  const starts: number[] = [];
  for (const query of queries) {
    starts.push(statements.length);
    if (typeof query === 'string') {
      for (const text of query.split(STATEMENTS_JOIN)) statements.push({ text, values: [], name: undefined });
      continue;
    }
    if (query.name && parsed[query.name] !== query.text) return undefined;
    statements.push({ text: query.text, values: query.values, name: query.name });
  }
  return { statements, starts };
};

/** One query of the driver: a statement, or SQL text as a simple query. */
const driverQuery = async (client: PoolClient, query: Piped): Promise<QueryResult> =>
  firstOf(
    (await (typeof query === 'string'
      ? client.query(query)
      : client.query({ text: query.text, values: query.values as unknown[], name: query.name }))) as unknown as QueryResult | QueryResult[],
  );

/**
 * Sends every query without waiting, each its own query of the driver with its own Sync; resolves
 * with how each ended (its first result, or its failure). For messages whose statements must each
 * learn their own fate (group-commit.ts, `commitEach`).
 */
export const settlePipelined = async (client: PoolClient, queries: readonly Piped[]): Promise<PromiseSettledResult<QueryResult>[]> =>
  Promise.allSettled(corked(client, () => queries.map((query) => driverQuery(client, query))));

/**
 * Sends every query without waiting, as one batch where the connection allows it. Resolves with
 * each query's first result; rejects with `PipelineFailure` when one failed (a batch as soon as the
 * failure arrives: what the caller sends next on the connection goes after the batch's Sync, so it
 * runs once PostgreSQL has skipped to the end of the batch). Its `ended` is how the last query,
 * SQL text such as `commit`, ended: in a batch PostgreSQL skipped it, so it is sent once more on
 * its own, as it would have run after the failure with a Sync of its own (a `commit` in a failed
 * block answers ROLLBACK): one more round trip, on failures only.
 */
export const sendPipelined = async (client: PoolClient, queries: readonly Piped[]): Promise<QueryResult[]> => {
  const flat = flatten(client, queries);
  if (!flat) {
    const settled = await settlePipelined(client, queries);
    const failed = settled.find((outcome) => outcome.status === 'rejected');
    if (failed) {
      const last = settled.at(-1)!;
      throw new PipelineFailure(failed.reason, last.status === 'fulfilled' ? last.value : undefined);
    }
    return settled.map((outcome) => (outcome as PromiseFulfilledResult<QueryResult>).value);
  }
  const batch = new Batch(flat.statements, client);
  try {
    corked(client, () => client.query(batch as never));
    const results = await batch.done;
    return flat.starts.map((start) => results[start]!);
  } catch (thrown) {
    if (!(thrown instanceof BatchFailure)) throw thrown;
    // The last query (its first statement, or one after it) failed itself: it did not end, as a
    // simple query of several statements does not when one of them fails.
    const last = queries.at(-1)!;
    if (thrown.completed >= flat.starts.at(-1)!) throw new PipelineFailure(thrown.error, undefined);
    // A statement skipped is not run again (it would run on its own if the block never began).
    if (typeof last !== 'string') throw new PipelineFailure(thrown.error, undefined);
    const ended = await driverQuery(client, last).catch(() => undefined);
    throw new PipelineFailure(thrown.error, ended);
  }
};
