import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCookieName } from '@svc/runtime';
import { TEST_BASE_URL, type TestApp } from '@svc/runtime/testing';
import type { ThreadJson } from '@svc/threads';
import { flashOf, HTML, signUpPerson, startWebTestApp, submitAs, viewAs, type Person } from './app.ts';
import { parseHtml, referenceOf, visibleText } from './html.ts';

/** The thread pages, served by the website alone over the same services, on PostgreSQL. */

let app: TestApp;
let olive: Person;
let pat: Person;
let sam: Person;

const person = (name: string) => signUpPerson(app, name);

beforeAll(async () => {
  app = await startWebTestApp();
  olive = await person('Olive Owner');
  pat = await person('Pat Participant');
  sam = await person('Sam Stranger');
});
afterAll(() => app?.close());

const view = (who: Person, path: string) => viewAs(app, who, path);

const submit = (who: Person, path: string, fields: Record<string, string> = {}) => submitAs(app, who, path, fields);

const sharedThread = async (title = 'Garden party planning'): Promise<ThreadJson> => {
  const thread = await app.services.threads.create(olive.actor, { title, summary: 'First draft' });
  const invite = await app.services.threads.createInvite(olive.actor, thread.id, {});
  return app.services.threads.acceptInvite(pat.actor, invite.token!);
};

describe('/threads', () => {
  it('sends a signed-out visitor to sign in first', async () => {
    const res = await app.request('GET', '/threads', { headers: HTML });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/login?next=%2Fthreads');
  });

  it('lists my threads and the invitations waiting for me, with a button to join', async () => {
    const thread = await sharedThread('Listed thread');
    const invited = await app.services.threads.create(olive.actor, { title: 'Invitation for Sam' });
    const invite = await app.services.threads.createInvite(olive.actor, invited.id, { invitee_principal_id: sam.principal.id });
    const pats = await view(pat, '/threads');
    expect(pats.status).toBe(200);
    expect(pats.body).toContain(`href="/threads/${thread.id}"`);
    expect(pats.body).toContain('Started by Olive Owner');
    expect(pats.body).toContain('With Olive Owner');
    const sams = await view(sam, '/threads');
    expect(sams.body).toContain('Invitation for Sam');
    expect(sams.body).toContain(`/threads/invitations/${invite.id}/accept`);
    expect(sams.body).not.toContain('Listed thread');

    const joined = await submit(sam, `/threads/invitations/${invite.id}/accept`);
    expect(joined.status).toBe(303);
    expect(joined.headers.get('location')).toBe(`/threads/${invited.id}`);
  });

  it('tells two threads of one title apart by who else is in each', async () => {
    const withPat = await sharedThread('Same title');
    const withSam = await app.services.threads.create(olive.actor, { title: 'Same title' });
    const invite = await app.services.threads.createInvite(olive.actor, withSam.id, {});
    await app.services.threads.acceptInvite(sam.actor, invite.token!);
    const alone = await app.services.threads.create(olive.actor, { title: 'Same title' });
    const olives = await view(olive, '/threads');
    const itemOf = (id: string) => olives.body.match(new RegExp(`<li><h3><a href="/threads/${id}">[\\s\\S]*?</li>`))?.[0] ?? '';
    expect(itemOf(withPat.id)).toContain('With Pat Participant');
    expect(itemOf(withSam.id)).toContain('With Sam Stranger');
    expect(itemOf(alone.id)).toContain('Only you so far');
    expect(itemOf(alone.id)).toContain('Started by you');
  });

  it('starts a thread linked to one of my own jobs chosen by title, and keeps the form on a refusal', async () => {
    const job = await app.services.jobs.create(olive.actor, { title: 'Plan a garden party', outcome: 'A plan' });
    const start = await view(olive, '/threads');
    // The person chooses among their own jobs and offers; nobody pastes an address or an id.
    expect(parseHtml(start.body).text(`option[value="job:${job.id}"]`)).toBe('Job: Plan a garden party');
    expect(start.body).not.toContain('job_…');
    const res = await submit(olive, '/threads', { title: 'About the job', summary: '', link: `job:${job.id}` });
    expect(res.status).toBe(303);
    const id = res.headers.get('location')!.split('/')[2]!;
    const thread = await app.services.threads.get(olive.actor, id);
    expect(thread.linked).toMatchObject({ kind: 'job', id: job.id });
    const page = await view(olive, `/threads/${id}`);
    expect(page.body).toContain(`href="/jobs/${job.id}"`);
    expect(page.body).toContain('Plan a garden party');
    // The list names the job it is about by its title, linked.
    const listed = visibleText(parseHtml((await view(olive, '/threads')).body).one(`li:has(a[href="/threads/${id}"])`)!);
    expect(listed).toContain('About the job Plan a garden party');
    expect((await app.services.threads.list(olive.actor, {})).threads.find((t) => t.id === id)?.linked).toEqual({ kind: 'job', id: job.id, title: 'Plan a garden party' });

    const refused = await submit(olive, '/threads', { title: '', summary: 'Kept text', link: '' });
    expect(refused.status).toBe(400);
    expect(refused.body).toContain('Kept text');
    expect(refused.body).toContain('id="f-title-error"');
  });
});

