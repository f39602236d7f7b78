#!/usr/bin/env node
// Enforces the dependency direction of the workspace (see docs/architecture.md):
//   kernel ← db ← domain packages ← runtime ← apps, with http (Koa) beside db for runtime and apps;
//   domain packages never depend on each other; no app imports another, except the CLI's
//   one-process `serve` (and its tests), which mounts the API's and the website's routes together;
//   no cycles. Every domain package has the template's file set and its index the module shape
//   (docs/architecture.md).
// It also checks that every `@svc/*` import in a workspace's code is declared in its package.json,
// and that no relative import reaches into another workspace.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';

const root = resolve(import.meta.dirname, '../..');
const KERNEL = ['@svc/kernel'];
const STORAGE = ['@svc/kernel', '@svc/db'];
const DOMAIN = ['@svc/access', '@svc/jobs', '@svc/templates', '@svc/offers', '@svc/directory', '@svc/threads'];

const APPS = ['@svc/api', '@svc/web', '@svc/worker'];
const PROCESS = [...STORAGE, ...DOMAIN, '@svc/http', '@svc/runtime'];

/** Who may depend on whom. */
const allowed = (name) => {
  if (name === '@svc/kernel') return [];
  if (name === '@svc/db' || name === '@svc/http') return KERNEL;
  if (DOMAIN.includes(name)) return STORAGE;
  if (name === '@svc/runtime') return [...STORAGE, ...DOMAIN, '@svc/http'];
  if (name === '@svc/api' || name === '@svc/web') return PROCESS;
  if (name === '@svc/worker') return [...PROCESS, '@svc/api', '@svc/web'];
  if (name === '@svc/bench') return [...PROCESS, '@svc/stack']; // the soak drives the whole stack
  if (name === '@svc/stack') return PROCESS; // starts the apps as processes, never imports them
  if (name === '@svc/client') return ['@svc/api', '@svc/runtime']; // devDependencies only: its generator and tests read the API; at run time it needs no workspace
  return null;
};

/** The only files of an app that may import another app: the CLI that serves both, and its tests. */
const mayImportApps = (pkgName, where) =>
  (pkgName === '@svc/worker' && (where === join('apps', 'worker', 'src', 'cli.ts') || where.startsWith(join('apps', 'worker', 'test') + sep))) ||
  (pkgName === '@svc/client' && !where.startsWith(join('packages', 'client', 'src') + sep));

/**
 * The template every domain package follows (docs/architecture.md): `<d>` is the domain's name.
 * A domain without storage (templates) has only the parts that apply.
 */
const TEMPLATE = ['<d>.deps.ts', '<d>.schemas.ts', '<d>.records.ts', '<d>.errors.ts', '<d>.presenter.ts', '<d>.repository.ts', '<d>.repository.mikro-orm.ts', 'entities.ts', 'migrations.ts', 'index.ts'];
const STORAGELESS_TEMPLATE = ['index.ts'];
const templateProblems = (pkgName, dir) => {
  const domain = pkgName.slice('@svc/'.length);
  const files = readdirSync(join(dir, 'src'));
  const required = (files.includes('entities.ts') || domain !== 'templates' ? TEMPLATE : STORAGELESS_TEMPLATE).map((f) => f.replace('<d>', domain));
  const missing = required.filter((file) => !files.includes(file));
  if (!files.some((file) => file.endsWith('.service.ts'))) missing.push('*.service.ts');
  // A service's type is a TSDoc'd interface the factory returns, not whatever the factory happens to build.
  const inferred = files
    .filter((file) => file.endsWith('.service.ts') && /export type \w+Service = ReturnType</.test(readFileSync(join(dir, 'src', file), 'utf8')))
    .map((file) => `${pkgName}: src/${file} types its service as ReturnType<…>; declare a TSDoc'd interface and return it`);
  return [...missing.map((file) => `${pkgName}: the domain template needs src/${file}`), ...inferred];
};

/**
 * The module shape every storage domain's `index.ts` exports (docs/architecture.md): its deps, its
 * services interface, `<D>Module = DomainModule<<D>Services>` (services plus `cleanupJobs`, from
 * `@svc/db`), the factory, and `<d>Schema` satisfying `ModuleSchema`. Cleanup jobs come only with the
 * module, never as a function beside it. `packages/runtime/test/module-shape.test.ts` checks the types.
 */
const moduleShapeProblems = (pkgName, dir) => {
  const domain = pkgName.slice('@svc/'.length);
  if (!readdirSync(join(dir, 'src')).includes('entities.ts')) return [];
  const name = domain[0].toUpperCase() + domain.slice(1);
  const index = readFileSync(join(dir, 'src', 'index.ts'), 'utf8');
  const schemaAt = index.indexOf(`export const ${domain}Schema =`);
  const schemaStatement = schemaAt < 0 ? '' : index.slice(schemaAt, index.indexOf(';', schemaAt));
  const expected = [
    [`export interface ${name}ModuleDeps`, index.includes(`export interface ${name}ModuleDeps `)],
    [`export interface ${name}Services`, index.includes(`export interface ${name}Services `)],
    [`export type ${name}Module = DomainModule<${name}Services>`, index.includes(`export type ${name}Module = DomainModule<${name}Services>;`)],
    [`export const create${name}Module = (…): ${name}Module`, new RegExp(`export const create${name}Module = \\([\\s\\S]*?\\): ${name}Module => `).test(index)],
    [`export const ${domain}Schema = { entities, migrations, routines } satisfies ModuleSchema`, schemaStatement.endsWith('satisfies ModuleSchema')],
  ];
  const problems = expected.filter(([, found]) => !found).map(([what]) => `${pkgName}: src/index.ts must have \`${what}\` (the module shape)`);
  for (const [, extra] of index.matchAll(/export (?:const|function) (\w*CleanupJobs)\b/g)) {
    problems.push(`${pkgName}: src/index.ts exports ${extra}; cleanup jobs come with the module as its cleanupJobs`);
  }
  return problems;
};

