/** Process settings, all from the environment (every variable is also declared in turbo.json). */
export interface Config {
  port: number;
  /** The one public base URL the API and the website share. */
  baseUrl: string;
  /** Set: PostgreSQL. Unset: embedded PGlite under `dataDir`. */
  databaseUrl: string | undefined;
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
    dataDir: env.SVC_DATA_DIR ?? '.data/pglite',
    proxy: env.TRUST_PROXY === '1',
  };
};
