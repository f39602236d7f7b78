import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { type Principal, type TestApp } from '@svc/runtime/testing';
import { startServeTestApp } from './serve.ts';
import { inspect, launchChromium, openTab, type Violation, callApi, flash } from './e2e/browser.ts';

/**
 * The directory end to end in a real browser against the real server (API and website) on
 * PostgreSQL: a person registers an entry from the form, adds a destination, renames it, locks it
 * and sees their agent's change refused (403 locked), then puts the earlier name back from the
 * history. Every page visited is screenshotted at 360 and 1280 pixels and audited with axe-core.
 */

let app: TestApp;
let browser: Browser;
let page: Page;
let ada: Principal;
const violations: Violation[] = [];
const state = { token: '', address: '' };

beforeAll(async () => {
  app = await startServeTestApp();
  browser = await launchChromium();
  ada = await app.signUp('Ada Directory');
  state.token = (await app.agentToken(ada, ['directory:write', 'account:read'])).token;
  ({ page } = await openTab(browser, { app, person: ada }));
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

const at = (path: string) => `${app.url}${path}`;
const api = (method: string, path: string, body?: unknown, token?: string) => callApi(at(path), method, body, token);

describe('the directory in a browser', { timeout: 120_000 }, () => {
  it('registers an entry from the form', async () => {
    await page.goto(at('/my/directory'));
    await inspect(page, 'directory-mine-empty', violations);
    await page.getByRole('link', { name: 'Register an address' }).click();
    expect(new URL(page.url()).pathname).toBe('/my/directory/new');
    await inspect(page, 'directory-register', violations);
    await page.locator('#f-handle').fill('ada-directory');
    await page.locator('#f-display_name').fill('Ada’s Studio');
    await page.locator('#f-description').fill('Illustration and lettering.');
    await page.locator('#f-entry_type').selectOption('organisation');
    await page.getByRole('button', { name: 'Register the address' }).click();
    expect(await flash(page)).toContain('Registered aar:ada-directory');
    state.address = 'aar:ada-directory';
    expect(await page.locator('h1').innerText()).toBe('Ada’s Studio');
    await inspect(page, 'directory-manage', violations);
  });

  it('adds a destination with its audience and disclosure, and the public page shows it', async () => {
    await page.locator('#f-destination_type').selectOption('web');
    await page.locator('#f-destination_value').fill('https://ada.example');
    await page.locator('#f-destination_label').fill('Portfolio');
    await page.locator('#f-destination_audience').selectOption('public');
    await page.getByRole('checkbox', { name: 'Show it to those who look up the address' }).check();
    await page.getByRole('button', { name: 'Add the destination' }).click();
    expect(await flash(page)).toBe('Destination added.');
    expect(await page.locator('main').innerText()).toContain('Website: Portfolio');

    // Refused for its label (a phone number shown to everyone), the folded form comes back open with the label focused.
    await page.getByText('Add a destination', { exact: true }).click();
    await page.locator('#f-destination_value').fill('https://ada.example/shop');
    await page.locator('#f-destination_label').fill('Call 07700 900123');
    await page.getByRole('button', { name: 'Add the destination' }).click();
    expect(await page.locator('details:has(#f-destination_label)').getAttribute('open')).not.toBeNull();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('f-destination_label');
    await inspect(page, 'directory-destination-refused', violations);

    const { context: visitor, page: anonymous } = await openTab(browser);
    await anonymous.goto(at(`/directory/${state.address}`));
    expect(await anonymous.locator('main').innerText()).toContain('https://ada.example');
    await inspect(anonymous, 'directory-entry', violations);
    await anonymous.goto(at('/directory?q=lettering'));
    expect(await anonymous.locator('main').innerText()).toContain('Ada’s Studio');
    await inspect(anonymous, 'directory-discovery', violations);
    await anonymous.goto(at('/directory/aar:nobody-here'));
    expect(await anonymous.locator('h1').innerText()).toBe('This address is not available');
    await inspect(anonymous, 'directory-unavailable', violations);
    await visitor.close();
  });

  it('renames the entry, locks it, and the agent’s change is refused with 403 locked', async () => {
    await page.locator('#f-display_name').fill('Ada Renamed');
    await page.getByRole('button', { name: 'Save details' }).click();
    expect(await flash(page)).toBe('Details saved.');
    expect(await page.locator('h1').innerText()).toBe('Ada Renamed');

    await page.getByRole('button', { name: 'Lock against agents' }).click();
    expect(await flash(page)).toContain('Locked');
    const manage = await api('GET', `/api/v1/directory/${state.address}/manage`, undefined, state.token);
    expect(manage.body).toMatchObject({ locked: true });
    const refused = await api('PATCH', `/api/v1/directory/${state.address}`, { expected_version: manage.body.version, description: 'Agent edit' }, state.token);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('locked');
    // The agent cannot unlock it either: only the person can.
    const unlock = await api('POST', `/api/v1/directory/${state.address}/unlock`, { expected_version: manage.body.version }, state.token);
    expect(unlock.status).toBe(403);
    expect(unlock.body.error).toBe('human_only');
    await page.reload();
    expect(await page.locator('main').innerText()).toContain('Locked: no agent can change this entry.');
    await inspect(page, 'directory-locked', violations);
  });

  it('puts the earlier name back from the history', async () => {
    const row = page.locator('tr', { hasText: 'Edited details' });
    expect(await row.innerText()).toContain('Name: Ada’s Studio');
    await row.getByRole('button', { name: /Put back the values from before version/ }).click();
    expect(await flash(page)).toBe('Earlier values put back.');
    expect(await page.locator('h1').innerText()).toBe('Ada’s Studio');
    expect(await page.locator('tr', { hasText: 'Put back earlier values' }).count()).toBe(1);
    const resolved = await api('GET', `/api/v1/directory/${state.address}`);
    expect(resolved.body.display_name).toBe('Ada’s Studio');
    await page.goto(at('/my/directory'));
    expect(await page.locator('main').innerText()).toContain(state.address);
    await inspect(page, 'directory-mine', violations);
  });

  it('lets support suspend the address from the support page', async () => {
    const sam = await app.signUp('Sam Support');
    await app.services.access.principals.grantSupport(sam.email);
    const { context: support, page: supportPage } = await openTab(browser, { app, person: sam });
    await supportPage.goto(at('/support/directory'));
    await inspect(supportPage, 'directory-support', violations);
    await supportPage.locator('#f-address').fill(state.address);
    await supportPage.locator('#f-reason').fill('Reported as impersonation');
    await supportPage.getByRole('button', { name: 'Suspend' }).click();
    expect(await flash(supportPage)).toContain('is suspended');
    expect((await api('GET', `/api/v1/directory/${state.address}`)).status).toBe(404);
    await page.goto(at(`/my/directory/${state.address}`));
    expect(await page.locator('main').innerText()).toContain('Reported as impersonation');
    await inspect(page, 'directory-suspended', violations);
    // Its public page tells its owner it is theirs and hidden, with the way to manage it.
    await page.goto(at(`/directory/${state.address}`));
    expect(await page.locator('h1').innerText()).toBe('Your entry is hidden');
    await page.getByRole('link', { name: `Manage ${state.address}` }).click();
    expect(new URL(page.url()).pathname).toBe(`/my/directory/${state.address}`);
    await page.goto(at(`/directory/${state.address}`));
    await inspect(page, 'directory-own-hidden', violations);
    await support.close();
  });

  it('has no moderate, serious or critical accessibility finding on any page', () => {
    expect(violations).toEqual([]);
  });
});
