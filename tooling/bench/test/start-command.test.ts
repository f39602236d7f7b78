import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseStartCommand, productionStart } from '../src/processes.ts';

const root = resolve(import.meta.dirname, '../../..');
const scriptsOf = (file: string) => (JSON.parse(readFileSync(join(root, file), 'utf8')) as { scripts: Record<string, string> }).scripts;

// The bench measures memory with the settings of `start:api`; every script that starts a serving
// process must use the same ones, or the measured memory is not what production runs with.
const SERVING_SCRIPTS: [file: string, script: string][] = [
  ['package.json', 'start'],
  ['package.json', 'start:api'],
  ['package.json', 'start:web'],
  ['apps/api/package.json', 'start'],
  ['apps/web/package.json', 'start'],
  ['apps/worker/package.json', 'serve'],
];

describe('the production start command', () => {
  it('splits the environment assignments and the node flags from the entry and its arguments', () => {
    expect(parseStartCommand('MALLOC_ARENA_MAX=2 A=b=c node --max-old-space-size=384 --liftoff-only src/cli.ts serve --port 1')).toEqual({
      env: { MALLOC_ARENA_MAX: '2', A: 'b=c' },
      nodeArgs: ['--max-old-space-size=384', '--liftoff-only'],
    });
    expect(parseStartCommand('node src/main.ts')).toEqual({ env: {}, nodeArgs: [] });
    expect(() => parseStartCommand('tsx src/main.ts')).toThrow(/runs node/);
  });

  it('bounds the V8 heap and limits malloc arenas in start:api, the command the bench runs', () => {
    const start = productionStart(root);
    expect(start.env.MALLOC_ARENA_MAX).toBe('2');
    expect(start.nodeArgs).toEqual(expect.arrayContaining([expect.stringMatching(/^--max-semi-space-size=\d+$/), expect.stringMatching(/^--max-old-space-size=\d+$/)]));
  });

  it.each(SERVING_SCRIPTS)('%s "%s" starts with the same settings as start:api', (file, script) => {
    const { env, nodeArgs } = productionStart(root);
    expect(parseStartCommand(scriptsOf(file)[script]!)).toEqual({ env, nodeArgs });
  });
});
