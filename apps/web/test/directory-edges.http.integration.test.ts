import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OwnerEntryJson } from '@svc/directory';
import type { TestApp } from '@svc/runtime/testing';
import { HTML, signUpPerson, startWebTestApp, submitAs, viewAs, type Person } from './app.ts';
import { parseHtml } from './html.ts';

/**
 * The directory's pages where a person met rough edges: a new destination is shown unless they
 * untick it, the sign-in note appears only when something is really kept for signed-in people,
 * search takes an address as it is written, and a visitor can sign in from an address they cannot see.
 */

let app: TestApp;
let alice: Person;
let bob: Person;

beforeAll(async () => {
  app = await startWebTestApp();
  alice = await signUpPerson(app, 'Alice Owner');
  bob = await signUpPerson(app, 'Bob Visitor');
});
afterAll(() => app?.close());

let counter = 0;
const handle = (name: string) => `${name}-${Date.now().toString(36)}-${++counter}`;
const register = (name: string, overrides: Record<string, unknown> = {}): Promise<OwnerEntryJson> =>
  app.services.directory.register(alice.actor, { handle: handle(name), display_name: 'Alice Bakes', entry_type: 'person', ...overrides });
const anonymous = (path: string) => app.request<string>('GET', path, { headers: HTML });
const web = (value: string, extra: Record<string, unknown> = {}) => ({ type: 'web', value, approved_for_disclosure: true, ...extra });

/** Whether the "Show it to those who look up the address" box of the form whose fields start with `prefix` is ticked. */
const showBoxTicked = (html: string, prefix = 'destination_'): boolean =>
  parseHtml(html).one(`input[type="checkbox"][name="${prefix}approved_for_disclosure"]`).hasAttribute('checked');

describe('a new destination', () => {
  it('starts ticked "Show it to those who look up the address", so a destination added as it comes is shown', async () => {
    expect(showBoxTicked((await viewAs(app, alice, '/my/directory/new')).body)).toBe(true);
    const entry = await register('ticked');
    const manage = await viewAs(app, alice, `/my/directory/${entry.address}`);
    expect(showBoxTicked(manage.body)).toBe(true);

    // What a browser sends for the form as it comes: the box ticked.
    const added = await submitAs(app, alice, `/my/directory/${entry.address}/destinations`, {
      expected_version: String(entry.version),
      destination_type: 'web',
      destination_value: 'https://alice-bakes.example',
      destination_label: 'Shop',
      destination_audience: 'public',
      destination_approved_for_disclosure: 'on',
    });
    expect(added.status).toBe(303);
    expect((await anonymous(`/directory/${entry.address}`)).body).toContain('https://alice-bakes.example');
  });

  it('keeps the box as the person left it when the form is refused', async () => {
    const entry = await register('unticked');
    const refused = await submitAs(app, alice, `/my/directory/${entry.address}/destinations`, {
      expected_version: String(entry.version),
      destination_type: 'web',
      destination_value: 'not a link',
      destination_label: '',
      destination_audience: 'public',
    });
    expect(refused.status).toBe(400);
    expect(showBoxTicked(refused.body)).toBe(false);
  });
});

describe('the note about destinations for signed-in people', () => {
  const NOTE = 'shown only to signed-in people';

  it('appears to a visitor only when a destination is really kept for signed-in people', async () => {
    const none = await register('none');
    const publicOnly = await register('public', { destinations: [web('https://public.example')] });
    const unapproved = await register('unapproved', { destinations: [web('https://draft.example', { audience: 'signed_in', approved_for_disclosure: false })] });
    for (const entry of [none, publicOnly, unapproved]) {
      const page = await anonymous(`/directory/${entry.address}`);
      expect(page.status, entry.address).toBe(200);
      expect(page.body, entry.address).not.toContain(NOTE);
    }

    const kept = await register('kept', { destinations: [web('https://members.example', { audience: 'signed_in' })] });
    const both = await register('both', { destinations: [web('https://public.example'), web('https://members.example', { audience: 'signed_in' })] });
    for (const entry of [kept, both]) {
      const page = await anonymous(`/directory/${entry.address}`);
      expect(page.body, entry.address).toContain(`1 destination is ${NOTE}`);
      expect(page.body, entry.address).not.toContain('https://members.example');
      // The sign-in link comes back to this address.
      expect(page.body, entry.address).toContain(`href="/login?next=${encodeURIComponent(`/directory/${entry.address}`)}"`);
      // Signed in, the destination is there and the note is not.
      const signedIn = await viewAs(app, bob, `/directory/${entry.address}`);
      expect(signedIn.body).toContain('https://members.example');
      expect(signedIn.body).not.toContain(NOTE);
    }
  });
});

describe('searching the directory', () => {
  it('finds an entry by its address written aar:handle, in any case, as by the bare handle', async () => {
    const entry = await register('wombat', { display_name: 'Wombat Walks' });
    for (const q of [entry.handle, entry.address, entry.address.toUpperCase(), `Aar:${entry.handle}`]) {
      const res = await anonymous(`/directory?q=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(200);
      expect(res.body, q).toContain(`href="/directory/${entry.address}"`);
      expect(res.body, q).toContain('1 entry');
    }
  });
});

describe('an address a visitor cannot see', () => {
  it('offers Sign in, which returns to the same address afterwards', async () => {
    const restricted = await register('members', { visibility: 'restricted', destinations: [web('https://members-only.example')] });
    const path = `/directory/${restricted.address}`;
    const visitor = await anonymous(path);
    expect(visitor.status).toBe(404);
    expect(visitor.body).toContain('This address is not available');
    const link = `/login?next=${encodeURIComponent(path)}`;
    expect(visitor.body).toContain(`href="${link}"`);

    // Following it: the sign-in form carries the address, and signing in lands on it.
    const form = await anonymous(link);
    expect(parseHtml(form.body).attr('input[name="next"]', 'value')).toBe(path);
    const csrf = parseHtml(form.body).csrf();
    const cookie = form.headers.get('set-cookie')!.match(/svc_csrf=[^;]+/)![0];
    const signedIn = await app.request<string>('POST', '/auth/login', {
      headers: { ...HTML, 'content-type': 'application/x-www-form-urlencoded', cookie },
      rawBody: new URLSearchParams({ _csrf: csrf, email: bob.principal.email, password: 'correct horse battery', next: path }).toString(),
    });
    expect(signedIn.status).toBe(303);
    expect(signedIn.headers.get('location')).toBe(path);
    const page = await viewAs(app, bob, path);
    expect(page.status).toBe(200);
    expect(page.body).toContain('https://members-only.example');

    // Signed in, an address that is not available offers no sign-in.
    expect((await viewAs(app, bob, '/directory/aar:nobody-here')).body).not.toContain('/login?next=');
  });
});
