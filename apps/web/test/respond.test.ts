import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '@svc/kernel';
import { page, signInFirst, wantsHtml } from '../src/http/respond.ts';
import { HTML, refusal, serveWeb, SESSION_CSRF_HEADER, type WebEdge } from './web-edge.ts';
import { parseHtml } from './html.ts';

// How the website answers a refusal: browsers get a readable page with the same status and code,
// scripts and every /api/ path keep the JSON error body; and who gets sent to sign in first.

const JSON_ACCEPT = { accept: 'application/json' };
const URLENCODED = 'application/x-www-form-urlencoded';

let web: WebEdge;
beforeAll(async () => {
  web = await serveWeb((router) => {
    router.get(
      '/refused/:code',
      page((ctx) => {
        const retryAfter = ctx.query.retry_after === undefined ? {} : { retry_after: Number(ctx.query.retry_after) };
        throw new DomainError(ctx.params.code as never, 'Refused here.', retryAfter);
      }),
    );
    router.get(
      '/broken',
      page(() => {
        throw new TypeError('a bug');
      }),
    );
    router.get(
      '/items/:id{/:part}',
      page((ctx) => {
        ctx.body = 'found';
      }),
    );
    router.post('/kind', (ctx) => {
      ctx.body = wantsHtml(ctx) ? 'html' : 'json';
    });
    router.get('/mine', (ctx) => {
      if (signInFirst(ctx)) return;
      ctx.body = 'your page';
    });
  });
});
afterAll(() => web.close());

const get = (path: string, headers: Record<string, string> = HTML) => fetch(`${web.url}${path}`, { headers, redirect: 'manual' });

describe('a refusal inside a page', () => {
  it.each([
    ['not_found', 404, 'Not found'],
    ['unauthenticated', 401, 'Please sign in'],
    ['csrf_failed', 403, 'This form has expired'],
    ['removed', 410, 'This has been removed'],
  ])('%s is a page with status %i for a browser, titled as its heading says, and the JSON body for a script', async (code, status, title) => {
    const browser = await get(`/refused/${code}`);
    expect(browser.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await refusal(browser.clone())).toEqual({ status, code });
    // The raw bytes on purpose: the doctype must open the answer, and a parsed tree does not show it.
    const html = await browser.text();
    expect(html).toMatch(/^<!doctype html>/);
    const shown = parseHtml(html);
    expect(shown.text('title')).toBe(`Error: ${title} · Task-and-Directory`);
    expect(shown.text('h1')).toBe(title);
    const script = await get(`/refused/${code}`, JSON_ACCEPT);
    expect(await script.json()).toEqual({ error: code, message: 'Refused here.' });
    expect(script.status).toBe(status);
  });

  it.each([
    ['rate_limited', 429],
    ['busy', 503],
  ])('%s says when to come back (Retry-After), on the page as in the JSON answer', async (code, status) => {
    for (const headers of [HTML, JSON_ACCEPT]) {
      const answer = await get(`/refused/${code}?retry_after=30`, headers);
      expect(answer.status).toBe(status);
      expect(answer.headers.get('retry-after')).toBe('30');
    }
    expect((await get(`/refused/${code}`)).headers.get('retry-after')).toBeNull();
  });

  it('a bug is a 500 internal_error, never a page that names the bug', async () => {
    expect(await refusal(await get('/broken', JSON_ACCEPT))).toEqual({ status: 500, code: 'internal_error' });
    const browser = await get('/broken');
    expect(await refusal(browser.clone())).toEqual({ status: 500, code: 'internal_error' });
    expect(await browser.text()).not.toContain('a bug');
  });
});

describe('a path parameter longer than any id', () => {
  it('is refused before the page looks it up: 400 validation_failed naming the parameter', async () => {
    const answer = await get(`/items/${'a'.repeat(65)}`, JSON_ACCEPT);
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ error: 'validation_failed', details: [{ path: 'id', message: 'must be at most 64 characters' }] });
    expect(await refusal(await get(`/items/ok/${'b'.repeat(65)}`))).toEqual({ status: 400, code: 'validation_failed' });
  });

  it('is counted in characters: 64 of them pass, emoji included, and an absent optional one is no problem', async () => {
    for (const path of [`/items/${'a'.repeat(64)}`, `/items/${encodeURIComponent('🎈'.repeat(64))}`, '/items/ok', `/items/ok/${'b'.repeat(64)}`]) {
      const answer = await get(path);
      expect(answer.status, path).toBe(200);
      expect(await answer.text()).toBe('found');
    }
  });
});

describe('an error no page caught', () => {
  it('is the error page for a browser, with the website headers', async () => {
    const answer = await get('/nowhere');
    expect(await refusal(answer.clone())).toEqual({ status: 404, code: 'not_found' });
    expect(await answer.clone().text()).toMatch(/^<!doctype html>/); // raw bytes: the doctype opens the answer
    expect(answer.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(answer.headers.get('x-frame-options')).toBe('DENY');
  });

  it.each(['/api', '/api/v1/nothing'])('under %s stays the JSON error body, even for a browser', async (path) => {
    const answer = await get(path);
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await refusal(answer)).toEqual({ status: 404, code: 'not_found' });
  });

  it('is a page under a path that only starts like the API (/apiary)', async () => {
    const answer = await get('/apiary');
    expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await refusal(answer.clone())).toEqual({ status: 404, code: 'not_found' });
    expect(await answer.text()).toMatch(/^<!doctype html>/); // raw bytes: the doctype opens the answer
  });

  it('stays the JSON error body for a caller asking for JSON', async () => {
    const answer = await get('/nowhere', JSON_ACCEPT);
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(answer.headers.get('x-frame-options')).toBeNull();
  });
});

describe('who is a browser', () => {
  it.each([
    ['a form post, whatever it accepts', { 'content-type': URLENCODED, accept: 'application/json' }, 'html'],
    ['a form post with a charset', { 'content-type': `${URLENCODED}; charset=utf-8`, accept: 'application/json' }, 'html'],
    ['a caller asking for HTML', { 'content-type': 'application/json', accept: 'text/html' }, 'html'],
    ['a caller asking for JSON', { 'content-type': 'application/json', accept: 'application/json' }, 'json'],
    ['a caller taking anything', { 'content-type': 'application/json', accept: '*/*' }, 'json'],
  ])('%s', async (_, headers, kind) => {
    expect(await (await fetch(`${web.url}/kind`, { method: 'POST', headers, body: 'a=1' })).text()).toBe(kind);
  });
});

describe('a page for signed-in people', () => {
  it('sends a signed-out visitor to sign in, and back to the same address afterwards', async () => {
    const answer = await get('/mine?tab=open&q=a%20b');
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe(`/login?next=${encodeURIComponent('/mine?tab=open&q=a%20b')}`);
    // The page itself stops there: nothing of it travels in the redirect.
    expect(await answer.text()).not.toContain('your page');
  });

  it('shows itself to a signed-in person', async () => {
    const answer = await get('/mine', { ...HTML, [SESSION_CSRF_HEADER]: 'token' });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe('your page');
  });
});
