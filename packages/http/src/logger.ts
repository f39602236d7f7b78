import { pino, type DestinationStream, type Logger } from 'pino';

/** How long a log line may wait in the buffer before it is written out. */
const FLUSH_EVERY_MS = 200;

/**
 * Standard output, written asynchronously and in blocks: lines gather until 4 KB are pending or
 * 200 ms have passed, then go to the kernel in one `write(2)`. One write per request line cost as
 * much CPU as a database round trip on a virtual machine (docs/performance.md, "Fifth round").
 * The request never waits on a write. Lines still pending are written out on `logger.flush()`
 * (after "listening", and on the server's close path) and, synchronously, when the process exits.
 */
const stdout = (): DestinationStream => pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: FLUSH_EVERY_MS });

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
// An empty LOG_LEVEL counts as unset, as every setting does.
export const createLogger = (level = process.env.LOG_LEVEL || 'info', destination?: DestinationStream): Logger =>
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
