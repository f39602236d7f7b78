import { createElement } from 'preact';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DomainError } from '@svc/kernel';
import type { Services } from '@svc/runtime';
import { page } from '../src/http/respond.ts';
import { websiteHeaders } from '../src/http/security.ts';
import { usePageEnv } from '../src/kit/env.ts';
import { renderPage } from '../src/kit/render.tsx';
import { HTML, PERSON, refusal, serveWeb, SESSION_CSRF_HEADER, type WebEdge } from './web-edge.ts';
import { parseHtml } from './html.ts';

// Every website answer, error pages included, forbids inline script, framing and foreign sources,
// and a page shows the service clock's date and, to a signed-in person, the navigation's counts.

const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; " +
  "form-action 'self'; frame-ancestors 'none'; base-uri 'none'; object-src 'none'";

const NOW = new Date('2031-05-06T07:08:09Z');
const Today = () => createElement('p', { id: 'today' }, usePageEnv().now.toISOString());

let web: WebEdge;
const navigation = vi.fn(async (_principalId: string) => ({ responses_waiting: 3, invitations_waiting: 0 }));
beforeAll(async () => {
  const services = { clock: { now: () => NOW }, navigation: { of: navigation } } as unknown as Services;
  web = await serveWeb((router) => {
    router.use(websiteHeaders(services));
    router.get('/page', (ctx) => renderPage(ctx, { title: 'A page', description: 'A page.', body: createElement(Today, null) }));
    router.get('/download', (ctx) => {
      ctx.body = 'a,b';
    });
    router.get('/refused', () => {
      throw new DomainError('not_owner', 'Not yours.');
    });
    router.get(
      '/refused-page',
      page(() => {
        throw new DomainError('not_owner', 'Not yours.');
      }),
    );
  });
});
afterAll(() => web.close());

const get = (path: string, headers: Record<string, string> = HTML) => fetch(`${web.url}${path}`, { headers });

const expectWebsiteHeaders = (answer: Response) => {
  expect(answer.headers.get('content-security-policy')).toBe(CSP);
  expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  expect(answer.headers.get('referrer-policy')).toBe('same-origin');
  expect(answer.headers.get('x-frame-options')).toBe('DENY');
};

describe('the website headers', () => {
  it.each(['/page', '/download'])('are on %s', async (path) => {
    const answer = await get(path);
    expect(answer.status).toBe(200);
    expectWebsiteHeaders(answer);
  });

  it('are on an error page, the status and code kept', async () => {
    const answer = await get('/refused');
    expectWebsiteHeaders(answer);
    expect(await refusal(answer)).toEqual({ status: 403, code: 'not_owner' });
  });

  it('are on an unknown address answered outside the routes', async () => {
    const answer = await get('/nowhere');
    expectWebsiteHeaders(answer);
    expect(await refusal(answer)).toEqual({ status: 404, code: 'not_found' });
  });
});

describe('a page', () => {
  it("dates things by the service clock's now", async () => {
    expect(parseHtml(await (await get('/page')).text()).text('p#today')).toBe(NOW.toISOString());
  });

  it("shows a signed-in person the navigation's counts, read once for the page", async () => {
    navigation.mockClear();
    const html = await (await get('/page', { ...HTML, [SESSION_CSRF_HEADER]: 'token' })).text();
    expect(navigation).toHaveBeenCalledExactlyOnceWith(PERSON.principalId);
    expect(html).toContain('(3 active responses on your open jobs)');
  });

  it("shows them on a page's own error page too", async () => {
    const answer = await get('/refused-page', { ...HTML, [SESSION_CSRF_HEADER]: 'token' });
    const html = await answer.clone().text();
    expect(await refusal(answer)).toEqual({ status: 403, code: 'not_owner' });
    expect(html).toContain('(3 active responses on your open jobs)');
  });

  it('is kept by no cache and never shown again by Back when drawn for a signed-in person (its error pages too)', async () => {
    for (const path of ['/page', '/refused-page']) {
      const answer = await get(path, { ...HTML, [SESSION_CSRF_HEADER]: 'token' });
      expect(answer.headers.get('cache-control'), path).toBe('private, no-store');
    }
    // What anyone may see is left to the browser.
    expect((await get('/page')).headers.get('cache-control')).toBeNull();
  });

  it('reads no counts for a signed-out visitor or an answer that is not a page', async () => {
    navigation.mockClear();
    await get('/page');
    await get('/download', { ...HTML, [SESSION_CSRF_HEADER]: 'token' });
    expect(navigation).not.toHaveBeenCalled();
  });
});
