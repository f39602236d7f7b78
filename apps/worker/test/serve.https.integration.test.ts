import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Principal, type TestApp } from '@svc/runtime/testing';
import { startServeTestApp } from './serve.ts';

/**
 * Served at an https base URL (TLS ends at a proxy in front, so the process itself speaks plain
 * http): cookies are Secure and `__Host-` prefixed, so no sibling subdomain can plant or shadow
 * them, and browsers are told to keep to https.
 */

const BASE_URL = 'https://tasks.test';
const HTML = { accept: 'text/html' };
const FORM = { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', origin: BASE_URL };
const csrfOf = (html: string) => /name="_csrf" value="([^"]+)"/.exec(html)?.[1];
/** A Set-Cookie header's name and its attributes without values (`expires` aside), in order of name. */
const cookieShape = (header: string) => {
  const [pair, ...attributes] = header.split(/;\s*/);
  return { name: pair!.split('=')[0], attributes: attributes.map((a) => a.split('=')[0]!.toLowerCase()).sort() };
};

let app: TestApp;
let person: Principal;
beforeAll(async () => {
  app = await startServeTestApp({ baseUrl: BASE_URL });
  person = await app.signUp('Secure Person');
});
afterAll(() => app?.close());

describe('over https', () => {
  it('tells browsers to keep to https, on pages and API answers alike', async () => {
    for (const path of ['/', '/api/v1/jobs', '/api/v1/no-such-route']) {
      const res = await app.request('GET', path, { headers: path === '/' ? HTML : {} });
      expect(res.headers.get('strict-transport-security'), path).toBe('max-age=31536000');
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
    }
  });

  it('signs in with a Secure __Host- session cookie for the whole site and no Domain', async () => {
    const form = await app.request<string>('GET', '/login', { headers: HTML });
    const csrfCookie = form.headers.get('set-cookie') ?? '';
    expect(cookieShape(csrfCookie)).toEqual({ name: '__Host-svc_csrf', attributes: ['httponly', 'path', 'samesite', 'secure'] });
    expect(csrfCookie).toMatch(/; path=\/(;|$)/);
    const res = await app.request<string>('POST', '/auth/login', {
      headers: { ...FORM, cookie: csrfCookie.split(';')[0]! },
      rawBody: new URLSearchParams({ _csrf: csrfOf(form.body)!, email: person.email, password: 'correct horse battery' }).toString(),
    });
    expect(res.status).toBe(303);
    const cookies = res.headers.getSetCookie();
    const session = cookies.find((cookie) => cookie.startsWith('__Host-svc_session='))!;
    // Every other cookie set on the way (the next page's notice) is Secure too.
    for (const cookie of cookies) expect(cookieShape(cookie).attributes, cookie).toContain('secure');
    // No Domain: the browser keeps it for this host alone.
    expect(cookieShape(session)).toEqual({ name: '__Host-svc_session', attributes: ['expires', 'httponly', 'path', 'samesite', 'secure'] });
    expect(session).toMatch(/; path=\/(;|$)/);
    expect(session).toMatch(/; samesite=lax(;|$)/);
    const me = await app.request('GET', '/api/v1/me', { headers: { cookie: session.split(';')[0]! } });
    expect(me.status).toBe(200);
    expect(me.body.principal.principal_id).toBe(person.id);
  });

  it('takes no session from a cookie without the prefix, which any subdomain could have set', async () => {
    const res = await app.request('GET', '/api/v1/me', { headers: { cookie: `svc_session=${person.session}` } });
    expect(res.status).toBe(401);
  });

  it('ignores an anonymous CSRF cookie planted without the prefix, and mints its own', async () => {
    const planted = 'planted-by-a-sibling-subdomain-0123456789';
    const form = await app.request<string>('GET', '/login', { headers: { ...HTML, cookie: `svc_csrf=${planted}` } });
    const token = csrfOf(form.body)!;
    expect(token).not.toBe(planted);
    expect(form.headers.get('set-cookie')).toContain(`__Host-svc_csrf=${token}`);
    const forged = await app.request<string>('POST', '/auth/login', {
      headers: { ...FORM, cookie: `svc_csrf=${planted}` },
      rawBody: new URLSearchParams({ _csrf: planted, email: person.email, password: 'correct horse battery' }).toString(),
    });
    expect(forged.status).toBe(403);
    expect(forged.body).toContain('csrf_failed');
  });
});
