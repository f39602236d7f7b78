import type { PoolClient, QueryResult } from 'pg';

/**
 * How statements that go together reach PostgreSQL: each is sent as its own query without waiting
 * for the one before (`pg`'s `pipeline: true`), so they share a round trip while keeping bind
 * parameters (no value is ever written into statement text). Each query ends with its own Sync:
 * inside a transaction block the first failure aborts the block and those after it fail with
 * 25P02, so the first failure in order is the cause, and every statement fails with it.
 */

/** A statement as the driver takes it: `$1…` text, its values, and the name the driver prepares it under (session mode only). */
export interface BoundStatement {
  readonly text: string;
  readonly values: readonly unknown[];
  readonly name?: string | undefined;
}

/** A statement, or a simple query of SQL text alone (`begin; …`, `commit; …`), as one pipelined query. */
export type Piped = string | BoundStatement;

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

/** The client's socket, which the driver writes each query to (not in its public types). */
const socketOf = (client: PoolClient): { cork?(): void; uncork?(): void } | undefined =>
  (client as unknown as { connection?: { stream?: { cork?(): void; uncork?(): void } } }).connection?.stream;

/**
 * Sends every query without waiting; resolves with how each ended (its first result, or its failure).
 *
 * The driver corks the socket around each query's messages, so each query would be its own write
 * (a system call and, on a busy connection, a packet each). Corked around all of them, the message
 * leaves in one write: the driver queues and writes synchronously, so nothing waits on the cork.
 */
export const settlePipelined = async (client: PoolClient, queries: readonly Piped[]): Promise<PromiseSettledResult<QueryResult>[]> => {
  const socket = socketOf(client);
  socket?.cork?.();
  let sent: Promise<QueryResult>[];
  try {
    sent = queries.map(async (query) =>
      firstOf(
        (await (typeof query === 'string'
          ? client.query(query)
          : client.query({ text: query.text, values: query.values as unknown[], name: query.name }))) as unknown as QueryResult | QueryResult[],
      ),
    );
  } finally {
    socket?.uncork?.();
  }
  return Promise.allSettled(sent);
};

/**
 * Sends every query without waiting and settles them all. Resolves with each query's first result;
 * rejects with `PipelineFailure` when one failed (after all have answered, so the connection is idle).
 */
export const sendPipelined = async (client: PoolClient, queries: readonly Piped[]): Promise<QueryResult[]> => {
  const settled = await settlePipelined(client, queries);
  const failed = settled.find((outcome) => outcome.status === 'rejected');
  if (failed) {
    const last = settled.at(-1)!;
    throw new PipelineFailure(failed.reason, last.status === 'fulfilled' ? last.value : undefined);
  }
  return settled.map((outcome) => (outcome as PromiseFulfilledResult<QueryResult>).value);
};
