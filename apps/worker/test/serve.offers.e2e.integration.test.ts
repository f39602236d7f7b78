import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { sessionActor, type Principal, type TestApp } from '@svc/runtime/testing';
import { startServeTestApp } from './serve.ts';
import { inspect, launchChromium, openTab, type Violation, flash } from './e2e/browser.ts';

/**
 * Offers end to end in Debian's Chromium against the real server on PostgreSQL: a provider
 * publishes an offer from the form and pauses it (the contact link goes), a person related through
 * a thread leaves feedback, publishes it and edits it (a refused edit first), the provider replies,
 * an anonymous visitor reports the offer and support resolves the report; the author may still edit
 * the feedback support hid. Every page is screenshotted and audited with axe-core.
 */

let app: TestApp;
let browser: Browser;
const contexts: BrowserContext[] = [];
const violations: Violation[] = [];
let pat: Principal;
let cleo: Principal;
let sam: Principal;
let patPage: Page;
let cleoPage: Page;
let samPage: Page;
let visitorPage: Page;
const state = { offerId: '' };

const actorOf = (person: Principal) => sessionActor(app, person);

/** A browser of its own, signed in as `person` (their session cookie) or anonymous. */
const browse = async (person?: Principal): Promise<Page> => {
  const { context, page } = await openTab(browser, person && { app, person });
  contexts.push(context);
  return page;
};

beforeAll(async () => {
  app = await startServeTestApp();
  browser = await launchChromium();
  pat = await app.signUp('Pat Planner');
  cleo = await app.signUp('Cleo Client');
  sam = await app.signUp('Sam Support');
  await app.services.access.principals.grantSupport(sam.email);
  patPage = await browse(pat);
  cleoPage = await browse(cleo);
  samPage = await browse(sam);
  visitorPage = await browse();
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await app?.close();
});

const at = (path: string) => `${app.url}${path}`;
const contactLinks = (page: Page) => page.locator('a.contact-link').count();

