import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:http';
import { connect, createServer as createTcpServer, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, type TestApp } from '@svc/runtime/testing';
import { startCommandLineTestApp } from './command-line.ts';

/**
 * The README's production start, `apps/worker/bin/serve`, as a container runtime runs it: the
 * process it starts is the one that gets SIGTERM. A request under way when the signal comes is
 * answered, the process exits 0 and leaves nothing behind; a client that never finishes its
 * request is cut after SHUTDOWN_TIMEOUT_MS instead of holding the stop for ever.
 */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const COMMAND = 'apps/worker/bin/serve';

let app: TestApp;
beforeAll(async () => {
  app = await startCommandLineTestApp();
}, 120_000);
afterAll(() => app?.close());

interface Started {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
}

/** Waits (generously) until `check` holds. */
const until = async (check: () => boolean, what: string, ms = 60_000): Promise<void> => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

const start = async (env: Record<string, string> = {}): Promise<Started> => {
  const port = await freePort();
  const child = spawn(`${root}${COMMAND}`, ['--no-cron'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: app.db.url!, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', NODE_ENV: 'production', ...env },
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await until(() => output.includes('"listening"') || child.exitCode !== null, 'the listening line');
  expect(child.exitCode, output).toBeNull();
  return { child, port, output: () => output, exited };
};

/** Opens a request to `POST /api/v1/agent/connect` and sends its headers, not its body; resolves once the server has taken the request up (100 Continue). */
const beginConnect = async (port: number, body: string): Promise<{ socket: Socket; received: () => string }> => {
  const socket = connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk) => (received += chunk.toString()));
  socket.on('error', () => {});
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  socket.write(
    `POST /api/v1/agent/connect HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\n\r\n`,
  );
  await until(() => received.includes('100 Continue'), 'the server to take the request up');
  return { socket, received: () => received };
};

const isRunning = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The process's children, from /proc: what it would leave behind. */
const childrenOf = (pid: number): number[] => {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
};

