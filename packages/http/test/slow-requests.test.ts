import { Writable } from 'node:stream';
import Router from '@koa/router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpApp, createLogger, listen, type RequestObserver, type RunningServer } from '../src/index.ts';

// The request log line, the slow-request warning and what the metrics observer is told.

const lines: Record<string, unknown>[] = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    done();
  },
});
const observed: string[] = [];
const observer: RequestObserver = {
  started: () => observed.push('started'),
  finished: (name, statusClass, seconds) => observed.push(`${name} ${statusClass} ${seconds > 0 ? 'timed' : 'untimed'}`),
};

let server: RunningServer;
let url: string;
let release: () => void = () => {};
/** When the slow request reached its handler (the app's timer started before that). */
let arrivedAt: number | undefined;
const SLOW_MS = 1_000;

beforeAll(async () => {
  const router = new Router();
  router.get('/quick', (ctx) => {
    ctx.body = { ok: true };
  });
  // Answers when the test says so: slow by as much as the test waits, with no fixed sleep.
  router.get('/slow/:id', async (ctx) => {
    await new Promise<void>((resolve) => {
      release = resolve;
      arrivedAt = performance.now();
    });
    ctx.body = { ok: true };
  });
  const logger = createLogger('info', sink);
  // A threshold no quick request reaches even on a loaded machine (its first answer warms the code).
  const app = createHttpApp({ router, logger, observer, slowRequestMs: SLOW_MS });
  server = await listen(app, { port: 0, host: '127.0.0.1', logger: createLogger('silent') });
  url = `http://127.0.0.1:${server.port}`;
});
afterAll(() => server?.close());

describe('request log lines and the observer', () => {
  it('logs a quick request at info, and a request past SLOW_REQUEST_MS as a slow-request warning with its timings', async () => {
    expect((await fetch(`${url}/quick`)).status).toBe(200);
    const slow = fetch(`${url}/slow/abc123`);
    // Held past the threshold from the moment it reached the app (on a loaded machine it may arrive
    // late): the request is slow by construction, not by the machine's load.
    const heldFor = () => (arrivedAt === undefined ? 0 : performance.now() - arrivedAt);
    while (heldFor() < SLOW_MS + 100) await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    expect((await slow).status).toBe(200);
    await expect.poll(() => lines.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    expect(lines[0]).toMatchObject({ level: 30, msg: 'request', route: '/quick', status: 200 });
    expect(lines[1]).toMatchObject({ level: 40, msg: 'slow request', route: '/slow/:id', status: 200, slow_ms: SLOW_MS });
    expect(lines[1]!.ms).toBeGreaterThanOrEqual(SLOW_MS);
  });

  it('tells the observer each request by its route template, never its path', () => {
    expect(observed).toEqual(['started', 'GET /quick 2xx timed', 'started', 'GET /slow/:id 2xx timed']);
  });
});
