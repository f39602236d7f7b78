import { pino, type DestinationStream, type Logger } from 'pino';

/**
 * Standard output, written asynchronously: a line is handed to the kernel as soon as the previous
 * write has finished (no `minLength` buffering, so "listening" and the like appear at once), and
 * the request never waits on a blocking `write(2)`. Lines still pending are written out on
 * `logger.flush()` (the server's close path) and, synchronously, when the process exits.
 */
const stdout = (): DestinationStream => pino.destination({ dest: 1, sync: false });

/** Writes out what an asynchronous destination still holds; at once for a synchronous one. */
export const flushLogger = (logger: Logger): Promise<void> =>
  new Promise<void>((resolve) => {
    try {
      logger.flush(() => resolve());
    } catch {
      resolve();
    }
  });

/**
 * Structured JSON logs. Request bodies, tokens, cookies and thread content are never logged:
 * the request logger writes method, route, status and timing only, and these paths are redacted
 * in case an error object carries them.
 */
export const createLogger = (level = process.env.LOG_LEVEL ?? 'info', destination?: DestinationStream): Logger =>
  pino(
    {
      level,
      base: { service: 'task-and-directory' },
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie', 'body', 'token', 'password'],
        censor: '[redacted]',
      },
    },
    destination ?? stdout(),
  );

export type { Logger };
