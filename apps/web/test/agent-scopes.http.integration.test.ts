import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '@svc/runtime/testing';
import { signUpPerson, startWebTestApp, submitAs, viewAs, type Person } from './app.ts';
import { parseHtml } from './html.ts';

/**
 * "Change what it may do": the person's own live agent only, narrower only, from the form or as
 * JSON with the session; never with an agent's token.
 */

let app: TestApp;
let owner: Person;
let stranger: Person;

beforeAll(async () => {
  app = await startWebTestApp();
  owner = await signUpPerson(app, 'Olive Owner');
  stranger = await signUpPerson(app, 'Sam Stranger');
});
afterAll(() => app?.close());

const scopesOf = async (grantId: string) => (await app.db.query<{ scopes: string[] }>('select scopes from grants where id = $1', [grantId]))[0]!.scopes;
const asJson = (who: Person, grantId: string, scopes: string[]) =>
  app.request('POST', `/account/grants/${grantId}/scopes`, { session: who.principal.session, body: { scopes } });

describe('narrowing an agent on the website', () => {
  it('offers a box per scope the agent holds, all ticked, and nothing else', async () => {
    const { grantId } = await app.agentToken(owner.principal, ['jobs:write', 'threads:write']);
    const page = parseHtml((await viewAs(app, owner, `/account/grants/${grantId}/scopes`)).body);
    const boxes = page.all(`form[action="/account/grants/${grantId}/scopes"] input[type="checkbox"]`);
    expect(boxes.map((box) => [box.getAttribute('name'), box.hasAttribute('checked')])).toEqual([
      ['scope_jobs:write', true],
      ['scope_threads:write', true],
    ]);
  });

  it('narrows from the form and from JSON; the answer is the grant as it is now', async () => {
    const { grantId } = await app.agentToken(owner.principal, ['jobs:write', 'account:read', 'threads:write']);
    const form = await submitAs(app, owner, `/account/grants/${grantId}/scopes`, { 'scope_account:read': 'on', 'scope_threads:write': 'on' });
    expect([form.status, form.headers.get('location')]).toEqual([303, '/account/agents']);
    expect(await scopesOf(grantId)).toEqual(['account:read', 'threads:write']);
    const json = await asJson(owner, grantId, ['threads:write']);
    expect(json).toMatchObject({ status: 200, body: { grant: { grant_id: grantId, scopes: ['threads:write'], status: 'active' } } });
    expect(await scopesOf(grantId)).toEqual(['threads:write']);
  });

  it('answers another person’s agent 404 and leaves it alone; refuses widening and an empty choice 400', async () => {
    const { grantId } = await app.agentToken(owner.principal, ['jobs:write', 'account:read']);
    expect((await viewAs(app, stranger, `/account/grants/${grantId}/scopes`)).status).toBe(404);
    expect(await asJson(stranger, grantId, ['account:read'])).toMatchObject({ status: 404, body: { error: 'not_found' } });
    expect((await submitAs(app, stranger, `/account/grants/${grantId}/scopes`, { 'scope_account:read': 'on' })).status).toBe(404);
    expect(await asJson(owner, grantId, ['account:read', 'services:write'])).toMatchObject({
      status: 400,
      body: { error: 'validation_failed', details: [{ path: 'scopes.1' }] },
    });
    const empty = await submitAs(app, owner, `/account/grants/${grantId}/scopes`, {});
    expect(empty.status).toBe(400);
    expect(parseHtml(empty.body).text('#f-scopes-error')).toBe('Keep at least one thing it may do. To take everything away, revoke the agent instead.');
    expect(await scopesOf(grantId)).toEqual(['jobs:write', 'account:read']);
  });

  it('answers a form from a tab drawn before another took something away: what changed, the boxes as they are now, never a scope’s name', async () => {
    const { grantId } = await app.agentToken(owner.principal, ['jobs:write', 'account:read', 'threads:write']);
    const boxesOf = (html: string) =>
      parseHtml(html).all(`form[action="/account/grants/${grantId}/scopes"] input[type="checkbox"]`).map((box) => [box.getAttribute('name'), box.hasAttribute('checked')]);
    // Tab 1 takes away posting jobs.
    expect((await submitAs(app, owner, `/account/grants/${grantId}/scopes`, { 'scope_account:read': 'on', 'scope_threads:write': 'on' })).status).toBe(303);
    // Tab 2, drawn before, still has that box ticked and takes away threads.
    const stale = await submitAs(app, owner, `/account/grants/${grantId}/scopes`, { 'scope_jobs:write': 'on', 'scope_account:read': 'on' });
    expect(stale.status).toBe(409);
    const page = parseHtml(stale.body);
    expect(page.text('.form-error')).toBe(
      'What “Test agent” may do changed since this page was shown (perhaps in another tab), so nothing was saved. The boxes below show what it may do now, with what you unticked still unticked: choose again and save.',
    );
    expect(page.text('main')).not.toMatch(/jobs:write|Please correct/);
    expect(boxesOf(stale.body)).toEqual([
      ['scope_account:read', true],
      ['scope_threads:write', false],
    ]);
    expect(await scopesOf(grantId)).toEqual(['account:read', 'threads:write']);

    // Narrowed to one thing meanwhile: no boxes are left to choose, and the page says so.
    expect((await submitAs(app, owner, `/account/grants/${grantId}/scopes`, { 'scope_account:read': 'on' })).status).toBe(303);
    const single = await submitAs(app, owner, `/account/grants/${grantId}/scopes`, { 'scope_jobs:write': 'on', 'scope_account:read': 'on' });
    expect(single.status).toBe(409);
    expect(parseHtml(single.body).text('.form-error')).toBe(
      'What “Test agent” may do changed since this page was shown (perhaps in another tab), so nothing was saved. Here it is as it is now.',
    );
    expect(await scopesOf(grantId)).toEqual(['account:read']);
  });

  it('refuses the agent itself, even narrower, and leads a revoked agent’s page back to My agents', async () => {
    const { grantId, token } = await app.agentToken(owner.principal, ['jobs:write', 'account:read']);
    const byAgent = await app.request('POST', `/account/grants/${grantId}/scopes`, { token, body: { scopes: ['account:read'] } });
    expect(byAgent).toMatchObject({ status: 403, body: { error: 'human_only' } });
    expect(await scopesOf(grantId)).toEqual(['jobs:write', 'account:read']);
    await app.services.access.grants.revoke(owner.actor, grantId);
    const again = await viewAs(app, owner, `/account/grants/${grantId}/scopes`);
    expect([again.status, again.headers.get('location')]).toEqual([303, '/account/agents']);
    expect(await asJson(owner, grantId, ['account:read'])).toMatchObject({ status: 409, body: { error: 'invalid_state', status: 'revoked' } });
  });
});
