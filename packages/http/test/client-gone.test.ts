import { connect } from 'node:net';
import { Writable } from 'node:stream';
import Router from '@koa/router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpApp, createLogger, listen, readJsonBody, type RunningServer } from '../src/index.ts';

/** A client that closes its connection before its body is complete: its refusal, not a server error. */
let server: RunningServer;
const lines: Record<string, unknown>[] = [];

beforeAll(async () => {
  const router = new Router();
  router.post('/echo', async (ctx) => {
    ctx.body = { received: await readJsonBody(ctx) };
  });
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const logger = createLogger('info', destination);
  server = await listen(createHttpApp({ router, logger }), { port: 0, host: '127.0.0.1', logger });
});
afterAll(() => server?.close());

const until = async (check: () => boolean, what: string): Promise<void> => {
  const deadline = Date.now() + 30_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('a request whose client leaves mid-body', () => {
  it('is logged as a 400 at info, with no error line', async () => {
    const socket = connect(server.port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString()));
    socket.on('error', () => {});
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write('POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 400\r\nExpect: 100-continue\r\n\r\n');
    // Once the server has taken the request up, part of the body, then the client is gone.
    await until(() => received.includes('100 Continue'), 'the server to take the request up');
    await new Promise<void>((resolve) => socket.write('{"title": "half', () => resolve()));
    socket.destroy();
    await until(() => lines.some((line) => line.msg === 'request' && line.route === '/echo'), 'the access line');
    const access = lines.find((line) => line.msg === 'request' && line.route === '/echo')!;
    expect(access).toMatchObject({ method: 'POST', status: 400, level: 30 });
    expect(lines.filter((line) => (line.level as number) >= 50)).toEqual([]);
  });
});
