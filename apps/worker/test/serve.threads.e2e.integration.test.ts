import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { type Principal, type TestApp } from '@svc/runtime/testing';
import { startServeTestApp } from './serve.ts';
import { inspect, launchChromium, openTab, type Violation, flash } from './e2e/browser.ts';

/**
 * Private work threads end to end in a real browser against the real server on PostgreSQL: a person
 * starts a thread linked to their job, invites a second person by link, the second joins, both write
 * entries and tick the checklist (with a summary conflict on the way), the owner removes the second
 * person, who then gets the 404 page; then a job posted from the form gets a response, and its
 * poster starts a private thread with the responder in one step, which the responder joins from
 * their Threads page; the two write entries (the answer shows after the question), each ticks a
 * checklist item with one click, and the poster archives the thread. Every page is screenshotted at
 * 360 and 1280 px and audited with axe.
 */

let app: TestApp;
let browser: Browser;
let oliveContext: BrowserContext;
let patContext: BrowserContext;
let olive: Page;
let pat: Page;
let oliveP: Principal;
let patP: Principal;
const violations: Violation[] = [];
const state = { jobId: '', threadId: '', inviteUrl: '' };

beforeAll(async () => {
  app = await startServeTestApp();
  browser = await launchChromium();
  oliveP = await app.signUp('Olive Owner');
  patP = await app.signUp('Pat Helper');
  ({ context: oliveContext, page: olive } = await openTab(browser, { app, person: oliveP }));
  ({ context: patContext, page: pat } = await openTab(browser, { app, person: patP }));
});
afterAll(async () => {
  await oliveContext?.close();
  await patContext?.close();
  await browser?.close();
  await app?.close();
});

const at = (path: string) => `${app.url}${path}`;
/** Clicks a button that submits a form and waits for the answer page. */
const press = async (p: Page, name: string) => {
  await Promise.all([p.waitForNavigation(), p.getByRole('button', { name }).click()]);
};
const threadOf = async () => {
  const actor = (await app.services.access.accounts.resolveSession(oliveP.session))!.actor;
  return app.services.threads.get(actor, state.threadId);
};