describe('offers in a browser', { timeout: 120_000 }, () => {
  it('publishes an offer from the form, after a refused first try', async () => {
    await patPage.goto(at('/services'));
    await inspect(patPage, 'services-empty', violations);
    await patPage.getByRole('link', { name: 'My offers' }).click();
    expect(new URL(patPage.url()).pathname).toBe('/my/services');
    await inspect(patPage, 'my-services-empty', violations);
    await patPage.getByRole('link', { name: 'Publish an offer' }).click();
    await inspect(patPage, 'publish-offer', violations);

    await patPage.getByLabel('Title').fill('Children’s party planning');
    // Nothing in it can become a role: refused, in plain words, with what was typed kept.
    await patPage.getByLabel('Role').fill('!!!');
    await patPage.getByLabel('Industry').fill('events');
    await patPage.getByLabel('Capabilities').fill('Running orders\nShopping lists');
    await patPage.getByLabel('Contact link').fill('https://planner.example/contact');
    await patPage.getByRole('button', { name: 'Publish the offer' }).click();
    expect(await patPage.locator('#f-role-error').innerText()).toContain('letters, numbers, spaces and hyphens');
    expect(await patPage.getByLabel('Title').inputValue()).toBe('Children’s party planning');
    await inspect(patPage, 'publish-offer-refused', violations);

    // Words are taken as they are written: "Party Planner" is the role party-planner.
    await patPage.getByLabel('Role').fill('Party Planner');
    await patPage.getByRole('button', { name: 'Publish the offer' }).click();
    expect(await flash(patPage)).toContain('Offer published');
    state.offerId = new URL(patPage.url()).pathname.split('/')[2]!;
    expect(state.offerId).toMatch(/^svc_/);
    expect(await contactLinks(patPage)).toBe(1);
    await inspect(patPage, 'offer-provider', violations);
  });

  it('pauses the offer: the contact link is gone for everyone until it is resumed', async () => {
    await patPage.getByRole('button', { name: 'Pause' }).click();
    expect(await flash(patPage)).toContain('paused');
    expect(await contactLinks(patPage)).toBe(0);
    expect(await patPage.locator('.paused-note').innerText()).toContain('contact link is hidden');
    await inspect(patPage, 'offer-paused', violations);
    await visitorPage.goto(at(`/services/${state.offerId}`));
    expect(await contactLinks(visitorPage)).toBe(0);
    expect(await visitorPage.content()).not.toContain('planner.example/contact');

    await patPage.goto(at('/my/services'));
    await inspect(patPage, 'my-services', violations);
    await patPage.getByRole('button', { name: 'Resume' }).click();
    expect(await contactLinks(patPage)).toBe(1);
  });

  it('lets a person related through a thread leave feedback and publish it', async () => {
    // A thread the provider opens, linking the offer, that Cleo joins: that is what makes her related.
    const patActor = await actorOf(pat);
    const thread = await app.services.threads.create(patActor, { title: 'Mia’s party', link: { kind: 'service', id: state.offerId } });
    const invite = await app.services.threads.createInvite(patActor, thread.id, { invitee_principal_id: cleo.id });
    await app.services.threads.acceptInvite(await actorOf(cleo), invite.token!);

    await cleoPage.goto(at(`/services/${state.offerId}`));
    await cleoPage.locator('summary', { hasText: 'Leave feedback' }).click();
    await inspect(cleoPage, 'offer-leave-feedback', violations);
    await cleoPage.getByLabel('Were your needs met?').selectOption('partly');
    await cleoPage.getByLabel('Which capability is it about?').selectOption('Shopping lists');
    await cleoPage.getByLabel('Comment').fill('A clear running order; the shopping list came a day late.');
    await cleoPage.getByRole('button', { name: 'Leave feedback' }).click();
    expect(await flash(cleoPage)).toContain('Feedback saved');
    expect(await cleoPage.locator('.feedback-item .status-private').count()).toBe(1);
    // Private: the public page does not show it yet.
    await visitorPage.goto(at(`/services/${state.offerId}`));
    expect(await visitorPage.locator('.feedback-item').count()).toBe(0);

    await cleoPage.getByRole('button', { name: 'Publish' }).click();
    expect(await flash(cleoPage)).toContain('Feedback published');
    await inspect(cleoPage, 'offer-feedback-author', violations);
    await visitorPage.goto(at(`/services/${state.offerId}`));
    expect(await visitorPage.locator('.feedback-item').innerText()).toContain('the shopping list came a day late');
  });

  it('lets the author edit the feedback, after a refused first try that keeps what was typed', async () => {
    await cleoPage.getByRole('link', { name: 'Edit', exact: true }).click();
    expect(new URL(cleoPage.url()).pathname).toMatch(/^\/feedback\/fbk_.+\/edit$/);
    expect(await cleoPage.getByLabel('Comment').inputValue()).toBe('A clear running order; the shopping list came a day late.');
    await inspect(cleoPage, 'feedback-edit', violations);

    await cleoPage.getByLabel('Comment').fill('A clear running order. Ask me at cleo@client.example');
    await cleoPage.getByRole('button', { name: 'Save changes' }).click();
    expect(await cleoPage.locator('#f-comment-error').innerText()).toContain('Take out the e-mail address');
    expect(await cleoPage.getByLabel('Comment').inputValue()).toBe('A clear running order. Ask me at cleo@client.example');
    await inspect(cleoPage, 'feedback-edit-refused', violations);

    await cleoPage.getByLabel('Comment').fill('A clear running order; the shopping list came a day late, with an apology.');
    await cleoPage.getByLabel('Links').fill('https://photos.example/mias-party');
    await cleoPage.getByRole('button', { name: 'Save changes' }).click();
    expect(await flash(cleoPage)).toContain('Your feedback is saved');
    expect(new URL(cleoPage.url()).pathname).toBe(`/services/${state.offerId}`);
    await visitorPage.goto(at(`/services/${state.offerId}`));
    const item = await visitorPage.locator('.feedback-item').innerText();
    expect(item).toContain('with an apology');
    expect(item).toContain('https://photos.example/mias-party');
  });

  it('lets the provider reply once, publicly', async () => {
    await patPage.goto(at(`/services/${state.offerId}`));
    await patPage.getByLabel('Reply to Cleo Client').fill('Thank you — lists now go out two days ahead.');
    await patPage.getByRole('button', { name: 'Send reply' }).click();
    expect(await flash(patPage)).toContain('Reply sent');
    expect(await patPage.getByLabel('Reply to Cleo Client').count()).toBe(0);
    await inspect(patPage, 'offer-replied', violations);
    await visitorPage.goto(at(`/services/${state.offerId}`));
    expect(await visitorPage.locator('.reply').innerText()).toContain('lists now go out two days ahead');
    await inspect(visitorPage, 'offer-public', violations);
  });

  it('lets an anonymous visitor report the offer from its page; support resolves the report', async () => {
    await visitorPage.getByRole('link', { name: 'Report this offer' }).click();
    await inspect(visitorPage, 'report-offer', violations);
    await visitorPage.getByLabel('What is wrong?').selectOption('misleading');
    await visitorPage.getByLabel('Details').fill('The pricing on the contact page differs.');
    await visitorPage.getByRole('button', { name: 'Send the report' }).click();
    expect(new URL(visitorPage.url()).pathname).toBe(`/services/${state.offerId}`);
    expect(await flash(visitorPage)).toContain('Support will look at your report');

    await samPage.goto(at('/support/reports'));
    expect(await samPage.locator('main').innerText()).toContain('The pricing on the contact page differs.');
    await inspect(samPage, 'support-reports', violations);
    await samPage.getByLabel('Resolution').fill('Asked the provider to align the prices.');
    await samPage.getByRole('button', { name: 'Resolve' }).click();
    expect(await flash(samPage)).toContain('Report resolved');
  });

  it('lets support hide feedback and show it again from the support pages', async () => {
    await samPage.goto(at(`/services/${state.offerId}`));
    await samPage.getByLabel('Reason for hiding (support)').fill('Checking a complaint');
    await samPage.getByRole('button', { name: 'Hide' }).click();
    expect(await flash(samPage)).toContain('Feedback hidden');
    await visitorPage.goto(at(`/services/${state.offerId}`));
    expect(await visitorPage.locator('.feedback-item').count()).toBe(0);
    // Its author may still edit it; the page says it stays hidden.
    await cleoPage.goto(at(`/services/${state.offerId}`));
    await cleoPage.getByRole('link', { name: 'Edit', exact: true }).click();
    expect(await cleoPage.locator('.notice', { hasText: 'Support hid this feedback' }).innerText()).toContain('it stays hidden');
    await inspect(cleoPage, 'feedback-edit-hidden', violations);
    await samPage.goto(at('/support/feedback'));
    await inspect(samPage, 'support-hidden-feedback', violations);
    await samPage.getByRole('button', { name: 'Show again' }).click();
    expect(await flash(samPage)).toContain('shown again');
  });

  it('serves the site feedback form, the journal and the examples', async () => {
    await visitorPage.goto(at('/site-feedback'));
    await inspect(visitorPage, 'site-feedback', violations);
    await visitorPage.getByLabel('Message').fill('Please add a wedding template.');
    await visitorPage.getByRole('button', { name: 'Send' }).click();
    expect(await flash(visitorPage)).toContain('reached support');
    await samPage.goto(at('/support/site-feedback'));
    expect(await samPage.locator('main').innerText()).toContain('Please add a wedding template.');
    await inspect(samPage, 'support-site-feedback', violations);

    await visitorPage.goto(at('/journal'));
    await inspect(visitorPage, 'journal', violations);
    await visitorPage.getByRole('link', { name: /What this service is/ }).click();
    expect(await visitorPage.locator('main').innerText()).toContain('nothing here is an agreement');
    await inspect(visitorPage, 'journal-entry', violations);
    await visitorPage.goto(at('/examples'));
    expect(await visitorPage.locator('.notice').innerText()).toContain('demonstrations');
    await inspect(visitorPage, 'examples', violations);
    await visitorPage.goto(at('/services'));
    await inspect(visitorPage, 'services', violations);
  });

  it('finds no moderate, serious or critical accessibility problem on any page', () => {
    expect(violations).toEqual([]);
  });
});
