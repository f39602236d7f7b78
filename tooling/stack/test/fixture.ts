import type { Scope } from '@svc/access';
import { startStack, type Stack, type StackOptions } from '../src/stack.ts';
import { createAgents, type Agent } from './agents.ts';
import { createHttp, type Http } from './http.ts';
import { createScratchDatabase, type ScratchDatabase } from './scratch-database.ts';

export interface StackFixture<Name extends string> {
  stack: Stack;
  database: ScratchDatabase;
  agents: Record<Name, Agent>;
  /** Every request of the file goes through it (see `Http.failures`). */
  http: Http;
  /** A count read from PostgreSQL directly. */
  count(sql: string, params?: unknown[]): Promise<number>;
  close(): Promise<void>;
}

/**
 * A test file's world: a scratch database, a stack on it, and agents with the scopes asked for.
 * Whatever fails on the way is stopped and dropped before the error goes on.
 */
export const openStackFixture = async <Name extends string>({ agents, ...options }: Omit<StackOptions, 'databaseUrl'> & { agents: Record<Name, Scope[]> }): Promise<StackFixture<Name>> => {
  const database = await createScratchDatabase();
  let stack: Stack | undefined;
  try {
    const started = performance.now();
    stack = await startStack({ ...options, databaseUrl: database.url });
    console.log(`stack of ${stack.apis.length} API processes and ${stack.workers.length} workers ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const created = await createAgents({ databaseUrl: database.url, baseUrl: stack.url }, agents);
    const ready = stack;
    return {
      stack: ready,
      database,
      agents: created,
      http: createHttp(),
      count: async (sql, params = []) => Number((await database.client.query<{ n: string }>(sql, params)).rows[0]!.n),
      close: async () => {
        await ready.stop();
        await database.drop();
      },
    };
  } catch (error) {
    await stack?.stop();
    await database.drop();
    throw error;
  }
};
