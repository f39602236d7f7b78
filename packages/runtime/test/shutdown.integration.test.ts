import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '@svc/db/testing';
import { manualClock } from '@svc/kernel';
import { createLogger, listen } from '@svc/http';
import { buildHttpApp } from '../src/app.ts';
import { createServices, schema } from '../src/services.ts';

describe('graceful shutdown', () => {
  it('finishes a request in flight, refuses new connections, then runs the close hook', async () => {
    const events: string[] = [];
    const db = await openTestDatabase('postgresql', schema);
    const services = createServices({ db, clock: manualClock(), baseUrl: 'http://tasks.test' });
    const app = buildHttpApp(services, createLogger('silent'), [
      (router) =>
        router.get('/slow', async (ctx) => {
          await new Promise((resolve) => setTimeout(resolve, 400));
          // Recorded when the whole answer has been handed to the client's connection: the client
          // (in this same process) may read it only after the server has closed behind it.
          ctx.res.once('finish', () => events.push('answered'));
          ctx.body = { finished: true };
        }),
    ]);
    const server = await listen(app, {
      port: 0,
      host: '127.0.0.1',
      logger: createLogger('silent'),
      onClose: async () => {
        events.push('closed');
        await db.dispose();
      },
    });
    const url = `http://127.0.0.1:${server.port}`;

    const inFlight = fetch(`${url}/slow`).then(async (res) => ({ status: res.status, body: await res.json() }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closing = server.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const refused = await fetch(`${url}/healthz`).then(
      () => 'answered',
      () => 'refused',
    );

    expect(await inFlight).toEqual({ status: 200, body: { finished: true } });
    await closing;
    expect(refused).toBe('refused');
    expect(events).toEqual(['answered', 'closed']);
  });
});
