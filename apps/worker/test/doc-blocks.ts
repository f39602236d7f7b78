import { execFile, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';

/** What the tests that run a guide's shell blocks as written share: reading the blocks, running them, reading what they print. */

const run = promisify(execFile);

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
