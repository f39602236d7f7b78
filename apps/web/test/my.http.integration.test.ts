import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '@svc/kernel';
import { signUpEach, type Principal, type TestApp } from '@svc/runtime/testing';
import { HTML, postBrowserForm, startWebTestApp } from './app.ts';
import { parseHtml } from './html.ts';

/** My jobs (open and closed tabs), My responses with its withdraw step, and the job page's report link: the website alone. */

let app: TestApp;
let poster: Principal;
let helper: Principal;
let other: Principal;
const actors = {} as Record<'poster' | 'helper' | 'other', Actor>;

beforeAll(async () => {
  app = await startWebTestApp();
  const cast = await signUpEach(app, { poster: 'Polly Poster', helper: 'Hal Helper', other: 'Olga Other' });
  ({ poster, helper, other } = cast.principals);
  Object.assign(actors, cast.actors);
});
afterAll(() => app?.close());

const get = (path: string, session?: string) => app.request<string>('GET', path, { headers: HTML, ...(session ? { session } : {}) });

/** Posts a form as a browser does, with the session's CSRF token read from a page. */
const postForm = (path: string, fields: Record<string, string>, session: string) => postBrowserForm(app, path, fields, session, '/my/jobs');

const post = (actor: Actor, title: string) => {
  app.clock.advance(60_000);
  return app.services.jobs.create(actor, { title, outcome: 'A plan' });
};

describe('My jobs', () => {
  it('sends a signed-out visitor to sign in first', async () => {
    const res = await get('/my/jobs');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`/login?next=${encodeURIComponent('/my/jobs')}`);
  });

  it('shows open jobs by default and closed ones under their tab, removed ones only under theirs, each linking to its page', async () => {
    const open = await post(actors.poster, 'An open garden party');
    const closed = await post(actors.poster, 'A closed quiz night');
    const removed = await post(actors.poster, 'A removed barbecue');
    await app.services.jobs.close(actors.poster, closed.id);
    await app.services.jobs.remove(actors.poster, removed.id);

    const openTab = await get('/my/jobs', poster.session);
    expect(openTab.status).toBe(200);
    expect(openTab.body).toContain(`href="/jobs/${open.id}"`);
    expect(openTab.body).not.toContain('A closed quiz night');
    expect(parseHtml(openTab.body).text('a[href="/my/jobs?status=open"][aria-current="page"]')).toBe('Open (1)');
    expect(openTab.body).toContain('Closed (1)');
    expect(openTab.body).toContain('href="/my/responses"');

    const closedTab = await get('/my/jobs?status=closed', poster.session);
    expect(closedTab.status).toBe(200);
    expect(closedTab.body).toContain(`href="/jobs/${closed.id}"`);
    expect(parseHtml(closedTab.body).texts('[aria-current="page"]')).toContain('Closed (1)');
    expect(closedTab.body).not.toContain('An open garden party');
    for (const page of [openTab, closedTab]) expect(page.body).not.toContain('A removed barbecue');
    expect((await get('/my/jobs?status=removed', poster.session)).body).toContain(`href="/jobs/${removed.id}"`);
  });

  it('pages through many jobs', async () => {
    const busy = await app.signUp('Busy Poster');
    const actor = (await app.services.access.accounts.resolveSession(busy.session))!.actor;
    for (let i = 1; i <= 21; i++) await post(actor, `Busy job ${String(i).padStart(2, '0')}`);
    const first = await get('/my/jobs', busy.session);
    expect(first.body).toContain('Busy job 21');
    expect(first.body).not.toContain('Busy job 01<');
    expect(first.body).toContain('Page 1 of 2');
    expect(first.body).toContain('href="/my/jobs?status=open&amp;offset=20" rel="next"');
    const second = await get('/my/jobs?status=open&offset=20', busy.session);
    expect(second.body).toContain('Busy job 01');
    expect(second.body).not.toContain('Busy job 02');
    expect(second.body).toContain('Page 2 of 2');
  });

  it('says what to do when a tab is empty', async () => {
    const fresh = await app.signUp('Fresh Person');
    expect((await get('/my/jobs', fresh.session)).body).toContain('You have no open jobs.');
    expect((await get('/my/jobs?status=closed', fresh.session)).body).toContain('You have no closed jobs.');
    expect((await get('/my/jobs?status=removed', fresh.session)).body).toContain('You have no removed jobs.');
  });

  it('shows a new job’s poster one line about its responses, with the address to share', async () => {
    const job = await post(actors.poster, 'Sort the shed');
    const page = parseHtml((await get(`/jobs/${job.id}`, poster.session)).body);
    const responses = page.text('section[aria-labelledby="responses"]');
    expect(responses).toContain(`No responses yet. People and their agents find it in the job list; to ask someone directly, share its address: ${job.url}`);
    expect(responses).not.toContain('No active responses');
  });

  it('shows an offer’s role and industry in words on My offers', async () => {
    const offer = await app.services.offers.create(actors.poster, { title: 'Parties planned', role: 'party-planner', industry: 'events-venues', contact_url: 'https://parties.example/contact' });
    expect(offer.role).toBe('party-planner');
    const text = parseHtml((await get('/my/services', poster.session)).body).text('main');
    expect(text).toContain('party planner · events venues');
    expect(text).not.toContain('party-planner');
  });

  it('answers 400 with the error page for a status that is not a tab', async () => {
    const res = await get('/my/jobs?status=deleted', poster.session);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.body).toContain('validation_failed');
  });
});

