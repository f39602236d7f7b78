import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

/**
 * What the packages' pack tests share: pack workspace packages the way they would be published and
 * install them into a project outside the workspace, so that a test sees what someone outside the
 * repository gets (the shipped declarations, the built ESM, real dependency versions), not the sources.
 */

export const run = promisify(execFile);
export const workspace = resolve(import.meta.dirname, '..');
const bin = (name: string) => join(workspace, 'node_modules/.bin', name);
// The pnpm that runs the tests (its path is in npm_execpath); npx only when run some other way.
const pnpmCommand = process.env.npm_execpath?.includes('pnpm') ? [process.env.npm_execpath] : ['npx', '-y', 'pnpm@12.21.0'];
const pnpm = (args: string[], cwd: string) =>
  run(pnpmCommand[0]!, [...pnpmCommand.slice(1), ...args], { cwd, env: { ...process.env, CI: 'true' }, maxBuffer: 16 * 1024 * 1024 });

export interface PackedConsumer {
  dir: string;
  /** Writes `source` to `file` (in `dir`) and type-checks it with the workspace's tsc against the installed declarations. */
  typecheck(file: string, source: string): Promise<{ code: number; stdout: string }>;
  /** Writes `source` to `file` (in `dir`), runs it with this Node and answers the last line it printed, parsed as JSON. */
  runScript(file: string, source: string, env?: Record<string, string>): Promise<unknown>;
  remove(): Promise<void>;
}

/**
 * Packs `packages/<name>` for every name with `pnpm pack` (which swaps in the `publishConfig` exports
 * and real versions for `workspace:*`) and installs the tarballs into a scratch project.
 * `build: 'prepack'` leaves the build to the package's own prepack script, as a plain `pnpm pack` would.
 */
export const installPacked = async (names: string[], { prefix, build = 'tsup' }: { prefix: string; build?: 'tsup' | 'prepack' }): Promise<PackedConsumer> => {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  const tarballs: Record<string, string> = {};
  for (const name of names) {
    const packageDir = join(workspace, 'packages', name);
    if (build === 'tsup') await run(bin('tsup'), [], { cwd: packageDir });
    await pnpm(['pack', '--pack-destination', dir], packageDir);
    const file = (await readdir(dir)).find((f) => f.startsWith(`svc-${name}-`) && f.endsWith('.tgz'));
    if (!file) throw new Error(`pnpm pack left no tarball of @svc/${name}`);
    tarballs[`@svc/${name}`] = `file:${join(dir, file)}`;
  }
  await writeFile(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'consumer', private: true, type: 'module', dependencies: tarballs, devDependencies: { '@types/node': '24.19.2' } }),
  );
  // The tarballs name each other by version; point those names at the local tarballs.
  await writeFile(
    join(dir, 'pnpm-workspace.yaml'),
    `nodeVersion: ${process.versions.node}\noverrides:\n${Object.entries(tarballs).map(([n, f]) => `  "${n}": "${f}"`).join('\n')}\n`,
  );
  await pnpm(['install', '--prefer-offline'], dir);

  const typecheck = async (file: string, source: string) => {
    await writeFile(join(dir, file), source);
    await writeFile(
      join(dir, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', target: 'ES2023', strict: true, noEmit: true, skipLibCheck: true, types: ['node'] }, include: [file] }),
    );
    const result = await run(process.execPath, [join(workspace, 'node_modules/typescript/bin/tsc'), '-p', dir]).catch((e: { code: number; stdout: string }) => e);
    return { code: 'code' in result ? result.code : 0, stdout: result.stdout };
  };
  const runScript = async (file: string, source: string, env: Record<string, string> = {}) => {
    await writeFile(join(dir, file), source);
    const { stdout } = await run(process.execPath, [file], { cwd: dir, env: { ...process.env, ...env } });
    return JSON.parse(stdout.trim().split('\n').pop()!);
  };
  return { dir, typecheck, runScript, remove: () => rm(dir, { recursive: true, force: true }) };
};
