import pg, { type Pool } from 'pg';

/** How long making the readiness connection may take before the question is answered no (and asked afresh next time). */
const CONNECT_TIMEOUT_MS = 5_000;

/**
 * Whether PostgreSQL answers, asked on a connection of its own beside the request pool: through the
 * pool the question would wait behind busy requests, and a busy process would call its database
 * unreachable (every process at once, as they share the load, and the balancer would take them all
 * out). One connection per process, made at the first question, made again after a failure.
 */
export const createReadinessProbe = (pool: () => Promise<Pool>) => {
  let current: Promise<pg.Client> | undefined;
  /** Forgets `which` (when it is still the one in use) and ends it. */
  const drop = (which: Promise<pg.Client>) => {
    if (current === which) current = undefined;
    void which.then((client) => client.end()).catch(() => {});
  };
  const open = (): Promise<pg.Client> => {
    const opening: Promise<pg.Client> = (async () => {
      const client = new pg.Client({ ...(await pool()).options, application_name: `svc-ready ${process.pid}`, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
      // A connection that fails between questions is made again at the next one.
      client.on('error', () => drop(opening));
      await client.connect();
      return client;
    })();
    return opening;
  };
  return {
    ask: async (): Promise<boolean> => {
      const asking = (current ??= open());
      try {
        await (await asking).query('select 1');
        return true;
      } catch {
        drop(asking);
        return false;
      }
    },
    close: async (): Promise<void> => {
      const last = current;
      current = undefined;
      await last?.then((client) => client.end()).catch(() => {});
    },
  };
};
