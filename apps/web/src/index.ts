import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';
import type { ErrorRenderer } from '@svc/http';
import type { RouteRegistrar } from '@svc/runtime';

// Node runs TypeScript but not JSX. Whichever process imports the website (the svc command line,
// the website alone, a test spawning the CLI) gets its .tsx pages compiled by tsx with this
// package's tsconfig (jsxImportSource preact), without a flag on every command line. Code that
// Vite compiled (Vitest) has `import.meta.env` and compiles TSX itself; a second loader there
// would load modules twice. (An environment variable would not do: spawned processes inherit it.)
const compiledByVite = (import.meta as { env?: unknown }).env !== undefined;
if (!compiledByVite) register({ tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)) });

// The path is a variable so that packages type-checking this file without JSX settings (the
// worker) see only the registrar's type, not the pages. `renderWebError` is the website's error
// page for browsers, for `createHttpApp`'s `renderError` wherever the website is served.
const pages = './routes/index.tsx';
export const { registerWebRoutes, renderWebError } = (await import(pages)) as { registerWebRoutes: RouteRegistrar; renderWebError: ErrorRenderer };
