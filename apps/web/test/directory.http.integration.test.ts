import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OwnerEntryJson } from '@svc/directory';
import { support as supportActor } from '@svc/directory/testing';
import type { Actor } from '@svc/kernel';
import type { Principal, TestApp } from '@svc/runtime/testing';
import { startWebTestApp } from './app.ts';
import { parseHtml, referenceOf, visibleText } from './html.ts';

/** The directory's pages served alone, over the same services, on PostgreSQL. */

let app: TestApp;
let alice: Principal;
let bob: Principal;
let aliceActor: Actor;
let aliceCsrf: string;

const support = supportActor({ principalId: 'prn_support_web' });

beforeAll(async () => {
  app = await startWebTestApp();
  alice = await app.signUp('Alice Owner');
  bob = await app.signUp('Bob Visitor');
  const resolved = (await app.services.access.accounts.resolveSession(alice.session))!;
  aliceActor = resolved.actor;
  aliceCsrf = resolved.csrfToken;
});
afterAll(() => app?.close());

const HTML = { accept: 'text/html' };
let counter = 0;
const handle = (name = 'web') => `${name}-${Date.now().toString(36)}-${++counter}`;

const register = (overrides: Record<string, unknown> = {}): Promise<OwnerEntryJson> =>
  app.services.directory.register(aliceActor, {
    handle: handle(),
    display_name: 'Alice Bakes',
    description: 'Cakes to order.',
    entry_type: 'person',
    destinations: [
      { type: 'web', value: 'https://alice.example', label: 'Site', approved_for_disclosure: true },
      { type: 'email', value: 'cakes@alice.example', label: 'Mail', audience: 'signed_in', approved_for_disclosure: true },
      { type: 'phone', value: '+447700900123', label: 'Secret phone' },
    ],
    ...overrides,
  });

const get = (path: string, session?: string) => app.request<string>('GET', path, { headers: HTML, ...(session ? { session } : {}) });
const postForm = (path: string, fields: Record<string, string>, session = alice.session) =>
  app.request<string>('POST', path, {
    session,
    rawBody: new URLSearchParams({ _csrf: aliceCsrf, ...fields }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...HTML },
  });

