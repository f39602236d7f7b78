import { createServer, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type Koa from 'koa';
import type { Logger } from 'pino';
import { flushLogger } from './logger.ts';

export interface RunningServer {
  server: Server;
  port: number;
  /** Stops accepting, lets in-flight requests finish, then runs `onClose`. */
  close(): Promise<void>;
}

/**
 * Requests Node's HTTP parser refuses before any middleware sees them (a URL and headers over its
 * 16 KiB limit, bytes that are not HTTP) get the error body every other refusal has, instead of
 * Node's empty 431 or 400: 400 `validation_failed`, and the connection is closed.
 */
const answerUnparsableRequests = (server: Server): void => {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    if (!error.code?.startsWith('HPE_')) {
      // As Node does by default: a request that took too long gets 408, anything else is dropped.
      if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') socket.end('HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n');
      else socket.destroy();
      return;
    }
    const message =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? 'The request line and headers are larger than 16 KiB; send long input in a request body.'
        : 'The request is not well-formed HTTP/1.1.';
    const body = JSON.stringify({ error: 'validation_failed', message });
    socket.end(
      `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
};

export const listen = async (
  app: Koa,
  { port, host = '0.0.0.0', logger, onClose = async () => {} }: { port: number; host?: string; logger: Logger; onClose?: () => Promise<void> },
): Promise<RunningServer> => {
  const server = createServer(app.callback());
  server.keepAliveTimeout = 5_000;
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
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Idle keep-alive sockets would hold close() open; busy ones finish their request first.
        server.closeIdleConnections();
      });
      await onClose();
      logger.info('server closed');
      // The access log is written asynchronously: nothing may be lost when the process exits next.
      await flushLogger(logger);
    })());
  return { server, port: actualPort, close };
};

/** Closes the server on SIGTERM/SIGINT, finishing in-flight requests, and exits. */
export const closeOnSignals = (close: () => Promise<void>, logger: Logger): void => {
  const stop = (signal: string) => {
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
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
};
