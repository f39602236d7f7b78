import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { type TestApp } from '@svc/runtime/testing';
import { startServeTestApp } from './serve.ts';
import { inspect, launchChromium, openTab, type Violation, callApi, flash } from './e2e/browser.ts';

/**
 * The website end to end in a real browser (Debian's Chromium) against the real server on
 * PostgreSQL: a person signs up while approving an agent, posts jobs from the forms, finds and edits
 * them (through a version conflict the agent causes), a second person responds, and the agent is
 * revoked. Every page visited is screenshotted at 360 and 1280 pixels and audited with axe-core.
 */

let app: TestApp;
let browser: Browser;
let page: Page;
const violations: Violation[] = [];
const state = { token: '', jobId: '', partyJobId: '' };

beforeAll(async () => {
  app = await startServeTestApp();
  browser = await launchChromium();
  ({ page } = await openTab(browser));
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

const at = (path: string) => `${app.url}${path}`;

/** The page as a system set to dark mode shows it: its refusals and notices must stay legible (axe's contrast check among the rest). */
const inspectInDarkMode = async (name: string) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  try {
    await inspect(page, `${name}-dark`, violations);
  } finally {
    await page.emulateMedia({ colorScheme: 'light' });
  }
};
const api = (method: string, path: string, body?: unknown, token?: string) => callApi(at(path), method, body, token);

describe('the website in a browser', { timeout: 120_000 }, () => {
  it('shows the home page with a search box and an HTML job list behind its main link', async () => {
    await page.goto(at('/'));
    await inspect(page, 'home', violations);
    await expect(page.getByRole('searchbox', { name: 'Search jobs' }).count()).resolves.toBe(1);
    await page.getByRole('link', { name: 'Browse open jobs' }).click();
    expect(page.url()).toBe(at('/jobs'));
    expect(await page.locator('h1').innerText()).toBe('Jobs');
    await inspect(page, 'jobs-empty', violations);
  });

  it('keeps links that look like buttons as links: announced as links, drawn like the buttons beside them', async () => {
    await page.goto(at('/signup'));
    // The header's Sign up marks the page it is on (aria-current) and stays legible as a button there.
    await inspect(page, 'sign-up', violations);
    // One "Sign up" a screen reader calls a link (the header's), and no button of that name.
    await expect(page.getByRole('link', { name: 'Sign up', exact: true }).count()).resolves.toBe(1);
    await expect(page.getByRole('button', { name: 'Sign up' }).count()).resolves.toBe(0);
    await page.goto(at('/'));
    await expect(page.getByRole('button', { name: 'Browse open jobs' }).count()).resolves.toBe(0);
    const look = (selector: string) =>
      page.locator(selector).first().evaluate((element) => {
        const style = getComputedStyle(element);
        return { background: style.backgroundColor, color: style.color, underline: style.textDecorationLine };
      });
    const link = await look('main a.button:not(.secondary)');
    expect(link).toEqual(await look('main button[type="submit"]'));
    expect(link.underline).toBe('none');
  });

  it('signs up from an agent’s connect link, keeps the code through sign-in and sign-up, and approves the agent', async () => {
    const connect = await api('POST', '/api/v1/agent/connect', {
      agent_name: 'Party planner',
      scopes: ['jobs:write', 'account:read'],
      days: 30,
      built_with: 'TypeScript',
      model: 'small-model',
    });
    expect(connect.status).toBe(201);
    const { user_code, device_code } = connect.body;

    await page.goto(at(`/connect?user_code=${user_code}`));
    expect(new URL(page.url()).pathname).toBe('/login');
    await inspect(page, 'sign-in', violations);
    await page.getByRole('link', { name: 'Create an account' }).click();
    expect(new URL(page.url()).pathname).toBe('/signup');

    // A refused sign-up comes back with the values and the problem beside its field.
    await page.getByLabel('Display name').fill('Ada Poster');
    await page.getByLabel('E-mail').fill('ada@example.test');
    await page.getByLabel('Password').fill('short');
    // As a browser without form validation would: the server's answer is what is under test.
    await page.locator('#f-password').evaluate((input) => input.removeAttribute('minlength'));
    await page.getByRole('button', { name: 'Create the account' }).click();
    expect(await page.getByLabel('Display name').inputValue()).toBe('Ada Poster');
    expect(await page.locator('#f-password-error').innerText()).toContain('at least 10 characters');
    await inspect(page, 'sign-up-refused', violations);

    await page.getByLabel('Password').fill('a long enough password');
    await page.getByRole('button', { name: 'Create the account' }).click();
    expect(new URL(page.url()).pathname).toBe('/connect');
    expect(await page.locator('main').innerText()).toContain('Party planner');
    expect(await page.locator('.declared').innerText()).toContain('self-declared');
    expect(await page.locator('main').innerText()).toContain('Post jobs for you');
    await inspect(page, 'connect', violations);
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL((url) => url.pathname === '/account/agents');
    expect(await page.locator('.flash').innerText()).toContain('Connected:');

    app.clock.advance(5_000);
    const token = await api('POST', '/api/v1/agent/token', { device_code });
    expect(token.status).toBe(200);
    state.token = token.body.access_token;
    const me = await api('GET', '/api/v1/me', undefined, state.token);
    expect(me.status).toBe(200);
    expect(me.body.principal.display_name).toBe('Ada Poster');
  });

  it('posts a job from the form, keeping the numbered deliverables on their lines', async () => {
    await page.goto(at('/jobs/new'));
    await inspect(page, 'post-job', violations);
    await page.getByLabel('Title').fill('Plan a garden party for Ada');
    await page.getByLabel('Outcome').fill('A plan for forty people in the garden');
    await page.getByLabel('Deliverables').fill('1. A menu\n2. A running order');
    await page.getByLabel('Budget amount').fill('75');
    await page.getByLabel('Currency').fill('gbp');
    await page.getByLabel('Tags').fill('garden, party-planning');
    await page.getByRole('button', { name: 'Post the job' }).click();
    expect(await flash(page)).toContain('Job posted');
    state.jobId = new URL(page.url()).pathname.split('/')[2]!;
    const deliverables = await page.locator('.prose', { hasText: 'A menu' }).innerText();
    expect(deliverables).toBe('1. A menu\n2. A running order');
    const text = await page.locator('main').innerText();
    expect(text).toContain('£75.00');
    expect(text).not.toMatch(/version \d|RTS 0\.2|no_fee/);
    await inspect(page, 'job-owner', violations);
  });

  it('posts a job from the birthday-party template, with the street address refused beside its field', async () => {
    await page.goto(at('/templates/birthday-party'));
    expect(await page.locator('main').innerText()).not.toContain('"type"');
    await inspect(page, 'template', violations);
    await page.getByRole('link', { name: /Post a birthday party job/ }).click();
    await page.getByLabel('Who the party is for').fill('Mia');
    await page.getByLabel('Date of the party').fill('2026-12-05');
    await page.getByLabel('Number of guests').fill('12');
    await page.getByLabel('General area').fill('12 High Street');
    await page.getByRole('button', { name: 'Post the job' }).click();
    expect(await page.locator('#f-details-general_area-error').count()).toBe(1);
    expect(await page.getByLabel('Who the party is for').inputValue()).toBe('Mia');
    await inspect(page, 'post-template-refused', violations);
    await inspectInDarkMode('post-template-refused');
    await page.getByLabel('General area').fill('Camden, London');
    await page.getByRole('button', { name: 'Post the job' }).click();
    expect(await flash(page)).toContain('Job posted');
    // The public title names neither the child nor their age; the party budget shows where the budget does.
    expect(await page.locator('h1').innerText()).toBe('Plan a birthday party in Camden, London — 12 guests');
    expect(await page.locator('main').innerText()).toContain('Camden, London');
    state.partyJobId = new URL(page.url()).pathname.split('/')[2]!;
    await inspect(page, 'job-from-template', violations);
  });

  it('finds the job through search', async () => {
    await page.goto(at('/'));
    await page.getByRole('searchbox', { name: 'Search jobs' }).fill('garden');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('link', { name: 'Plan a garden party for Ada' }).waitFor();
    await expect(page.getByRole('link', { name: 'Plan a garden party for Ada' }).count()).resolves.toBe(1);
    await expect(page.getByRole('link', { name: /birthday party/ }).count()).resolves.toBe(0);
    await inspect(page, 'search', violations);
  });

  it('edits the job; when the agent changed it meanwhile, shows what changed and lets the person save again', async () => {
    await page.goto(at(`/jobs/${state.jobId}`));
    await page.getByRole('link', { name: 'Edit' }).click();
    await inspect(page, 'edit', violations);
    const patched = await api('PATCH', `/api/v1/jobs/${state.jobId}`, { expected_version: 1, title: 'Garden party, changed by the agent' }, state.token);
    expect(patched.status).toBe(200);

    await page.getByLabel('Budget amount').fill('90');
    await page.getByRole('button', { name: 'Save changes' }).click();
    expect(await page.locator('#conflict-title').innerText()).toContain('Someone changed this job');
    // No field is marked: the message takes the focus, so it is read first.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-labelledby')), { timeout: 10_000 }).toBe('conflict-title');
    // The table shows the person's own change; the agent's title, which they left alone, is in the form.
    expect(await page.locator('.conflict').innerText()).toContain('90');
    expect(await page.locator('.conflict').innerText()).not.toContain('Garden party, changed by the agent');
    expect(await page.getByLabel('Title').inputValue()).toBe('Garden party, changed by the agent');
    expect(await page.getByLabel('Budget amount').inputValue()).toBe('90');
    await inspect(page, 'edit-conflict', violations);
    await inspectInDarkMode('edit-conflict');

    await page.getByRole('button', { name: 'Save my edit again' }).click();
    expect(await flash(page)).toContain('Changes saved');
    expect(await page.locator('main').innerText()).toContain('£90.00');
    const job = await api('GET', `/api/v1/jobs/${state.jobId}`);
    expect(job.body).toMatchObject({ version: 3, title: 'Garden party, changed by the agent', budget: { amount: 90, currency: 'GBP' } });
  });

  it('lets a second person respond, and the poster read the response', async () => {
    const { context: bob, page: other } = await openTab(browser);
    await other.goto(at('/signup'));
    await other.getByLabel('Display name').fill('Bob Helper');
    await other.getByLabel('E-mail').fill('bob@example.test');
    await other.getByLabel('Password').fill('another long password');
    await other.getByRole('button', { name: 'Create the account' }).click();
    await other.goto(at(`/jobs/${state.jobId}`));
    await inspect(other, 'job-visitor', violations);
    await other.getByLabel('Kind').selectOption('offer');
    // Spaces pass the browser's own check but not the service's: the page opens at the refused field.
    await other.getByLabel('Message').fill('   ');
    await other.getByRole('button', { name: 'Send the response' }).click();
    await other.locator('.error-summary a[href="#f-message"]').waitFor();
    // The browser moves the focus to an `autofocus` field at its next rendering step, not at load.
    await expect.poll(() => other.evaluate(() => document.activeElement?.id), { timeout: 10_000 }).toBe('f-message');
    await expect.poll(() => other.locator('#f-message').evaluate((field) => {
      const box = field.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= window.innerHeight;
    }), { timeout: 10_000 }).toBe(true);
    await inspect(other, 'job-response-refused', violations);
    await other.getByLabel('Message').fill('I can plan this.\nI have done ten garden parties.');
    await other.getByRole('button', { name: 'Send the response' }).click();
    expect(await flash(other)).toContain('Response sent');
    expect(await other.locator('main').innerText()).toContain('I have done ten garden parties.');
    await inspect(other, 'job-responded', violations);
    await bob.close();

    await page.goto(at(`/jobs/${state.jobId}`));
    expect(await page.locator('main').innerText()).toContain('I have done ten garden parties.');
    await inspect(page, 'job-with-responses', violations);
    await page.goto(at('/my/jobs'));
    await expect(page.getByRole('link', { name: 'Garden party, changed by the agent' }).count()).resolves.toBe(1);
    await inspect(page, 'my-jobs', violations);
  });

  it('closes a job pressed in two tabs once: the second tab leads back to the job, saying it was already closed', async () => {
    const second = await page.context().newPage();
    try {
      await page.goto(at(`/jobs/${state.partyJobId}`));
      await second.goto(at(`/jobs/${state.partyJobId}`));
      await page.getByRole('button', { name: 'Close' }).click();
      expect(await flash(page)).toContain('Job closed');
      await second.getByRole('button', { name: 'Close' }).click();
      expect(new URL(second.url()).pathname).toBe(`/jobs/${state.partyJobId}`);
      expect(await flash(second)).toBe('This job is already closed (perhaps in another tab): nothing was done.');
      await inspect(second, 'job-closed-twice', violations);
      // A reload shows the job again: nothing is sent a second time.
      await second.reload();
      await expect(second.locator('.flash').count()).resolves.toBe(0);
      await second.getByRole('button', { name: 'Reopen' }).click();
      expect(await flash(second)).toContain('Job reopened');
    } finally {
      await second.close();
    }
  });

  it('changes the display name on the account page', async () => {
    await page.goto(at('/account'));
    await inspect(page, 'account', violations);
    await page.getByLabel('Display name').fill('Ada Lovelace');
    await page.getByRole('button', { name: 'Save the name' }).click();
    expect(await flash(page)).toContain('Display name changed');
    expect(await page.locator('header').innerText()).toContain('Ada Lovelace');
  });

  it('revokes the agent after a confirmation step, and its token is refused', async () => {
    await page.goto(at('/account/agents'));
    await inspect(page, 'my-agents', violations);
    await page.getByRole('link', { name: 'Revoke…' }).click();
    await inspect(page, 'revoke-confirm', violations);
    expect((await api('GET', '/api/v1/me', undefined, state.token)).status).toBe(200);
    await page.getByRole('button', { name: 'Yes, revoke it' }).click();
    expect(await flash(page)).toContain('can no longer act for you');
    const refused = await api('GET', '/api/v1/me', undefined, state.token);
    expect(refused).toMatchObject({ status: 401, body: { error: 'invalid_token' } });
  });

  it('shows the agents page and an error page with the API’s code', async () => {
    await page.goto(at('/agents'));
    await expect(page.getByRole('link', { name: 'the OpenAPI document', exact: true }).getAttribute('href')).resolves.toBe('/api/v1/openapi.json');
    await inspect(page, 'agents', violations);
    const missing = await page.goto(at('/jobs/job_unknown00000000000000000000'));
    expect(missing?.status()).toBe(404);
    expect(await page.locator('main').innerText()).toContain('not_found');
    await inspect(page, 'not-found', violations);
  });

  it('keeps a recovery code, and after forgetting the password sets a new one with it', async () => {
    await page.goto(at('/account'));
    await expect(page.getByText('You have no recovery code yet.').count()).resolves.toBe(1);
    const recovery = page.locator('form[action="/account/recovery-code"]');
    await recovery.getByLabel('Current password').fill('a long enough password');
    await recovery.getByRole('button', { name: 'Create a recovery code' }).click();
    expect(await page.locator('h1').innerText()).toBe('Keep this recovery code');
    const code = (await page.locator('.secret-code').innerText()).trim();
    await expect(page.getByRole('button', { name: 'Copy' }).count()).resolves.toBe(1);
    // Copying is said aloud too (a status region), not only by the button's new text.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
    await page.getByRole('button', { name: 'Copy' }).click();
    // The clipboard write is asynchronous: wait for the announcement (it stays 1.5 s), then count it.
    const copied = page.getByRole('status').filter({ hasText: /^Copied$/ });
    await copied.waitFor({ state: 'attached' });
    await expect(copied.count()).resolves.toBe(1);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
    await inspect(page, 'recovery-code', violations);
    await page.getByRole('link', { name: 'I have kept it' }).click();
    await page.getByText('You have a recovery code, created').waitFor();
    await expect(page.getByText('You have a recovery code, created').count()).resolves.toBe(1);
    await expect(page.getByText(code).count()).resolves.toBe(0);

    await page.locator('header').getByRole('button', { name: 'Sign out' }).click();
    await page.goto(at('/login'));
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    expect(new URL(page.url()).pathname).toBe('/auth/reset');
    await inspect(page, 'password-reset', violations);
    await page.getByLabel('E-mail').fill('ada@example.test');
    await page.getByLabel('Recovery code').fill(code.toLowerCase());
    await page.getByLabel('New password').fill('a newer long password');
    await page.getByRole('button', { name: 'Set the new password' }).click();
    expect(new URL(page.url()).pathname).toBe('/account');
    expect(await flash(page)).toContain('New password set, and you are signed in');
  });

  it('found no moderate, serious or critical accessibility problem on any page, at either width', () => {
    expect(violations).toEqual([]);
  });
});
