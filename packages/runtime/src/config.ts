import { parsePoolMode, type PoolMode } from '@svc/db';
/** Process settings, all from the environment (every variable is also declared in turbo.json). */
export interface Config {
  port: number;
  /** The one public base URL the API and the website share. */
  baseUrl: string;
  /** Set: PostgreSQL. Unset: embedded PGlite under `dataDir`. */
  databaseUrl: string | undefined;
  /** A direct route to PostgreSQL for the change feed's LISTEN, when `databaseUrl` goes through a pooler. */
  databaseListenUrl: string | undefined;
  /** How `databaseUrl` reaches PostgreSQL; unset: found out at start (`@svc/db` pool-mode.ts). */
  databasePoolMode: PoolMode | undefined;
  dataDir: string;
  /** Trust X-Forwarded-For from the proxy in front. */
  proxy: boolean;
}

export const readConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const port = Number(env.PORT ?? 3000);
  const baseUrl = (env.BASE_URL || `http://localhost:${port}`).replace(/\/+$/, '');
  if (!/^https?:\/\/[^/]+/.test(baseUrl)) {
    throw new Error(`BASE_URL must be an absolute http(s) URL such as https://tasks.example.org, not "${env.BASE_URL}"`);
  }
  return {
    port,
    baseUrl,
    databaseUrl: env.DATABASE_URL || undefined,
    databaseListenUrl: env.DATABASE_LISTEN_URL || undefined,
    databasePoolMode: parsePoolMode(env.DATABASE_POOL_MODE),
    dataDir: env.SVC_DATA_DIR ?? '.data/pglite',
    proxy: env.TRUST_PROXY === '1',
  };
};
