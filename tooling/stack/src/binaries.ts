import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/** Debian installs PgBouncer and HAProxy here, which is not on every user's PATH. */
const SYSTEM_DIRS = ['/usr/sbin', '/sbin', '/usr/local/sbin'];

const HINTS: Record<string, string> = {
  pgbouncer: 'the connection pooler; on Debian: apt-get install pgbouncer',
  haproxy: 'the load balancer; on Debian: apt-get install haproxy',
  setpriv: 'from util-linux: it ties every process of the stack to the one that started it',
  id: 'from coreutils',
};

/**
 * The absolute path of a program the stack runs. A missing one stops the start with what to
 * install: the stack never quietly runs without a part, or a test would check less than it says.
 */
export const requireBinary = (name: string): string => {
  const dirs = [...new Set([...(process.env.PATH ?? '').split(delimiter).filter(Boolean), ...SYSTEM_DIRS])];
  for (const dir of dirs) {
    const path = join(dir, name);
    try {
      accessSync(path, constants.X_OK);
      return path;
    } catch {
      // Not in this directory.
    }
  }
  throw new Error(`The stack needs \`${name}\` (${HINTS[name] ?? 'a required program'}), and it is not installed: looked in ${dirs.join(', ')}.`);
};
