import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { dbEntities, dbMigrations } from '@svc/db';
import { openTestDatabase, TEST_DATABASE_URL, type TestDatabase } from '@svc/db/testing';
import { freePort } from '@svc/runtime/testing';

/** What the tests that run a guide's shell blocks as written share: starting the service, reading the blocks, running them, reading what they print. */

const run = promisify(execFile);
const cli = fileURLToPath(new URL('../src/cli.ts', import.meta.url));

export interface Block {
  info: string;
  code: string;
}

/** The fenced blocks of a Markdown text, with their info strings (`sh`, `sh server`, `json`…). */
export const fencedBlocks = (markdown: string): Block[] =>
  [...markdown.matchAll(/^```([^\n]*)\n([\s\S]*?)^```$/gm)].map((match) => ({ info: match[1]!.trim(), code: match[2]! }));

const MARK = '@@doc-block@@';

/** Runs `blocks` in one bash (variables carry over), stopping at the first failing command; one output a block. */
export const runShellBlocks = async (blocks: string[], cwd: string, { doc, timeoutMs }: { doc: string; timeoutMs: number }): Promise<string[]> => {
  const script = ['set -eo pipefail', ...blocks.flatMap((code, i) => [`printf '\\n${MARK}%s\\n' ${i}`, code])].join('\n');
  try {
    const { stdout } = await run('bash', ['-c', script], { cwd, timeout: timeoutMs, maxBuffer: 4 * 1024 * 1024 });
    return stdout.split(new RegExp(`\\n${MARK}\\d+\\n`)).slice(1);
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`A block of ${doc} failed.\n--- stdout\n${stdout}\n--- stderr\n${stderr}`, { cause: error });
  }
};

/** The JSON values a block printed (one or more, one after another). */
export const jsonValues = (output: string): Record<string, unknown>[] =>
  output
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

export const waitUntilHealthy = async (url: string, server: ChildProcess, log: () => string) => {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The service exited (${server.exitCode}):\n${log()}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The service did not answer /healthz in time:\n${log()}`);
};

/** Where every guide starts the service; a test starts its own on a free port and runs the blocks against that. */
export const DOC_BASE = 'http://localhost:3000';
/** The database a guide names when it needs PostgreSQL by URL; a test puts its scratch database there. */
export const DOC_DATABASE_URL = 'postgresql://postgres@127.0.0.1:5432/svc';
const START = 'npx -y pnpm@12.21.0 install && npx -y pnpm@12.21.0 start';

export interface GuideRun {
  /** The started service's origin, in place of `DOC_BASE`. */
  base: string;
  /** The scratch database's URL, in place of `DOC_DATABASE_URL`. */
  databaseUrl: string;
  /** The guide's `sh` blocks as they ran. */
  blocks: string[];
  /** What each block printed. */
  outputs: string[];
  /** The directory the blocks ran in (the cookie jars land there). */
  workDir: string;
  /** What the block containing `command` printed. */
  outputOf(command: string): string;
  close(): Promise<void>;
}

/**
 * Runs a guide in `docs/` as a reader would: starts the real service (the `svc serve` command behind
 * `pnpm start`) on a free port over a scratch PostgreSQL database, with every setting at its default,
 * then runs the guide's `sh` blocks with bash, in order, in one shell. The block that starts the
 * service (`sh server`, left to its own terminal) must be `serverCommand`.
 */
export const runGuide = async (
  doc: string,
  { serverCommand = START, timeoutMs = 120_000 }: { serverCommand?: string; timeoutMs?: number } = {},
): Promise<GuideRun> => {
  await run('jq', ['--version']).catch((error: unknown) => {
    throw new Error(`docs/${doc} uses jq; install it (apt-get install jq) to run this test.`, { cause: error });
  });
  const markdown = await readFile(fileURLToPath(new URL(`../../../docs/${doc}`, import.meta.url)), 'utf8');
  const all = fencedBlocks(markdown);
  const servers = all.filter((block) => block.info === 'sh server').map((block) => block.code.trim());
  if (servers.length !== 1 || servers[0] !== serverCommand) {
    throw new Error(`docs/${doc} must start the service with one \`sh server\` block, \`${serverCommand}\`; it has ${JSON.stringify(servers)}`);
  }
  if (!markdown.includes(`B=${DOC_BASE}\n`)) throw new Error(`docs/${doc} must name the service B=${DOC_BASE}`);

  // A scratch database of its own; the service applies the rest of the migrations at start, as `pnpm start` does.
  const db: TestDatabase = await openTestDatabase('postgresql', { entities: dbEntities, migrations: dbMigrations });
  let server: ChildProcess | undefined;
  let workDir: string | undefined;
  const close = async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await db.dispose();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  };
  try {
    const [row] = await db.query<{ name: string }>('select current_database() as name');
    const url = new URL(TEST_DATABASE_URL);
    url.pathname = `/${row!.name}`;
    const databaseUrl = url.toString();
    const port = await freePort();
    const base = `http://localhost:${port}`;
    // BASE_URL and the write limit left to their defaults, as for a reader who runs `pnpm start`.
    const { BASE_URL: _base, AGENT_WRITES_PER_MINUTE: _writes, ...env } = process.env;
    let log = '';
    server = spawn(process.execPath, [cli, 'serve', '--no-cron'], {
      env: { ...env, PORT: String(port), DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
    server.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
    await waitUntilHealthy(`http://127.0.0.1:${port}`, server, () => log);

    const blocks = all
      .filter((block) => block.info === 'sh')
      .map((block) => block.code.replaceAll(DOC_BASE, base).replaceAll(DOC_DATABASE_URL, databaseUrl));
    workDir = await mkdtemp(join(tmpdir(), `svc-doc-${doc.replace(/\W+/g, '-')}-`));
    const outputs = await runShellBlocks(blocks, workDir, { doc: `docs/${doc}`, timeoutMs });
    const outputOf = (command: string): string => {
      const index = blocks.findIndex((code) => code.includes(command));
      if (index < 0) throw new Error(`no sh block in docs/${doc} runs ${command}`);
      return outputs[index]!;
    };
    return { base, databaseUrl, blocks, outputs, workDir, outputOf, close };
  } catch (error) {
    await close();
    throw error;
  }
};
