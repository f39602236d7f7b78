import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { build } from 'tsup';

/**
 * Packages the built API leaves to node_modules. They must resolve from this package (the build
 * lands in its `.build/`), so each is also a dependency in its package.json.
 */
const EXTERNAL = [
  'koa', '@koa/router', 'pino', 'valibot', '@valibot/to-json-schema', 'pg', 'marked', 'yaml', '@modelcontextprotocol/sdk',
  '@mikro-orm/core', '@mikro-orm/migrations', '@mikro-orm/sql', '@mikro-orm/postgresql', '@mikro-orm/pglite', '@electric-sql/pglite', 'kysely',
  // CommonJS that requires Node's own modules, which an ESM bundle cannot.
  'prom-client', '@phc/format',
];

/**
 * Builds `apps/api/src/main.ts` as production JavaScript with tsup: the workspace's TypeScript
 * packages bundled in, the libraries above left external. Returns the entry file.
 */
export const buildApi = async (root: string, benchDir: string): Promise<string> => {
  const outDir = join(benchDir, '.build', 'api');
  await build({
    entry: { main: join(root, 'apps/api/src/main.ts') },
    outDir,
    format: ['esm'],
    platform: 'node',
    target: 'node24',
    bundle: true,
    splitting: false,
    noExternal: [/^@svc\//],
    external: EXTERNAL,
    dts: false,
    clean: true,
    silent: true,
    config: false,
  });
  const entry = join(outDir, 'main.js');
  // Fail now, not under load, if the bundle imports a library this package cannot resolve.
  const require = createRequire(entry);
  const code = readFileSync(entry, 'utf8');
  // Import statements start a line in esbuild's output; a `from '…'` inside code (Kysely's
  // `'is distinct from'`) is not one.
  const statements = /^\s*(?:import|export)\b[^;]*?\bfrom\s*["']([^"'./][^"']*)["']|^\s*import\s*["']([^"'./][^"']*)["']|\bimport\(\s*["']([^"'./][^"']*)["']\s*\)/gm;
  const specifiers = new Set([...code.matchAll(statements)].map((m) => (m[1] ?? m[2] ?? m[3])!));
  const missing = [...specifiers].filter((spec) => {
    if (spec.startsWith('node:')) return false;
    try {
      require.resolve(spec);
      return false;
    } catch {
      return !isResolvableEsm(benchDir, spec);
    }
  });
  if (missing.length > 0) throw new Error(`The built API imports packages @svc/bench does not depend on: ${missing.join(', ')}`);
  return entry;
};

/** ESM-only packages have no `require` condition; look for their folder instead. */
const isResolvableEsm = (benchDir: string, spec: string): boolean => {
  const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!;
  try {
    readFileSync(join(benchDir, 'node_modules', name, 'package.json'));
    return true;
  } catch {
    return false;
  }
};
