import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DAY_MS } from '@svc/kernel';
import { sessionActor, type Principal, type TestApp } from '@svc/runtime/testing';
import { startServeTestApp } from './serve.ts';
import { callApi, flash, inspect, launchChromium, openTab, type Violation } from './e2e/browser.ts';

/**
 * "My agents" in a real browser against the real server on PostgreSQL: a person takes a scope away
 * from a connected agent (a choice that keeps nothing is refused on the form), the agent's next
 * request is refused for that scope and still works for the other; a change sent from an older tab
 * meets the first tab's change in words; agents that were revoked or
 * expired are listed apart under "Ended", the latest to end first, and long-ended ones not at all.
 */

let app: TestApp;
let browser: Browser;
let page: Page;
let ada: Principal;
const violations: Violation[] = [];
const agents = { planner: { token: '', grantId: '' } };

const at = (path: string) => `${app.url}${path}`;
const api = (method: string, path: string, body?: unknown, token?: string) => callApi(at(path), method, body, token);

/** An agent of Ada's, connected through the device flow under its own name. */
const connect = async (agentName: string, scopes: string[], days?: number) => {
  const started = await app.services.access.deviceFlow.connect({ agent_name: agentName, scopes, ...(days ? { days } : {}) });
  await app.services.access.deviceFlow.approve(await sessionActor(app, ada), { user_code: started.user_code });
  const issued = await app.services.access.deviceFlow.poll({ device_code: started.device_code });
  return { token: issued.access_token, grantId: issued.grant_id };
};

const scopesInDatabase = async (grantId: string) => (await app.db.query<{ scopes: string[] }>('select scopes from grants where id = $1', [grantId]))[0]!.scopes;

/** The rows of a table on the page, each as its text. */
const rowsOf = (table: ReturnType<Page['locator']>) => table.locator('tbody tr').allInnerTexts();

