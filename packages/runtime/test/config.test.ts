import { describe, expect, it } from 'vitest';
import { readConfig } from '../src/config.ts';

// Every process reads its settings with readConfig before it opens the database or a port, so a
// value refused here stops the start with this message.

describe('the HTTP timeouts from the environment', () => {
  it('defaults to a keep-alive longer than a load balancer’s 60 s idle timeout', () => {
    expect(readConfig({}).http).toEqual({ keepAliveMs: 65_000, headersMs: 20_000, requestMs: 30_000, maxConnections: 4_096 });
  });

  it('takes each from its variable', () => {
    const config = readConfig({ HTTP_KEEP_ALIVE_TIMEOUT_MS: '125000', HTTP_HEADERS_TIMEOUT_MS: '10000', HTTP_REQUEST_TIMEOUT_MS: ' 60000 ', HTTP_MAX_CONNECTIONS: '800' });
    expect(config.http).toEqual({ keepAliveMs: 125_000, headersMs: 10_000, requestMs: 60_000, maxConnections: 800 });
  });

  it('treats an empty variable as unset', () => {
    expect(readConfig({ HTTP_KEEP_ALIVE_TIMEOUT_MS: '' }).http.keepAliveMs).toBe(65_000);
  });

  it.each([
    ['HTTP_KEEP_ALIVE_TIMEOUT_MS', '65s'],
    ['HTTP_KEEP_ALIVE_TIMEOUT_MS', '0'],
    ['HTTP_HEADERS_TIMEOUT_MS', '-1'],
    ['HTTP_REQUEST_TIMEOUT_MS', '1.5'],
    ['HTTP_REQUEST_TIMEOUT_MS', '3000000000'],
  ])('refuses %s=%s, naming the variable, the value and what it takes', (name, value) => {
    expect(() => readConfig({ [name]: value })).toThrow(
      `${name} must be a whole number of milliseconds from 1 to 2147483647, such as`,
    );
    expect(() => readConfig({ [name]: value })).toThrow(`not "${value}"`);
  });

  it.each(['0', 'many', '2000000'])('refuses HTTP_MAX_CONNECTIONS=%s, saying what it takes', (value) => {
    expect(() => readConfig({ HTTP_MAX_CONNECTIONS: value })).toThrow(
      `HTTP_MAX_CONNECTIONS must be a whole number of connections from 1 to 1000000, such as 4096, not "${value}"`,
    );
  });

  it('refuses a headers timeout longer than the request timeout, which includes the headers', () => {
    expect(() => readConfig({ HTTP_HEADERS_TIMEOUT_MS: '40000' })).toThrow(
      'HTTP_HEADERS_TIMEOUT_MS (40000) must not be longer than HTTP_REQUEST_TIMEOUT_MS (30000)',
    );
  });
});

describe('the proxies trusted for client addresses', () => {
  it('trusts none unless told, so a header a client writes is never its address', () => {
    expect(readConfig({}).trustedProxies).toBe(0);
    expect(readConfig({ TRUST_PROXY: '' }).trustedProxies).toBe(0);
  });

  it('takes the number of proxies in front', () => {
    expect(readConfig({ TRUST_PROXY: '1' }).trustedProxies).toBe(1);
    expect(readConfig({ TRUST_PROXY: ' 2 ' }).trustedProxies).toBe(2);
  });

  it.each(['true', 'yes', '-1', '1.5', '6'])('refuses TRUST_PROXY=%s, saying what it takes', (value) => {
    expect(() => readConfig({ TRUST_PROXY: value })).toThrow(
      `TRUST_PROXY must be the number of proxies in front that append to X-Forwarded-For, from 0 to 5 (1 behind one balancer), not "${value}"`,
    );
  });
});
