import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '@svc/db/testing';
import type { Actor } from '@svc/kernel';
import type { Principal, TestApp } from '@svc/runtime/testing';
import { startWebTestApp } from './app.ts';
import { parseHtml, referenceOf, visibleText } from './html.ts';

/**
 * A removed job on the website: hidden from everyone (410), except the participants of its
 * responses. Its poster finds it under My jobs → Removed and reads it with every response; each
 * responder opens it beside their own response.
 */
describe.each(ENGINES)('a removed job on the website on %s', (engine) => {
  let app: TestApp;
  const people = {} as Record<'poster' | 'helper' | 'asker' | 'stranger', Principal>;
  const actors = {} as Record<keyof typeof people, Actor>;
  const made = { job: '', helperResponse: '', askerResponse: '' };

  const HTML = { accept: 'text/html' };
  const get = (path: string, who?: Principal) => app.request<string>('GET', path, { headers: HTML, ...(who ? { session: who.session } : {}) });
  /** The text a person reads, without tags. */
  const text = (html: string) => visibleText(parseHtml(html).root);

  beforeAll(async () => {
    app = await startWebTestApp({ engine });
    for (const [key, name] of Object.entries({ poster: 'Polly Poster', helper: 'Hal Helper', asker: 'Ada Asker', stranger: 'Stan Stranger' })) {
      const person = await app.signUp(name);
      people[key as keyof typeof people] = person;
      actors[key as keyof typeof people] = (await app.services.access.accounts.resolveSession(person.session))!.actor;
    }
    const { jobs, responses } = app.services;
    made.job = (await jobs.create(actors.poster, { title: 'Mend the allotment fence', outcome: 'A fence the rabbits cannot pass.' })).id;
    made.helperResponse = (await responses.create(actors.helper, made.job, { kind: 'offer', message: 'I can mend it on Saturday.' })).id;
    made.askerResponse = (await responses.create(actors.asker, made.job, { kind: 'question', message: 'How long is the fence?' })).id;
    await responses.withdraw(actors.asker, made.askerResponse);
    await jobs.remove(actors.poster, made.job);
  });
  afterAll(() => app?.close());

  it('shows the poster the job marked removed, with every response and nothing left to change', async () => {
    const res = await get(`/jobs/${made.job}`, people.poster);
    expect(res.status).toBe(200);
    const page = text(res.body);
    expect(parseHtml(res.body).text('h1')).toBe('Mend the allotment fence');
    expect(parseHtml(res.body).texts('span.status.status-removed')).toContain('Removed');
    expect(page).toContain('You removed this job.');
    expect(page).toContain('A fence the rabbits cannot pass.');
    expect(page).toContain('I can mend it on Saturday.');
    expect(page).toContain('How long is the fence?');
    expect(page).toContain('from Hal Helper');
    // Editing, closing, reopening and removing again would all be refused: none is offered.
    for (const path of ['edit', 'remove', 'close', 'reopen']) expect(res.body).not.toContain(`/jobs/${made.job}/${path}`);
    expect(res.body).not.toContain('format=rts');
  });

  it('lists it for the poster under My jobs → Removed, and only there', async () => {
    const removedTab = await get('/my/jobs?status=removed', people.poster);
    expect(removedTab.status).toBe(200);
    const removedPage = parseHtml(removedTab.body);
    expect(removedPage.text('a[href="/my/jobs?status=removed"][aria-current="page"]')).toBe('Removed');
    expect(removedPage.links()).toContainEqual({ href: `/jobs/${made.job}`, text: 'Mend the allotment fence' });
    expect(removedTab.body).toContain('status-removed');
    for (const tab of ['/my/jobs', '/my/jobs?status=closed']) {
      const other = await get(tab, people.poster);
      expect(other.body).toContain('href="/my/jobs?status=removed"');
      expect(other.body).not.toContain('Mend the allotment fence');
    }
  });

  it('lets each responder open it beside their own response, and no one else’s', async () => {
    const helperPage = await get(`/jobs/${made.job}`, people.helper);
    expect(helperPage.status).toBe(200);
    expect(text(helperPage.body)).toContain('Polly Poster removed this job.');
    expect(parseHtml(helperPage.body).texts('h2')).toContain('Your responses');
    expect(text(helperPage.body)).toContain('I can mend it on Saturday.');
    expect(helperPage.body).not.toContain('How long is the fence?');
    // Still theirs to withdraw, and no form to respond again.
    // Withdrawing asks first: the job page links to the confirmation page.
    expect(helperPage.body).toContain(`href="/responses/${made.helperResponse}/withdraw?from=job"`);
    expect(helperPage.body).not.toContain(`action="/jobs/${made.job}/responses"`);

    // A withdrawn response keeps its author a participant.
    const askerPage = await get(`/jobs/${made.job}`, people.asker);
    expect(askerPage.status).toBe(200);
    expect(text(askerPage.body)).toContain('How long is the fence?');
    expect(askerPage.body).not.toContain('I can mend it on Saturday.');

    // My responses leads there too.
    const mine = await get('/my/responses', people.helper);
    expect(parseHtml(mine.body).links()).toContainEqual({ href: `/jobs/${made.job}`, text: 'Mend the allotment fence' });
    expect(text(mine.body)).toContain('This job has been removed');
  });

  it('leads the poster to the Removed tab after removing a job from its page', async () => {
    const job = await app.services.jobs.create(actors.poster, { title: 'Sweep the church hall', outcome: 'A clean floor.' });
    const { csrfToken } = (await app.services.access.accounts.resolveSession(people.poster.session))!;
    const res = await app.request('POST', `/jobs/${job.id}/remove`, {
      session: people.poster.session,
      rawBody: new URLSearchParams({ _csrf: csrfToken }).toString(),
      headers: { ...HTML, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/my/jobs?status=removed');
    expect(parseHtml((await get('/my/jobs?status=removed', people.poster)).body).links()).toContainEqual({ href: `/jobs/${job.id}`, text: 'Sweep the church hall' });
  });

  it('answers 410 removed to everyone else, signed in or not, and keeps the machine forms public', async () => {
    for (const who of [people.stranger, undefined]) {
      const res = await get(`/jobs/${made.job}`, who);
      expect(res.status).toBe(410);
      expect(referenceOf(res.body)).toBe('removed');
      expect(res.body).not.toContain('rabbits');
    }
    // The JSON and RTS forms follow the API's public read, even for the poster.
    for (const format of ['json', 'rts']) {
      const res = await app.request('GET', `/jobs/${made.job}?format=${format}`, { session: people.poster.session });
      expect(res.status).toBe(410);
      expect(res.body).toMatchObject({ error: 'removed' });
    }
  });
});
