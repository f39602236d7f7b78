import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_BASE_URL, type Principal, type TestApp } from '@svc/runtime/testing';
import { HTML, signUpPerson, startWebTestApp, submitAs } from './app.ts';
import { parseHtml, referenceOf } from './html.ts';

/** Refusals made before any page handler (an unknown address, a form from another site) still answer a browser with a page. */

let app: TestApp;
let alice: Principal;

beforeAll(async () => {
  app = await startWebTestApp();
  alice = await app.signUp('Alice Errors');
});
afterAll(() => app?.close());

describe('the error page outside the pages', () => {
  it('answers an unknown address with the HTML error page, status 404 and the code not_found', async () => {
    const res = await app.request<string>('GET', '/nothing-here', { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(referenceOf(res.body)).toBe('not_found');
    expect(res.body).toContain('Not found');
    // Written outside the routes, it still carries the website's headers.
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('shows a signed-in person their own menu on a page no route takes (404, 405) or the edge refuses (400), not the signed-out one', async () => {
    for (const path of ['/nothing-here', '/auth/logout', '/jobs/%00', '/my/directory/%00/edit']) {
      const page = parseHtml((await app.request<string>('GET', path, { headers: HTML, session: alice.session })).body);
      const menu = page.text('.site-header');
      expect(menu, path).toContain('Alice Errors');
      expect(menu, path).not.toContain('Sign in');
    }
    expect(parseHtml((await app.request<string>('GET', '/nothing-here', { headers: HTML })).body).text('.site-header')).toContain('Sign in');
  });

  it('answers an application’s connection request it cannot trust in a person’s words: nothing shared, back to the application', async () => {
    const client = await app.services.access.oauth.register({ client_name: 'Fence planner app', redirect_uris: ['https://fence.example/cb'] });
    const badReturn = `/oauth/authorize?${new URLSearchParams({ client_id: client.client_id, redirect_uri: 'http://evil.example/cb', response_type: 'code', state: 's' })}`;
    const unknown = `/oauth/authorize?${new URLSearchParams({ client_id: 'cli_unknown', redirect_uri: 'https://fence.example/cb' })}`;
    for (const [path, code, said] of [
      [badReturn, 'invalid_redirect_uri', 'asked to bring you back to an address it has not registered'],
      [unknown, 'invalid_client', 'is not registered with this site'],
      ['/oauth/authorize', 'invalid_client', 'is not registered with this site'],
    ] as const) {
      const res = await app.request<string>('GET', path, { headers: HTML, session: alice.session });
      expect(res.status, path).toBe(400);
      expect(referenceOf(res.body), path).toBe(code);
      const page = parseHtml(res.body);
      const main = page.text('main')!;
      expect(main).toContain(said);
      expect(main).toContain('Nothing was shared with it. Go back to the application and tell its makers; you can close this page.');
      // The code stays below as the reference to quote; the words above it name no OAuth parameter.
      expect(main.replace(`Reference: ${code}`, '')).not.toMatch(/redirect_uri|client_id/);
      expect(page.links('main').map((link) => link.text)).not.toContain('Browse jobs');
      // The page's title and its heading say the same, the title first saying it is an error.
      expect(page.text('title')).toBe(`Error: ${page.text('h1')} · Task-and-Directory`);
      expect(page.text('h1')).toBe('This application cannot connect');
    }
  });

  it('answers a form-only address opened as a page (405) in a person’s words, not the API’s', async () => {
    const res = await app.request<string>('GET', '/auth/logout', { headers: HTML });
    expect(res.status).toBe(405);
    expect(referenceOf(res.body)).toBe('method_not_allowed');
    expect(res.body).toContain('This address is not a page to open: it is where a form is sent.');
    expect(res.body).not.toContain('Allow header');
  });

  it.each([
    ['asking for JSON', { accept: 'application/json' }],
    ['accepting anything', { accept: '*/*' }],
  ])('keeps the JSON error body for a caller %s', async (_, headers) => {
    const res = await app.request('GET', '/nothing-here', { headers });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.body).toMatchObject({ error: 'not_found' });
  });

  it('never answers HTML at an address for programs (/api/, /mcp, /.well-known/), even to a browser or a form', async () => {
    for (const path of ['/api/v1/nothing', '/api', '/mcp', '/.well-known/webfinger', '/.well-known/nothing']) {
      for (const headers of [{ accept: 'text/html' }, { 'content-type': 'application/x-www-form-urlencoded' }] as Record<string, string>[]) {
        const res = await app.request('GET', path, { headers });
        expect(res.headers.get('content-type'), path).toMatch(/^application\/json/);
        expect(res.body, path).toMatchObject({ error: expect.any(String), message: expect.any(String) });
      }
    }
  });

  it('answers a wrong method on a page with the error page and its code', async () => {
    const res = await app.request<string>('DELETE', '/jobs', { headers: { accept: 'text/html' } });
    expect(res.status).toBe(405);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(referenceOf(res.body)).toBe('method_not_allowed');
  });

  it('names in Allow both the form a form address takes and the page its catch-all leads to', async () => {
    const res = await app.request<string>('PUT', '/my/directory/aar:nobody/destinations/dst_x/remove', { headers: { accept: 'text/html' } });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('HEAD, GET, POST');
  });

  it('answers a signed-in form from another site (csrf_failed, refused before the page) with the error page', async () => {
    const form = { rawBody: 'title=x', session: alice.session };
    const res = await app.request<string>('POST', '/account/name', {
      ...form,
      headers: { origin: 'https://elsewhere.example', 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    });
    expect(res.status).toBe(403);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(referenceOf(res.body)).toBe('csrf_failed');
    expect(res.body).toContain('This form has expired');

    const script = await app.request('POST', '/account/name', {
      ...form,
      headers: { origin: 'https://elsewhere.example', 'content-type': 'application/json', accept: 'application/json' },
    });
    expect(script.status).toBe(403);
    expect(script.body).toMatchObject({ error: 'csrf_failed' });
  });

  it('says once that a form has expired, and leads back to the page it was on to send it again', async () => {
    const pam = await signUpPerson(app, 'Pam Expired');
    const job = await app.services.jobs.create(pam.actor, { title: 'Wash the windows', outcome: 'Clean windows' });
    // A form kept open past its session's token (an old token), sent from the job's page.
    const expired = (path: string, headers: Record<string, string> = {}) =>
      app.request<string>('POST', path, {
        session: alice.session,
        headers: { ...HTML, 'content-type': 'application/x-www-form-urlencoded', ...headers },
        rawBody: new URLSearchParams({ _csrf: 'an-old-token-of-another-session', kind: 'question', message: 'Inside too?' }).toString(),
      });
    const fromPage = await expired(`/jobs/${job.id}/responses`, { referer: `${TEST_BASE_URL}/jobs/${job.id}` });
    expect(fromPage.status).toBe(403);
    const shown = parseHtml(fromPage.body);
    expect(shown.text('main h1')).toBe('This form has expired');
    expect(shown.text('main')).toContain(
      'This form has expired, or it was not sent from a page of this site, so nothing was sent. Open the form again and send it from there. What you wrote may still be on the previous page: go back to copy it first.',
    );
    expect(shown.text('main')?.match(/reload|expired/gi)).toEqual(['expired', 'expired']);
    expect(shown.links('main .actions')).toEqual([
      { href: `/jobs/${job.id}`, text: 'Open the form again' },
      { href: '/jobs', text: 'Browse jobs' },
    ]);
    // Without a Referer: the form's own address, which leads to its page.
    const bare = parseHtml((await expired(`/jobs/${job.id}/responses`)).body);
    expect(bare.links('main .actions')[0]).toEqual({ href: `/jobs/${job.id}/responses`, text: 'Open the form again' });
    expect((await app.request('GET', `/jobs/${job.id}/responses`, { headers: HTML })).headers.get('location')).toBe(`/jobs/${job.id}`);
    // A form whose address is no page (signing out), and a Referer from another site: nothing to link, so back and reload.
    const nowhere = parseHtml((await expired('/auth/logout', { referer: 'https://elsewhere.example/page' })).body);
    expect(nowhere.text('main')).toContain('Go back, reload the page and send the form again.');
    expect(nowhere.links('main').map((link) => link.text)).not.toContain('Open the form again');
    expect((await app.services.responses.listForJob(pam.actor, job.id)).total).toBe(0);
  });
});

describe('a form field sent twice', () => {
  it('is refused (400, naming the field) and nothing is changed, never read as its last copy', async () => {
    const person = await signUpPerson(app, 'Dee Twice');
    const res = await app.request<string>('POST', '/account/name', {
      session: person.principal.session,
      headers: { ...HTML, 'content-type': 'application/x-www-form-urlencoded' },
      rawBody: `_csrf=${encodeURIComponent(person.csrf)}&display_name=Dee+One&display_name=Dee+Two`,
    });
    expect(res.status).toBe(400);
    expect(referenceOf(res.body)).toBe('validation_failed');
    const [row] = await app.db.query<{ display_name: string }>('select display_name from principals where id = $1', [person.actor.principalId]);
    expect(row).toEqual({ display_name: 'Dee Twice' });
  });
});

describe('path parameters longer than any id', () => {
  const long = `job_${'x'.repeat(61)}`;

  it.each(['/jobs/', '/principals/', '/templates/', '/journal/', '/services/', '/threads/', '/directory/'])(
    'answers %s… with 400 validation_failed naming the parameter, as the API does',
    async (prefix) => {
      const res = await app.request<{ error: string; details: { path: string; message: string }[] }>('GET', `${prefix}${long}`, {
        headers: { accept: 'application/json' },
      });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('validation_failed');
      expect(res.body.details).toEqual([{ path: expect.stringMatching(/^(id|slug|address)$/), message: 'must be at most 64 characters' }]);
    },
  );

  it('shows a browser the error page, and a 64-character id is looked up as usual (not found)', async () => {
    const page = await app.request<string>('GET', `/jobs/${long}`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(400);
    expect(referenceOf(page.body)).toBe('validation_failed');
    const fits = await app.request('GET', `/jobs/${long.slice(0, 64)}`, { headers: { accept: 'application/json' } });
    expect(fits.status).toBe(404);
  });
});

describe('refusals in a person’s words', () => {
  const page = (path: string) => app.request<string>('GET', path, { headers: { accept: 'text/html' } });

  it('says there is no page at an unknown address, and no such person at an unknown profile', async () => {
    const route = parseHtml((await page('/nothing-here')).body);
    expect(route.text('main h1')).toBe('Not found');
    expect(route.text('main')).toContain('There is no page at this address.');
    const profile = await page('/principals/prn_nobody');
    expect(profile.status).toBe(404);
    expect(parseHtml(profile.body).text('main')).toContain('There is no such person on this site.');
    for (const body of [route.root.toString(), profile.body]) expect(body).not.toMatch(/No such (route|principal)/);
  });

  it('gives back a response written while the job closed, on the job page, saying it was not sent', async () => {
    const pam = await signUpPerson(app, 'Pam Closer');
    const rob = await signUpPerson(app, 'Rob Late');
    const job = await app.services.jobs.create(pam.actor, { title: 'Paint a fence', outcome: 'A painted fence' });
    await app.services.jobs.close(pam.actor, job.id);
    const res = await submitAs(app, rob, `/jobs/${job.id}/responses`, { kind: 'offer', message: 'I can paint it on Saturday.', expected_version: '1' });
    expect(res.status).toBe(409);
    const closed = parseHtml(res.body);
    expect(closed.text('main h1')).toBe('Paint a fence');
    expect(closed.text('#unsent-title')).toBe('Your response was not sent');
    expect(closed.text('main blockquote')).toBe('I can paint it on Saturday.');
    // No field is left to mark: the message is announced and takes the focus.
    const unsent = closed.one('section[aria-labelledby="unsent-title"]');
    expect([unsent.getAttribute('role'), unsent.getAttribute('tabindex'), unsent.hasAttribute('autofocus')]).toEqual(['alert', '-1', true]);
    expect((await app.services.responses.listForJob(pam.actor, job.id)).total).toBe(0);
  });

  it('gives back a response written while the job was removed, with the API’s 409, saying its poster removed it', async () => {
    const pam = await signUpPerson(app, 'Pam Remover');
    const rob = await signUpPerson(app, 'Rob Unaware');
    const job = await app.services.jobs.create(pam.actor, { title: 'Sand a floor', outcome: 'A smooth floor' });
    await app.services.jobs.remove(pam.actor, job.id);
    const sent = { kind: 'offer', message: 'I have a sander and a free Sunday.', expected_version: '1' };
    const res = await submitAs(app, rob, `/jobs/${job.id}/responses`, sent);
    // The status the API answers for the same request (409 job_closed), not the job's 410.
    expect(res.status).toBe(409);
    await expect(app.services.responses.create(rob.actor, job.id, { kind: 'offer', message: sent.message })).rejects.toMatchObject({ code: 'job_closed' });
    const removed = parseHtml(res.body);
    expect(removed.text('main h1')).toBe('Your response was not sent');
    expect(removed.text('title')).toBe('Error: Your response was not sent · Task-and-Directory');
    expect(removed.text('main')).toContain('The job was removed by its poster while you were writing, so it takes no responses. Here is your message, to keep.');
    expect(removed.text('main blockquote')).toBe('I have a sander and a free Sunday.');
    expect(removed.links('main')).toContainEqual({ href: '/jobs', text: 'Browse jobs' });
    const unsent = removed.one('section[aria-labelledby="unsent-title"]');
    expect([unsent.getAttribute('role'), unsent.getAttribute('tabindex'), unsent.hasAttribute('autofocus')]).toEqual(['alert', '-1', true]);
    expect((await app.services.responses.listForJob(pam.actor, job.id)).total).toBe(0);
  });

  it('tells someone who responded before the job was removed, on the job they may still read, that its poster removed it', async () => {
    const pam = await signUpPerson(app, 'Pam Removes Later');
    const rob = await signUpPerson(app, 'Rob Asked Before');
    const job = await app.services.jobs.create(pam.actor, { title: 'Tile a step', outcome: 'A tiled step' });
    await app.services.responses.create(rob.actor, job.id, { kind: 'question', message: 'Indoor or outdoor?' });
    await app.services.jobs.remove(pam.actor, job.id);
    const res = await submitAs(app, rob, `/jobs/${job.id}/responses`, { kind: 'offer', message: 'I can tile it.', expected_version: '1' });
    expect(res.status).toBe(409);
    const jobPage = parseHtml(res.body);
    expect(jobPage.text('main h1')).toBe('Tile a step');
    expect(jobPage.text('section[aria-labelledby="unsent-title"]')).toContain('Pam Removes Later removed this job while you were writing, so it takes no responses.');
    expect(jobPage.text('section[aria-labelledby="unsent-title"] blockquote')).toBe('I can tile it.');
  });

  it('tells a person whose session ended that they are signed out, with a sign-in link back to the page the form was on', async () => {
    const bob = await signUpPerson(app, 'Bob Stale');
    const job = await app.services.jobs.create((await signUpPerson(app, 'Pam Poster')).actor, { title: 'Fix a gate', outcome: 'A gate that shuts' });
    // Signed out in another window: the page still open carries the old session's form.
    expect((await submitAs(app, bob, '/auth/logout')).status).toBe(303);
    const res = await app.request<string>('POST', `/jobs/${job.id}/responses`, {
      session: bob.principal.session,
      headers: { ...HTML, 'content-type': 'application/x-www-form-urlencoded', referer: `${TEST_BASE_URL}/jobs/${job.id}` },
      rawBody: new URLSearchParams({ _csrf: bob.csrf, kind: 'question', message: 'Is the gate wooden?' }).toString(),
    });
    expect(res.status).toBe(401);
    const stale = parseHtml(res.body);
    expect(stale.text('main h1')).toBe('Please sign in');
    expect(stale.text('main')).toContain('You are signed out');
    expect(stale.text('main')).toContain('Nothing was sent. What you wrote may still be on the previous page');
    // The button and the link beside it share one row of actions, with the gap the site gives them.
    expect(stale.links('main .actions')).toEqual([
      { href: `/login?next=${encodeURIComponent(`/jobs/${job.id}`)}`, text: 'Sign in' },
      { href: '/', text: 'Back to the start' },
    ]);
    expect(res.body).not.toContain('bearer token');
    expect(referenceOf(res.body)).toBe('unauthenticated');

    // Without a Referer, the form's own address, which leads back to its page once signed in.
    const bare = await app.request<string>('POST', `/jobs/${job.id}/responses`, {
      headers: { ...HTML, 'content-type': 'application/x-www-form-urlencoded' },
      rawBody: 'message=x',
    });
    expect(parseHtml(bare.body).links('main')).toContainEqual({ href: `/login?next=${encodeURIComponent(`/jobs/${job.id}/responses`)}`, text: 'Sign in' });
    const reopened = await app.request('GET', `/jobs/${job.id}/responses`, { headers: HTML });
    expect(reopened.headers.get('location')).toBe(`/jobs/${job.id}`);
  });

  it('shows a browser the agents page for the grants list, which is JSON for scripts with the session cookie', async () => {
    const res = await page('/account/grants');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/account/agents');
    const signedOut = await app.request('GET', '/account/grants');
    expect(signedOut).toMatchObject({ status: 401, body: { error: 'unauthenticated' } });
  });
});
