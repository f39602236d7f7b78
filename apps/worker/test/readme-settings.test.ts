import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

/**
 * The README's production table lists exactly the environment variables the processes read: a
 * setting added in code without a row, or a row left behind by a setting removed, fails here.
 */
const root = fileURLToPath(new URL('../../../', import.meta.url));

/** Read only by the test harness, never by a serving process. */
const TEST_ONLY = new Set(['VITEST', 'TEST_DATABASE_URL']);

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|testing\.ts$/.test(entry.name) ? [path] : [];
  });

const readInCode = (): Set<string> => {
  const names = new Set<string>();
  const dirs = ['packages', 'apps'].flatMap((top) => readdirSync(join(root, top)).map((name) => join(root, top, name, 'src')));
  for (const dir of dirs) {
    let files: string[];
    try {
      files = sourceFiles(dir);
    } catch {
      continue;
    }
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      // `env.NAME`, `env['NAME']`, and the config readers' `(env, 'NAME', …)`.
      for (const match of text.matchAll(/\benv(?:\.([A-Z][A-Z0-9_]*)|\[['"]([A-Z][A-Z0-9_]*)['"]\]|,\s*'([A-Z][A-Z0-9_]*)')/g)) {
        const name = match[1] ?? match[2] ?? match[3]!;
        if (!TEST_ONLY.has(name)) names.add(name);
      }
    }
  }
  return names;
};

const inReadmeTable = (): Set<string> => {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Running in production'));
  const table = section.slice(section.indexOf('| variable |'), section.indexOf('\n\n', section.indexOf('| variable |')));
  return new Set([...table.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \|/gm)].map((match) => match[1]!));
};

it('documents every variable the processes read, and nothing they do not', () => {
  const code = readInCode();
  const table = inReadmeTable();
  expect(code.size).toBeGreaterThan(10);
  expect([...code].filter((name) => !table.has(name)).sort()).toEqual([]);
  expect([...table].filter((name) => !code.has(name)).sort()).toEqual([]);
});
