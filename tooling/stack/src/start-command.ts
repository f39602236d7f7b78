import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The repository's root, where the apps and the root package.json are. */
export const REPOSITORY_ROOT = join(import.meta.dirname, '../../..');

export interface StartCommand {
  /** The `NAME=value` assignments before `node`. */
  env: Record<string, string>;
  /** The `--flags` given to `node`, before the entry file. */
  nodeArgs: string[];
}

/** Splits `NAME=value … node --flag … entry args` into its environment and its node flags. */
export const parseStartCommand = (command: string): StartCommand => {
  const words = command.trim().split(/\s+/);
  const env: Record<string, string> = {};
  let i = 0;
  for (; i < words.length && /^[A-Z_][A-Z0-9_]*=/.test(words[i]!); i++) {
    const [name, ...value] = words[i]!.split('=');
    env[name!] = value.join('=');
  }
  if (words[i] !== 'node') throw new Error(`A start command runs node, not "${command}"`);
  const nodeArgs: string[] = [];
  for (i++; i < words.length && words[i]!.startsWith('-'); i++) nodeArgs.push(words[i]!);
  return { env, nodeArgs };
};

/**
 * How production starts a process, read from the root package.json (`start:api` for the API, `start`
 * for the worker's command line), so the stack's processes get the memory settings production has.
 */
export const productionStart = (script: 'start:api' | 'start'): StartCommand => {
  const scripts = (JSON.parse(readFileSync(join(REPOSITORY_ROOT, 'package.json'), 'utf8')) as { scripts?: Record<string, string> }).scripts ?? {};
  const command = scripts[script];
  if (!command) throw new Error(`The root package.json has no "${script}" script`);
  return parseStartCommand(command);
};