beforeAll(async () => {
  app = await startServeTestApp();
  browser = await launchChromium();
  ada = await app.signUp('Ada Agents');
  ({ page } = await openTab(browser, { app, person: ada }));

  // Ended long ago: kept in the database, left off the list.
  const now = app.clock.now().getTime();
  await app.db.query(
    `insert into grants (id, principal_id, agent_name, scopes, token_hash, created_at, expires_at)
     values ('grt_forgotten', $1, 'Forgotten bot', '{account:read}', 'hash-forgotten', $2, $3)`,
    [ada.id, new Date(now - 200 * DAY_MS), new Date(now - 150 * DAY_MS)],
  );
  // Expired yesterday.
  await connect('Calendar helper', ['account:read'], 1);
  app.clock.advance(2 * DAY_MS);
  agents.planner = await connect('Party planner', ['jobs:write', 'account:read']);
  // Revoked just now, by the agent itself.
  const inbox = await connect('Inbox sorter', ['account:read', 'threads:write']);
  expect((await api('DELETE', '/api/v1/agent/grant', undefined, inbox.token)).status).toBe(200);
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

describe('My agents in a browser', { timeout: 120_000 }, () => {
  it('lists the agents that may act now first, and the ended ones under “Ended”, the latest to end first', async () => {
    await page.goto(at('/account/agents'));
    await inspect(page, 'my-agents-ended', violations);
    const live = page.locator('main table').first();
    expect(await rowsOf(live)).toEqual([expect.stringContaining('Party planner')]);
    const ended = page.locator('section', { has: page.getByRole('heading', { name: 'Ended' }) });
    const rows = await rowsOf(ended.locator('table'));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(/Inbox sorter[\s\S]*Revoked/);
    expect(rows[1]).toMatch(/Calendar helper[\s\S]*Expired/);
    expect(await ended.innerText()).toContain('ended more than 90 days ago are not shown');
    // Ended agents offer nothing to change.
    await expect(ended.getByRole('link').count()).resolves.toBe(0);
    expect(await page.locator('main').innerText()).not.toContain('Forgotten bot');
  });

  it('refuses taking every scope away on the form, and the agent keeps both', async () => {
    await page.goto(at('/account/agents'));
    await page.getByRole('link', { name: 'Change what it may do…' }).click();
    expect(new URL(page.url()).pathname).toBe(`/account/grants/${agents.planner.grantId}/scopes`);
    await inspect(page, 'agent-scopes', violations);
    await page.getByLabel('Post jobs for you, and edit, close, reopen or remove your jobs').uncheck();
    await page.getByLabel('Read your account: your records and responses, and which threads you are in or invited to').uncheck();
    const [answer] = await Promise.all([page.waitForResponse((res) => res.request().method() === 'POST'), page.getByRole('button', { name: 'Save what it may do' }).click()]);
    expect(answer.status()).toBe(400);
    expect(await page.locator('#f-scopes-error').innerText()).toBe('Keep at least one thing it may do. To take everything away, revoke the agent instead.');
    await expect(page.getByLabel('Read your account: your records and responses, and which threads you are in or invited to').isChecked()).resolves.toBe(false);
    await inspect(page, 'agent-scopes-refused', violations);
    expect(await scopesInDatabase(agents.planner.grantId)).toEqual(['jobs:write', 'account:read']);
  });

  it('takes one scope away: the list shows the one left, and the agent’s next request is refused the other', async () => {
    const job = { title: 'Plan a picnic', outcome: 'A picnic for ten in the park' };
    expect((await api('POST', '/api/v1/jobs', job, agents.planner.token)).status).toBe(201);

    await page.goto(at(`/account/grants/${agents.planner.grantId}/scopes`));
    await page.getByLabel('Post jobs for you, and edit, close, reopen or remove your jobs').uncheck();
    await page.getByRole('button', { name: 'Save what it may do' }).click();
    expect(new URL(page.url()).pathname).toBe('/account/agents');
    expect(await flash(page)).toBe('Saved: from its next request, “Party planner” may do only the one thing listed.');
    const row = (await rowsOf(page.locator('main table').first()))[0]!;
    expect(row).toContain('Read your account');
    expect(row).not.toContain('Post jobs for you');
    // One scope left: revoking is the only way on from here.
    await expect(page.getByRole('link', { name: 'Change what it may do…' }).count()).resolves.toBe(0);

    const refused = await api('POST', '/api/v1/jobs', { ...job, title: 'Plan another picnic' }, agents.planner.token);
    expect(refused).toMatchObject({ status: 403, body: { error: 'insufficient_scope' } });
    const me = await api('GET', '/api/v1/me', undefined, agents.planner.token);
    expect(me).toMatchObject({ status: 200, body: { grant: { scopes: ['account:read'] } } });
  });

  it('answers a change sent from a tab drawn before another took something away: what changed, and the boxes as they are now', async () => {
    const runner = await connect('Errand runner', ['jobs:write', 'account:read', 'threads:write']);
    const address = at(`/account/grants/${runner.grantId}/scopes`);
    const older = await page.context().newPage();
    await older.goto(address);
    await page.goto(address);
    await page.getByLabel('Post jobs for you, and edit, close, reopen or remove your jobs').uncheck();
    await page.getByRole('button', { name: 'Save what it may do' }).click();
    await page.waitForURL((url) => url.pathname === '/account/agents');

    // The older tab still has posting jobs ticked; the person takes threads away there.
    await older.getByLabel('Take part in your private work threads: read, write entries, edit checklists, invite').uncheck();
    const [answer] = await Promise.all([older.waitForResponse((res) => res.request().method() === 'POST'), older.getByRole('button', { name: 'Save what it may do' }).click()]);
    expect(answer.status()).toBe(409);
    const message = older.locator('.form-error');
    expect(await message.innerText()).toBe(
      'What “Errand runner” may do changed since this page was shown (perhaps in another tab), so nothing was saved. The boxes below show what it may do now, with what you unticked still unticked: choose again and save.',
    );
    // The line is what a screen reader starts from, as a refused form's message is.
    await expect(message.evaluate((element) => element === document.activeElement)).resolves.toBe(true);
    expect(await older.locator('main').innerText()).not.toMatch(/jobs:write|Post jobs for you/);
    await expect(older.getByLabel('Read your account: your records and responses, and which threads you are in or invited to').isChecked()).resolves.toBe(true);
    await expect(older.getByLabel('Take part in your private work threads: read, write entries, edit checklists, invite').isChecked()).resolves.toBe(false);
    await inspect(older, 'agent-scopes-changed-meanwhile', violations);
    await older.close();
    expect(await scopesInDatabase(runner.grantId)).toEqual(['account:read', 'threads:write']);
  });

  it('found no moderate, serious or critical accessibility problem on any page, at either width', () => {
    expect(violations).toEqual([]);
  });
});
