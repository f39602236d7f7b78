import { pino, type DestinationStream, type Logger } from 'pino';

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
    destination ?? pino.destination(1),
  );

export type { Logger };
