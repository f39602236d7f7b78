import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '@svc/runtime/testing';
import { HTML, signUpPerson, startWebTestApp, submitAs, viewAs, type Person } from './app.ts';
import { parseHtml } from './html.ts';

/**
 * The address bar after a refused form shows the address it was posted to. Opening that address
 * again (a reload, the back button, a bookmark) asks for it with GET, and must lead to the page with
 * the form, never to a "method not allowed" page. The website alone, on PostgreSQL.
 */

let app: TestApp;
let pat: Person;

beforeAll(async () => {
  app = await startWebTestApp();
  pat = await signUpPerson(app, 'Pat Person');
});
afterAll(() => app?.close());

/** A signed-out browser: the CSRF cookie and token a sign-up page hands out, then the form posted with them. */
const signedOutPost = async (path: string, fields: Record<string, string>) => {
  const form = await app.request<string>('GET', '/signup', { headers: HTML });
  const token = parseHtml(form.body).csrf();
  const cookie = form.headers.get('set-cookie')!.match(/svc_csrf=[^;]+/)![0];
  return app.request<string>('POST', path, {
    headers: { ...HTML, cookie, 'content-type': 'application/x-www-form-urlencoded' },
    rawBody: new URLSearchParams({ _csrf: token, ...fields }).toString(),
  });
};

describe('opening a form’s address again', () => {
  it('after a refused sign-up, /auth/signup leads back to the sign-up form, keeping where to go next', async () => {
    const refused = await signedOutPost('/auth/signup?next=%2Fjobs%2Fnew', { display_name: 'Ada', email: 'not an address', password: 'short', next: '/jobs/new' });
    expect(refused.status).toBe(400);
    // The refused form posts to an address that carries `next`, so the address bar keeps it too.
    expect(refused.body).toContain('action="/auth/signup?next=%2Fjobs%2Fnew"');

    const again = await app.request<string>('GET', '/auth/signup?next=%2Fjobs%2Fnew', { headers: HTML });
    expect(again.status).toBe(302);
    expect(again.headers.get('location')).toBe('/signup?next=%2Fjobs%2Fnew');
    const form = await app.request<string>('GET', again.headers.get('location')!, { headers: HTML });
    expect(form.status).toBe(200);
    const page = parseHtml(form.body);
    expect(page.text('h1')).toBe('Sign up');
    expect(page.attr('input[name="next"]', 'value')).toBe('/jobs/new');
    // Nothing typed travels in the address, least of all a password.
    expect(again.headers.get('location')).not.toMatch(/short|not an address/);
  });

  it('after a refused sign-in, /auth/login leads back to the sign-in form', async () => {
    const refused = await signedOutPost('/auth/login', { email: 'nobody@example.test', password: 'wrong wrong wrong' });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    const again = await app.request<string>('GET', '/auth/login', { headers: HTML });
    expect(again.status).toBe(302);
    expect(again.headers.get('location')).toBe('/login');
    expect(parseHtml((await app.request<string>('GET', '/login', { headers: HTML })).body).text('h1')).toBe('Sign in');
  });

  it('leads every other address a form posts to, where a refusal or an error page can show, to the page with that form', async () => {
    const job = await app.services.jobs.create(pat.actor, { title: 'A job with a form', outcome: 'A plan' });
    const offer = await app.services.offers.create(pat.actor, { title: 'An offer with a form', role: 'planner', industry: 'events', contact_url: 'https://planner.example/contact' });
    const thread = await app.services.threads.create(pat.actor, { title: 'A thread with forms' });
    const entry = await app.services.threads.addEntry(pat.actor, thread.id, { kind: 'update', text: 'First words' });
    const item = await app.services.threads.addItem(pat.actor, thread.id, { text: 'Book the hall' });
    const cases: [string, string][] = [
      ['/account/name', '/account'],
      ['/account/password', '/account'],
      ['/account/recovery-code', '/account'],
      ['/connect/approve', '/connect'],
      ['/reports', '/site-feedback'],
      [`/jobs/${job.id}/responses`, `/jobs/${job.id}`],
      [`/jobs/${job.id}/close`, `/jobs/${job.id}`],
      [`/services/${offer.id}/feedback`, `/services/${offer.id}#feedback-title`],
      [`/services/${offer.id}/pause`, `/services/${offer.id}`],
      [`/threads/${thread.id}/summary`, `/threads/${thread.id}`],
      [`/threads/${thread.id}/title`, `/threads/${thread.id}`],
      [`/threads/${thread.id}/entries`, `/threads/${thread.id}`],
      [`/threads/${thread.id}/entries/${entry.id}`, `/threads/${thread.id}#${entry.id}`],
      [`/threads/${thread.id}/checklist`, `/threads/${thread.id}`],
      [`/threads/${thread.id}/checklist/${item.id}/tick`, `/threads/${thread.id}`],
      [`/threads/${thread.id}/invites`, `/threads/${thread.id}`],
      [`/threads/${thread.id}/archive`, `/threads/${thread.id}`],
    ];
    for (const [path, page] of cases) {
      const res = await viewAs(app, pat, path);
      expect(res.status, path).toBe(302);
      expect(res.headers.get('location'), path).toBe(page);
      const shown = await viewAs(app, pat, page.split('#')[0]!);
      expect(shown.status, page).toBe(200);
    }
    // A directory entry's forms lead to its manage page, however deep their address.
    const deep = await viewAs(app, pat, '/my/directory/aar:pat-person/destinations/dst_1');
    expect(deep.status).toBe(302);
    expect(deep.headers.get('location')).toBe('/my/directory/aar:pat-person');
    // Nothing changed by asking: the job is open, the offer active, the thread open.
    expect((await app.services.jobs.get(job.id)).status).toBe('open');
    expect((await app.services.offers.get(offer.id)).status).toBe('active');
    expect((await app.services.threads.get(pat.actor, thread.id)).status).toBe('open');
  });

  it('keeps the confirmation pages that share an address with their change', async () => {
    const thread = await app.services.threads.create(pat.actor, { title: 'Keep my confirmation' });
    const res = await viewAs(app, pat, `/threads/${thread.id}/delete`);
    expect(res.status).toBe(200);
    expect(parseHtml(res.body).text('h1')).toBe('Delete “Keep my confirmation” for good?');
    // And a refused thread form still answers on its own address, as before.
    const refused = await submitAs(app, pat, `/threads/${thread.id}/entries`, { kind: 'update', entry_text: '   ' });
    expect(refused.status).toBe(400);
  });
});