/** The message the next page shows, from the flash cookie of a redirect. */
/**
 * A checklist item's one-button form: a post to `action` with the CSRF token and the `done` value to
 * save, then the tick button (its class and aria-pressed), and nothing else.
 */
const tickForm = (html: string, action: string) => {
  const form = parseHtml(html).one(`form[method="post"][action="${action}"][class="inline"]`);
  const [csrf, done, button, ...rest] = form.children.map((child): Record<string, string> => ({ tag: child.tagName, ...child.attributes }));
  expect(rest).toEqual([]);
  expect(csrf).toEqual({ tag: 'INPUT', type: 'hidden', name: '_csrf', value: expect.stringMatching(/.+/) });
  expect(done).toMatchObject({ tag: 'INPUT', type: 'hidden', name: 'done' });
  expect(button).toMatchObject({ tag: 'BUTTON', type: 'submit' });
  return { done: done!.value, button: button!.class, pressed: button!['aria-pressed'] };
};

/** What the database holds: each checklist item's text and whether it is done. */
const ticks = async (threadId: string) =>
  Object.fromEntries((await app.services.threads.get(olive.actor, threadId)).checklist.map((item) => [item.text, item.done]));

describe('the thread page', () => {
  it('shows entries with their kinds and tombstones, the checklist, the summary, participants and exports', async () => {
    const thread = await sharedThread();
    const entry = await app.services.threads.addEntry(pat.actor, thread.id, { kind: 'blocker', text: 'The hall is booked that day.' });
    await app.services.threads.addEntry(olive.actor, thread.id, { kind: 'next_step', text: 'Ask another hall.' });
    await app.services.threads.deleteEntry(pat.actor, thread.id, entry.id);
    await app.services.threads.addItem(olive.actor, thread.id, { text: 'Book the hall' });
    const res = await view(pat, `/threads/${thread.id}`);
    expect(res.status).toBe(200);
    const page = parseHtml(res.body);
    expect(page.texts('strong[class="entry-kind kind-blocker"]')).toEqual(['Blocker']);
    expect(page.texts('strong[class="entry-kind kind-next_step"]')).toEqual(['Next step']);
    expect(res.body).toContain('Deleted by its author');
    expect(res.body).not.toContain('The hall is booked that day.');
    const tick = page.one('button[type="submit"][class="tick"][aria-pressed="false"][title="Tick"]');
    expect(tick.firstChild?.toString()).toBe('<span class="box" aria-hidden="true"></span>');
    expect(visibleText(tick)).toBe('Book the hall');
    // The summary's version is not shown; its form carries it for a conflict.
    expect(page.text('#summary-heading')).toBe('Summary');
    expect(page.text('main')).not.toMatch(/version/i);
    expect(page.attr(`form[action="/threads/${thread.id}/summary"] input[name="expected_version"]`, 'value')).toBe('1');
    expect(res.body).toContain('Pat Participant');
    expect(res.body).toContain(`/threads/${thread.id}/export?format=md`);
    // Invitations are the owner's.
    expect(res.body).not.toContain('Create a link anyone may use once');
    expect((await view(olive, `/threads/${thread.id}`)).body).toContain('Create a link anyone may use once');
  });

  it('shows the entries as a conversation, in the order they were written, each with its kind', async () => {
    const thread = await sharedThread('A conversation');
    // A blocker, then the reply to it (an update), then a next step: grouping by kind would put the reply first.
    const said = [
      [pat, 'blocker', 'The hall is booked on the 5th.'],
      [olive, 'update', 'Then I asked the small hall: it is free.'],
      [pat, 'next_step', 'I will pay the deposit on Monday.'],
    ] as const;
    for (const [who, kind, text] of said) {
      app.clock.advance(60_000);
      await app.services.threads.addEntry(who.actor, thread.id, { kind, text });
    }
    const res = await view(olive, `/threads/${thread.id}`);
    const positions = said.map(([, , text]) => res.body.indexOf(text));
    expect(positions.every((at) => at > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    // One list, each entry with its kind and author just before its words.
    const page = parseHtml(res.body);
    const entries = page.all('ol.entries > li[class="entry"]').map((li) => {
      const kind = li.querySelector(':scope > p.meta > strong.entry-kind')!;
      return [li.id.slice(0, 4), kind.classList.value.find((name) => name.startsWith('kind-')), visibleText(kind), kind.nextElementSibling?.tagName, visibleText(kind.nextElementSibling!)];
    });
    expect(entries).toEqual([
      ['ten_', 'kind-blocker', 'Blocker', 'SPAN', 'Pat Participant'],
      ['ten_', 'kind-update', 'Update', 'SPAN', 'Olive Owner'],
      ['ten_', 'kind-next_step', 'Next step', 'SPAN', 'Pat Participant'],
    ]);
    expect(page.all('ol.entries')).toHaveLength(1);
    // Editing an entry keeps its place.
    app.clock.advance(60_000);
    const first = (await app.services.threads.get(pat.actor, thread.id)).entries[0]!;
    await app.services.threads.editEntry(pat.actor, thread.id, first.id, { text: 'The big hall is booked on the 5th.' });
    const edited = await view(olive, `/threads/${thread.id}`);
    expect(edited.body.indexOf('The big hall is booked on the 5th.')).toBeLessThan(edited.body.indexOf('Then I asked the small hall'));
  });

  it('leads back to the entry or checklist item just written, on the thread page, saying what happened', async () => {
    const thread = await sharedThread('Where a form leads');
    const added = await submit(pat, `/threads/${thread.id}/entries`, { kind: 'update', entry_text: 'The hall is booked.' });
    const entry = (await app.services.threads.get(pat.actor, thread.id)).entries[0]!;
    expect([added.status, added.headers.get('location'), flashOf(added)]).toEqual([303, `/threads/${thread.id}#${entry.id}`, 'Entry added.']);
    const edited = await submit(pat, `/threads/${thread.id}/entries/${entry.id}`, { new_text: 'The small hall is booked.' });
    expect([edited.status, edited.headers.get('location'), flashOf(edited)]).toEqual([303, `/threads/${thread.id}#${entry.id}`, 'Entry saved.']);
    const listed = await submit(pat, `/threads/${thread.id}/checklist`, { item_text: 'Pay the deposit' });
    const item = (await app.services.threads.get(pat.actor, thread.id)).checklist[0]!;
    expect([item.text, listed.status, listed.headers.get('location'), flashOf(listed)]).toEqual(['Pay the deposit', 303, `/threads/${thread.id}#item-${item.id}`, 'Checklist item added.']);
    // Each address names an element of the page it leads to.
    const page = parseHtml((await view(pat, `/threads/${thread.id}`)).body);
    expect(page.find(`li#${entry.id}`)).toBeDefined();
    expect(page.find(`li#item-${item.id}`)).toBeDefined();
  });

  it('keeps a refused entry or item beside its own field', async () => {
    const thread = await sharedThread();
    const entry = await submit(pat, `/threads/${thread.id}/entries`, { kind: 'update', entry_text: '   ' });
    expect(entry.status).toBe(400);
    // Named by the field's own label, "Entry text".
    expect(parseHtml(entry.body).field('entry_text').error).toBe('Enter the entry text.');
    expect(parseHtml((await submit(pat, `/threads/${thread.id}/checklist`, { item_text: '' })).body).field('item_text').error).toBe('Enter a new checklist item.');
    const item = await submit(pat, `/threads/${thread.id}/checklist`, { item_text: 'two\nlines' });
    expect(item.status).toBe(400);
    expect(parseHtml(item.body).field('item_text').error).toBeDefined();
    const ids = parseHtml(entry.body).all('[id]').map((element) => element.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it('keeps a refused edit of an entry in that entry’s open form, with what was typed and why, changing nothing', async () => {
    const thread = await sharedThread();
    const entry = await app.services.threads.addEntry(pat.actor, thread.id, { kind: 'update', text: 'Booked the hall.' });
    const res = await submit(pat, `/threads/${thread.id}/entries/${entry.id}`, { new_text: '   ' });
    expect(res.status).toBe(400);
    const page = parseHtml(res.body);
    // Each entry's form names its box's id after the entry (ids stay unique on the page).
    expect(page.field(`${entry.id}-new_text`).error).toBe('Enter the new text of the entry.');
    expect(page.find(`li#${entry.id} details[open]`)).toBeDefined();
    const phoned = await submit(pat, `/threads/${thread.id}/entries/${entry.id}`, { new_text: 'x'.repeat(10_001) });
    expect(phoned.status).toBe(400);
    expect(parseHtml(phoned.body).field(`${entry.id}-new_text`).value).toBe('x'.repeat(10_001));
    expect((await app.services.threads.get(pat.actor, thread.id)).entries.find((e) => e.id === entry.id)?.text).toBe('Booked the hall.');
  });

  it('saves each tick on its own with one click, to the value asked for, so a tick made meanwhile is not undone', async () => {
    const thread = await sharedThread();
    const a = await app.services.threads.addItem(olive.actor, thread.id, { text: 'Book the hall' });
    const b = await app.services.threads.addItem(olive.actor, thread.id, { text: 'Order the cake' });
    // Each item is its own one-button form: no second "save" step.
    const page = await view(pat, `/threads/${thread.id}`);
    expect(page.body).not.toContain('Save the ticks');
    expect(tickForm(page.body, `/threads/${thread.id}/checklist/${a.id}/tick`)).toEqual({ done: 'true', button: 'tick', pressed: 'false' });

    const ticked = await submit(pat, `/threads/${thread.id}/checklist/${a.id}/tick`, { done: 'true' });
    expect(ticked.status).toBe(303);
    // Back to the item ticked, not to the top of a long thread.
    expect(ticked.headers.get('location')).toBe(`/threads/${thread.id}#item-${a.id}`);
    expect(await ticks(thread.id)).toEqual({ 'Book the hall': true, 'Order the cake': false });
    expect(flashOf(ticked)).toBe('Ticked “Book the hall”.');
    const after = await view(pat, `/threads/${thread.id}`);
    expect(after.body).toContain('Checklist <span class="muted">(1 of 2 done)</span>');
    expect(tickForm(after.body, `/threads/${thread.id}/checklist/${a.id}/tick`)).toEqual({ done: 'false', button: 'tick done', pressed: 'true' });

    // Meanwhile Olive ticked b; Pat's page still showed it unticked, and Pat ticks it too: it stays ticked.
    await app.services.threads.updateItem(olive.actor, thread.id, b.id, { done: true });
    const again = await submit(pat, `/threads/${thread.id}/checklist/${b.id}/tick`, { done: 'true' });
    expect(again.status).toBe(303);
    expect(await ticks(thread.id)).toEqual({ 'Book the hall': true, 'Order the cake': true });
    expect(flashOf(again)).toBe('“Order the cake” was already ticked: someone changed it meanwhile.');

    // Unticking is the same one click, and a value that is neither is refused as bad input.
    const unticked = await submit(pat, `/threads/${thread.id}/checklist/${a.id}/tick`, { done: 'false' });
    expect(unticked.status).toBe(303);
    expect(flashOf(unticked)).toBe('Unticked “Book the hall”.');
    expect(await ticks(thread.id)).toEqual({ 'Book the hall': false, 'Order the cake': true });
    const bad = await submit(pat, `/threads/${thread.id}/checklist/${a.id}/tick`, { done: 'maybe' });
    expect(bad.status).toBe(400);
    expect(referenceOf(bad.body)).toBe('validation_failed');

    // An item removed meanwhile is said so, not a failure.
    await app.services.threads.removeItem(olive.actor, thread.id, b.id);
    const gone = await submit(pat, `/threads/${thread.id}/checklist/${b.id}/tick`, { done: 'false' });
    expect(gone.status).toBe(303);
    expect(flashOf(gone)).toBe('That item is no longer on the checklist: someone removed it meanwhile.');
  });

  it('shows an archived thread’s checklist without buttons, saying which items are done', async () => {
    const thread = await sharedThread('Archived checklist');
    const item = await app.services.threads.addItem(olive.actor, thread.id, { text: 'Book the hall' });
    await app.services.threads.updateItem(olive.actor, thread.id, item.id, { done: true });
    await app.services.threads.archive(olive.actor, thread.id);
    const res = await view(pat, `/threads/${thread.id}`);
    expect(res.body).not.toContain(`/checklist/${item.id}/tick`);
    expect(res.body).toContain('Book the hall<span class="visually-hidden"> (done)</span>');
    expect((await submit(pat, `/threads/${thread.id}/checklist/${item.id}/tick`, { done: 'false' })).status).toBe(409);
  });

  it('shows a readable conflict when the summary changed meanwhile, keeping the text typed', async () => {
    const thread = await sharedThread();
    await app.services.threads.update(olive.actor, thread.id, { summary: 'Olive’s version', expected_version: 1 });
    const res = await submit(pat, `/threads/${thread.id}/summary`, { summary: 'Pat’s version', expected_version: '1' });
    expect(res.status).toBe(409);
    expect(res.body).toContain('Someone changed the summary while you were editing it.');
    expect(res.body).toContain('Olive’s version');
    expect(res.body).toContain('Pat’s version');
    expect(res.body).toContain('name="expected_version" value="2"');
    const saved = await submit(pat, `/threads/${thread.id}/summary`, { summary: 'Pat’s version', expected_version: '2' });
    expect(saved.status).toBe(303);
    expect((await app.services.threads.get(pat.actor, thread.id)).summary).toBe('Pat’s version');
  });

  it('creates an invitation link shown once with a copy target, and the link’s page lets a person join', async () => {
    const thread = await app.services.threads.create(olive.actor, { title: 'Invite by link' });
    const made = await submit(olive, `/threads/${thread.id}/invites`, { kind: 'link' });
    // Post, redirect, get: the link shows on the thread's page, and a reload there makes no second one.
    expect([made.status, made.headers.get('location')]).toEqual([303, `/threads/${thread.id}#people-heading`]);
    const shownOnce = made.headers.get('set-cookie')!.match(/svc_flash_invite_link=[^;]+/)![0];
    const cookie = `${sessionCookieName(TEST_BASE_URL)}=${olive.principal.session}; ${shownOnce}`;
    const res = await app.request<string>('GET', `/threads/${thread.id}`, { headers: { ...HTML, cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const reloaded = await view(olive, `/threads/${thread.id}`);
    expect(parseHtml(reloaded.body).text('code.invite-link[data-copy]')).toBeUndefined();
    expect((await app.services.threads.get(olive.actor, thread.id)).invites).toHaveLength(1);
    const url = new RegExp(`^${TEST_BASE_URL}/threads/invites/([A-Za-z0-9_-]{43})$`).exec(parseHtml(res.body).text('code.invite-link[data-copy]') ?? '');
    expect(url).not.toBeNull();
    const landing = await view(pat, `/threads/invites/${url![1]}`);
    expect(landing.status).toBe(200);
    // The Join button and "Not now" share one row of actions, with the gap the site gives them.
    const actions = parseHtml(landing.body).one('main .actions');
    expect(visibleText(actions)).toBe('Join the thread Not now');
    // The landing page names the thread and who invited.
    expect(landing.body).toContain('Olive Owner invites you to the private thread “Invite by link”');
    const joined = await submit(pat, `/threads/invites/${url![1]}`);
    expect(joined.status).toBe(303);
    expect(joined.headers.get('location')).toBe(`/threads/${thread.id}`);
    // Used: the link's own page in plain words (410), not the Join button.
    const again = await submit(sam, `/threads/invites/${url![1]}`);
    expect(again.status).toBe(410);
    expect(again.body).toContain('This invitation link has already been used');
    expect(again.body).toContain('invite_unavailable');
    const unknown = await view(sam, `/threads/invites/${'x'.repeat(43)}`);
    expect(unknown.status).toBe(404);
    expect((await submit(sam, `/threads/invites/${'x'.repeat(43)}`)).status).toBe(404);
  });

  it('revokes, removes a participant, archives, reopens, lets a participant leave and deletes', async () => {
    const thread = await sharedThread();
    const invite = await app.services.threads.createInvite(olive.actor, thread.id, {});
    expect((await submit(olive, `/threads/${thread.id}/invites/${invite.id}/revoke`)).status).toBe(303);
    expect((await submit(olive, `/threads/${thread.id}/archive`)).status).toBe(303);
    const archived = await view(pat, `/threads/${thread.id}`);
    expect(archived.body).toContain('This thread is archived');
    expect(archived.body).not.toContain('Add the entry');
    expect((await submit(olive, `/threads/${thread.id}/reopen`)).status).toBe(303);
    const removed = await submit(olive, `/threads/${thread.id}/participants/${pat.principal.id}/remove`);
    expect(removed.status).toBe(303);
    const gone = await view(pat, `/threads/${thread.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body).toContain('not_found');

    const other = await sharedThread('To leave');
    const left = await submit(pat, `/threads/${other.id}/leave`);
    expect(left.headers.get('location')).toBe('/threads');
    const deleted = await submit(olive, `/threads/${other.id}/delete`);
    expect(deleted.headers.get('location')).toBe('/threads');
    expect((await view(olive, `/threads/${other.id}`)).status).toBe(404);
  });

  it('offers no Delete once someone else wrote in a thread, and leads back to it from the refusal of an older page', async () => {
    const thread = await sharedThread('Written in by two');
    const before = parseHtml((await view(olive, `/threads/${thread.id}`)).body);
    expect(before.links('main')).toContainEqual({ href: `/threads/${thread.id}/delete`, text: 'Delete the thread…' });
    await app.services.threads.addEntry(pat.actor, thread.id, { kind: 'update', text: 'I can bring chairs.' });
    // The page no longer offers what would be refused, and says why.
    const after = parseHtml((await view(olive, `/threads/${thread.id}`)).body);
    expect(after.links('main').map((link) => link.href)).not.toContain(`/threads/${thread.id}/delete`);
    expect(after.text('main')).toContain('Others have written in this thread, so it cannot be deleted; archive it to close it.');
    // A page opened before that still sends the form: the refusal leads back.
    const refused = await submit(olive, `/threads/${thread.id}/delete`);
    expect(refused.status).toBe(409);
    const page = parseHtml(refused.body);
    expect(page.text('main')).toContain('archive it instead');
    expect(page.links('main')).toContainEqual({ href: `/threads/${thread.id}`, text: 'Back to the thread' });
  });

  it('shows an accepted invitation as accepted, not with an expiry', async () => {
    const thread = await sharedThread('Invitations kept');
    const waiting = await app.services.threads.createInvite(olive.actor, thread.id, {});
    const rows = parseHtml((await view(olive, `/threads/${thread.id}`)).body)
      .all('table.stack tbody tr')
      .map((row) => row.querySelector('td[data-label="Expires"]')!);
    // The accepted link's row says so; the waiting one's gives its expiry.
    const cells = rows.map((cell) => [visibleText(cell), cell.querySelector('time')?.getAttribute('datetime')]);
    expect(cells).toHaveLength(2);
    expect(cells).toEqual(expect.arrayContaining([['Accepted', undefined], ['next week', waiting.expires_at]]));
  });

  it('says who joined with an accepted invitation, and that they left once they have', async () => {
    const thread = await sharedThread('Who joined');
    const statusCell = async () => {
      const rows = parseHtml((await view(olive, `/threads/${thread.id}`)).body).all('table.stack tbody tr');
      return rows.map((row) => row.querySelector('td[data-label="Status"]')!);
    };
    const [joined] = await statusCell();
    expect(visibleText(joined!)).toBe(`Accepted by ${pat.principal.displayName}`);
    expect(joined!.querySelector('a')?.getAttribute('href')).toBe(`/principals/${pat.principal.id}`);
    await app.services.threads.leave(pat.actor, thread.id);
    const [left] = await statusCell();
    expect(visibleText(left!)).toBe('Accepted by someone no longer in the thread');
  });

  it('names a person who left in the invitations table when the page still shows their writing', async () => {
    const thread = await app.services.threads.create(olive.actor, { title: 'Named and gone' });
    const invite = await app.services.threads.createInvite(olive.actor, thread.id, { invitee_principal_id: pat.principal.id });
    await app.services.threads.acceptInvitation(pat.actor, invite.id);
    await app.services.threads.addEntry(pat.actor, thread.id, { kind: 'update', text: 'Chairs are booked.' });
    await app.services.threads.leave(pat.actor, thread.id);
    const [row] = parseHtml((await view(olive, `/threads/${thread.id}`)).body).all('table.stack tbody tr');
    expect(visibleText(row!.querySelector('td[data-label="For"]')!)).toBe(pat.principal.displayName);
    expect(visibleText(row!.querySelector('td[data-label="Status"]')!)).toBe(`Accepted by ${pat.principal.displayName}`);
  });

  it('gives back an entry written while the thread was archived, saying it was not added', async () => {
    const thread = await sharedThread('Archived while writing');
    await app.services.threads.archive(olive.actor, thread.id);
    const res = await submit(pat, `/threads/${thread.id}/entries`, { kind: 'update', entry_text: 'The hall is booked for noon.' });
    expect(res.status).toBe(409);
    const page = parseHtml(res.body);
    expect(page.text('#unsent-entry-title')).toBe('Your entry was not added');
    expect(page.text('main blockquote')).toBe('The hall is booked for noon.');
    // Announced, and focused (the page scrolls to it): nothing else on the page takes the focus.
    const unsent = page.one('#unsent-entry-title').parentNode!;
    expect(unsent.getAttribute('role')).toBe('alert');
    expect(unsent.getAttribute('autofocus')).not.toBeUndefined();
    expect(page.all('[autofocus]')).toHaveLength(1);
    expect((await app.services.threads.get(olive.actor, thread.id)).entries).toEqual([]);
  });

  it('exports Markdown and JSON as downloads', async () => {
    const thread = await sharedThread('Export from the page');
    const md = await view(pat, `/threads/${thread.id}/export?format=md`);
    expect(md.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(md.headers.get('content-disposition')).toBe(`attachment; filename="${thread.id}.md"`);
    expect(md.body).toMatch(/^# Export from the page/);
    const json = await app.request('GET', `/threads/${thread.id}/export?format=json`, { session: pat.principal.session });
    expect(json.body).toMatchObject({ export_version: 1, thread: { id: thread.id } });
  });

  it('answers an export asked for in no format, or one it lacks, with the two downloads to choose from', async () => {
    const thread = await sharedThread('Export without a format');
    for (const query of ['', '?format=pdf']) {
      const res = await view(pat, `/threads/${thread.id}/export${query}`);
      expect(res.status, query).toBe(400);
      const page = parseHtml(res.body);
      expect(page.text('h1'), query).toBe('Choose a download');
      expect(page.text('main'), query).not.toContain('correct what you entered');
      expect(page.links('main'), query).toEqual(
        expect.arrayContaining([
          { href: `/threads/${thread.id}/export?format=md`, text: 'Download as Markdown' },
          { href: `/threads/${thread.id}/export?format=json`, text: 'Download as JSON' },
        ]),
      );
    }
    // Someone not in the thread learns nothing of it: the same 404 as before.
    expect((await view(await person('Nosy Outsider'), `/threads/${thread.id}/export`)).status).toBe(404);
  });

  it('answers a stranger and a removed participant the same 404 not_found as the API, on every thread page and form', async () => {
    const thread = await sharedThread();
    const entry = await app.services.threads.addEntry(olive.actor, thread.id, { kind: 'update', text: 'Private words' });
    const item = await app.services.threads.addItem(olive.actor, thread.id, { text: 'Private item' });
    const invite = await app.services.threads.createInvite(olive.actor, thread.id, {});
    const removed = await person('Removed Participant');
    const join = await app.services.threads.createInvite(olive.actor, thread.id, {});
    await app.services.threads.acceptInvite(removed.actor, join.token!);
    await app.services.threads.removeParticipant(olive.actor, thread.id, removed.principal.id);
    const id = thread.id;
    const gets = [`/threads/${id}`, `/threads/${id}?format=json`, `/threads/${id}/export?format=md`];
    const posts = [
      `/threads/${id}/summary`,
      `/threads/${id}/title`,
      `/threads/${id}/entries`,
      `/threads/${id}/entries/${entry.id}`,
      `/threads/${id}/entries/${entry.id}/delete`,
      `/threads/${id}/checklist`,
      `/threads/${id}/checklist/${item.id}/tick`,
      `/threads/${id}/checklist/${item.id}/remove`,
      `/threads/${id}/invites`,
      `/threads/${id}/invites/${invite.id}/revoke`,
      `/threads/${id}/participants/${pat.principal.id}/remove`,
      `/threads/${id}/archive`,
      `/threads/${id}/reopen`,
      `/threads/${id}/leave`,
      `/threads/${id}/delete`,
    ];
    for (const who of [sam, removed]) {
      for (const path of gets) {
        const res = await view(who, path);
        expect(res.status, path).toBe(404);
        expect(res.body, path).not.toContain('Private');
      }
      for (const path of posts) {
        const res = await submit(who, path, { text: 'x', summary: 'x', expected_version: '1', title: 'x', kind: 'update' });
        expect(res.status, path).toBe(404);
        expect(referenceOf(res.body), path).toBe('not_found');
      }
      const json = await app.request('GET', `/threads/${id}`, { session: who.principal.session, headers: { accept: 'application/json' } });
      expect(json.status).toBe(404);
      expect(json.body).toEqual({ error: 'not_found', message: expect.any(String) });
    }
    expect((await app.services.threads.get(olive.actor, id)).participants).toHaveLength(2);
  });

  it('tells someone who cannot see a thread that an invitation must be accepted first, the same for any thread id', async () => {
    const thread = await sharedThread('Invitation first');
    const invited = await person('Invited Ida');
    await app.services.threads.createInvite(olive.actor, thread.id, { invitee_principal_id: invited.principal.id });
    for (const id of [thread.id, 'thr_nothing_here']) {
      const res = await view(invited, `/threads/${id}`);
      expect(res.status).toBe(404);
      const shown = parseHtml(res.body);
      expect(shown.text('main')).toContain('A thread shows only to its participants. If someone invited you, accept the invitation on your Threads page first.');
      expect(shown.links('main')).toContainEqual({ href: '/threads', text: 'Threads' });
      expect(referenceOf(res.body)).toBe('not_found');
    }
  });
});
