import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { sessionActor, type Principal, type TestApp } from '@svc/runtime/testing';
import { startServeTestApp } from './serve.ts';
import { launchChromium, openTab, flash } from './e2e/browser.ts';

/**
 * A create form sent, then the browser's Back, then sent again, in Debian's Chromium: the page comes
 * back refetched (signed-in pages are `no-store`) with the typed text restored by the browser, and
 * so must the form's key (`_once`), or the second sending publishes a second record. With the same
 * text the person lands on what the first sending made; with edited text it is a new record.
 */

let app: TestApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let pam: Principal;

beforeAll(async () => {
  app = await startServeTestApp();
  browser = await launchChromium();
  pam = await app.signUp('Pam Poster');
  ({ context, page } = await openTab(browser, { app, person: pam }));
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await app?.close();
});

const at = (path: string) => `${app.url}${path}`;
const idIn = (url: string) => new URL(url).pathname.split('/')[2]!;
const myJobTitles = async () => (await app.services.jobs.listMine(await sessionActor(app, pam), { status: 'open' })).jobs.map((job) => job.title);
const myOfferTitles = async () => (await app.services.offers.mine(await sessionActor(app, pam))).active.map((offer) => offer.title);

/** Back to the form the browser shows again, once it holds what was typed. */
const backToForm = async (label: string, typed: string) => {
  await page.goBack();
  await expect.poll(() => page.getByLabel(label).inputValue()).toBe(typed);
};

describe('Back, then a create form sent again, in a browser', { timeout: 120_000 }, () => {
  it('posts one job for the same text, leading to it, and a second job for edited text', async () => {
    await page.goto(at('/jobs/new'));
    // The key is a text box only for the browser's sake: nobody sees it.
    expect(await page.locator('input[name="_once"]').isVisible()).toBe(false);
    await page.getByLabel('Title').fill('Paint the garden fence');
    await page.getByLabel('Outcome').fill('A green fence');
    await page.getByRole('button', { name: 'Post the job' }).click();
    expect(await flash(page)).toContain('Job posted');
    const first = idIn(page.url());

    await backToForm('Title', 'Paint the garden fence');
    await page.getByRole('button', { name: 'Post the job' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/jobs/') && url.pathname !== '/jobs/new');
    expect(idIn(page.url())).toBe(first);
    expect(await myJobTitles()).toEqual(['Paint the garden fence']);

    await backToForm('Title', 'Paint the garden fence');
    await page.getByLabel('Title').fill('Paint the garden fence blue');
    await page.getByRole('button', { name: 'Post the job' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/jobs/') && url.pathname !== '/jobs/new');
    expect(idIn(page.url())).not.toBe(first);
    expect((await myJobTitles()).sort()).toEqual(['Paint the garden fence', 'Paint the garden fence blue']);
  });

  it('publishes one offer for the same text, leading to it', async () => {
    await page.goto(at('/services/new'));
    await page.getByLabel('Title').fill('Fence painting');
    await page.getByLabel('Role').fill('Painter');
    await page.getByLabel('Industry').fill('Home');
    await page.getByLabel('Contact link').fill('https://fences.example/contact');
    await page.getByRole('button', { name: 'Publish the offer' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/services/') && url.pathname !== '/services/new');
    const first = idIn(page.url());

    await backToForm('Title', 'Fence painting');
    await page.getByRole('button', { name: 'Publish the offer' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/services/') && url.pathname !== '/services/new');
    expect(idIn(page.url())).toBe(first);
    expect(await myOfferTitles()).toEqual(['Fence painting']);
  });
});
