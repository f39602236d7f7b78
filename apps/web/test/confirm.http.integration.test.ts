import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '@svc/runtime/testing';
import type { ThreadJson } from '@svc/threads';
import { signUpPerson, startWebTestApp, submitAs, viewAs, type Person } from './app.ts';
import { linksIn, parseHtml, visibleText } from './html.ts';

/**
 * Every change that cannot be undone asks first: the record's page links to a confirmation page,
 * which changes nothing; only its button's post does.
 */

let app: TestApp;
let owner: Person;
let guest: Person;

const person = (name: string) => signUpPerson(app, name);

beforeAll(async () => {
  app = await startWebTestApp();
  owner = await person('Olive Owner');
  guest = await person('Gus Guest');
});
afterAll(() => app?.close());

const view = (who: Person, path: string) => viewAs(app, who, path);
const submit = (who: Person, path: string, fields: Record<string, string> = {}) => submitAs(app, who, path, fields);

/** The confirmation page: a link on `from` leads to it, it changes nothing, and its one button posts to the same address. */
const expectConfirmation = async (who: Person, from: string, path: string, question: string) => {
  const origin = parseHtml((await view(who, from)).body);
  expect(origin.links().map((link) => link.href)).toContain(path);
  expect(origin.find(`form[action="${path}"]`)).toBeUndefined();
  const confirm = await view(who, path);
  expect(confirm.status).toBe(200);
  const page = parseHtml(confirm.body);
  expect(page.text('h1')).toBe(question);
  expect(page.find(`form[method="post"][action="${path}"].inline`)).toBeDefined();
  return confirm;
};

/** Back after the change reopens the confirmation page: the thing is gone, and the page leads on to `href`. */
const expectWayOn = async (who: Person, path: string, href: string) => {
  const again = await view(who, path);
  expect([404, 410]).toContain(again.status);
  const page = parseHtml(again.body);
  expect(page.links('main').map((link) => link.href)).toContain(href);
  expect(page.text('main')).toContain('just now');
};

const sharedThread = async (): Promise<ThreadJson> => {
  const thread = await app.services.threads.create(owner.actor, { title: 'Picnic' });
  const invite = await app.services.threads.createInvite(owner.actor, thread.id, { invitee_principal_id: guest.principal.id });
  await app.services.threads.acceptInvitation(guest.actor, invite.id);
  return thread;
};

