import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DAY_MS } from '@svc/kernel';
import { sessionActor, type Principal, type TestApp } from '@svc/runtime/testing';
import { startServeTestApp } from './serve.ts';
import { callApi, inspect, launchChromium, openTab, type Violation } from './e2e/browser.ts';

/**
 * "My agents" in a real browser against the real server on PostgreSQL: agents that were revoked or
 * expired are listed apart under "Ended", the latest to end first, and long-ended ones not at all.
 */

let app: TestApp;
let browser: Browser;
let page: Page;
let ada: Principal;
const violations: Violation[] = [];

const at = (path: string) => `${app.url}${path}`;
const api = (method: string, path: string, body?: unknown, token?: string) => callApi(at(path), method, body, token);

/** An agent of Ada's, connected through the device flow under its own name. */
const connect = async (agentName: string, scopes: string[], days?: number) => {
  const started = await app.services.access.deviceFlow.connect({ agent_name: agentName, scopes, ...(days ? { days } : {}) });
  await app.services.access.deviceFlow.approve(await sessionActor(app, ada), { user_code: started.user_code });
  const issued = await app.services.access.deviceFlow.poll({ device_code: started.device_code });
  return { token: issued.access_token, grantId: issued.grant_id };
};

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
  await connect('Party planner', ['jobs:write', 'account:read']);
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
    // Ended agents offer nothing to do.
    await expect(ended.getByRole('link').count()).resolves.toBe(0);
    expect(await page.locator('main').innerText()).not.toContain('Forgotten bot');
  });

  it('found no moderate, serious or critical accessibility problem on any page, at either width', () => {
    expect(violations).toEqual([]);
  });
});