describe('the public directory pages', () => {
  it('lists and searches active public entries', async () => {
    const entry = await register({ handle: handle('quokka'), display_name: 'Quokka Cakes' });
    const hidden = await register({ handle: handle('quokka-hidden'), display_name: 'Quokka Hidden', visibility: 'restricted' });
    const res = await get('/directory?q=quokka');
    expect(res.status).toBe(200);
    expect(res.body).toContain('Quokka Cakes');
    expect(res.body).toContain(`/directory/${entry.address}`);
    expect(res.body).not.toContain(hidden.address);
    const bad = await get('/directory?type=robot');
    expect(bad.status).toBe(400);
    // A search that finds nothing repeats what was asked and offers a way on.
    const none = parseHtml((await get('/directory?q=zzqqxxnothing')).body);
    expect(none.text('main')).toContain('No entries match “zzqqxxnothing”.');
    expect(none.links('main').map((link) => link.href)).toEqual(expect.arrayContaining(['/directory', '/my/directory/new']));
    // Said with the filter's own label.
    expect(bad.body).toContain('For “Kind”, choose one of the answers offered.');
    // No search ran: nothing below the form claims a count or an empty result.
    const refused = parseHtml(bad.body).text('main')!;
    expect(refused).not.toMatch(/0 entries|No entries match/);
    expect(parseHtml(bad.body).find('form[action="/directory"]')).toBeDefined();
  });

  it('says "301+ entries" and "of 16+" pages once a search matches more entries than it counts', async () => {
    const word = `ibis${Date.now().toString(36)}`;
    // 302 public entries stored at once, held by nobody the other tests register for (25 entries each at most).
    await app.db.query(
      `insert into directory_entries (id, handle, owner_id, display_name, description, entry_type, visibility, term, status,
         version, locked, suspended, created_at, updated_at)
       select 'dir_' || $1::text || n, $2::text || '-' || n, $3::text, 'Ibis', $4::text, 'person', 'public', 'ongoing', 'active', 1, false, false,
         $5::timestamptz, $6::timestamptz
       from generate_series(1, 302) as n`,
      [word, word, `prn_${word}`, `Feeds the ${word} flock`, app.clock.now(), app.clock.now()],
    );
    const res = await get(`/directory?q=${word}`);
    expect(res.status).toBe(200);
    expect(res.body).toContain('301+ entries');
    expect(res.body).toContain('of 16+');
  });

  it('shows what resolution shows: public destinations to a visitor, signed-in ones to a person, never undisclosed ones', async () => {
    const entry = await register();
    const anonymous = await get(`/directory/${entry.address}`);
    expect(anonymous.status).toBe(200);
    expect(anonymous.body).toContain('https://alice.example');
    expect(anonymous.body).not.toContain('cakes@alice.example');
    expect(anonymous.body).not.toContain('+447700900123');
    // Said plainly, with no version number: a person has no use for it.
    expect(parseHtml(anonymous.body).text('main')).toContain('The directory does not disclose who owns an address.');
    expect(parseHtml(anonymous.body).text('main')).not.toMatch(/version/i);
    const signedIn = await get(`/directory/${entry.address}`, bob.session);
    expect(signedIn.body).toContain('cakes@alice.example');
    expect(signedIn.body).not.toContain('+447700900123');
  });

  it('answers the same 404 page for every hidden state', async () => {
    const paused = await register();
    await app.services.directory.pause(aliceActor, paused.address, { expected_version: 1 });
    const removed = await register();
    await app.services.directory.remove(aliceActor, removed.address, 1);
    const expired = await register();
    await app.db.query('update directory_entries set expires_at = $1 where handle = $2', [new Date(app.clock.now().getTime() - 1000), expired.handle]);
    const suspended = await register();
    await app.services.moderation.suspend(support, suspended.address, 'Spam');
    const restricted = await register({ visibility: 'restricted' });
    const retired = await register();
    await app.db.query("update directory_entries set status = 'retired' where handle = $1", [retired.handle]);
    const addresses = ['aar:nobody-here', paused.address, removed.address, expired.address, suspended.address, restricted.address, retired.address];
    const answers = await Promise.all(addresses.map((address) => get(`/directory/${address}`)));
    // Each page's sign-in link comes back to the address asked for; apart from it, the pages are one.
    const apartFromAddress = (body: string, address: string) => body.replaceAll(encodeURIComponent(`/directory/${address}`), '…');
    for (const [index, res] of answers.entries()) {
      expect(res.status, addresses[index]).toBe(404);
      expect(apartFromAddress(res.body, addresses[index]!), addresses[index]).toBe(apartFromAddress(answers[0]!.body, addresses[0]!));
    }
    expect(answers[0]!.body).toContain('This address is not available');
    expect(answers[0]!.body).toContain('unavailable');

    // Signed in, someone else still gets one page for every reason (a restricted entry they may look up).
    const hidden = addresses.filter((address) => address !== restricted.address);
    const others = await Promise.all(hidden.map((address) => get(`/directory/${address}`, bob.session)));
    for (const [index, res] of others.entries()) {
      expect(res.status, hidden[index]).toBe(404);
      expect(res.body, hidden[index]).toBe(others[0]!.body);
    }
    // Its owner is told it is theirs, why nobody can look it up, and where to manage it.
    const words: [OwnerEntryJson, string][] = [
      [paused, 'It is paused: nobody can look it up until you reactivate it.'],
      [removed, 'It is removed: nobody can look it up.'],
      [suspended, 'Support suspended it: nobody can look it up until support lifts the suspension.'],
      [expired, 'It has expired: nobody can look it up until you renew it.'],
    ];
    for (const [entry, why] of words) {
      const res = await get(`/directory/${entry.address}`, alice.session);
      expect(res.status, entry.address).toBe(404);
      const page = parseHtml(res.body);
      expect(page.text('h1'), entry.address).toBe('Your entry is hidden');
      expect(page.text('main'), entry.address).toContain(`${entry.address} is yours. ${why}`);
      expect(page.links('main'), entry.address).toContainEqual({ href: `/my/directory/${entry.address}`, text: `Manage ${entry.address}` });
    }
  });
});

