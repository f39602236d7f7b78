import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '@svc/runtime/testing';
import { HTML, signUpPerson, startWebTestApp, viewAs, type Person } from './app.ts';
import { parseHtml, visibleText } from './html.ts';

/**
 * One word for one thing: the contract calls the record a provider publishes an offer ("called
 * services in paths"), so every page calls it that, in the navigation, headings, titles, buttons and
 * messages, while the addresses stay /services. An agent's permissions are named in words too, not
 * by the scopes the agent asked for. The website alone, on PostgreSQL.
 */

let app: TestApp;
let pat: Person;
let otto: Person;
let offerId: string;

beforeAll(async () => {
  app = await startWebTestApp();
  pat = await signUpPerson(app, 'Pat Provider');
  otto = await signUpPerson(app, 'Otto Other');
  offerId = (await app.services.offers.create(pat.actor, { title: 'Balloon modelling', role: 'entertainer', industry: 'events', contact_url: 'https://balloons.example/contact' })).id;
});
afterAll(() => app?.close());

/** The words a person reads: the title, then the page without markup, code samples or the product's name. */
const words = (body: string): string => {
  const page = parseHtml(body);
  for (const code of page.all('code')) code.remove();
  return visibleText(page.root).replace(/Task-and-Directory Service/g, ' ');
};

describe('the offer is called an offer', () => {
  it('names it so in the navigation, the list’s title and heading, and on every page of offers', async () => {
    const pages = ['/', '/services', '/services?q=balloon', `/services/${offerId}`, '/services/new', `/services/${offerId}/edit`, '/my/services', '/my'];
    for (const path of pages) {
      const res = await viewAs(app, pat, path);
      expect(res.status, path).toBe(200);
      expect(parseHtml(res.body).links(), path).toContainEqual({ href: '/services', text: 'Offers' });
      expect(words(res.body), path).not.toMatch(/\bservices?\b/i);
    }
    const list = await viewAs(app, pat, '/services');
    const listPage = parseHtml(list.body);
    expect(listPage.text('title')).toBe('Offers · Task-and-Directory');
    expect(listPage.text('h1')).toBe('Offers');
    expect(parseHtml((await viewAs(app, pat, '/services?q=balloon')).body).text('title')).toBe('Offers matching “balloon” · Task-and-Directory');
  });

  it('says “offer” in what a refused or missing offer page tells a person', async () => {
    const notYours = await viewAs(app, otto, `/services/${offerId}/edit`);
    expect(notYours.status).toBeGreaterThanOrEqual(400);
    expect(words(notYours.body)).not.toMatch(/\bservices?\b/i);
    const missing = await app.request<string>('GET', '/services/svc_nothing_here', { headers: HTML });
    expect(missing.status).toBe(404);
    expect(words(missing.body)).toContain('No such offer.');

    const removed = (await app.services.offers.create(pat.actor, { title: 'Gone soon', role: 'entertainer', industry: 'events', contact_url: 'https://balloons.example/contact' })).id;
    await app.services.offers.remove(pat.actor, removed);
    const gone = await app.request<string>('GET', `/services/${removed}`, { headers: HTML });
    expect(gone.status).toBe(410);
    expect(words(gone.body)).toContain('This offer was removed by its provider.');
  });
});

describe('approving an agent', () => {
  it('lists what the agent may do in words, without the scopes’ names', async () => {
    const started = await app.services.access.deviceFlow.connect({ agent_name: 'Directory helper', scopes: ['directory:write', 'jobs:write'] });
    const page = parseHtml((await viewAs(app, otto, `/connect?user_code=${encodeURIComponent(started.user_code)}`)).body);
    const may = page.all('main ul li').map((li) => visibleText(li));
    expect(may).toContain('Register and change your contact-directory entries');
    expect(may).toContain('Post jobs for you, and edit, close, reopen or remove your jobs');
    expect(page.text('main')).not.toMatch(/directory:write|jobs:write/);
  });
});

describe('a place is called what its page calls itself', () => {
  it('links to Threads, My offers and My directory entries with the words of their headings, wherever the link is', async () => {
    const headings: Record<string, string> = {};
    for (const target of ['/threads', '/my/services', '/my/directory']) headings[target] = parseHtml((await viewAs(app, pat, target)).body).text('h1')!;
    expect(headings).toEqual({ '/threads': 'Threads', '/my/services': 'My offers', '/my/directory': 'My directory entries' });
    for (const path of ['/', '/account', '/my', '/services', '/directory']) {
      const links = parseHtml((await viewAs(app, pat, path)).body)
        .links()
        .filter((link) => link.href in headings);
      expect(links.length, path).toBeGreaterThan(0);
      for (const link of links) expect(link.text, `${path} → ${link.href}`).toBe(headings[link.href]);
    }
  });
});

describe('a destination', () => {
  it('is explained where a person first meets the word: registering an address and its page', async () => {
    const register = words((await viewAs(app, pat, '/my/directory/new')).body);
    expect(register).toContain('Its destinations are the ways to reach you that someone looking it up is shown');
    const entry = await app.services.directory.register(pat.actor, { handle: `pat-${Date.now().toString(36)}`, display_name: 'Pat', entry_type: 'person', destinations: [] });
    const manage = words((await viewAs(app, pat, `/my/directory/${entry.address}`)).body);
    expect(manage).toContain('The ways to reach you that someone looking up the address is shown');
  });
});