describe('threads in a browser', { timeout: 120_000 }, () => {
  it('starts a thread linked to a job from the Threads page', async () => {
    const actor = (await app.services.access.accounts.resolveSession(oliveP.session))!.actor;
    state.jobId = (await app.services.jobs.create(actor, { title: 'Plan a garden party for Olive', outcome: 'A plan for forty people' })).id;
    await olive.goto(at('/'));
    await olive.getByRole('link', { name: 'Threads' }).click();
    expect(await olive.locator('h1').innerText()).toBe('Threads');
    await inspect(olive, 'threads-empty', violations);
    await olive.getByLabel('Title').fill('Garden party: who does what');
    await olive.getByRole('textbox', { name: /^Summary/ }).fill('We plan the party together.');
    await olive.getByLabel('Job or offer to link').selectOption({ label: 'Job: Plan a garden party for Olive' });
    await press(olive, 'Start the thread');
    expect(await flash(olive)).toContain('Thread started');
    state.threadId = new URL(olive.url()).pathname.split('/')[2]!;
    expect(await olive.getByRole('link', { name: 'Plan a garden party for Olive' }).getAttribute('href')).toBe(`/jobs/${state.jobId}`);
    await inspect(olive, 'thread-new', violations);
  });

  it('invites by a one-time link with a copy button; the second person joins from the link’s page', async () => {
    await press(olive, 'Create a link anyone may use once');
    const link = olive.locator('.invite-link');
    state.inviteUrl = (await link.innerText()).trim();
    expect(state.inviteUrl).toMatch(/\/threads\/invites\/[A-Za-z0-9_-]{43}$/);
    await expect(olive.locator('.new-invite').getByRole('button', { name: 'Copy' }).count()).resolves.toBe(1);
    // The link and its Copy button are two elements with a space between them, on screen and in a
    // selection of the line, so copying the line never gives "…tokenCopy".
    const layout = await link.evaluate((code) => {
      const button = code.nextElementSibling as HTMLElement;
      const line = code.getClientRects()[code.getClientRects().length - 1]!;
      const box = button.getBoundingClientRect();
      const range = document.createRange();
      range.selectNodeContents(code.parentElement!);
      const selection = window.getSelection()!;
      selection.removeAllRanges();
      selection.addRange(range);
      const selected = selection.toString();
      selection.removeAllRanges();
      return {
        button: `${button.tagName}:${button.textContent}`,
        inside: code.contains(button),
        between: code.nextSibling === button ? null : code.nextSibling?.textContent,
        gap: box.top >= line.bottom ? 'next line' : box.left - line.right,
        selected,
      };
    });
    expect(layout).toMatchObject({ button: 'BUTTON:Copy', inside: false, between: ' ' });
    expect(layout.gap === 'next line' || (layout.gap as number) >= 8).toBe(true);
    expect(layout.selected).toContain(state.inviteUrl);
    expect(layout.selected).not.toContain(`${state.inviteUrl}Copy`);
    await inspect(olive, 'thread-invite-link', violations);

    await pat.goto(at(new URL(state.inviteUrl).pathname));
    expect(await pat.locator('h1').innerText()).toBe('Olive Owner invites you to the private thread “Garden party: who does what”');
    await inspect(pat, 'invite-landing', violations);
    await press(pat, 'Join the thread');
    expect(await flash(pat)).toContain('You joined');
    expect(new URL(pat.url()).pathname).toBe(`/threads/${state.threadId}`);
    expect(await pat.locator('main').innerText()).toContain('Olive Owner');
    await inspect(pat, 'thread-participant', violations);
    await pat.goto(at('/threads'));
    await expect(pat.getByRole('link', { name: 'Garden party: who does what' }).count()).resolves.toBe(1);
    await inspect(pat, 'threads-list', violations);
  });

  it('lets both write entries and tick the checklist', async () => {
    await olive.goto(at(`/threads/${state.threadId}`));
    await olive.getByLabel('New checklist item').fill('Book the hall');
    await press(olive, 'Add the item');
    await olive.getByLabel('New checklist item').fill('Order the cake');
    await press(olive, 'Add the item');
    await olive.getByLabel('Kind').selectOption('next_step');
    await olive.getByLabel('Entry text', { exact: true }).fill('Ask two halls for a quote.');
    await press(olive, 'Add the entry');
    expect(await flash(olive)).toContain('Entry added');

    // The service's clock is the test's: a minute passes between the two entries, as it would between people.
    app.clock.advance(60_000);
    await pat.goto(at(`/threads/${state.threadId}`));
    await pat.getByLabel('Kind').selectOption('blocker');
    await pat.getByLabel('Entry text', { exact: true }).fill('The big hall is booked on the 5th.');
    await press(pat, 'Add the entry');
    // One click on an item ticks it and saves it: no second button.
    await press(pat, 'Book the hall');
    expect(await flash(pat)).toBe('Ticked “Book the hall”.');
    expect(await pat.getByRole('button', { name: 'Book the hall' }).getAttribute('aria-pressed')).toBe('true');

    await olive.reload();
    await press(olive, 'Order the cake');
    const text = await olive.locator('main').innerText();
    expect(text).toContain('The big hall is booked on the 5th.');
    // One conversation, oldest first: Olive's next step, then Pat's blocker, each marked with its kind.
    expect(await olive.locator('.entries .entry-kind').allInnerTexts()).toEqual(['Next step', 'Blocker']);
    expect(text).toContain('2 of 2 done');
    const thread = await threadOf();
    expect(thread.checklist.map((item) => [item.text, item.done]).sort()).toEqual([
      ['Book the hall', true],
      ['Order the cake', true],
    ]);
    expect(thread.entries.map((entry) => entry.author.display_name).sort()).toEqual(['Olive Owner', 'Pat Helper']);
    await inspect(olive, 'thread-busy', violations);
  });

  it('shows a readable summary conflict and keeps what was typed', async () => {
    await pat.goto(at(`/threads/${state.threadId}`));
    await pat.getByText('Edit the summary').click();
    await pat.getByRole('textbox', { name: /^Summary/ }).fill('Pat: the party moves to the 12th.');
    await olive.goto(at(`/threads/${state.threadId}`));
    await olive.getByText('Edit the summary').click();
    await olive.getByRole('textbox', { name: /^Summary/ }).fill('Olive: we keep the 5th, small hall.');
    await press(olive, 'Save the summary');
    expect(await flash(olive)).toContain('Summary saved');
    await press(pat, 'Save the summary');
    expect(await pat.getByRole('alert').innerText()).toContain('Someone changed the summary while you were editing it');
    // The summary as saved now, above the form (the linked job's kept words are prose too, further up).
    expect(await pat.locator('section[aria-labelledby="summary-heading"] > .prose').innerText()).toBe('Olive: we keep the 5th, small hall.');
    expect(await pat.getByRole('textbox', { name: /^Summary/ }).inputValue()).toBe('Pat: the party moves to the 12th.');
    await inspect(pat, 'thread-summary-conflict', violations);
  });

  it('lets the owner remove the second person after a confirmation page, and they then get the 404 page', async () => {
    await olive.goto(at(`/threads/${state.threadId}`));
    await Promise.all([olive.waitForNavigation(), olive.getByRole('link', { name: 'Remove Pat Helper…' }).click()]);
    expect(await olive.locator('h1').innerText()).toBe('Remove Pat Helper from “Garden party: who does what”?');
    await inspect(olive, 'thread-confirm-remove-participant', violations);
    // Nothing changed yet: only the confirming button does it.
    expect((await threadOf()).participants.map((person) => person.display_name)).toContain('Pat Helper');
    await press(olive, 'Yes, remove them');
    expect(await flash(olive)).toContain('Participant removed');
    expect(await olive.locator('main').innerText()).not.toContain('Remove Pat Helper');
    const gone = await pat.goto(at(`/threads/${state.threadId}`));
    expect(gone?.status()).toBe(404);
    expect(await pat.locator('main').innerText()).toContain('not_found');
    expect(await pat.locator('main').innerText()).not.toContain('Garden party');
    await inspect(pat, 'thread-not-found', violations);
    await pat.goto(at('/threads'));
    expect(await pat.locator('main').innerText()).not.toContain('Garden party');
  });

  it('archives the thread, which stays readable and exportable', async () => {
    await olive.goto(at(`/threads/${state.threadId}`));
    await press(olive, 'Archive the thread');
    expect(await olive.locator('main').innerText()).toContain('This thread is archived');
    await inspect(olive, 'thread-archived', violations);
    const download = await olive.request.get(at(`/threads/${state.threadId}/export?format=md`));
    expect(download.headers()['content-type']).toBe('text/markdown; charset=utf-8');
    expect(await download.text()).toContain('# Garden party: who does what');
  });

  it('starts a private thread from a response in one step; the helper joins it, the two talk and tick the checklist, and the poster archives it', async () => {
    await olive.goto(at('/jobs/new'));
    await olive.getByLabel('Title').fill('Hang the garden lights for Olive');
    await olive.getByLabel('Outcome').fill('Lights along the fence before the party');
    await press(olive, 'Post the job');
    expect(await flash(olive)).toContain('Job posted');
    const jobPath = new URL(olive.url()).pathname;

    await pat.goto(at(jobPath));
    await pat.getByLabel('Kind').selectOption('offer');
    await pat.getByLabel('Message').fill('I can do this on Saturday.');
    await press(pat, 'Send the response');
    expect(await flash(pat)).toContain('Response sent');

    await olive.goto(at(jobPath));
    // The poster's navigation and the job page count the new response.
    expect(await olive.getByRole('link', { name: /^My jobs/ }).innerText()).toContain('1');
    expect(await olive.locator('main').innerText()).toContain('1 active response.');
    await inspect(olive, 'job-responses-thread-action', violations);
    await press(olive, 'Start a private thread');
    expect(await flash(olive)).toBe('Private thread started about this job. Pat Helper is invited: the invitation waits on their Threads page.');
    const threadPath = new URL(olive.url()).pathname;
    expect(await olive.locator('h1').innerText()).toBe('Hang the garden lights for Olive');
    expect(await olive.getByRole('link', { name: 'Hang the garden lights for Olive' }).getAttribute('href')).toBe(jobPath);
    expect(await olive.locator('table').innerText()).toContain('Pat Helper');

    await pat.goto(at('/threads'));
    // The waiting invitation shows in the navigation on every page until it is joined.
    expect(await pat.getByRole('link', { name: 'Threads (1 invitation waiting)' }).count()).toBe(1);
    expect(await pat.locator('main').innerText()).toContain('Olive Owner invites you to the private thread “Hang the garden lights for Olive”.');
    await inspect(pat, 'threads-invitation-waiting', violations);
    await press(pat, 'Join “Hang the garden lights for Olive”');
    expect(await flash(pat)).toContain('You joined');
    expect(new URL(pat.url()).pathname).toBe(threadPath);
    expect(await pat.getByRole('link', { name: 'Threads', exact: true }).count()).toBe(1);
    const people = pat.locator('.people');
    expect(await people.innerText()).toContain('Olive Owner');
    expect(await people.innerText()).toContain('Pat Helper');

    await olive.reload();
    expect(await olive.locator('.people').innerText()).toContain('Pat Helper');
    await inspect(olive, 'thread-from-response', violations);

    // The two talk in the thread: the poster asks, the helper answers, and the answer comes after the question.
    await olive.getByLabel('Kind').selectOption('next_step');
    await olive.getByLabel('Entry text', { exact: true }).fill('Please bring a ladder: the fence is two metres high.');
    await press(olive, 'Add the entry');
    expect(await flash(olive)).toBe('Entry added.');
    await olive.getByLabel('New checklist item').fill('Buy the lights');
    await press(olive, 'Add the item');
    await olive.getByLabel('New checklist item').fill('Test the fence socket');
    await press(olive, 'Add the item');

    app.clock.advance(60_000);
    await pat.reload();
    await pat.getByLabel('Kind').selectOption('update');
    await pat.getByLabel('Entry text', { exact: true }).fill('I will bring my own ladder, and the lights on Saturday.');
    await press(pat, 'Add the entry');
    expect(await flash(pat)).toBe('Entry added.');
    /** Each entry as the page shows it: its kind, its author, its words. */
    const conversation = (p: Page) =>
      p.locator('.entries > li').evaluateAll((items) =>
        items.map((item) => [item.querySelector('.entry-kind')!.textContent, item.querySelector('.meta span')!.textContent, item.querySelector('.prose')!.textContent]),
      );
    const said = [
      ['Next step', 'Olive Owner', 'Please bring a ladder: the fence is two metres high.'],
      ['Update', 'Pat Helper', 'I will bring my own ladder, and the lights on Saturday.'],
    ];
    expect(await conversation(pat)).toEqual(said);
    // The helper ticks an item with one click; the poster sees it ticked and ticks the other.
    await press(pat, 'Buy the lights');
    expect(await flash(pat)).toBe('Ticked “Buy the lights”.');
    expect(await pat.getByRole('button', { name: 'Buy the lights' }).getAttribute('aria-pressed')).toBe('true');
    // The item's words are drawn in the text colour, not in a button's white on the white page.
    expect(await pat.getByRole('button', { name: 'Buy the lights' }).evaluate((button) => getComputedStyle(button).color)).not.toBe('rgb(255, 255, 255)');
    await inspect(pat, 'thread-conversation', violations);

    await olive.reload();
    expect(await conversation(olive)).toEqual(said);
    expect(await olive.getByRole('button', { name: 'Buy the lights' }).getAttribute('aria-pressed')).toBe('true');
    expect(await olive.getByRole('heading', { name: /^Checklist/ }).innerText()).toBe('Checklist (1 of 2 done)');
    await press(olive, 'Test the fence socket');
    expect(await flash(olive)).toBe('Ticked “Test the fence socket”.');
    expect(await olive.getByRole('heading', { name: /^Checklist/ }).innerText()).toBe('Checklist (2 of 2 done)');
    await inspect(olive, 'thread-ticked', violations);

    // The poster archives the thread: both still read it, nobody can change it.
    await press(olive, 'Archive the thread');
    expect(await flash(olive)).toBe('Thread archived: it is read-only until you reopen it.');
    await pat.reload();
    expect(await pat.getByRole('note').filter({ hasText: 'archived' }).innerText()).toContain('This thread is archived');
    expect(await conversation(pat)).toEqual(said);
    expect(await pat.getByRole('button', { name: 'Add the entry' }).count()).toBe(0);
    expect(await pat.locator('.checklist button').count()).toBe(0);
    expect(await pat.locator('.checklist').innerText()).toContain('Buy the lights');
    await inspect(pat, 'thread-archived-helper', violations);

    // What the database holds.
    const actor = (await app.services.access.accounts.resolveSession(oliveP.session))!.actor;
    const stored = await app.services.threads.get(actor, threadPath.split('/')[2]!);
    expect(stored.status).toBe('archived');
    expect(stored.participants.map((person) => [person.display_name, person.role]).sort()).toEqual([
      ['Olive Owner', 'owner'],
      ['Pat Helper', 'participant'],
    ]);
    expect(stored.entries.map((entry) => [entry.kind, entry.author.display_name, entry.text])).toEqual([
      ['next_step', 'Olive Owner', 'Please bring a ladder: the fence is two metres high.'],
      ['update', 'Pat Helper', 'I will bring my own ladder, and the lights on Saturday.'],
    ]);
    expect(Object.fromEntries(stored.checklist.map((item) => [item.text, item.done]))).toEqual({ 'Buy the lights': true, 'Test the fence socket': true });
  });

  it('found no moderate, serious or critical accessibility problem on any page, at either width', () => {
    expect(violations).toEqual([]);
  });
});
