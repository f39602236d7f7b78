import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { inspect, launchChromium, type Violation } from './e2e/browser.ts';

/** The audit the browser tests rely on finds what it is there to find, so a clean result means something. */

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

it('reports a missing image description, unreadable contrast and sideways scrolling on a phone', async () => {
  const page = await browser.newPage();
  await page.setContent(`<!doctype html><html lang="en"><head><title>Broken</title></head><body><main>
    <h1>Broken page</h1>
    <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
    <p style="color:#ccc;background:#fff">Pale text nobody can read</p>
    <div style="width:900px">A block wider than a phone</div>
  </main></body></html>`);
  const found: Violation[] = [];
  await inspect(page, 'audit-self-check', found);
  const ids = new Set(found.map((violation) => `${violation.id}@${violation.width}`));
  for (const width of [360, 1280]) {
    expect(ids).toContain(`image-alt@${width}`);
    expect(ids).toContain(`color-contrast@${width}`);
  }
  expect(ids).toContain('horizontal-scroll@360');
  expect(ids).not.toContain('horizontal-scroll@1280');
});

it('finds nothing serious on a clean page', async () => {
  const page = await browser.newPage();
  await page.setContent(`<!doctype html><html lang="en"><head><title>Clean</title></head><body><main><h1>Clean page</h1><p>Readable text.</p></main></body></html>`);
  const found: Violation[] = [];
  await inspect(page, 'audit-self-check-clean', found);
  expect(found).toEqual([]);
});