describe('My responses', () => {
  let active: string;
  let withdrawn: string;
  let jobId: string;

  beforeAll(async () => {
    const job = await post(actors.poster, 'Plan a birthday for Ada');
    const closing = await post(actors.other, 'A job closed after the question');
    jobId = job.id;
    withdrawn = (await app.services.responses.create(actors.helper, job.id, { kind: 'question', message: 'Is the date fixed?' })).id;
    app.clock.advance(1_000);
    await app.services.responses.create(actors.helper, closing.id, { kind: 'question', message: 'Indoors or out?' });
    app.clock.advance(1_000);
    active = (await app.services.responses.create(actors.helper, job.id, { kind: 'offer', message: 'I can plan it.\nTen parties so far.' })).id;
    await app.services.responses.withdraw(actors.helper, withdrawn);
    await app.services.jobs.close(actors.other, closing.id);
  });

  it('lists my responses newest first with the job each answers, withdrawn ones marked and without a Withdraw button', async () => {
    const res = await get('/my/responses', helper.session);
    expect(res.status).toBe(200);
    expect(res.body).toContain('3 responses');
    expect(res.body).toContain(`href="/jobs/${jobId}">Plan a birthday for Ada</a>`);
    expect(res.body).toContain('This job is closed.');
    expect(res.body.indexOf('I can plan it.')).toBeLessThan(res.body.indexOf('Is the date fixed?'));
    expect(res.body).toContain('status-withdrawn');
    expect(res.body).toContain(`href="/responses/${active}/withdraw"`);
    expect(res.body).not.toContain(`href="/responses/${withdrawn}/withdraw"`);
    expect(res.body).not.toContain('Olga Other');
  });

  it('is linked from the account page, and says what to do when there is none', async () => {
    expect((await get('/account', helper.session)).body).toContain('href="/my/responses"');
    const empty = await get('/my/responses', other.session);
    expect(empty.body).toContain('You have not responded to any job yet.');
    expect(empty.body).toContain('href="/jobs"');
    expect((await get('/my/responses')).status).toBe(302);
  });

  it('asks before withdrawing, then withdraws and returns to the list', async () => {
    const confirm = await get(`/responses/${active}/withdraw`, helper.session);
    expect(confirm.status).toBe(200);
    expect(confirm.body).toContain('Withdraw your response to “Plan a birthday for Ada”?');
    expect(confirm.body).toContain('Yes, withdraw it');
    expect(confirm.body).toContain('name="next" value="/my/responses"');
    expect(confirm.body).toContain('href="/my/responses">Keep it</a>');

    const done = await postForm(`/responses/${active}/withdraw`, { next: '/my/responses' }, helper.session);
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('/my/responses');
    const list = (await app.services.responses.listMine(actors.helper, {})).responses;
    expect(list.find((response) => response.id === active)?.status).toBe('withdrawn');

    const again = await get(`/responses/${active}/withdraw`, helper.session);
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe('/my/responses');
  });

  it('shows nobody else the confirmation, not even the job’s poster', async () => {
    const response = await app.services.responses.create(actors.helper, jobId, { kind: 'offer', message: 'Another offer.' });
    for (const session of [poster.session, other.session]) {
      const res = await get(`/responses/${response.id}/withdraw`, session);
      expect(res.status).toBe(404);
      expect(res.body).toContain('not_found');
      expect(res.body).not.toContain('Another offer.');
    }
  });

  it('ignores a return address other than the list (no open redirect)', async () => {
    const response = await app.services.responses.create(actors.helper, jobId, { kind: 'offer', message: 'Yet another.' });
    const done = await postForm(`/responses/${response.id}/withdraw`, { next: 'https://elsewhere.example/' }, helper.session);
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(`/jobs/${jobId}`);
  });
});

