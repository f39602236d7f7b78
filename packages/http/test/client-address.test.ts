import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import Router from '@koa/router';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpApp } from '../src/index.ts';

// Every per-address limit (sign-in, reports, site feedback, introductions, the anonymous idempotency
// scope) keys on `ctx.ip`. A proxy appends the address it saw to X-Forwarded-For; anything to the
// left of that was written by the client and must never become its address.

const servers: { close(): void }[] = [];
afterEach(() => servers.splice(0).forEach((server) => server.close()));

/** Serves one route that answers the client address the app settled on. */
const addressSeen = async (trustedProxies: number, forwardedFor?: string): Promise<string> => {
  const router = new Router();
  router.get('/ip', (ctx) => {
    ctx.body = { ip: ctx.ip };
  });
  const server = createHttpApp({ router, logger: pino({ level: 'silent' }), trustedProxies }).listen(0, '127.0.0.1');
  servers.push(server);
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const res = await fetch(`http://127.0.0.1:${port}/ip`, { headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} });
  return ((await res.json()) as { ip: string }).ip;
};

describe('the client address', () => {
  it('is the socket peer when no proxy is trusted, whatever the header says', async () => {
    expect(await addressSeen(0, '203.0.113.9')).toMatch(/127\.0\.0\.1$/);
  });

  it('behind one proxy is the value it appended, not a forged one before it', async () => {
    expect(await addressSeen(1, '203.0.113.9, 198.51.100.4')).toBe('198.51.100.4');
    expect(await addressSeen(1, '198.51.100.4')).toBe('198.51.100.4');
  });

  it('behind two proxies is the value the outer one appended', async () => {
    expect(await addressSeen(2, '203.0.113.9, 198.51.100.4, 10.0.0.2')).toBe('198.51.100.4');
  });

  it('is the socket peer when a trusted proxy sent no header', async () => {
    expect(await addressSeen(1)).toMatch(/127\.0\.0\.1$/);
  });

  it('is one spelling of one address, whatever port or IPv6 spelling the proxy wrote (a limit per address stays one)', async () => {
    for (const [written, address] of [
      ['198.51.100.4:51234', '198.51.100.4'],
      ['198.51.100.4', '198.51.100.4'],
      ['[2001:DB8:0::1]:443', '2001:db8::1'],
      ['2001:db8:0:0:0:0:0:1', '2001:db8::1'],
      ['::ffff:198.51.100.4', '198.51.100.4'],
      ['not an address', 'not an address'],
    ]) {
      expect(await addressSeen(1, written!), written).toBe(address);
    }
  });
});