describe('Thread changes that cannot be undone', () => {
  it('removing a checklist item, deleting an entry and removing a participant each ask first', async () => {
    const thread = await sharedThread();
    const item = await app.services.threads.addItem(owner.actor, thread.id, { text: 'Blanket' });
    const entry = await app.services.threads.addEntry(owner.actor, thread.id, { kind: 'update', text: 'Park booked.' });
    const page = `/threads/${thread.id}`;

    const itemPath = `${page}/checklist/${item.id}/remove`;
    await expectConfirmation(owner, page, itemPath, 'Remove “Blanket” from the checklist?');
    expect((await app.services.threads.get(owner.actor, thread.id)).checklist).toHaveLength(1);
    expect((await submit(owner, itemPath)).status).toBe(303);
    expect((await app.services.threads.get(owner.actor, thread.id)).checklist).toHaveLength(0);
    await expectWayOn(owner, itemPath, page);

    const entryPath = `${page}/entries/${entry.id}/delete`;
    await expectConfirmation(owner, page, entryPath, 'Delete your entry?');
    expect((await app.services.threads.get(owner.actor, thread.id)).entries.find((one) => one.id === entry.id)!.deleted).toBe(false);
    expect((await submit(owner, entryPath)).status).toBe(303);
    expect((await app.services.threads.get(owner.actor, thread.id)).entries.find((one) => one.id === entry.id)!.deleted).toBe(true);
    await expectWayOn(owner, entryPath, page);

    const personPath = `${page}/participants/${guest.principal.id}/remove`;
    await expectConfirmation(owner, page, personPath, `Remove Gus Guest from “Picnic”?`);
    expect((await app.services.threads.get(owner.actor, thread.id)).participants).toHaveLength(2);
    expect((await submit(owner, personPath)).status).toBe(303);
    expect((await app.services.threads.get(owner.actor, thread.id)).participants).toHaveLength(1);
    await expectWayOn(owner, personPath, page);
  });

  it('revoking an invitation, leaving and deleting a thread each ask first', async () => {
    const thread = await sharedThread();
    const page = `/threads/${thread.id}`;
    const link = await app.services.threads.createInvite(owner.actor, thread.id, {});
    const revokePath = `${page}/invites/${link.id}/revoke`;
    await expectConfirmation(owner, page, revokePath, 'Revoke this invitation?');
    expect((await submit(owner, revokePath)).status).toBe(303);
    expect((await app.services.threads.get(owner.actor, thread.id)).invites!.find((one) => one.id === link.id)!.status).toBe('revoked');
    await expectWayOn(owner, revokePath, page);

    const leavePath = `${page}/leave`;
    await expectConfirmation(guest, page, leavePath, 'Leave “Picnic”?');
    expect((await app.services.threads.get(guest.actor, thread.id)).participants).toHaveLength(2);
    expect((await submit(guest, leavePath)).headers.get('location')).toBe('/threads');
    expect((await view(guest, page)).status).toBe(404);
    await expectWayOn(guest, leavePath, '/threads');

    const deletePath = `${page}/delete`;
    await expectConfirmation(owner, page, deletePath, 'Delete “Picnic” for good?');
    expect((await view(owner, page)).status).toBe(200);
    expect((await submit(owner, deletePath)).headers.get('location')).toBe('/threads');
    expect((await view(owner, page)).status).toBe(404);
    await expectWayOn(owner, deletePath, '/threads');
  });

  it('a confirmation page for something not in the thread, or a thread the person is not in, is 404', async () => {
    const thread = await app.services.threads.create(owner.actor, { title: 'Private' });
    expect((await view(owner, `/threads/${thread.id}/checklist/tck_none/remove`)).status).toBe(404);
    expect((await view(guest, `/threads/${thread.id}/delete`)).status).toBe(404);
  });
});

