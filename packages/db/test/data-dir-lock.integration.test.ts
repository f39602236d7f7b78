import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataDirectoryInUseError, dbEntities, dbMigrations, openDatabase } from '../src/index.ts';

const run = promisify(execFile);
const databaseModule = fileURLToPath(new URL('../src/database.ts', import.meta.url));
const entitiesModule = fileURLToPath(new URL('../src/entities.ts', import.meta.url));
const open = (dataDir: string) => openDatabase({ dataDir, entities: dbEntities, migrations: dbMigrations });
const exists = (path: string) => stat(path).then(() => true, () => false);

/** Another process opening `dataDir`: what it prints and how it exits. */
const openInAnotherProcess = (dataDir: string) =>
  run(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import { openDatabase } from ${JSON.stringify(databaseModule)};
       import { dbEntities } from ${JSON.stringify(entitiesModule)};
       try {
         const db = await openDatabase({ dataDir: ${JSON.stringify(dataDir)}, entities: dbEntities, migrations: [] });
         await db.close();
         console.log('opened');
       } catch (error) {
         console.error(error.message);
         process.exit(3);
       }`,
    ],
    { env: { ...process.env, LOG_LEVEL: 'silent' } },
  );

// Each test opens PGlite on disk (a first open runs initdb) and some start another Node process:
// on a busy machine that takes well over the default 30 seconds.
describe('a PGlite data directory is held by one process at a time', { timeout: 120_000 }, () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'svc-lock-'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('refuses a second opener, in this process or another, and names the holder', async () => {
    const dataDir = join(root, 'held');
    const db = await open(dataDir);
    try {
      expect(Number(await readFile(`${dataDir}.lock`, 'utf8'))).toBe(process.pid);
      const second = open(dataDir);
      await expect(second).rejects.toBeInstanceOf(DataDirectoryInUseError);
      await expect(second).rejects.toThrow(
        `The data directory ${dataDir} is in use by process ${process.pid}; stop it first or set SVC_DATA_DIR to another directory.`,
      );
      const other = openInAnotherProcess(dataDir);
      await expect(other).rejects.toMatchObject({ code: 3, stderr: expect.stringContaining(`is in use by process ${process.pid}`) });
      // The refused openers left the holder's lock alone.
      expect(Number(await readFile(`${dataDir}.lock`, 'utf8'))).toBe(process.pid);
      expect(await db.isReady()).toBe(true);
    } finally {
      await db.close();
    }
    expect(await exists(`${dataDir}.lock`)).toBe(false);
  });

  it('lets the next process in once the first has closed', async () => {
    const dataDir = join(root, 'handed-over');
    const first = await open(dataDir);
    await first.close();
    const { stdout } = await openInAnotherProcess(dataDir);
    expect(stdout.trim()).toBe('opened');
    const again = await open(dataDir);
    await again.close();
  });

  it('takes over a lock left by a process that is gone', async () => {
    const dataDir = join(root, 'stale');
    const { stdout } = await run(process.execPath, ['-e', 'console.log(process.pid)']);
    const gone = Number(stdout.trim());
    await writeFile(`${dataDir}.lock`, `${gone}\n`);
    const db = await open(dataDir);
    try {
      expect(Number(await readFile(`${dataDir}.lock`, 'utf8'))).toBe(process.pid);
    } finally {
      await db.close();
    }
  });

  it('takes over a lock naming its own PID that it did not take (an earlier process with the same PID: a container’s PID 1 after a kill)', async () => {
    const dataDir = join(root, 'same-pid');
    await writeFile(`${dataDir}.lock`, `${process.pid}\n`);
    const db = await open(dataDir);
    try {
      expect(Number(await readFile(`${dataDir}.lock`, 'utf8'))).toBe(process.pid);
      // Taken now: a second opener in this process is still refused.
      await expect(open(dataDir)).rejects.toBeInstanceOf(DataDirectoryInUseError);
    } finally {
      await db.close();
    }
    expect(await exists(`${dataDir}.lock`)).toBe(false);
  });

  it('makes missing parents, and says why a directory cannot be made rather than waiting forever', async () => {
    const nested = join(root, 'a', 'b', 'data');
    const db = await open(nested);
    expect((await stat(nested)).isDirectory()).toBe(true);
    await db.close();
    // Node's recursive mkdir never returns under /proc, which answers ENOENT for any new name.
    await expect(open('/proc/svc-nope/data')).rejects.toThrow('The data directory /proc/svc-nope/data cannot be made (ENOENT');
    await writeFile(join(root, 'a-file'), 'not a directory');
    await expect(open(join(root, 'a-file', 'data'))).rejects.toThrow(/cannot be made \(ENOTDIR.*set SVC_DATA_DIR/);
  });

  it('leaves memory:// databases unlocked', async () => {
    const [a, b] = await Promise.all([open('memory://'), open('memory://')]);
    await Promise.all([a.close(), b.close()]);
  });
});