const workspaces = ['packages', 'apps', 'tooling'].flatMap((dir) =>
  readdirSync(join(root, dir))
    .map((name) => join(root, dir, name))
    .filter((path) => statSync(path).isDirectory() && statSync(join(path, 'package.json'), { throwIfNoEntry: false })),
);

const problems = [];
const graph = new Map();
/** Relative imports between source files, file → files it imports. */
const fileGraph = new Map();
const resolveFile = (from, spec) => {
  const target = resolve(from, '..', spec);
  const candidates = [target, `${target}.ts`, `${target}.tsx`, join(target, 'index.ts')];
  return candidates.find((path) => statSync(path, { throwIfNoEntry: false })?.isFile());
};

const sourceFiles = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sourceFiles(path);
    return /\.(ts|tsx|mts|js|mjs)$/.test(entry.name) ? [path] : [];
  });

for (const dir of workspaces) {
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const declared = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies, ...pkg.peerDependencies }).filter((d) => d.startsWith('@svc/'));
  graph.set(pkg.name, declared);
  const rule = allowed(pkg.name);
  if (!rule) {
    problems.push(`${pkg.name}: unknown workspace; give it a place in tooling/scripts/check-deps.mjs`);
    continue;
  }
  for (const dep of declared) {
    if (!rule.includes(dep)) problems.push(`${pkg.name} must not depend on ${dep}`);
  }
  if (DOMAIN.includes(pkg.name)) problems.push(...templateProblems(pkg.name, dir), ...moduleShapeProblems(pkg.name, dir));
  for (const file of sourceFiles(dir)) {
    const code = readFileSync(file, 'utf8');
    // Static imports and re-exports at the start of a line, and dynamic import() calls.
    const specs = [
      ...code.matchAll(/^\s*(?:import|export)\s[^;]*?from\s*['"]([^'"]+)['"]/gm),
      ...code.matchAll(/^\s*import\s*['"]([^'"]+)['"]/gm),
      ...code.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g),
    ];
    for (const [, spec] of specs) {
      const where = relative(root, file);
      if (spec.startsWith('@svc/')) {
        const name = spec.split('/').slice(0, 2).join('/');
        if (name !== pkg.name && !declared.includes(name)) problems.push(`${where} imports ${name}, which ${pkg.name} does not declare`);
        if (name === pkg.name) problems.push(`${where} imports its own package by name; import the file directly`);
        if (APPS.includes(name) && name !== pkg.name && !mayImportApps(pkg.name, where)) {
          problems.push(`${where} imports the app ${name}; apps never import each other (only the CLI's serve mounts both)`);
        }
      } else if (spec.startsWith('.')) {
        const imported = resolveFile(file, spec);
        if (imported) fileGraph.set(file, [...(fileGraph.get(file) ?? []), imported]);
        const target = resolve(file, '..', spec);
        if (!(target + sep).startsWith(dir + sep) && !target.startsWith(join(root, 'tooling'))) {
          problems.push(`${where} reaches outside its workspace with ${spec}`);
        }
      }
    }
  }
}

// No cycles, whatever the rules above allow.
const visiting = new Set();
const done = new Set();
const visit = (name, path) => {
  if (done.has(name)) return;
  if (visiting.has(name)) {
    problems.push(`dependency cycle: ${[...path, name].join(' → ')}`);
    return;
  }
  visiting.add(name);
  for (const dep of graph.get(name) ?? []) visit(dep, [...path, name]);
  visiting.delete(name);
  done.add(name);
};
for (const name of graph.keys()) visit(name, []);

// No file imports itself through others (type-only imports included): a cycle of files is one
// module spread over several, and its load order depends on who imports it first.
const fileState = new Map();
const visitFile = (file, path) => {
  const state = fileState.get(file);
  if (state === 'done') return;
  if (state === 'visiting') {
    const cycle = [...path.slice(path.indexOf(file)), file].map((f) => relative(root, f));
    problems.push(`import cycle between files: ${cycle.join(' → ')}`);
    return;
  }
  fileState.set(file, 'visiting');
  for (const next of fileGraph.get(file) ?? []) visitFile(next, [...path, file]);
  fileState.set(file, 'done');
};
for (const file of fileGraph.keys()) visitFile(file, []);

if (problems.length > 0) {
  console.error(`Dependency direction check failed:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(`Dependency direction check: ${graph.size} workspaces, no violations.`);
