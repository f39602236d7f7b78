import { existsSync, mkdirSync } from 'node:fs';
import axe from 'axe-core';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { SESSION_COOKIE } from '@svc/runtime';

/** Debian's Chromium (`apt-get install chromium`); nothing here ever downloads a browser build. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const launchChromium = async (): Promise<Browser> => {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `No Chromium at ${CHROMIUM_PATH}. The end-to-end tests drive the Debian package "chromium": install it with ` +
        '`apt-get install -y chromium`, or point CHROMIUM_PATH at a Chromium binary.',
    );
  }
  // --no-sandbox: CI runs as root, where Chromium's sandbox refuses to start.
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
};

/** How long a step waits for what it looks for on a page before the test fails. */
const STEP_TIMEOUT_MS = 8_000;

/**
 * A tab in a browser context of its own: anonymous, or signed in as `person` on `app` through the
 * session cookie the sign-in form sets (httpOnly, SameSite=Lax). Close the context when done.
 */
export const openTab = async (
  browser: Browser,
  signedIn?: { app: { url: string }; person: { session: string } },
): Promise<{ context: BrowserContext; page: Page }> => {
  const context = await browser.newContext();
  if (signedIn) {
    await context.addCookies([{ name: SESSION_COOKIE, value: signedIn.person.session, url: signedIn.app.url, httpOnly: true, sameSite: 'Lax' }]);
  }
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_TIMEOUT_MS);
  return { context, page };
};

export const SCREENSHOTS = new URL('../../test-results/screenshots/', import.meta.url);
export const WIDTHS = [360, 1280] as const;

export interface Violation {
  page: string;
  width: number;
  id: string;
  impact: string | null | undefined;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core in the page. Its source is evaluated once per loaded document through the
 * DevTools protocol (the site's Content-Security-Policy forbids inline scripts, and evaluation is
 * not subject to it); re-sending half a megabyte of script for every audit, as a wrapper does,
 * took most of each browser test's time.
 */
const audit = async (page: Page): Promise<axe.AxeResults> => {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(() => (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ['violations'] }));
};

/**
 * Checks the page the browser is on at both widths: a full-page screenshot of each (test artefacts,
 * git-ignored), an accessibility audit with axe-core (moderate, serious and critical findings collected), and
 * no sideways scrolling on a phone.
 */
export const inspect = async (page: Page, name: string, found: Violation[]): Promise<void> => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
    await page.screenshot({ path: new URL(`${name}-${width}.png`, SCREENSHOTS).pathname, fullPage: true });
    const result = await audit(page);
    for (const violation of result.violations) {
      if (violation.impact === 'moderate' || violation.impact === 'serious' || violation.impact === 'critical') {
        found.push({ page: name, width, id: violation.id, impact: violation.impact, help: violation.help, targets: violation.nodes.map((node) => String(node.target)) });
      }
    }
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    if (overflow > 1) found.push({ page: name, width, id: 'horizontal-scroll', impact: 'serious', help: `page is ${overflow}px wider than the screen`, targets: [] });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
};

/** The flash message a page shows after a change. */
export const flash = (page: Page): Promise<string> => page.locator('.flash').innerText();

/** A JSON call to the API beside the pages, as an agent makes it (bearer token optional). */
export const callApi = async (url: string, method: string, body?: unknown, token?: string) => {
  const res = await fetch(url, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: await res.json() };
};
