import pg from 'pg';
import { createScratchDatabase as createEmptyDatabase, withAdmin, type ScratchDatabase as EmptyDatabase } from '../src/workload/scratch-database.ts';

export { withAdmin };

export interface ScratchDatabase extends EmptyDatabase {
  /** A direct connection for the test's own reads (what the database holds). */
  client: pg.Client;
}

/**
 * An empty database of the test file's own on the test server, with a connection of the test's
 * own to it; the stack's processes migrate it when they start. Dropped with `(force)`, which ends
 * whatever connection a failed test left behind.
 */
export const createScratchDatabase = async (): Promise<ScratchDatabase> => {
  const database = await createEmptyDatabase();
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  return {
    ...database,
    client,
    drop: async () => {
      await client.end().catch(() => {});
      await database.drop();
    },
  };
};
