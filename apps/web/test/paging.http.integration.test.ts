import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_OFFSET } from '@svc/kernel';
import type { TestApp } from '@svc/runtime/testing';
import { signUpPerson, startWebTestApp, viewAs, type Person } from './app.ts';
import { parseHtml } from './html.ts';

/**
 * A paged list opened past its end (an old bookmark, a typed offset): the page says there is nothing
 * on it and links to the last page that holds something, instead of "Page 500 of 1" above an empty
 * list that claims nothing matches. The website alone, on PostgreSQL.
 */

let app: TestApp;
let busy: Person;
let support: Person;
let offerId: string;

/** The deepest page any list takes (a deeper offset is refused as bad input). */
const DEEPEST = Math.floor(MAX_OFFSET / 20) * 20;

beforeAll(async () => {
  app = await startWebTestApp();
  busy = await signUpPerson(app, 'Busy Poster');
  for (let i = 1; i <= 21; i++) {
    app.clock.advance(60_000);
    await app.services.jobs.create(busy.actor, { title: `Paged job ${i}`, outcome: 'A plan' });
  }
  offerId = (await app.services.offers.create(busy.actor, { title: 'Paged offer', role: 'planner', industry: 'events', contact_url: 'https://planner.example/contact' })).id;
  const helper = await signUpPerson(app, 'Hal Helper');
  const job = (await app.services.jobs.list({ limit: '1' })).jobs[0]!;
  await app.services.responses.create(helper.actor, job.id, { kind: 'offer', message: 'I can help.', expected_version: job.version });
  support = await signUpPerson(app, 'Sam Support');
  await app.services.access.principals.grantSupport(support.principal.email);
});
afterAll(() => app?.close());

const view = (path: string, who: Person = busy) => viewAs(app, who, path);

/** What a person reads on the page: the text of `main`, inline elements joined to their words, blocks apart. */
const mainText = (body: string): string => parseHtml(body).text('main')!;

/** The page's links, as `{ href, text }`. */
const links = (body: string) => parseHtml(body).links();

describe('a list opened past its end', () => {
  it('says there is nothing on this page and links to the last page, with no page count beyond the end', async () => {
    const res = await view('/my/jobs?status=open&offset=400');
    expect(res.status).toBe(200);
    const text = mainText(res.body);
    expect(text).toContain('No results on this page.');
    expect(text).toContain('The list ends on page 2. Go to the last page (page 2).');
    expect(links(res.body)).toContainEqual({ href: '/my/jobs?status=open&offset=20', text: 'Go to the last page (page 2)' });
    // Not "Page 21 of 2", and not the empty tab's words: the person has open jobs.
    expect(text).not.toMatch(/Page \d+ of/);
    expect(text).not.toContain('You have no open jobs.');
    // The last page itself still pages as before.
    const last = await view('/my/jobs?status=open&offset=20');
    expect(mainText(last.body)).toContain('Page 2 of 2');
    expect(mainText(last.body)).not.toContain('No results on this page.');
  });

  it('keeps the search while sending a person back to the last page of the public job list', async () => {
    const res = await view('/jobs?q=paged&status=open&offset=200');
    expect(res.status).toBe(200);
    const text = mainText(res.body);
    expect(text).toContain('No results on this page.');
    expect(text).not.toContain('No jobs match.');
    expect(links(res.body)).toContainEqual({ href: '/jobs?q=paged&status=open&offset=20', text: 'Go to the last page (page 2)' });
  });

  it('does the same on every paged list of the website, down to the deepest page any list takes', async () => {
    const lists: [string, Person][] = [
      ['/jobs', busy],
      ['/services', busy],
      ['/directory', busy],
      ['/my/jobs', busy],
      ['/my/responses', busy],
      ['/threads', busy],
      ['/support/reports', support],
      ['/support/feedback', support],
      ['/support/site-feedback', support],
    ];
    for (const [path, who] of lists) {
      const res = await view(`${path}?offset=${DEEPEST}`, who);
      expect(res.status, path).toBe(200);
      const text = mainText(res.body);
      expect(text, path).toContain('No results on this page.');
      expect(text, path).toMatch(/Go to the (last|first) page/);
      expect(text, path).not.toMatch(/Page \d+/);
    }
  });

  it('treats an offset deeper than any list takes, or one that is not a number, as a page of the list, never as bad input', async () => {
    const deep = await view('/my/jobs?status=open&offset=20000');
    expect(deep.status).toBe(200);
    expect(mainText(deep.body)).toContain('No results on this page. The list ends on page 2.');
    const searched = await view('/jobs?q=paged&offset=20000');
    expect(searched.status).toBe(200);
    expect(mainText(searched.body)).toContain('21 jobs matching “paged”');
    expect(mainText(searched.body)).toContain('Go to the last page (page 2)');
    for (const offset of ['-5', 'abc']) {
      const first = await view(`/my/jobs?offset=${offset}`);
      expect(first.status, offset).toBe(200);
      expect(mainText(first.body), offset).toContain('Page 1 of 2');
    }
  });

  it('sends a list that is empty now to its first page', async () => {
    const res = await view('/threads?offset=40');
    const text = mainText(res.body);
    expect(text).toContain('No results on this page. The list is empty now. Go to the first page.');
    expect(links(res.body)).toContainEqual({ href: '/threads?offset=0', text: 'Go to the first page' });
    expect(text).not.toContain('You take part in no threads yet.');
  });

  it('sends a list that is never counted (an offer’s feedback) to its first page', async () => {
    const res = await view(`/services/${offerId}?offset=40`);
    expect(res.status).toBe(200);
    const text = mainText(res.body);
    expect(text).toContain('No results on this page. This page is past the end of the list. Go to the first page.');
    expect(links(res.body)).toContainEqual({ href: `/services/${offerId}#feedback-title`, text: 'Go to the first page' });
    expect(text).not.toMatch(/Page \d+/);
  });
});
