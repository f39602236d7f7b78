import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Principal, type TestApp } from '@svc/runtime/testing';
import { startServeTestApp } from './serve.ts';

/** The website's protections over HTTP: headers on every page, a CSRF token on every form, no JSON behind a person's links. */

let app: TestApp;
let person: Principal;
beforeAll(async () => {
  app = await startServeTestApp();
  person = await app.signUp('Careful Person');
});
afterAll(() => app?.close());

const HTML = { accept: 'text/html' };
const FORM = { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' };
const csrfOf = (html: string) => /name="_csrf" value="([^"]+)"/.exec(html)?.[1];
/** The same token with its last character changed: right length and alphabet, wrong value. */
const otherThan = (token: string) => token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');

describe('security headers', () => {
  it.each(['/', '/jobs', '/agents', '/signup', '/login', '/templates/birthday-party', '/jobs/job_unknown00000000000000000000'])(
    'are on %s',
    async (path) => {
      const res = await app.request('GET', path, { headers: HTML });
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe-inline');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('same-origin');
    },
  );

  it('serves the CSS base, our stylesheet, script and icon from our own origin', async () => {
    for (const [path, type] of [['/assets/pico.min.css', 'text/css'], ['/assets/site.css', 'text/css'], ['/assets/site.js', 'text/javascript'], ['/favicon.svg', 'image/svg+xml']]) {
      const res = await app.request('GET', path!);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain(type!);
    }
    const home = (await app.request<string>('GET', '/', { headers: HTML })).body;
    expect(home).not.toMatch(/<script>|style="|https?:\/\/(?!tasks\.test)[a-z.]+\/.*\.(css|js)/);
  });

  it('links a person to HTML pages, never JSON, from the home page', async () => {
    const home = (await app.request<string>('GET', '/', { headers: HTML })).body;
    expect(home).toContain('href="/jobs"');
    expect(home).not.toContain('href="/api/v1/jobs"');
    const jobs = await app.request('GET', '/jobs', { headers: HTML });
    expect(jobs.headers.get('content-type')).toMatch(/^text\/html/);
  });
});

describe('forms', () => {
  it('puts the session’s CSRF token in every form and refuses a form post without it', async () => {
    const account = await app.request<string>('GET', '/account', { session: person.session, headers: HTML });
    const token = csrfOf(account.body);
    expect(token).toMatch(/^csrf_/);
    const refused = await app.request<string>('POST', '/account/name', { session: person.session, headers: FORM, rawBody: 'display_name=Hijacked' });
    expect(refused.status).toBe(403);
    expect(refused.body).toContain('csrf_failed');
    const accepted = await app.request('POST', '/account/name', {
      session: person.session,
      headers: FORM,
      rawBody: new URLSearchParams({ _csrf: token!, display_name: 'Careful Person' }).toString(),
    });
    expect(accepted.status).toBe(303);
  });

  it('refuses a form whose token is present but not this session’s, and changes nothing', async () => {
    const other = await app.signUp('Other Person');
    const othersToken = csrfOf((await app.request<string>('GET', '/account', { session: other.session, headers: HTML })).body)!;
    const res = await app.request<string>('POST', '/account/name', {
      session: person.session,
      headers: FORM,
      rawBody: new URLSearchParams({ _csrf: othersToken, display_name: 'Hijacked' }).toString(),
    });
    expect(res.status).toBe(403);
    expect(res.body).toContain('csrf_failed');
    const [row] = await app.db.query<{ display_name: string }>('select display_name from principals where id = $1', [person.id]);
    expect(row!.display_name).not.toBe('Hijacked');
  });

  it('refuses a signed-out form whose token is not the one in its cookie', async () => {
    const form = await app.request<string>('GET', '/login', { headers: HTML });
    const cookie = /svc_csrf=[^;]+/.exec(form.headers.get('set-cookie')!)![0];
    const res = await app.request<string>('POST', '/auth/login', {
      headers: { ...FORM, cookie },
      rawBody: new URLSearchParams({ _csrf: otherThan(csrfOf(form.body)!), email: person.email, password: 'correct horse battery' }).toString(),
    });
    expect(res.status).toBe(403);
    expect(res.headers.getSetCookie().some((c) => c.startsWith('svc_session='))).toBe(false);
  });

  it('gives signed-out visitors a token for the sign-in form, kept in a cookie', async () => {
    const form = await app.request<string>('GET', '/login', { headers: HTML });
    const token = csrfOf(form.body);
    const cookie = form.headers.get('set-cookie') ?? '';
    expect(cookie).toContain(`svc_csrf=${token}`);
    const forged = await app.request<string>('POST', '/auth/login', { headers: FORM, rawBody: `email=${person.email}&password=x` });
    expect(forged.status).toBe(403);
  });

  it('re-renders a refused sign-up with the values and the error beside the field, keeping next', async () => {
    const form = await app.request<string>('GET', '/signup?next=/connect%3Fuser_code%3DABCD-EFGH', { headers: HTML });
    expect(form.body).toContain('href="/login?next=%2Fconnect%3Fuser_code%3DABCD-EFGH"');
    const token = csrfOf(form.body)!;
    const cookie = /svc_csrf=[^;]+/.exec(form.headers.get('set-cookie')!)![0];
    const res = await app.request<string>('POST', '/auth/signup', {
      headers: { ...FORM, cookie },
      rawBody: new URLSearchParams({ _csrf: token, display_name: 'Newcomer', email: 'new@example.test', password: 'short', next: '/connect?user_code=ABCD-EFGH' }).toString(),
    });
    expect(res.status).toBe(400);
    expect(res.body).toContain('value="Newcomer"');
    expect(res.body).toContain('id="f-password-error"');
    expect(res.body).toContain('value="/connect?user_code=ABCD-EFGH"');
    expect(res.body).not.toContain('value="short"');
  });

  it('answers someone else’s job editor with not_owner, as the API would', async () => {
    const owner = await app.signUp('Owner');
    const { token } = await app.agentToken(owner, ['jobs:write']);
    const job = (await app.request('POST', '/api/v1/jobs', { token, body: { title: 'Not yours' } })).body;
    const res = await app.request<string>('GET', `/jobs/${job.id}/edit`, { session: person.session, headers: HTML });
    expect(res.status).toBe(403);
    expect(res.body).toContain('not_owner');
  });
});
