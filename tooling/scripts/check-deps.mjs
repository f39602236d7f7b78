#!/usr/bin/env node
// Enforces the dependency direction of the workspace (see docs/architecture.md):
//   kernel ← db ← domain packages ← apps; domain packages never depend on each other;
//   apps/api ← apps/web ← apps/worker; nothing depends on an app but a later app; no cycles.
// It also checks that every `@svc/*` import in a workspace's code is declared in its package.json,
// and that no relative import reaches into another workspace.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';

const root = resolve(import.meta.dirname, '../..');
const KERNEL = ['@svc/kernel'];
const STORAGE = ['@svc/kernel', '@svc/db'];
const DOMAIN = ['@svc/access', '@svc/jobs', '@svc/templates', '@svc/offers', '@svc/directory', '@svc/threads'];

/** Who may depend on whom. */
const allowed = (name) => {
  if (name === '@svc/kernel') return [];
  if (name === '@svc/db') return KERNEL;
  if (DOMAIN.includes(name)) return STORAGE;
  if (name === '@svc/api') return [...STORAGE, ...DOMAIN];
  if (name === '@svc/web') return [...STORAGE, ...DOMAIN, '@svc/api'];
  if (name === '@svc/worker') return [...STORAGE, ...DOMAIN, '@svc/api', '@svc/web'];
  return null;
};

const workspaces = ['packages', 'apps'].flatMap((dir) =>
  readdirSync(join(root, dir))
    .map((name) => join(root, dir, name))
    .filter((path) => statSync(path).isDirectory() && statSync(join(path, 'package.json'), { throwIfNoEntry: false })),
);

const problems = [];
const graph = new Map();

const sourceFiles = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sourceFiles(path);
    return /\.(ts|mts|js|mjs)$/.test(entry.name) ? [path] : [];
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
      } else if (spec.startsWith('.')) {
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

if (problems.length > 0) {
  console.error(`Dependency direction check failed:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(`Dependency direction check: ${graph.size} workspaces, no violations.`);
