import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { openTestDatabase, TEST_DATABASE_URL, type TestDatabase } from '@svc/db/testing';
import { readConfig } from '../src/config.ts';
import { runServer } from '../src/run.ts';
import { schema } from '../src/services.ts';

// A serving process takes its HTTP timeouts from the environment (docs/operations.md, "Behind a
// load balancer"), as `pnpm start` and every other serving script start it.

let db: TestDatabase;
beforeAll(async () => {
  db = await openTestDatabase('postgresql', schema);
});
afterAll(() => db?.dispose());
beforeEach(() => {
  vi.stubEnv('LOG_LEVEL', 'silent');
});
afterEach(() => {
  vi.unstubAllEnvs();
});

describe('a serving process and its HTTP timeouts', () => {
  it('serves with the timeouts its environment sets, and tells a balancer its keep-alive', async () => {
    const [row] = await db.query<{ name: string }>('select current_database() as name');
    const url = new URL(TEST_DATABASE_URL);
    url.pathname = `/${row!.name}`;
    const config = readConfig({
      DATABASE_URL: url.toString(),
      PORT: '0',
      BASE_URL: 'http://127.0.0.1:3000',
      HTTP_KEEP_ALIVE_TIMEOUT_MS: '125000',
      HTTP_HEADERS_TIMEOUT_MS: '15000',
      HTTP_REQUEST_TIMEOUT_MS: '45000',
    });
    const running = await runServer({ registrars: [], config });
    try {
      const answer = await fetch(`http://127.0.0.1:${running.port}/healthz`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('keep-alive')).toBe('timeout=125');
      const { keepAliveTimeout, headersTimeout, requestTimeout } = running.server;
      expect({ keepAliveTimeout, headersTimeout, requestTimeout }).toEqual({ keepAliveTimeout: 125_000, headersTimeout: 15_000, requestTimeout: 45_000 });
    } finally {
      await running.close();
    }
  });

  it('does not start with a timeout it cannot use, and names the variable', async () => {
    vi.stubEnv('HTTP_KEEP_ALIVE_TIMEOUT_MS', '65s');
    await expect(runServer({ registrars: [] })).rejects.toThrow('HTTP_KEEP_ALIVE_TIMEOUT_MS must be a whole number of milliseconds');
  });
});
