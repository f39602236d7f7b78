import Router from '@koa/router';
import { describe, expect, it } from 'vitest';
import { createHttpApp, createLogger, listen } from '../src/index.ts';

describe('closing the server', () => {
  it('gives up on an onClose that never ends (an unreachable database) once the shutdown timeout is up', async () => {
    const logger = createLogger('silent');
    const server = await listen(createHttpApp({ router: new Router(), logger }), {
      port: 0,
      host: '127.0.0.1',
      logger,
      shutdownTimeoutMs: 200,
      onClose: () => new Promise<void>(() => {}),
    });
    await expect(server.close()).rejects.toThrow('closing took longer than 200 ms (is the database reachable');
  });
});