describe('my entries', () => {
  it('sends a visitor to sign in first', async () => {
    const res = await get('/my/directory');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/login?next=%2Fmy%2Fdirectory');
  });

  it('registers an entry from the form, with a first destination, and lists it', async () => {
    const name = handle('from-form');
    const res = await postForm('/my/directory/new', {
      handle: name,
      display_name: 'From the form',
      description: '',
      entry_type: 'organisation',
      visibility: 'public',
      term: 'ongoing',
      destination_type: 'web',
      destination_value: 'https://form.example',
      destination_label: 'Home',
      destination_audience: 'public',
      destination_approved_for_disclosure: 'on',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/my/directory/aar:${name}`);
    const entry = await app.services.directory.manage(aliceActor, name);
    expect(entry).toMatchObject({ term: 'ongoing', entry_type: 'organisation', destinations: [{ value: 'https://form.example', approved_for_disclosure: true }] });
    const list = await get('/my/directory', alice.session);
    expect(list.body).toContain(`aar:${name}`);
  });

  it('re-renders a refused registration with the message beside the field', async () => {
    const taken = await register();
    const res = await postForm('/my/directory/new', { handle: taken.handle, display_name: 'Again', entry_type: 'person', visibility: 'public', term: 'ongoing', destination_value: '' });
    expect(res.status).toBe(409);
    expect(parseHtml(res.body).field('handle').error).toBe('Handle is taken, and an address is never given to anyone else: choose another.');
    const reserved = await postForm('/my/directory/new', { handle: 'mine', display_name: 'Mine', entry_type: 'person', visibility: 'public', term: 'ongoing', destination_value: '' });
    expect(reserved.status).toBe(400);
    expect(parseHtml(reserved.body).field('handle').error).toBe('Handle is kept for the site’s own use: choose another.');
    const bad = await postForm('/my/directory/new', {
      handle: handle(),
      display_name: 'Bad destination',
      entry_type: 'person',
      visibility: 'public',
      term: 'ongoing',
      destination_type: 'web',
      destination_value: 'http://insecure.example',
      destination_audience: 'public',
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toContain('Address, link or number must be a secure web address starting with https://');
    expect(bad.body).toContain('value="http://insecure.example"');
    const mail = await postForm('/my/directory/new', {
      handle: handle(),
      display_name: 'Mail for everyone',
      entry_type: 'person',
      visibility: 'public',
      term: 'ongoing',
      destination_type: 'email',
      destination_value: 'me@mail.example',
      destination_audience: 'public',
    });
    expect(mail.status).toBe(400);
    expect(mail.body).toMatch(/id="[^"]*destination_audience-error" class="field-error">\s*An e-mail address is shown to signed-in people and agents only/);
    expect(mail.body).toContain('value="me@mail.example"');
  });

  it('refuses an e-mail address in the label of a destination shown to everyone, beside the label, keeping what was typed', async () => {
    const entry = await register();
    const at = `/my/directory/${entry.address}`;
    const res = await postForm(`${at}/destinations`, {
      expected_version: '1',
      destination_type: 'web',
      destination_value: 'https://alice.example/shop',
      destination_label: 'or mail cakes@alice.example',
      destination_audience: 'public',
    });
    expect(res.status).toBe(422);
    const page = parseHtml(res.body);
    expect(page.field('destination_label').error).toMatch(/e-mail address/);
    expect(page.field('destination_label').value).toBe('or mail cakes@alice.example');
    expect((await app.services.directory.manage(aliceActor, entry.address)).version).toBe(1);
  });

  it('opens "Add a destination" refused for any of its fields or for a version conflict, the first marked field focused', async () => {
    const entry = await register();
    const at = `/my/directory/${entry.address}`;
    const addForm = (body: string) => parseHtml(body).one(`details:has(form[action="${at}/destinations"])`);
    // Folded while nothing was sent (the entry has destinations already).
    expect(addForm((await get(at, alice.session)).body).getAttribute('open')).toBeUndefined();
    for (const [field, fields] of [
      ['destination_label', { destination_type: 'web', destination_value: 'https://alice.example/shop', destination_label: 'Call 07700 900123', destination_audience: 'public' }],
      ['destination_audience', { destination_type: 'email', destination_value: 'shop@alice.example', destination_audience: 'public' }],
    ] as const) {
      const res = await postForm(`${at}/destinations`, { expected_version: '1', ...fields });
      expect(res.status, field).toBeGreaterThanOrEqual(400);
      const folded = addForm(res.body);
      expect(folded.getAttribute('open'), field).not.toBeUndefined();
      expect(folded.querySelector('.error-summary'), field).not.toBeNull();
      expect(folded.querySelector(`[autofocus]`)?.getAttribute('name'), field).toBe(field);
    }
    // A version conflict marks no field: it is told above the form that was sent, opened with what was typed.
    const conflict = 'Someone changed this entry meanwhile, so nothing was saved. What you typed is kept; check it against the entry as it is now and send it again.';
    const added = await postForm(`${at}/destinations`, { expected_version: '5', destination_type: 'web', destination_value: 'https://alice.example/shop', destination_audience: 'public' });
    expect(added.status).toBe(409);
    const fold = parseHtml(added.body).one(`details:has(form[action="${at}/destinations"])`);
    expect(fold.getAttribute('open')).not.toBeUndefined();
    expect(fold.querySelector('.form-error')?.textContent).toBe(conflict);
    expect(fold.querySelector('input[name="destination_value"]')?.getAttribute('value')).toBe('https://alice.example/shop');
    expect(parseHtml(added.body).find('main > p.form-error')).toBeUndefined();
    const [first] = entry.destinations;
    const edited = await postForm(`${at}/destinations/${first!.id}`, { expected_version: '5', prefix: 'd0_', d0_value: 'https://alice.example/new', d0_label: '', d0_audience: 'public' });
    expect(edited.status).toBe(409);
    const form = parseHtml(edited.body).one(`form[action="${at}/destinations/${first!.id}"]`);
    expect(form.querySelector('.form-error')?.textContent).toBe(conflict);
    expect(form.querySelector('input[name="d0_value"]')?.getAttribute('value')).toBe('https://alice.example/new');
    expect(parseHtml(edited.body).find('main > p.form-error')).toBeUndefined();
  });

  it('points contact details typed into an entry’s text to a destination, never calling a restricted entry public', async () => {
    const entry = await register({ visibility: 'restricted' });
    const at = `/my/directory/${entry.address}`;
    const edited = await postForm(`${at}/edit`, {
      expected_version: '1',
      display_name: entry.display_name,
      description: 'Call 07700 900123 for cakes.',
      entry_type: 'person',
      visibility: 'restricted',
      term: entry.term,
    });
    expect(edited.status).toBe(422);
    const registered = await postForm('/my/directory/new', { handle: handle(), display_name: 'Mail me', description: 'Write to cakes@alice.example', entry_type: 'person', visibility: 'restricted', term: 'ongoing' });
    expect(registered.status).toBe(422);
    const label = await postForm(`${at}/destinations`, { expected_version: '1', destination_type: 'web', destination_value: 'https://alice.example/shop', destination_label: 'Call 07700 900123', destination_audience: 'public' });
    expect(label.status).toBe(422);
    const street = await postForm(`${at}/edit`, {
      expected_version: '1',
      display_name: entry.display_name,
      description: 'Come to 12 High Street, Camden.',
      entry_type: 'person',
      visibility: 'restricted',
      term: entry.term,
    });
    expect(street.status).toBe(422);
    for (const [res, field, action, detail] of [
      [edited, 'description', `${at}/edit`, 'phone number'],
      [registered, 'description', '/my/directory/new', 'e-mail address'],
      [label, 'destination_label', `${at}/destinations`, 'phone number'],
      [street, 'description', `${at}/edit`, 'street address'],
    ] as const) {
      const page = parseHtml(res.body);
      expect(res.body).not.toContain('Everything here is public');
      expect(res.body).not.toContain('private thread');
      expect(page.text(`form[action="${action}"] .error-summary strong`)).toBe(
        'Contact details go in a destination, not in a name, description or label: take out the ones marked below (each says where it can go). Nothing was saved.',
      );
      const shown = field === 'description' ? 'Description' : 'Label';
      expect(page.field(field).error).toBe(
        detail === 'street address'
          ? `Take out the street address from “${shown}”: a general area such as “Camden, London” is enough; the directory keeps no street addresses.`
          : `Take out the ${detail} from “${shown}”: add it as a destination of the entry instead, where you choose who may see it.`,
      );
    }
  });

  it('refuses a destination in the site’s words, above the form that holds it, never with the service’s sentence', async () => {
    const entry = await register();
    const at = `/my/directory/${entry.address}`;
    const SERVICE_SENTENCE = 'A destination value does not fit its type.';
    const FORM_PROBLEM = 'Please correct the marked fields. Nothing was saved.';
    /** The line above the refused form, and whether the page's top repeats anything. */
    const refusedForm = (body: string, action: string) => {
      const page = parseHtml(body);
      expect(body).not.toContain(SERVICE_SENTENCE);
      expect(page.find('main > p.form-error')).toBeUndefined();
      return { page, summary: page.text(`form[action="${action}"] .error-summary strong`) };
    };

    // (a) A website link without https, on the add form.
    const added = await postForm(`${at}/destinations`, { expected_version: '1', destination_type: 'web', destination_value: 'http://alice.example', destination_audience: 'public' });
    expect(added.status).toBe(400);
    const a = refusedForm(added.body, `${at}/destinations`);
    expect(a.summary).toBe(FORM_PROBLEM);
    expect(a.page.field('destination_value').error).toBe('Address, link or number must be a secure web address starting with https://, such as https://example.org/contact.');

    // (b) An e-mail destination changed to something that is not one: named by its label.
    const email = entry.destinations[1]!;
    const changed = await postForm(`${at}/destinations/${email.id}`, { expected_version: '1', prefix: 'd1_', d1_value: 'not an email', d1_label: 'Mail', d1_audience: 'signed_in', d1_approved_for_disclosure: 'on' });
    expect(changed.status).toBe(400);
    const b = refusedForm(changed.body, `${at}/destinations/${email.id}`);
    expect(b.summary).toBe(FORM_PROBLEM);
    expect(b.page.field('d1_value').error).toBe('Address, link or number must be an e-mail address.');

    // (c) A new entry whose e-mail would be shown to everyone: the summary is the site's, the reason at "Who may see it".
    const registered = await postForm('/my/directory/new', {
      handle: handle(),
      display_name: 'Public mail',
      entry_type: 'person',
      visibility: 'public',
      term: 'ongoing',
      destination_type: 'email',
      destination_value: 'me@mail.example',
      destination_audience: 'public',
    });
    expect(registered.status).toBe(400);
    const c = refusedForm(registered.body, '/my/directory/new');
    expect(c.summary).toBe(FORM_PROBLEM);
    expect(c.page.field('destination_audience').error).toContain('An e-mail address is shown to signed-in people and agents only');

    // (d) A phone number as people write it: what to type, in plain words.
    const phone = await postForm(`${at}/destinations`, { expected_version: '1', destination_type: 'phone', destination_value: '07700 900123', destination_audience: 'public' });
    expect(phone.status).toBe(400);
    const d = refusedForm(phone.body, `${at}/destinations`);
    expect(d.summary).toBe(FORM_PROBLEM);
    expect(d.page.field('destination_value').error).toBe('Address, link or number must be a phone number starting with + and the country code, such as +447700900123.');
    expect(phone.body).not.toContain('E.164');
    expect((await app.services.directory.manage(aliceActor, entry.address)).version).toBe(1);
  });

  it('manages an entry: edit, destinations, pause, lock, agents and history restore', async () => {
    const entry = await register();
    const at = `/my/directory/${entry.address}`;
    const manage = await get(at, alice.session);
    expect(manage.status).toBe(200);
    expect(manage.body).toContain('Secret phone');

    expect((await postForm(`${at}/edit`, { expected_version: '1', display_name: 'Alice Renamed', description: entry.description, entry_type: 'person', visibility: 'public', term: 'temporary' })).status).toBe(303);
    let now = await app.services.directory.manage(aliceActor, entry.address);
    expect(now).toMatchObject({ display_name: 'Alice Renamed', version: 2, expiry: entry.expiry });

    const email = entry.destinations[1]!;
    // An e-mail address is never shown to everyone: the choice is refused at its own field, what was typed kept.
    const published = await postForm(`${at}/destinations/${email.id}`, { expected_version: '2', prefix: 'd1_', d1_value: email.value, d1_label: 'Mail box', d1_audience: 'public', d1_approved_for_disclosure: 'on' });
    expect(published.status).toBe(400);
    expect(published.body).toMatch(/id="[^"]*d1_audience-error" class="field-error">\s*An e-mail address is shown to signed-in people and agents only, never to everyone/);
    expect(published.body).toContain('value="Mail box"');
    expect((await app.services.directory.manage(aliceActor, entry.address)).version).toBe(2);
    await postForm(`${at}/destinations/${email.id}`, { expected_version: '2', prefix: 'd1_', d1_value: email.value, d1_label: 'Mail', d1_audience: 'signed_in', d1_preferred: 'on', d1_approved_for_disclosure: 'on' });
    now = await app.services.directory.manage(aliceActor, entry.address);
    expect(now.destinations[1]).toMatchObject({ audience: 'signed_in', preferred: true, approved_for_disclosure: true });

    await postForm(`${at}/destinations`, { expected_version: '3', destination_type: 'mcp', destination_value: 'https://mcp.alice.example', destination_label: 'MCP', destination_audience: 'signed_in' });
    await postForm(`${at}/destinations/${entry.destinations[2]!.id}/remove`, { expected_version: '4' });
    await postForm(`${at}/pause`, { expected_version: '5' });
    await postForm(`${at}/reactivate`, { expected_version: '6' });
    await postForm(`${at}/lock`, { expected_version: '7' });
    now = await app.services.directory.manage(aliceActor, entry.address);
    expect(now).toMatchObject({ version: 8, locked: true, status: 'active' });
    expect(now.destinations.map((d) => d.type)).toEqual(['web', 'email', 'mcp']);

    const { token, grantId } = await app.agentToken(alice, ['directory:write']);
    expect(token).toBeTruthy();
    await postForm(`${at}/unlock`, { expected_version: '8' });
    await postForm(`${at}/agents`, { expected_version: '9', [`grant_${grantId}`]: 'on' });
    now = await app.services.directory.manage(aliceActor, entry.address);
    expect(now.agent_limit).toEqual([grantId]);

    const { history } = await app.services.directory.history(aliceActor, entry.address);
    const rename = history.find((record) => record.action === 'update')!;
    const page = await get(at, alice.session);
    expect(page.body).toContain(`/history/${rename.id}/restore`);
    // The choice in words: the agent by name, and the day it was approved as the site writes days.
    expect(visibleText(parseHtml(page.body).one('main')!)).toContain('Only Test agent may change it.');
    expect(page.body).toMatch(/\(approved \d{1,2} [A-Z][a-z]+ \d{4}\)/);
    expect((await postForm(`${at}/history/${rename.id}/restore`, { expected_version: '10' })).status).toBe(303);
    expect((await app.services.directory.manage(aliceActor, entry.address)).display_name).toBe('Alice Bakes');
  });

  it('shows a stale form the entry as it is now, and saves nothing', async () => {
    const entry = await register();
    await app.services.directory.update(aliceActor, entry.address, { expected_version: 1, description: 'Changed elsewhere' });
    const res = await postForm(`/my/directory/${entry.address}/pause`, { expected_version: '1' });
    expect(res.status).toBe(409);
    // A button: nothing was typed, and the change met may be the person's own in another tab. The message takes the focus.
    const top = parseHtml(res.body).one('main > p.form-error');
    expect(visibleText(top)).toBe('This entry changed since this page was shown (perhaps in another tab), so nothing was done. Here it is as it is now; do it again if you still want to.');
    expect(top.getAttribute('autofocus')).not.toBeUndefined();
    expect(res.body).not.toContain('What you typed is kept');
    expect((await app.services.directory.manage(aliceActor, entry.address)).status).toBe('active');
    // A form with typed text keeps it, and says so.
    const typed = await postForm(`/my/directory/${entry.address}/destinations`, { expected_version: '1', destination_type: 'web', destination_value: 'https://alice.example/new', destination_audience: 'public' });
    expect(typed.status).toBe(409);
    expect(parseHtml(typed.body).text('main')).toContain('Someone changed this entry meanwhile, so nothing was saved. What you typed is kept;');
    expect(parseHtml(typed.body).field('destination_value').value).toBe('https://alice.example/new');
  });

  it('keeps a details edit that met another change, showing what differs from the entry as saved now', async () => {
    const entry = await register();
    await app.services.directory.addDestination(aliceActor, entry.address, { expected_version: 1, destination: { type: 'web', value: 'https://cakes.example/more', label: 'More', audience: 'public' } });
    const res = await postForm(`/my/directory/${entry.address}/edit`, {
      expected_version: '1',
      display_name: entry.display_name,
      description: 'Cakes for every party',
      entry_type: entry.entry_type,
      visibility: entry.visibility,
      term: entry.term,
    });
    expect(res.status).toBe(409);
    const page = parseHtml(res.body);
    expect(page.one('textarea[name="description"]')!.textContent).toBe('Cakes for every party');
    expect(page.one('input[name="expected_version"]')!.getAttribute('value')).toBe('2');
    const rows = page.all('.conflict tbody tr').map((row) => [...row.querySelectorAll('td')].map((cell) => visibleText(cell)));
    expect(rows).toEqual([['Description', entry.description || '(empty)', 'Cakes for every party']]);
    expect((await app.services.directory.manage(aliceActor, entry.address)).description).toBe(entry.description);
  });

  it('after a conflict keeps the other change to the fields this person left alone, and shows only theirs', async () => {
    const entry = await register({ description: 'Cakes.' });
    // Tab B opens the form; tab A (here the service) saves a new description meanwhile.
    const form = parseHtml((await get(`/my/directory/${entry.address}`, alice.session)).body);
    const base = form.one(`form[action="/my/directory/${entry.address}/edit"] input[name="_base"]`)!.getAttribute('value')!;
    await app.services.directory.update(aliceActor, entry.address, { expected_version: 1, description: 'Cakes and pies.\nOrders by Friday.' });
    // Tab B changed only the name; its text box sends the old description with CRLF line breaks.
    const res = await postForm(`/my/directory/${entry.address}/edit`, {
      _base: base,
      expected_version: '1',
      display_name: 'Alice Bakes More',
      description: 'Cakes.',
      entry_type: entry.entry_type,
      visibility: entry.visibility,
      term: entry.term,
    });
    expect(res.status).toBe(409);
    const page = parseHtml(res.body);
    const rows = page.all('.conflict tbody tr').map((row) => [...row.querySelectorAll('td')].map((cell) => visibleText(cell)));
    expect(rows).toEqual([['Display name', entry.display_name, 'Alice Bakes More']]);
    expect(page.one('textarea[name="description"]')!.textContent).toBe('Cakes and pies.\nOrders by Friday.');
    expect(page.one('input[name="display_name"]')!.getAttribute('value')).toBe('Alice Bakes More');
    // Saving the form as shown keeps both changes.
    const again = await postForm(`/my/directory/${entry.address}/edit`, {
      _base: page.one(`form[action="/my/directory/${entry.address}/edit"] input[name="_base"]`)!.getAttribute('value')!,
      expected_version: '2',
      display_name: 'Alice Bakes More',
      description: 'Cakes and pies.\r\nOrders by Friday.',
      entry_type: entry.entry_type,
      visibility: entry.visibility,
      term: entry.term,
    });
    expect(again.status).toBe(303);
    // Back on the manage page, at the address as the site writes it (the colon unencoded).
    expect(again.headers.get('location')).toBe(`/my/directory/${entry.address}`);
    expect(await app.services.directory.manage(aliceActor, entry.address)).toMatchObject({ display_name: 'Alice Bakes More', description: 'Cakes and pies.\nOrders by Friday.' });
  });

  it('keeps the version a refused details form was drawn from, so a change made meanwhile still meets the person as a conflict', async () => {
    const entry = await register({ description: 'Cakes.' });
    const form = parseHtml((await get(`/my/directory/${entry.address}`, alice.session)).body);
    const base = form.one(`form[action="/my/directory/${entry.address}/edit"] input[name="_base"]`)!.getAttribute('value')!;
    await app.services.directory.update(aliceActor, entry.address, { expected_version: 1, description: 'Cakes and pies.' });
    const fields = { _base: base, display_name: 'Alice Bakes More', description: 'Cakes.', entry_type: entry.entry_type, visibility: entry.visibility, term: entry.term };
    // Refused for a phone number in the name: checked before the version, so nothing says yet that the entry moved on.
    const refused = await postForm(`/my/directory/${entry.address}/edit`, { ...fields, expected_version: '1', display_name: 'Ring +44 20 7946 0958' });
    expect(refused.status).toBe(422);
    const shown = parseHtml(refused.body).one(`form[action="/my/directory/${entry.address}/edit"] input[name="expected_version"]`)!.getAttribute('value');
    expect(shown).toBe('1');
    // Sent again as shown (the name mended), it meets the other change instead of undoing it.
    const again = await postForm(`/my/directory/${entry.address}/edit`, { ...fields, expected_version: shown! });
    expect(again.status).toBe(409);
    expect(await app.services.directory.manage(aliceActor, entry.address)).toMatchObject({ version: 2, description: 'Cakes and pies.', display_name: entry.display_name });
  });

  it('offers as agents that may change an entry only those whose access includes the directory', async () => {
    const carol = await app.signUp('Carol Agents');
    const carolActor = (await app.services.access.accounts.resolveSession(carol.session))!.actor;
    const entry = await app.services.directory.register(carolActor, {
      handle: handle('carol'),
      display_name: 'Carol',
      entry_type: 'person',
      destinations: [{ type: 'web', value: 'https://carol.example', approved_for_disclosure: true }],
    });
    const agentsPart = async () => parseHtml((await get(`/my/directory/${entry.address}`, carol.session)).body).one('section[aria-labelledby="agents"]');
    const jobsOnly = await app.agentToken(carol, ['jobs:write', 'services:write']);
    let part = await agentsPart();
    expect(part.querySelector(`input[name="grant_${jobsOnly.grantId}"]`)).toBeNull();
    expect(visibleText(part)).toContain('None of the agents you approved has access to the directory, so none can change it.');
    const directoryAgent = await app.agentToken(carol, ['jobs:write', 'directory:write']);
    part = await agentsPart();
    expect(part.querySelectorAll('input[type="checkbox"]').map((box) => box.getAttribute('name'))).toEqual([`grant_${directoryAgent.grantId}`]);
  });

  it('says an agent approved but not yet connected appears once it has collected its token, not that none was approved', async () => {
    const dora = await app.signUp('Dora Waiting');
    const doraActor = (await app.services.access.accounts.resolveSession(dora.session))!.actor;
    const entry = await app.services.directory.register(doraActor, { handle: handle('dora'), display_name: 'Dora', entry_type: 'person' });
    const agentsPart = async () => visibleText(parseHtml((await get(`/my/directory/${entry.address}`, dora.session)).body).one('section[aria-labelledby="agents"]'));
    expect(await agentsPart()).toContain('You have not approved any agent yet.');
    const connect = await app.services.access.deviceFlow.connect({ agent_name: 'Slow agent', scopes: ['directory:write'] });
    await app.services.access.deviceFlow.approve(doraActor, { user_code: connect.user_code });
    const part = await agentsPart();
    expect(part).not.toContain('You have not approved any agent yet.');
    expect(part).toContain('An agent you approved has not connected yet: an agent appears here once it has connected (collected its token). My agents lists it.');
  });

  it('says no agent can change the entry once every agent chosen for it is revoked', async () => {
    const entry = await register();
    const { grantId } = await app.agentToken(alice, ['directory:write']);
    expect((await postForm(`/my/directory/${entry.address}/agents`, { expected_version: '1', [`grant_${grantId}`]: 'on' })).status).toBe(303);
    await app.services.access.grants.revoke(aliceActor, grantId);
    const page = visibleText(parseHtml((await get(`/my/directory/${entry.address}`, alice.session)).body).one('main')!);
    expect(page).toContain('No agent can change it now: the agents you chose are no longer approved.');
    expect(page).not.toContain('may change it.');
  });

  it('keeps a refused destination change as typed, with the reason on its field', async () => {
    const entry = await register();
    const index = entry.destinations.findIndex((destination) => destination.type === 'web');
    const destination = entry.destinations[index]!;
    const res = await postForm(`/my/directory/${entry.address}/destinations/${destination.id}`, {
      expected_version: '1',
      prefix: `d${index}_`,
      [`d${index}_value`]: 'ftp://alice.example',
      [`d${index}_label`]: 'Old site',
      [`d${index}_audience`]: 'public',
    });
    expect(res.status).toBe(400);
    const page = parseHtml(res.body);
    const field = page.one(`input[name="d${index}_value"]`)!;
    expect(field.getAttribute('value')).toBe('ftp://alice.example');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(page.one(`input[name="d${index}_label"]`)!.getAttribute('value')).toBe('Old site');
    expect(visibleText(page.one(`#f-d${index}_value-error`)!)).not.toBe('');
    expect((await app.services.directory.manage(aliceActor, entry.address)).destinations[index]!.value).toBe('https://alice.example');
  });

  it('answers a change sent without its version 428, as the API does, and saves nothing', async () => {
    const entry = await register();
    for (const [path, fields] of [
      ['pause', {}],
      ['pause', { expected_version: '' }],
      ['edit', { display_name: 'No version', entry_type: 'person', visibility: 'public', term: 'ongoing' }],
      ['destinations', { destination_type: 'mcp', destination_value: 'https://mcp.alice.example', destination_audience: 'public' }],
    ] as const) {
      const res = await postForm(`/my/directory/${entry.address}/${path}`, fields);
      expect(res.status, `${path} ${JSON.stringify(fields)}`).toBe(428);
    }
    expect(await app.services.directory.manage(aliceActor, entry.address)).toMatchObject({ status: 'active', version: 1, display_name: entry.display_name });
  });

  it("answers 404 for another person's entry, as the API does", async () => {
    const entry = await register();
    const res = await get(`/my/directory/${entry.address}`, bob.session);
    expect(res.status).toBe(404);
    expect(parseHtml(res.body).links('main')).toContainEqual({ href: '/my/directory', text: 'My directory entries' });
    expect(res.body).toContain('not_found');
  });

  it("answers a change form sent for another person's visible entry 403 not_owner, as the API does, and changes nothing", async () => {
    const entry = await register();
    const bobCsrf = (await app.services.access.accounts.resolveSession(bob.session))!.csrfToken;
    const historyId = (await app.services.directory.history(aliceActor, entry.address, {})).history[0]!.id;
    for (const [path, fields] of [
      ['/pause', { expected_version: String(entry.version) }],
      ['/lock', { expected_version: String(entry.version) }],
      ['/edit', { expected_version: String(entry.version), display_name: 'Taken over' }],
      [`/destinations/${entry.destinations[0]!.id}/remove`, { expected_version: String(entry.version) }],
      [`/history/${historyId}/restore`, { expected_version: String(entry.version) }],
    ] as const) {
      const res = await app.request<string>('POST', `/my/directory/${entry.address}${path}`, {
        session: bob.session,
        rawBody: new URLSearchParams({ _csrf: bobCsrf, ...fields }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...HTML },
      });
      expect(res.status, path).toBe(403);
      expect(referenceOf(res.body)).toBe('not_owner');
    }
    const now = await app.services.directory.manage(aliceActor, entry.address);
    expect([now.status, now.display_name, now.version]).toEqual([entry.status, entry.display_name, entry.version]);
  });
});

describe('the support page', () => {
  it('is for support only: anyone else gets 404', async () => {
    expect((await get('/support/directory', alice.session)).status).toBe(404);
    expect((await get('/support/directory')).status).toBe(302);
  });

  it('lets support suspend and unsuspend an address', async () => {
    const moderator = await app.signUp('Sam Support');
    await app.services.access.principals.grantSupport(moderator.email);
    const csrf = (await app.services.access.accounts.resolveSession(moderator.session))!.csrfToken;
    const form = (path: string, fields: Record<string, string>) =>
      app.request<string>('POST', path, {
        session: moderator.session,
        rawBody: new URLSearchParams({ _csrf: csrf, ...fields }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...HTML },
      });
    expect((await get('/support/directory', moderator.session)).status).toBe(200);
    const entry = await register();
    expect((await form('/support/directory/suspend', { address: entry.address, reason: 'Impersonation' })).status).toBe(303);
    expect(await app.services.directory.manage(aliceActor, entry.address)).toMatchObject({ status: 'suspended', suspension: { reason: 'Impersonation' } });
    expect((await get(`/directory/${entry.address}`)).status).toBe(404);
    const again = await form('/support/directory/suspend', { address: entry.address, reason: 'Twice' });
    expect(again.status).toBe(409);
    expect((await form('/support/directory/unsuspend', { unsuspend_address: entry.address })).status).toBe(303);
    expect((await get(`/directory/${entry.address}`)).status).toBe(200);
    expect((await form('/support/directory/unsuspend', { unsuspend_address: 'aar:nobody-here' })).status).toBe(404);
  });
});
