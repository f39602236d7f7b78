import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '@svc/kernel';
import type { Principal, TestApp } from '@svc/runtime/testing';
import { startWebTestApp } from './app.ts';
import { parseHtml, referenceOf } from './html.ts';

/** The website served alone (no API routes), over the same services, on PostgreSQL. */

let app: TestApp;
let alice: Principal;
let aliceActor: Actor;

beforeAll(async () => {
  app = await startWebTestApp();
  alice = await app.signUp('Alice Poster');
  aliceActor = (await app.services.access.accounts.resolveSession(alice.session))!.actor;
});
afterAll(() => app?.close());

const HTML = { accept: 'text/html' };

describe('the website alone', () => {
  it('serves the job page of a job posted through the same services', async () => {
    const job = await app.services.jobs.create(aliceActor, { title: 'Plan a garden party for Ada', outcome: 'A plan' });
    const res = await app.request<string>('GET', `/jobs/${job.id}`, { headers: HTML });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.body).toContain('Plan a garden party for Ada');
    expect(res.body).toContain('Alice Poster');
  });

  it('says on a closed job’s page that it takes no responses now: to a visitor, with the way to the open jobs; to its poster, that reopening takes them again', async () => {
    const job = await app.services.jobs.create(aliceActor, { title: 'Rake the leaves for Ada', outcome: 'A clear lawn' });
    await app.services.jobs.close(aliceActor, job.id);
    const bob = await app.signUp('Bob Closed');
    for (const session of [bob.session, undefined]) {
      const visitor = parseHtml((await app.request<string>('GET', `/jobs/${job.id}`, { headers: HTML, ...(session ? { session } : {}) })).body);
      expect(visitor.text('main p.notice-closed')).toBe('This job is closed: it takes no responses now. Browse the open jobs.');
      expect(visitor.links('main p.notice-closed')).toEqual([{ href: '/jobs', text: 'Browse the open jobs' }]);
    }
    const poster = parseHtml((await app.request<string>('GET', `/jobs/${job.id}`, { headers: HTML, session: alice.session })).body);
    expect(poster.text('main p.notice-closed')).toBe('This job is closed: it takes no responses now. Reopen it to take responses again.');
    expect(poster.find(`form[action="/jobs/${job.id}/reopen"]`)).toBeDefined();
    // An open job says nothing of the kind.
    await app.services.jobs.reopen(aliceActor, job.id);
    expect(parseHtml((await app.request<string>('GET', `/jobs/${job.id}`, { headers: HTML, session: bob.session })).body).find('p.notice-closed')).toBeUndefined();
  });

  it('shows the edit and remove pages of a job to its poster only: anyone else gets 403 not_owner from the jobs service', async () => {
    const job = await app.services.jobs.create(aliceActor, { title: 'Paint the shed for Ada', outcome: 'A painted shed' });
    const bob = await app.signUp('Bob Stranger');
    for (const path of [`/jobs/${job.id}/edit`, `/jobs/${job.id}/remove`]) {
      const theirs = await app.request<string>('GET', path, { headers: HTML, session: bob.session });
      expect(theirs.status).toBe(403);
      expect(referenceOf(theirs.body)).toBe('not_owner');
      const own = await app.request<string>('GET', path, { headers: HTML, session: alice.session });
      expect(own.status).toBe(200);
      expect(own.body).toContain('Paint the shed for Ada');
    }
  });

  it('says on the sign-in page why a signed-out visitor was sent there, by the place they opened, and keeps saying it after a refusal', async () => {
    const reasonAt = async (path: string) => {
      const sent = await app.request<string>('GET', path, { headers: HTML });
      expect(sent.status, path).toBe(302);
      const login = sent.headers.get('location')!;
      expect(login).toBe(`/login?next=${encodeURIComponent(path)}`);
      return parseHtml((await app.request<string>('GET', login, { headers: HTML })).body).text('main p.notice');
    };
    expect(await reasonAt('/connect?user_code=RFKH-RNGK')).toBe('An agent asked to connect to your account. Sign in, or create an account, to see what it asks for and approve or deny it.');
    expect(await reasonAt('/threads/invites/some-token')).toBe('You were invited to join a private thread. Sign in, or create an account, to see the invitation and join.');
    expect(await reasonAt('/jobs/new')).toBe('Sign in, or create an account, to post a job.');
    expect(await reasonAt('/account')).toBe('Sign in to continue: you will be taken back to the page you opened.');
    // Opened directly, or with a place elsewhere: no reason to give.
    expect(parseHtml((await app.request<string>('GET', '/login', { headers: HTML })).body).find('main p.notice')).toBeUndefined();
    expect(parseHtml((await app.request<string>('GET', `/login?next=${encodeURIComponent('//evil.example/')}`, { headers: HTML })).body).find('main p.notice')).toBeUndefined();
    // A refused sign-in keeps `next`, and so the reason.
    const form = await app.request<string>('GET', '/login?next=%2Fjobs%2Fnew', { headers: HTML });
    const refused = await app.request<string>('POST', '/auth/login?next=%2Fjobs%2Fnew', {
      headers: { ...HTML, cookie: form.headers.get('set-cookie')!.match(/svc_csrf=[^;]+/)![0], 'content-type': 'application/x-www-form-urlencoded' },
      rawBody: new URLSearchParams({ _csrf: parseHtml(form.body).csrf(), email: 'nobody@example.test', password: 'wrong wrong wrong', next: '/jobs/new' }).toString(),
    });
    expect(refused.status).toBe(401);
    expect(parseHtml(refused.body).text('main p.notice')).toBe('Sign in, or create an account, to post a job.');
    // The refusal says what to do next.
    expect(parseHtml(refused.body).text('form p.form-error')).toContain('Check both and sign in again, or choose “Forgot your password?” below the form.');
    // The sign-up page a new visitor follows from there says it too.
    const signUp = parseHtml((await app.request<string>('GET', `/signup?next=${encodeURIComponent('/threads/invites/some-token')}`, { headers: HTML })).body);
    expect(signUp.text('main p.notice')).toContain('You were invited to join a private thread.');
  });

  it('leads the header’s “Sign in” and “Sign up” back to the page being read, and on those pages to where they already lead', async () => {
    const job = await app.services.jobs.create(aliceActor, { title: 'Water the plants for Ada', outcome: 'Green plants' });
    const header = async (path: string) => {
      const page = parseHtml((await app.request<string>('GET', path, { headers: HTML })).body);
      return [page.attr('header a[href^="/login"]', 'href'), page.attr('header a[href^="/signup"]', 'href')];
    };
    const back = `next=${encodeURIComponent(`/jobs/${job.id}?from=home`)}`;
    expect(await header(`/jobs/${job.id}?from=home`)).toEqual([`/login?${back}`, `/signup?${back}`]);
    // From the sign-in page to the sign-up page, the place to go back to stays the same.
    expect(await header(`/login?${back}`)).toEqual([`/login?${back}`, `/signup?${back}`]);
    // The home page and error pages lead to the account, as before.
    expect(await header('/')).toEqual(['/login', '/signup']);
    expect(await header('/jobs/job_unknown00000000000000000000')).toEqual(['/login', '/signup']);
    // The link of the page one is on is still marked as the current place.
    const login = parseHtml((await app.request<string>('GET', `/login?${back}`, { headers: HTML })).body);
    expect(login.attr('header a[aria-current="page"]', 'href')).toBe(`/login?${back}`);
  });

  it('leads both of the home page’s “post” links to the same place; an empty list not searched says there is nothing yet', async () => {
    const fresh = await startWebTestApp();
    try {
      const home = parseHtml((await fresh.request<string>('GET', '/', { headers: HTML })).body);
      const posts = home.links('main').filter((link) => link.text.startsWith('Post'));
      expect(posts.map((link) => link.text)).toEqual(['Post a job', 'Post the first one']);
      expect(new Set(posts.map((link) => link.href))).toEqual(new Set(['/signup?next=/jobs/new']));
      const main = async (path: string) => parseHtml((await fresh.request<string>('GET', path, { headers: HTML })).body).text('main')!;
      expect(await main('/services')).toContain('No offers yet.');
      expect(await main('/services')).not.toContain('match');
      expect(await main('/services?q=balloons')).toContain('No offers match.');
      expect(await main('/jobs')).toContain('No open jobs yet.');
      expect(await main('/jobs?q=picnic')).toContain('No jobs match.');
    } finally {
      await fresh.close();
    }
  });

  it('does not serve the API: its routes belong to the API process', async () => {
    const res = await app.request('GET', '/api/v1/jobs');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: 'not_found' });
  });
});