describe('reporting a job', () => {
  it('links a visitor from the job page to the site’s report form, but not the job’s poster', async () => {
    const job = await post(actors.poster, 'A job to report');
    const link = `/reports/new?target_kind=job&amp;target_id=${job.id}`;
    expect((await get(`/jobs/${job.id}`)).body).toContain(`href="${link}"`);
    expect((await get(`/jobs/${job.id}`, helper.session)).body).toContain('Report this job');
    expect((await get(`/jobs/${job.id}`, poster.session)).body).not.toContain('Report this job');
    const form = await get(`/reports/new?target_kind=job&target_id=${job.id}`);
    expect(form.status).toBe(200);
    expect(parseHtml(form.body).text('h1')).toBe('Report the job “A job to report”');
    expect(form.body).toContain(`value="${job.id}"`);
  });
});

describe('The overview of one’s own records and the current place', () => {
  it('/my links every page of the person’s own records, and the account page links them too', async () => {
    const pages = ['/my/jobs', '/my/responses', '/my/services', '/my/directory', '/threads', '/account/agents', '/connect'];
    const overview = await get('/my', poster.session);
    expect(overview.status).toBe(200);
    const account = await get('/account', poster.session);
    const hrefs = (body: string) => parseHtml(body).links().map((link) => link.href);
    for (const href of pages) {
      expect(hrefs(overview.body)).toContain(href);
      expect(hrefs(account.body)).toContain(href);
    }
    expect(hrefs(account.body)).toContain('/my');
    expect((await get('/my')).headers.get('location')).toBe('/login?next=%2Fmy');
  });

  it('marks the current place in the navigation on every page', async () => {
    const job = await post(actors.poster, 'A job to mark');
    const places: [string, string, string | undefined][] = [
      ['/', '/', undefined],
      ['/jobs', '/jobs', undefined],
      [`/jobs/${job.id}`, '/jobs', undefined],
      ['/services', '/services', undefined],
      ['/directory', '/directory', undefined],
      [`/principals/${poster.id}`, '/directory', undefined],
      ['/agents', '/agents', undefined],
      ['/journal', '/journal', undefined],
      ['/login', '/login', undefined],
      ['/auth/reset', '/login', undefined],
      ['/my', '/account', poster.session],
      ['/my/jobs', '/my/jobs', poster.session],
      ['/my/responses', '/account', poster.session],
      ['/threads', '/threads', poster.session],
      ['/account', '/account', poster.session],
    ];
    for (const [path, current, session] of places) {
      const res = await get(path, session);
      expect(res.status, path).toBe(200);
      const marked = parseHtml(res.body)
        .all('a[href][aria-current="page"]')
        .map((link) => link.getAttribute('href'));
      // Tabs inside a page mark their own place too; the navigation marks exactly one.
      expect(marked, path).toContain(current);
    }
  });

  it('/jobs offers Post a job, which sends a visitor to sign in and back', async () => {
    const list = await get('/jobs');
    expect(parseHtml(list.body).find('a[href="/jobs/new"].button')).toBeDefined();
    expect((await get('/jobs/new')).headers.get('location')).toBe('/login?next=%2Fjobs%2Fnew');
  });
});
