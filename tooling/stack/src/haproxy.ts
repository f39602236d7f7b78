import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { requireBinary } from './binaries.ts';
import { healthy } from './health.ts';
import { startProcess, waitUntil, type RunningProcess } from './processes.ts';

/**
 * The balancer's configuration: round robin over the API processes, each checked on `/readyz`
 * (the process reaches the database and, when it caches answers, hears the change feed) every 500 ms (down after two failures, back after one success), `X-Forwarded-For` added for
 * `TRUST_PROXY=1`.
 *
 * HAProxy keeps an idle connection to a process for reuse until its purge of idle connections
 * (`pool-purge-delay`, 5 s by default), well within the API's keep-alive timeout (65 s): otherwise
 * the server could close an idle connection at the moment the balancer sends the next request on
 * it, and the client would get a 502 for a request the API never saw (docs/operations.md).
 *
 * `retries` with `option redispatch`: a request whose connection to a process fails (the process
 * just died, before the health checks took it out) goes to another process instead of answering 503.
 * Only a connection that failed is tried again, never a request a process received, so no write is
 * sent twice.
 */
export const haproxyConfig = ({ port, servers }: { port: number; servers: number[] }): string =>
  [
    'global',
    '  maxconn 2000',
    '',
    'defaults',
    '  mode http',
    '  option http-keep-alive',
    '  option forwardfor',
    '  timeout connect 5s',
    '  timeout client 30s',
    '  timeout server 30s',
    '  timeout http-keep-alive 10s',
    '  retries 3',
    '  option redispatch 1',
    '',
    'frontend public',
    `  bind 127.0.0.1:${port}`,
    '  default_backend apis',
    '',
    'backend apis',
    '  balance roundrobin',
    '  option httpchk GET /readyz',
    '  http-check expect status 200',
    ...servers.map((server, index) => `  server api${index + 1} 127.0.0.1:${server} check inter 500ms fall 2 rise 1`),
    '',
  ].join('\n');

/** Writes the configuration and starts HAProxy in the foreground; resolves once `/healthz` answers 200 through it. */
export const startHaproxy = async ({ dir, port, servers }: { dir: string; port: number; servers: number[] }): Promise<{ url: string; process: RunningProcess }> => {
  const binary = requireBinary('haproxy');
  const config = join(dir, 'haproxy.cfg');
  writeFileSync(config, haproxyConfig({ port, servers }));
  const url = `http://127.0.0.1:${port}`;
  const process = await startProcess({
    name: 'haproxy',
    command: binary,
    // -db: stay in the foreground, so the stack owns the process and sees its output.
    args: ['-f', config, '-db'],
    cwd: dir,
    ready: (running) =>
      waitUntil('/healthz answered 200 through HAProxy', () => healthy(url), { process: running, timeoutMs: 30_000 }),
  });
  return { url, process };
};
