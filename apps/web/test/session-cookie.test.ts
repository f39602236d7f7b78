import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Services } from '@svc/runtime';
import { clearSessionCookie, sessionIdOf, setSessionCookie } from '../src/http/session-cookie.ts';
import { registerAuthRoutes } from '../src/routes/auth.routes.tsx';
import { FORM, form, serveWeb, SESSION_CSRF_HEADER, type WebEdge } from './web-edge.ts';

// The session cookie a browser keeps: httpOnly, SameSite=Lax, for the whole site; under an https
// BASE_URL Secure and named `__Host-svc_session`, which no sibling subdomain can set or shadow.

const session = { sessionId: 'session-id-1', csrfToken: 'csrf', expiresAt: new Date('2030-01-01T00:00:00Z'), principal: { principal_id: 'p-1', display_name: 'Ada' } };

describe.each([
  { baseUrl: 'http://localhost:3000', https: false, name: 'svc_session', other: '__Host-svc_session', attributes: 'samesite=lax; httponly' },
  { baseUrl: 'https://tasks.example', https: true, name: '__Host-svc_session', other: 'svc_session', attributes: 'samesite=lax; secure; httponly' },
])('the session cookie under $baseUrl', ({ baseUrl, https, name, other, attributes }) => {
  let web: WebEdge;
  const logout = vi.fn(async (_sessionId: string) => {});
  beforeAll(async () => {
    web = await serveWeb(
      (router) => {
        router.get('/sign-in', (ctx) => {
          setSessionCookie(ctx, baseUrl, session);
          ctx.body = 'signed in';
        });
        router.get('/sign-in-twice', (ctx) => {
          setSessionCookie(ctx, baseUrl, { ...session, sessionId: 'first' });
          setSessionCookie(ctx, baseUrl, session);
          ctx.body = 'signed in';
        });
        router.get('/sign-out', (ctx) => {
          clearSessionCookie(ctx, baseUrl);
          ctx.body = 'signed out';
        });
        router.get('/held', (ctx) => {
          ctx.body = sessionIdOf(ctx, baseUrl) ?? '(none)';
        });
        registerAuthRoutes(router, { access: { accounts: { logout } }, baseUrl } as unknown as Services);
      },
      { https },
    );
  });
  afterAll(() => web.close());

  it(`is set as ${name}, until the session expires`, async () => {
    const answer = await fetch(`${web.url}/sign-in`);
    expect(answer.headers.getSetCookie()).toEqual([`${name}=session-id-1; path=/; expires=Tue, 01 Jan 2030 00:00:00 GMT; ${attributes}`]);
  });

  it('is set once when an answer signs in twice: the last session wins', async () => {
    const answer = await fetch(`${web.url}/sign-in-twice`);
    expect(answer.headers.getSetCookie()).toEqual([`${name}=session-id-1; path=/; expires=Tue, 01 Jan 2030 00:00:00 GMT; ${attributes}`]);
  });

  it('is cleared under the same name and attributes', async () => {
    const answer = await fetch(`${web.url}/sign-out`);
    expect(answer.headers.getSetCookie()).toEqual([`${name}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT; ${attributes}`]);
  });

  it(`is read from ${name} only, never from ${other}`, async () => {
    expect(await (await fetch(`${web.url}/held`, { headers: { cookie: `${name}=mine` } })).text()).toBe('mine');
    expect(await (await fetch(`${web.url}/held`, { headers: { cookie: `${other}=planted` } })).text()).toBe('(none)');
  });

  it('signing out ends the session the browser holds, and clears its cookie', async () => {
    logout.mockClear();
    const answer = await fetch(`${web.url}/auth/logout`, {
      method: 'POST',
      redirect: 'manual',
      headers: { ...FORM, [SESSION_CSRF_HEADER]: 'token', cookie: `${name}=session-id-1` },
      body: form({ _csrf: 'token' }),
    });
    expect(answer.status).toBe(303);
    expect(logout).toHaveBeenCalledExactlyOnceWith('session-id-1');
    expect(answer.headers.getSetCookie()).toContain(`${name}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT; ${attributes}`);
  });
});
