import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type Koa from 'koa';
import type { Logger } from 'pino';
import { flushLogger } from './logger.ts';

/**
 * How long the server waits on a client (docs/operations.md, "Behind a load balancer"). Each
 * is a timeout in milliseconds; none may be turned off, since each one is what stops some slow or
 * hostile client from holding a connection open for ever.
 */
export interface HttpLimits {
  /**
   * How long a connection may sit idle between requests. It must outlast the time a load balancer
   * in front keeps an idle connection for reuse: a balancer that sends a request on a connection
   * the server has just closed answers its client 502.
   */
  keepAliveMs: number;
  /**
   * How long a client may take to send a request's headers, from the moment it connects (or, on a
   * reused connection, from the request's first byte): a client that dribbles headers is cut
   * with 408. The idle time between requests does not count.
   */
  headersMs: number;
  /** How long a client may take to send a whole request, headers and body; at least `headersMs`. */
  requestMs: number;
  /**
   * How many connections the process holds at once; past it a new connection is closed at once, so
   * a flood of idle connections cannot use up the process's file descriptors (keep it below
   * `ulimit -n`, with room for database connections and files).
   */
  maxConnections: number;
}

/**
 * 65 s keep-alive outlasts the 60 s most balancers keep idle connections (nginx's upstream
 * `keepalive_timeout`, AWS ALB's idle timeout). Behind a balancer the headers arrive at once; a
 * client facing the server directly gets 20 s for its headers and 30 s for the whole request,
 * enough to send the largest body the service reads (256 KiB) at 9 KB/s.
 */
export const DEFAULT_HTTP_LIMITS: HttpLimits = { keepAliveMs: 65_000, headersMs: 20_000, requestMs: 30_000, maxConnections: 4_096 };

/** How long a shutdown waits for requests under way (`SHUTDOWN_TIMEOUT_MS`); below the 30 s most process managers wait before they kill. */
export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 10_000;

export interface RunningServer {
  server: Server;
  port: number;
  /** Stops accepting, lets in-flight requests finish, then runs `onClose`. */
  close(): Promise<void>;
}

/** How often a shutdown looks for connections that went idle since it began. */
const IDLE_SWEEP_MS = 250;

/** How long a refused client gets to read the answer and close its side before the server drops the connection. */
const REFUSAL_GRACE_MS = 1_000;

/**
 * Answers and closes. Ending only half-closes: a client that neither reads the answer nor closes
 * its own side would keep the connection (and a file descriptor) for ever, so it is dropped after
 * a short grace. A client that does read gets the whole answer, which a plain destroy could lose.
 */
const refuse = (socket: Duplex, answer: string): void => {
  socket.end(answer);
  const drop = setTimeout(() => socket.destroy(), REFUSAL_GRACE_MS);
  drop.unref();
  socket.once('close', () => clearTimeout(drop));
};

/**
 * Requests Node's HTTP parser refuses before any middleware sees them (a URL and headers over its
 * 16 KiB limit, bytes that are not HTTP) get the error body every other refusal has, instead of
 * Node's empty 431 or 400: 400 `validation_failed`, and the connection is closed. So does a CONNECT,
 * which Node never hands to the app (405).
 */
const answerUnparsableRequests = (server: Server): void => {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    // An answer already under way (sent before the request's body finished arriving) must not be
    // followed by a second one on the same connection: the client would read it as garbage. Node's
    // own handling of this event makes the same check, on the same field.
    const answering = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent;
    if (!socket.writable || answering) {
      socket.destroy();
      return;
    }
    if (!error.code?.startsWith('HPE_')) {
      // As Node does by default: a request that took too long gets 408, anything else is dropped.
      if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') refuse(socket, 'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n');
      else socket.destroy();
      return;
    }
    const message =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? 'The request line and headers are larger than 16 KiB; send long input in a request body.'
        : 'The request is not well-formed HTTP/1.1.';
    refuse(socket, rawAnswer('400 Bad Request', { error: 'validation_failed', message }));
  });
  // CONNECT asks for a tunnel, as of a proxy, and this server is none. Node hands it to this event
  // and, with nobody listening, drops the connection unanswered; its target names no resource of
  // ours, so the Allow of the 405 is empty.
  server.on('connect', (_req: unknown, socket: Duplex) => {
    refuse(socket, rawAnswer('405 Method Not Allowed', { error: 'method_not_allowed', message: 'CONNECT opens a tunnel through a proxy, and this server is none.' }, 'Allow: \r\n'));
  });
};

/** An answer with the error body, written on the socket itself (outside Node's request handling), closing the connection. */
const rawAnswer = (status: string, body: object, headers = ''): string => {
  const text = JSON.stringify(body);
  return `HTTP/1.1 ${status}\r\n${headers}Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`;
};

/**
 * Headers a request may send once: Node keeps the first of several Host, Authorization or
 * Content-Type lines and joins two Idempotency-Keys into one "k1, k2", where a proxy in front might
 * read another copy. Their names as they appear in the refusal.
 */
const SINGLE_HEADERS = new Map([
  ['host', 'Host'],
  ['authorization', 'Authorization'],
  ['content-type', 'Content-Type'],
  ['idempotency-key', 'Idempotency-Key'],
]);

/** How many lines of each single header a request has. */
const singleHeaderLines = (rawHeaders: string[]): Map<string, number> => {
  const counts = new Map<string, number>();
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i]!.toLowerCase();
    if (SINGLE_HEADERS.has(name)) counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return counts;
};

