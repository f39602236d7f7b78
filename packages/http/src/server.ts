import { createServer, type Server } from 'node:http';
import type Koa from 'koa';
import type { Logger } from 'pino';
import { flushLogger } from './logger.ts';

export interface RunningServer {
  server: Server;
  port: number;
  /** Stops accepting, lets in-flight requests finish, then runs `onClose`. */
  close(): Promise<void>;
}

export const listen = async (
  app: Koa,
  { port, host = '0.0.0.0', logger, onClose = async () => {} }: { port: number; host?: string; logger: Logger; onClose?: () => Promise<void> },
): Promise<RunningServer> => {
  const server = createServer(app.callback());
  server.keepAliveTimeout = 5_000;
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
