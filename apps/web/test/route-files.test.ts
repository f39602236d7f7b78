import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createRouter, type AppRouter, type Services } from '@svc/runtime';
import { registerWebRoutes } from '../src/index.ts';

/**
 * The website is found by its URLs: each first segment of a path has one route file, named for it
 * (`/my/…` in `my.routes.tsx`), and docs/web.md lists every route with its file. This test reads
 * the routes each file registers, holds them to that rule, and checks the table in docs/web.md
 * between its markers. After adding, moving or removing a route, rewrite the table with
 *
 *   UPDATE_WEB_DOC=1 npx -y pnpm@12.21.0 --filter @svc/web exec vitest run test/route-files.test.ts
 *
 * (the package script `docs:routes` runs the same), and commit docs/web.md with the change.
 */

const ROUTES_DIR = new URL('../src/routes/', import.meta.url);
const DOC = fileURLToPath(new URL('../../../docs/web.md', import.meta.url));
const START = '<!-- routes: written by apps/web/test/route-files.test.ts -->';
const END = '<!-- /routes -->';

/** Files that own first segments other than their own name: segments that belong together. */
const ALSO_OWNED: Readonly<Record<string, readonly string[]>> = {
  'home.routes.tsx': [''],
  'auth.routes.tsx': ['signup', 'login'],
  'content.routes.tsx': ['journal', 'examples'],
  'assets.routes.ts': ['favicon.svg', 'favicon.ico'],
};

interface Route {
  method: string;
  path: string;
  file: string;
}

/** Registration reads only names off the services (the handlers use them later), so any value stands in for each. */
const anything = (): unknown =>
  new Proxy(() => undefined, {
    get: (_, key) => (key === Symbol.toPrimitive ? () => 'stand-in' : key === 'then' ? undefined : anything()),
    apply: () => anything(),
  });
const services = anything() as Services;

type Registrar = (router: AppRouter, services: Services) => void;

const routesOf = (router: AppRouter) =>
  router.stack.flatMap((layer) => layer.methods.filter((method) => method !== 'HEAD').map((method) => ({ method, path: String(layer.path) })));

const routeFiles = readdirSync(ROUTES_DIR).filter((name) => /\.routes\.tsx?$/.test(name)).sort();

const loadRoutes = async (): Promise<Route[]> => {
  const routes: Route[] = [];
  for (const file of routeFiles) {
    const module = (await import(/* @vite-ignore */ pathToFileURL(fileURLToPath(new URL(file, ROUTES_DIR))).href)) as Record<string, unknown>;
    const registrars = Object.entries(module).filter(([name, value]) => name.startsWith('register') && typeof value === 'function');
    expect(registrars.map(([name]) => name), `${file} exports one registrar`).toHaveLength(1);
    const router = createRouter();
    (registrars[0]![1] as Registrar)(router, services);
    routes.push(...routesOf(router).map((route) => ({ ...route, file })));
  }
  return routes;
};

const segmentOf = (path: string) => path.split('/')[1]!;
const byPath = (a: Route, b: Route) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.method < b.method ? -1 : a.method > b.method ? 1 : 0);

/** The table docs/web.md holds between its markers. */
const routeTable = (routes: readonly Route[]): string =>
  [
    '| method | path | file |',
    '|---|---|---|',
    ...[...routes].sort(byPath).map(({ method, path, file }) => `| ${method} | \`${path}\` | \`${file}\` |`),
  ].join('\n');

describe('the website found by its URLs', async () => {
  const routes = await loadRoutes();

  it('registers exactly the routes of its route files', () => {
    const all = createRouter();
    registerWebRoutes(all, services);
    const key = ({ method, path }: { method: string; path: string }) => `${method} ${path}`;
    expect(routesOf(all).map(key).sort()).toEqual(routes.map(key).sort());
  });

  it('has each route in the file named for the first segment of its path', () => {
    const misplaced = routes.filter(({ path, file }) => {
      const owned = [file.replace(/\.routes\.tsx?$/, ''), ...(ALSO_OWNED[file] ?? [])];
      return !owned.includes(segmentOf(path));
    });
    expect(misplaced).toEqual([]);
  });

  it('has one file for each first segment', () => {
    const owners = new Map<string, Set<string>>();
    for (const { path, file } of routes) owners.set(segmentOf(path), (owners.get(segmentOf(path)) ?? new Set()).add(file));
    expect([...owners].filter(([, files]) => files.size > 1)).toEqual([]);
  });

  it('is listed route by route in docs/web.md', () => {
    const doc = readFileSync(DOC, 'utf8');
    const start = doc.indexOf(START);
    const end = doc.indexOf(END);
    expect(start >= 0 && end > start, `docs/web.md holds the route table between ${START} and ${END}`).toBe(true);
    const table = routeTable(routes);
    const written = doc.slice(start + START.length, end).trim();
    if (written !== table && process.env.UPDATE_WEB_DOC === '1') {
      writeFileSync(DOC, `${doc.slice(0, start + START.length)}\n${table}\n${doc.slice(end)}`);
      return;
    }
    expect(
      written.split('\n'),
      'docs/web.md lists other routes than the website registers; rewrite its table with ' +
        '`npx -y pnpm@12.21.0 --filter @svc/web docs:routes` (UPDATE_WEB_DOC=1 on this test) and commit it',
    ).toEqual(table.split('\n'));
  });
});
