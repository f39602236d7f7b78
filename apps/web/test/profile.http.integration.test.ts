import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '@svc/runtime/testing';
import { HTML, signUpPerson, startWebTestApp, type Person } from './app.ts';
import { parseHtml } from './html.ts';

/** A person's public profile lists what anyone may read of theirs: open jobs and active offers. The website alone. */

let app: TestApp;
let pat: Person;

beforeAll(async () => {
  app = await startWebTestApp();
  pat = await signUpPerson(app, 'Pat Provider');
});
afterAll(() => app?.close());

const offer = (title: string) =>
  app.services.offers.create(pat.actor, { title, role: 'entertainer', industry: 'events', contact_url: 'https://balloons.example/contact' });

const profileOf = (person: Person) => app.request<string>('GET', `/principals/${person.principal.id}`, { headers: HTML });

describe('the public profile', () => {
  it('pages a long list of open jobs, 20 at a time, keeping where the offers list is', async () => {
    const busy = await signUpPerson(app, 'Busy Poster');
    const titles: string[] = [];
    for (let n = 1; n <= 23; n += 1) {
      app.clock.advance(1000);
      titles.push((await app.services.jobs.create(busy.actor, { title: `Job number ${n}`, outcome: 'Done' })).title);
    }
    const first = parseHtml((await profileOf(busy)).body);
    const listed = (page: typeof first) => page.links('section[aria-labelledby="jobs-heading"] ul').map((link) => link.text);
    expect(listed(first)).toEqual(titles.slice(3).reverse());
    expect(first.attr('meta[name="description"]', 'content')).toBe('Busy Poster’s public profile: more than 20 open jobs, 0 offers, and when they joined.');
    const older = first.links('section[aria-labelledby="jobs-heading"] nav.pagination').find((link) => link.text === 'Older →');
    expect(older?.href).toBe(`/principals/${busy.principal.id}?jobs_offset=20#jobs-heading`);
    const second = parseHtml((await app.request<string>('GET', older!.href.split('#')[0]!, { headers: HTML })).body);
    expect(listed(second)).toEqual(titles.slice(0, 3).reverse());
    expect(second.links('section[aria-labelledby="jobs-heading"] nav.pagination')).toEqual([{ href: `/principals/${busy.principal.id}#jobs-heading`, text: '← Newer' }]);
    // The JSON form keeps its first 20 of each, as documented.
    const json = await app.request<{ open_jobs: unknown[] }>('GET', `/principals/${busy.principal.id}?format=json`);
    expect(json.body.open_jobs).toHaveLength(20);
  });


  it('lists the person’s active offers beside their open jobs, and nothing that is not public', async () => {
    const job = await app.services.jobs.create(pat.actor, { title: 'Paint the fence', outcome: 'A painted fence' });
    const active = await offer('Balloon modelling');
    const paused = await offer('Paused face painting');
    await app.services.offers.pause(pat.actor, paused.id);
    const removed = await offer('Removed magic show');
    await app.services.offers.remove(pat.actor, removed.id);

    const res = await profileOf(pat);
    expect(res.status).toBe(200);
    const page = parseHtml(res.body);
    expect(page.text('h2#offers-heading')).toBe('Offers');
    expect(page.links()).toContainEqual({ href: `/services/${active.id}`, text: 'Balloon modelling' });
    expect(page.links()).toContainEqual({ href: `/jobs/${job.id}`, text: 'Paint the fence' });
    expect(res.body).not.toContain('Paused face painting');
    expect(res.body).not.toContain('Removed magic show');
    expect(page.attr('meta[name="description"]', 'content')).toBe('Pat Provider’s public profile: one open job, one offer, and when they joined.');
    // No e-mail address, and no contact link either: that is on the offer's own page, where its status decides.
    expect(res.body).not.toContain(pat.principal.email);
    expect(res.body).not.toContain('balloons.example');
  });

  it('says so when the person has no offers', async () => {
    const quiet = await signUpPerson(app, 'Quinn Quiet');
    const res = await profileOf(quiet);
    expect(res.body).toContain('No offers right now.');
    expect(res.body).toContain('No open jobs right now.');
  });
});
