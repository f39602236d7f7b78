import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { PassThrough } from 'node:stream';
import Router from '@koa/router';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpApp, createLogger, listen, type RunningServer } from '../src/index.ts';

// With the production keep-alive (65 s, docs/operations.md), a shutdown that waited for connections
// to go idle and time out would take a minute; an orchestrator kills the process long before.

let server: RunningServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A promise the test settles itself. */
const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
};

const serve = async () => {
  const arrived = deferred();
  const release = deferred();
  const router = new Router();
  router.get('/ping', (ctx) => {
    ctx.body = { ok: true };
  });
  router.get('/held', async (ctx) => {
    arrived.resolve();
    await release.promise;
    ctx.body = { finished: true };
  });
  // Its headers and first bytes go out at once; the rest when the test releases it.
  router.get('/streaming', (ctx) => {
    const body = new PassThrough();
    body.write('first part, ');
    void release.promise.then(() => body.end('last part'));
    ctx.type = 'text/plain';
    ctx.body = body;
    arrived.resolve();
  });
  // Refused before its body is read: the answer is done while the body is still on its way.
  router.post('/early', (ctx) => {
    ctx.status = 400;
    ctx.body = { error: 'validation_failed' };
  });
  const logger = createLogger('silent');
  server = await listen(createHttpApp({ router, logger }), { port: 0, host: '127.0.0.1', logger, shutdownTimeoutMs: 60_000 });
  return { running: server, arrived, release };
};

/**
 * A GET on a keep-alive connection, as a balancer sends it: the answer's status, `Connection`
 * header and body, and a promise of the server closing the connection (the client never does).
 */
const keepAliveGet = (port: number, path: string, agent: Agent) =>
  new Promise<{ status: number; connection: string | undefined; body: string; closedByServer: Promise<void> }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent }, (res) => {
      const closedByServer = new Promise<void>((done) => res.socket.once('close', () => done()));
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, body, closedByServer }));
    });
    req.on('error', reject);
    req.end();
  });

const agents: Agent[] = [];
const keepAliveAgent = () => {
  const agent = new Agent({ keepAlive: true });
  agents.push(agent);
  return agent;
};
afterEach(() => {
  for (const agent of agents.splice(0)) agent.destroy();
});

describe('shutting down with a long keep-alive', () => {
  it('finishes an answer not yet begun, tells its client the connection closes, and stops at once', async () => {
    const { running, arrived, release } = await serve();
    expect(running.server.keepAliveTimeout).toBe(65_000);
    const held = keepAliveGet(running.port, '/held', keepAliveAgent());
    await arrived.promise;
    const started = performance.now();
    const closing = running.close();
    release.resolve();
    const answer = await held;
    expect(answer).toMatchObject({ status: 200, connection: 'close', body: '{"finished":true}' });
    await answer.closedByServer;
    await closing;
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('closes the connection of an answer already on its way once it is finished', async () => {
    const { running, arrived, release } = await serve();
    const streaming = keepAliveGet(running.port, '/streaming', keepAliveAgent());
    await arrived.promise;
    const started = performance.now();
    const closing = running.close();
    release.resolve();
    const answer = await streaming;
    expect(answer).toMatchObject({ status: 200, body: 'first part, last part' });
    await answer.closedByServer;
    await closing;
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('closes a connection that goes idle during the drain, not at the shutdown timeout', async () => {
    const { running } = await serve();
    const socket = connect(running.port, '127.0.0.1');
    const answered = new Promise<string>((resolve) => socket.once('data', (chunk: Buffer) => resolve(chunk.toString())));
    const closedByServer = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    const body = '{"name":"held back"}';
    socket.write(`POST /early HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`);
    expect(await answered).toMatch(/^HTTP\/1\.1 400 /);
    // The shutdown begins while the body is still on its way; it arrives after, and the client keeps the connection.
    const stopped = running.close();
    socket.write(body);
    // Without a sweep for connections that go idle later, this waits for the 60 s shutdown timeout.
    await closedByServer;
    await stopped;
    server = undefined;
    expect(socket.destroyed).toBe(true);
  }, 20_000);

  it('closes at once a connection that has sent no request yet (a browser opens some ahead of need)', async () => {
    const { running } = await serve();
    const socket = connect(running.port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const closedByServer = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    const started = performance.now();
    // The shutdown timeout is 60 s: a connection Node does not count idle would hold close() that long.
    await running.close();
    server = undefined;
    await closedByServer;
    expect(performance.now() - started).toBeLessThan(5_000);
  }, 20_000);
});
