import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AppRouter } from '@svc/runtime';

const require = createRequire(import.meta.url);
const own = (name: string) => readFileSync(new URL(`../assets/${name}`, import.meta.url));

/** Served from our own origin (never a CDN): the CSS base from its package, our stylesheet, script and icon. */
const ASSETS: Record<string, { type: string; body: Buffer }> = {
  '/assets/pico.min.css': { type: 'text/css; charset=utf-8', body: readFileSync(require.resolve('@picocss/pico/css/pico.min.css')) },
  '/assets/site.css': { type: 'text/css; charset=utf-8', body: own('site.css') },
  '/assets/site.js': { type: 'text/javascript; charset=utf-8', body: own('site.js') },
  '/favicon.svg': { type: 'image/svg+xml', body: own('favicon.svg') },
};

export const registerAssetsRoutes = (router: AppRouter): void => {
  for (const [path, asset] of Object.entries(ASSETS)) {
    router.get(path, (ctx) => {
      ctx.type = asset.type;
      ctx.set('Cache-Control', 'public, max-age=3600');
      ctx.body = asset.body;
    });
  }
  // Browsers ask for /favicon.ico on their own.
  router.get('/favicon.ico', (ctx) => {
    ctx.status = 301;
    ctx.redirect('/favicon.svg');
  });
};