describe('the production start', { timeout: 120_000 }, () => {
  it('is the command the README documents', () => {
    expect(readFileSync(`${root}README.md`, 'utf8')).toContain(`\`${COMMAND}\``);
  });

  it('answers the request under way when SIGTERM comes (twice), then exits 0 leaving no process behind', async () => {
    const server = await start();
    const pid = server.child.pid!;
    // The command hands over to node itself: the process the runtime signals is the server.
    expect(readFileSync(`/proc/${pid}/cmdline`, 'utf8')).toContain('cli.ts');
    const children = childrenOf(pid);
    const body = JSON.stringify({ agent_name: 'Shutdown check', scopes: ['jobs:write'], days: 1 });
    const request = await beginConnect(server.port, body);

    server.child.kill('SIGTERM');
    await until(() => server.output().includes('shutting down'), 'the shutdown to begin');
    // A second signal during the drain waits for the first instead of killing the process.
    server.child.kill('SIGTERM');
    await until(() => server.output().includes('already shutting down'), 'the second signal to be noted');
    request.socket.write(body);

    await until(() => /\r\n\r\n\{.*\}/s.test(request.received().split('100 Continue')[1] ?? ''), 'the answer');
    const answer = request.received().split('100 Continue\r\n\r\n')[1]!;
    expect(answer).toMatch(/^HTTP\/1\.1 201 /);
    expect(answer).toMatch(/connection: close/i);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({ user_code: expect.any(String), device_code: expect.any(String) });

    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('server closed');
    expect(isRunning(pid)).toBe(false);
    for (const child of children) expect(isRunning(child)).toBe(false);
    // What it acknowledged is stored.
    const [row] = await app.db.query<{ n: number }>("select count(*)::int as n from device_authorizations where agent_name = 'Shutdown check'");
    expect(row!.n).toBe(1);
  });

  it('drains on a SIGTERM that comes as soon as the port opens, while it still waits to hear its change feed', async () => {
    // The change feed listens on another database than the one its heartbeat is written to, as behind a
    // pooler that drops notifications: it never hears, so the start waits for it as long as it waits at all.
    const deaf = new URL(app.db.url!);
    deaf.pathname = '/postgres';
    const port = await freePort();
    const child = spawn(`${root}${COMMAND}`, ['--no-cron'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: app.db.url!, DATABASE_LISTEN_URL: deaf.toString(), PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', NODE_ENV: 'production' },
    });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      // The port is open: a connection is taken.
      let open = false;
      await until(() => {
        if (!open) {
          const probe = connect(port, '127.0.0.1');
          probe.once('connect', () => ((open = true), probe.destroy()));
          probe.once('error', () => probe.destroy());
        }
        return open || child.exitCode !== null;
      }, 'the port to open');
      child.kill('SIGTERM');
      expect(await exited, output).toBe(0);
      expect(output).toContain('shutting down');
      expect(output).toContain('server closed');
      // It never said it was listening after it said it was shutting down.
      expect(output).not.toContain('"msg":"listening"');
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });

  it('cuts a request that never finishes once SHUTDOWN_TIMEOUT_MS is up, and still exits 0', async () => {
    const server = await start({ SHUTDOWN_TIMEOUT_MS: '1000' });
    const request = await beginConnect(server.port, '{"never": "sent"}');
    let closed = false;
    request.socket.once('close', () => (closed = true));
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(30_000);
    expect(server.output()).toContain('shutdown timeout: cutting requests still under way');
    await until(() => closed, 'the connection to be cut');
  });

  it('with tracing on, sends the spans of its last requests to the OTLP receiver before it exits', async () => {
    // A stand-in for an OpenTelemetry collector's OTLP/HTTP receiver: it keeps what it is sent.
    const received: { path: string; type: string; body: Buffer }[] = [];
    const collector = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push({ path: req.url ?? '', type: req.headers['content-type'] ?? '', body: Buffer.concat(chunks) });
        res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = collector.address() as { port: number };
      const server = await start({ OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`, OTEL_SERVICE_NAME: 'svc-shutdown-check' });
      expect(server.output()).toContain('"tracing":true');
      const traceId = randomBytes(16).toString('hex');
      const res = await fetch(`http://127.0.0.1:${server.port}/healthz`, { headers: { traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` } });
      expect(res.status).toBe(200);
      // Spans are batched for seconds: only the shutdown's flush sends them before the exit.
      expect(received).toEqual([]);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      const traces = received.filter((request) => request.path === '/v1/traces');
      expect(traces.map((request) => request.type)).toContain('application/x-protobuf');
      const sent = Buffer.concat(traces.map((request) => request.body));
      expect(sent.includes(Buffer.from(traceId, 'hex'))).toBe(true);
      expect(sent.includes(Buffer.from('svc-shutdown-check'))).toBe(true);
    } finally {
      await new Promise((resolve) => collector.close(resolve));
    }
  });

  it('with tracing on and no collector listening, loses the spans but still exits 0, saying so', async () => {
    // A port nobody listens on: every export is refused.
    const closed = await freePort();
    const server = await start({ OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${closed}` });
    expect((await fetch(`http://127.0.0.1:${server.port}/healthz`)).status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('tracing: the last spans could not be sent');
  });

  it('with a collector that takes connections and never answers, waits its export timeout after the bounded close, not within it, and exits 0', async () => {
    const held = new Set<Socket>();
    const silent = createTcpServer((socket) => held.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = silent.address() as { port: number };
      const server = await start({ OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`, OTEL_EXPORTER_OTLP_TIMEOUT: '3000', SHUTDOWN_TIMEOUT_MS: '1000' });
      expect((await fetch(`http://127.0.0.1:${server.port}/healthz`)).status).toBe(200);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(server.output()).not.toContain('shutdown failed');
      expect(server.output()).toContain('tracing: the last spans could not be sent');
    } finally {
      for (const socket of held) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('answers 503 database_unavailable with Retry-After while PostgreSQL cannot be reached, and serves again once it can', async () => {
    // PostgreSQL behind a TCP relay that can go away (a failover, a restart) and come back.
    const target = new URL(app.db.url!);
    const sockets = new Set<Socket>();
    let open = true;
    const relay = createTcpServer((inbound) => {
      if (!open) return inbound.destroy();
      const outbound = connect(Number(target.port || 5432), target.hostname);
      for (const [from, to] of [[inbound, outbound], [outbound, inbound]] as const) {
        sockets.add(from);
        from.on('error', () => {});
        from.on('close', () => (sockets.delete(from), to.destroy()));
        from.pipe(to);
      }
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    try {
      const relayed = new URL(app.db.url!);
      relayed.host = `127.0.0.1:${(relay.address() as { port: number }).port}`;
      const server = await start({ DATABASE_URL: relayed.toString() });
      const connectAgent = () =>
        fetch(`http://127.0.0.1:${server.port}/api/v1/agent/connect`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ agent_name: 'Outage check', scopes: ['jobs:write'] }) });
      expect((await connectAgent()).status).toBe(201);
      open = false;
      for (const socket of sockets) socket.destroy();
      const refused = await connectAgent();
      expect([refused.status, refused.headers.get('retry-after')]).toEqual([503, '5']);
      expect(await refused.json()).toMatchObject({ error: 'database_unavailable' });
      open = true;
      // Back once the pool connects again: polled, with a generous bound.
      let status = 0;
      for (const deadline = Date.now() + 30_000; status !== 201 && Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 50))) {
        status = (await connectAgent()).status;
      }
      expect(status).toBe(201);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => relay.close(resolve));
    }
  });

  it.each([
    ['a HOST that does not resolve', { HOST: 'nope.invalid', PORT: 'free' }, 'svc: HOST "nope.invalid" does not resolve to an address'],
    ['a PORT another process listens on', { HOST: '127.0.0.1', PORT: 'taken' }, 'is in use on 127.0.0.1 by another process (EADDRINUSE)'],
    ['a DATABASE_URL where nothing listens', { DATABASE_URL: 'closed' }, 'svc: DATABASE_URL: nothing accepts connections at 127.0.0.1:'],
    ['a DATABASE_URL where something else answers', { DATABASE_URL: 'not-postgres' }, "closed the connection without speaking PostgreSQL's protocol: set DATABASE_URL"],
    ['a DATABASE_LISTEN_URL where nothing listens', { DATABASE_LISTEN_URL: 'closed' }, 'svc: DATABASE_LISTEN_URL: nothing accepts connections at 127.0.0.1:'],
    ['a DATABASE_LISTEN_URL naming no database', { DATABASE_LISTEN_URL: 'no-database' }, 'has no database "svc_no_such_database" (3D000): create it, or set DATABASE_LISTEN_URL'],
    ['an SVC_DATA_DIR another process holds', { DATABASE_URL: '', SVC_DATA_DIR: 'held' }, 'svc: SVC_DATA_DIR: The data directory'],
  ])('stops on %s with a message naming the setting, not a stack trace (exit 1)', async (_case, settings: Record<string, string>, message) => {
    const holder = createTcpServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const taken = String((holder.address() as { port: number }).port);
    // Something that is not PostgreSQL: it closes each connection with a line of its own (destroyed
    // once written, or closing the server would wait on the half-closed connection).
    const stranger = createTcpServer((socket) => socket.end('HTTP/1.1 400 Bad Request\r\n\r\n', () => socket.destroy()));
    await new Promise<void>((resolve) => stranger.listen(0, '127.0.0.1', resolve));
    // A data directory whose lock names a live process (this one): a second server must not open it.
    const dataDir = join(tmpdir(), `svc-held-${randomBytes(6).toString('hex')}`);
    writeFileSync(`${dataDir}.lock`, String(process.pid));
    try {
      const closed = new URL(app.db.url!);
      closed.host = `127.0.0.1:${await freePort()}`;
      const notPostgres = new URL(app.db.url!);
      notPostgres.host = `127.0.0.1:${(stranger.address() as { port: number }).port}`;
      const noDatabase = new URL(app.db.url!);
      noDatabase.pathname = '/svc_no_such_database';
      const urls: Record<string, string> = { closed: closed.toString(), 'not-postgres': notPostgres.toString(), 'no-database': noDatabase.toString() };
      const env = {
        ...process.env,
        DATABASE_URL: app.db.url!,
        ...settings,
        ...(settings.DATABASE_URL && urls[settings.DATABASE_URL] ? { DATABASE_URL: urls[settings.DATABASE_URL] } : {}),
        ...(settings.DATABASE_LISTEN_URL && urls[settings.DATABASE_LISTEN_URL] ? { DATABASE_LISTEN_URL: urls[settings.DATABASE_LISTEN_URL] } : {}),
        ...(settings.SVC_DATA_DIR === 'held' ? { SVC_DATA_DIR: dataDir } : {}),
        PORT: settings.PORT === 'taken' ? taken : String(await freePort()),
      };
      const child = spawn(`${root}${COMMAND}`, ['--no-cron'], { cwd: root, env });
      let output = '';
      child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      expect(code).toBe(1);
      expect(output).toContain(message);
      expect(output).not.toMatch(/^\s+at /m);
    } finally {
      await new Promise((resolve) => holder.close(resolve));
      await new Promise((resolve) => stranger.close(resolve));
      rmSync(`${dataDir}.lock`, { force: true });
    }
  });

  it('refuses to start on a setting it does not allow, naming it', async () => {
    const child = spawn(`${root}${COMMAND}`, [], { cwd: root, env: { ...process.env, DATABASE_URL: app.db.url!, PORT: 'eighty' } });
    let output = '';
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(2);
    expect(output).toContain('svc: PORT must be a TCP port from 1 to 65535');
    // The message alone, not a stack trace around it.
    expect(output).not.toMatch(/^\s+at /m);
  });
});