describe('Other changes that cannot be undone', () => {
  it('withdrawing a response from the job page asks first, and returns to the job', async () => {
    const job = await app.services.jobs.create(owner.actor, { title: 'Carry chairs', outcome: 'Chairs in the hall' });
    const response = await app.services.responses.create(guest.actor, job.id, { kind: 'offer', message: 'I can lift.', expected_version: job.version });
    const path = `/responses/${response.id}/withdraw`;
    const jobPage = parseHtml((await view(guest, `/jobs/${job.id}`)).body);
    expect(jobPage.links().map((link) => link.href)).toContain(`${path}?from=job`);
    expect(jobPage.find(`form[action="${path}"]`)).toBeUndefined();
    const confirm = parseHtml((await view(guest, `${path}?from=job`)).body);
    expect(confirm.text('h1')).toBe('Withdraw your response to “Carry chairs”?');
    expect(confirm.links()).toContainEqual({ href: `/jobs/${job.id}`, text: 'Keep it' });
    expect((await app.services.responses.getMine(guest.actor, response.id)).status).toBe('active');
    const done = await submit(guest, path);
    expect(done.headers.get('location')).toBe(`/jobs/${job.id}`);
    expect((await app.services.responses.getMine(guest.actor, response.id)).status).toBe('withdrawn');
  });

  it('removing an offer asks first, on its page and on My offers, and only for its provider', async () => {
    const offer = await app.services.offers.create(owner.actor, {
      title: 'Picnic baskets',
      role: 'caterer',
      industry: 'events',
      contact_url: 'https://baskets.example/contact',
      capabilities: ['Baskets'],
    });
    const path = `/services/${offer.id}/remove`;
    await expectConfirmation(owner, `/services/${offer.id}`, path, 'Remove “Picnic baskets”?');
    expect((await view(owner, '/my/services')).body).toContain(`href="${path}"`);
    expect((await view(guest, path)).status).toBe(404);
    expect((await app.services.offers.get(offer.id)).status).toBe('active');
    expect((await submit(owner, path)).headers.get('location')).toBe('/my/services');
    expect((await app.services.offers.mine(owner.actor)).active).toHaveLength(0);
    await expectWayOn(owner, path, '/my/services');
  });

  it('removing a job, opened again with Back, leads to the removed jobs', async () => {
    const job = await app.services.jobs.create(owner.actor, { title: 'Fold tables', outcome: 'Tables away' });
    const path = `/jobs/${job.id}/remove`;
    expect((await submit(owner, path)).headers.get('location')).toBe('/my/jobs?status=removed');
    await expectWayOn(owner, path, '/my/jobs?status=removed');
  });

  it('revoking an agent asks first, and the agent then shows under “Ended” when it was revoked instead of its expiry', async () => {
    const { grantId } = await app.agentToken(guest.principal, ['jobs:write']);
    const path = `/account/grants/${grantId}/revoke`;
    await expectConfirmation(guest, '/account/agents', path, 'Revoke “Test agent”?');
    expect((await submit(guest, path)).headers.get('location')).toBe('/account/agents');
    const list = parseHtml((await view(guest, '/account/agents')).body);
    expect(list.text('#ended-heading')).toBe('Ended');
    const row = list.one('section[aria-labelledby="ended-heading"] table.stack tbody tr');
    expect(visibleText(row.querySelector('td[data-label="Ended"]')!)).toBe('Revoked just now');
    // Back to the question after revoking leads to My agents, where it shows as Revoked (not "no longer among your agents").
    const again = await view(guest, path);
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe('/account/agents');
    expect(decodeURIComponent(/svc_flash=([^;]+)/.exec(again.headers.get('set-cookie') ?? '')?.[1] ?? '')).toBe('“Test agent” is revoked: its token no longer works.');
    // An expired agent has nothing to revoke either: the question is not asked.
    const { grantId: expired } = await app.agentToken(guest.principal, ['jobs:write']);
    await app.db.query('update grants set expires_at = $1 where id = $2', [new Date(app.clock.now().getTime() - 1000), expired]);
    const late = await view(guest, `/account/grants/${expired}/revoke`);
    expect(late.status).toBe(303);
    expect(decodeURIComponent(/svc_flash=([^;]+)/.exec(late.headers.get('set-cookie') ?? '')?.[1] ?? '')).toBe('“Test agent” has expired: its token no longer works.');
    // An agent access that was never this person's is not found, without a word about revoking.
    const unknown = await view(guest, '/account/grants/grt_unknown/revoke');
    expect(unknown.status).toBe(404);
    expect(parseHtml(unknown.body).text('main')).not.toContain('no longer among your agents');
  });

  it('lists an approved agent that has not collected its token yet, and cancelling it asks first; the agent then gets no token', async () => {
    const started = await app.services.access.deviceFlow.connect({ agent_name: 'Slow collector', scopes: ['jobs:write'] });
    await app.services.access.deviceFlow.approve(owner.actor, { user_code: started.user_code });
    const listed = parseHtml((await view(owner, '/account/agents')).body);
    expect(listed.text('#waiting-heading')).toBe('Approved, waiting for the agent');
    const [waiting] = await app.services.access.deviceFlow.uncollected(owner.actor);
    expect(waiting).toMatchObject({ agent_name: 'Slow collector', scopes: ['jobs:write'] });
    const path = `/account/connections/${waiting!.id}/cancel`;
    await expectConfirmation(owner, '/account/agents', path, 'Cancel “Slow collector”?');
    expect((await view(guest, path)).status).toBe(404);
    expect((await submit(owner, path)).headers.get('location')).toBe('/account/agents');
    expect(await app.services.access.deviceFlow.uncollected(owner.actor)).toEqual([]);
    await expectWayOn(owner, path, '/account/agents');
    await expect(app.services.access.deviceFlow.poll({ device_code: started.device_code })).rejects.toMatchObject({ code: 'access_denied' });
  });

  it('says which way a connection request was decided, and a second approval leads to My agents', async () => {
    const approved = await app.services.access.deviceFlow.connect({ agent_name: 'Decided agent', scopes: ['jobs:write'] });
    const decided = await submit(owner, '/connect/approve', { user_code: approved.user_code });
    expect([decided.status, decided.headers.get('location')]).toEqual([303, '/account/agents']);
    const again = await view(owner, `/connect?user_code=${encodeURIComponent(approved.user_code)}`);
    expect(again.status).toBe(409);
    expect(parseHtml(again.body).text('main')).toContain('This connection request was already approved');
    expect(parseHtml(again.body).links('main')).toContainEqual({ href: '/account/agents', text: 'My agents' });
    const twice = await submit(owner, '/connect/approve', { user_code: approved.user_code });
    expect([twice.status, twice.headers.get('location')]).toEqual([303, '/account/agents']);
    // A code nobody has: what to check, and for how long a code works.
    const wrong = await view(owner, '/connect?user_code=ZZZZ-ZZZZ');
    expect(wrong.status).toBe(404);
    expect(parseHtml(wrong.body).field('user_code').error).toBe(
      'No connection request has this code. Check the code the agent showed: a code works for 15 minutes, after that ask the agent to connect again.',
    );
    // As on every refused form: a summary at the form's top, announced, linking to the field, which takes the focus.
    const summary = parseHtml(wrong.body).one('form[action="/connect"] .error-summary');
    expect(summary.getAttribute('role')).toBe('alert');
    expect(linksIn(summary).map((link) => link.href)).toEqual(['#f-user_code']);
    expect(parseHtml(wrong.body).all('[autofocus]').map((element) => element.id)).toEqual(['f-user_code']);
    expect(parseHtml(wrong.body).field('user_code').value).toBe('ZZZZ-ZZZZ');
    const denied = await app.services.access.deviceFlow.connect({ agent_name: 'Refused agent', scopes: ['jobs:write'] });
    await app.services.access.deviceFlow.deny(owner.actor, { user_code: denied.user_code });
    const refused = await view(owner, `/connect?user_code=${encodeURIComponent(denied.user_code)}`);
    expect(parseHtml(refused.body).text('main')).toContain('This connection request was already denied, or its approval cancelled: the agent gets no access.');
  });

  it('revoking every agent asks first', async () => {
    await expectConfirmation(owner, '/account', '/account/grants/revoke-all', 'Revoke every agent?');
    expect((await submit(owner, '/account/grants/revoke-all')).headers.get('location')).toBe('/account');
  });

  it('offers revoking every agent only while one can act or waits to: with none, the account page says so and the confirmation leads back', async () => {
    const alone = await person('Nadia No-Agents');
    const offered = async () => parseHtml((await view(alone, '/account')).body).links().some((link) => link.href === '/account/grants/revoke-all');
    expect(await offered()).toBe(false);
    expect(parseHtml((await view(alone, '/account')).body).text('main')).toContain('No agent can act for you now, so there is none to revoke. My agents lists the ones you approved before.');
    const back = await view(alone, '/account/grants/revoke-all');
    expect([back.status, back.headers.get('location')]).toEqual([303, '/account']);
    expect(decodeURIComponent(/svc_flash=([^;]+)/.exec(back.headers.get('set-cookie') ?? '')?.[1] ?? '')).toBe('No agent can act for you now: there is none to revoke.');

    // Approved and not yet collected counts: revoking every agent denies that approval too.
    const waiting = await app.services.access.deviceFlow.connect({ agent_name: 'Slow agent', scopes: ['jobs:write'] });
    await app.services.access.deviceFlow.approve(alone.actor, { user_code: waiting.user_code });
    expect(await offered()).toBe(true);
    await submit(alone, '/account/grants/revoke-all');
    expect(await offered()).toBe(false);

    await app.agentToken(alone.principal, ['account:read']);
    expect(await offered()).toBe(true);
    await expectConfirmation(alone, '/account', '/account/grants/revoke-all', 'Revoke every agent?');
  });
});