/** Why a request's headers are refused, if they are (RFC 9112 §3.2, RFC 9110 §5.3). */
const headerProblem = (req: IncomingMessage): string | null => {
  const counts = singleHeaderLines(req.rawHeaders);
  if (!counts.has('host') && req.httpVersion === '1.1') return 'it names no Host';
  const repeated = [...counts].filter(([, count]) => count > 1).map(([name]) => SINGLE_HEADERS.get(name)!);
  if (repeated.length === 0) return null;
  return repeated[0] === 'Host' ? 'it names more than one Host' : `it sends ${repeated.join(' and ')} more than once`;
};

export const listen = async (
  app: Koa,
  {
    port,
    host = '0.0.0.0',
    logger,
    onClose = async () => {},
    limits = DEFAULT_HTTP_LIMITS,
    shutdownTimeoutMs = DEFAULT_SHUTDOWN_TIMEOUT_MS,
  }: { port: number; host?: string; logger: Logger; onClose?: () => Promise<void>; limits?: HttpLimits; shutdownTimeoutMs?: number },
): Promise<RunningServer> => {
  const handle = app.callback();
  // A shutdown waits for the answers under way; each then closes its connection rather than keep
  // it for the keep-alive timeout, which would hold the shutdown that long.
  const inFlight = new Set<ServerResponse>();
  let stopping = false;
  const unused = new Set<Duplex>();
  const server = createServer(
    {
      keepAliveTimeout: limits.keepAliveMs,
      headersTimeout: limits.headersMs,
      requestTimeout: limits.requestMs,
      // Node looks for requests past their headers or request timeout only this often (30 s by
      // default), so a slow client could hold on that much longer than the timeout says; a tenth
      // of the headers timeout keeps the overrun small and the sweep cheap.
      connectionsCheckingInterval: Math.min(30_000, Math.max(10, Math.floor(limits.headersMs / 10))),
      // Checked below, so that the refusal carries the error body (Node's own has none).
      requireHostHeader: false,
    },
    (req, res) => {
      unused.delete(req.socket);
      // RFC 9112 §3.2: an HTTP/1.1 request names its Host, once; without one, or with several (of
      // which Node keeps the first, where a proxy might read another), it is refused, as a malformed
      // request is; so is a second Authorization, Content-Type or Idempotency-Key.
      const problem = headerProblem(req);
      if (problem) {
        const body = JSON.stringify({ error: 'validation_failed', message: `The request is not well-formed HTTP/1.1: ${problem}.` });
        res.writeHead(400, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body), Connection: 'close' }).end(body);
        return;
      }
      inFlight.add(res);
      res.once('close', () => inFlight.delete(res));
      if (stopping) res.setHeader('Connection', 'close');
      return handle(req, res);
    },
  );
  server.maxConnections = limits.maxConnections;
  // Connections that have sent no request yet (a browser opens some ahead of need): Node does not
  // count them idle, so on a shutdown they would hold close() until the deadline. They go at once.
  server.on('connection', (socket: Duplex) => {
    unused.add(socket);
    socket.once('close', () => unused.delete(socket));
  });
  answerUnparsableRequests(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      stopping = true;
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Busy connections finish their request first, and close after it: an answer not yet
        // begun says `Connection: close`, one already on its way is followed by closing the
        // connection once it is idle. Idle connections would hold close() open: they go now.
        for (const res of inFlight) {
          if (!res.headersSent) res.setHeader('Connection', 'close');
          else res.once('finish', () => server.closeIdleConnections());
        }
        server.closeIdleConnections();
        for (const socket of unused) socket.destroy();
        // A connection can also go idle later without an answer to hang that on: one whose answer went
        // out before its request's body had all arrived (a refusal that does not read it) idles once
        // the rest comes in. A sweep closes such connections as they go idle, until the server closes.
        const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
        sweep.unref();
        server.once('close', () => clearInterval(sweep));
        // A request still under way when the time is up is cut, so that a stuck client cannot
        // hold the shutdown past what the process manager allows before it kills.
        const deadline = setTimeout(() => {
          logger.warn({ requests: inFlight.size, shutdown_timeout_ms: shutdownTimeoutMs }, 'shutdown timeout: cutting requests still under way');
          server.closeAllConnections();
        }, shutdownTimeoutMs);
        deadline.unref();
        server.once('close', () => clearTimeout(deadline));
      });
      // Closing (the usage counts' flush, the database) is bounded too: an unreachable database
      // would otherwise hold the process until the process manager kills it.
      let timer: NodeJS.Timeout | undefined;
      const closed = await Promise.race([
        onClose().then(() => true),
        new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), shutdownTimeoutMs)).unref()),
      ]).finally(() => clearTimeout(timer));
      if (!closed) {
        throw new Error(`closing took longer than ${shutdownTimeoutMs} ms (is the database reachable, or a statement of a request cut at the timeout still running?): exiting without finishing it`);
      }
      logger.info('server closed');
      // The access log is written asynchronously: nothing may be lost when the process exits next.
      await flushLogger(logger);
    })());
  return { server, port: actualPort, close };
};

/** Closes the server on SIGTERM/SIGINT, finishing in-flight requests, and exits. */
export const closeOnSignals = (close: () => Promise<void>, logger: Logger): void => {
  let stopping = false;
  const stop = (signal: string) => {
    // A second signal during the drain (an impatient terminal, a process manager that repeats) waits
    // for the first: the default action would kill the process and lose what is being flushed.
    if (stopping) return logger.info({ signal }, 'already shutting down');
    stopping = true;
    logger.info({ signal }, 'shutting down');
    close().then(
      () => process.exit(0),
      async (err: unknown) => {
        logger.error({ err }, 'shutdown failed');
        await flushLogger(logger);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
};
