import { link, mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';

/** Another process (or another open database in this one) holds the PGlite data directory. */
export class DataDirectoryInUseError extends Error {
  readonly code = 'data_dir_in_use';
  readonly dataDir: string;
  readonly pid: number;
  constructor(dataDir: string, pid: number) {
    super(`The data directory ${dataDir} is in use by process ${pid}; stop it first or set SVC_DATA_DIR to another directory.`);
    this.name = 'DataDirectoryInUseError';
    this.dataDir = dataDir;
    this.pid = pid;
  }
}

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The lock files this process holds: a lock naming our own PID that is not here was left by an earlier process that had it (a container's PID 1 after a restart). */
const held = new Set<string>();

/** Whether the process `pid` holds `lockPath`: alive, and when that is this process, it took this lock. */
const holds = (pid: number, lockPath: string): boolean => (pid === process.pid ? held.has(lockPath) : isAlive(pid));

const readOwner = async (path: string): Promise<number | null> => {
  try {
    const pid = Number.parseInt(await readFile(path, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
};

const code = (error: unknown) => (error as NodeJS.ErrnoException).code;

/** Makes the directory and its missing parents one level at a time: `{ recursive: true }` never returns under a parent that answers ENOENT (/proc). */
const makeDirectories = async (dir: string): Promise<void> => {
  try {
    await mkdir(dir);
  } catch (error) {
    if (code(error) === 'EEXIST') return;
    if (code(error) !== 'ENOENT' || dirname(dir) === dir) throw error;
    await makeDirectories(dirname(dir));
    await mkdir(dir);
  }
};

/** Makes the data directory where it is missing, or says why it cannot be made. */
export const makeDataDirectory = async (dataDir: string): Promise<void> => {
  try {
    await makeDirectories(resolve(dataDir));
  } catch (error) {
    throw new Error(`The data directory ${resolve(dataDir)} cannot be made (${(error as Error).message}); set SVC_DATA_DIR to a directory this process may create.`, { cause: error });
  }
};

/**
 * Takes the data directory for this process: a lock file beside it (`<dir>.lock`) holding our PID,
 * created exclusively. PGlite is one PostgreSQL in one process; two processes writing the same
 * files would corrupt them. A lock left by a process that is gone is taken over. Returns the
 * release function.
 */
export const lockDataDirectory = async (dataDir: string): Promise<() => Promise<void>> => {
  const dir = resolve(dataDir);
  const lockPath = `${dir}.lock`;
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      await writeFile(lockPath, `${process.pid}\n`, { flag: 'wx' });
      held.add(lockPath);
      return async () => {
        held.delete(lockPath);
        if ((await readOwner(lockPath)) === process.pid) await unlink(lockPath).catch(() => {});
      };
    } catch (error) {
      if (code(error) !== 'EEXIST') throw error;
    }
    const owner = await readOwner(lockPath);
    if (owner !== null && holds(owner, lockPath)) throw new DataDirectoryInUseError(dir, owner);
    // Stale (or empty: a writer died between create and write). Move it aside rather than delete
    // it, so that of several processes taking over at once only one removes it, and check that
    // what was moved is the stale lock, not one another process took in the meantime.
    const aside = `${lockPath}.${process.pid}.stale`;
    try {
      await rename(lockPath, aside);
    } catch (error) {
      if (code(error) === 'ENOENT') continue;
      throw error;
    }
    const moved = await readOwner(aside);
    if (moved !== owner && moved !== null && holds(moved, lockPath)) {
      await link(aside, lockPath).catch(() => {});
      await unlink(aside).catch(() => {});
      throw new DataDirectoryInUseError(dir, moved);
    }
    await unlink(aside).catch(() => {});
  }
  throw new Error(`Could not take the lock on the data directory ${dir} (${lockPath}); remove the lock file if no process uses it.`);
};
