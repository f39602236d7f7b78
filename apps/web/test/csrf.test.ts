import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csrfTokenFor } from '../src/http/csrf.ts';
import { page, readInput } from '../src/http/respond.ts';
import { FORM, form, JSON_BODY, refusal, serveWeb, SESSION_CSRF_HEADER, type WebEdge } from './web-edge.ts';
import { parseHtml } from './html.ts';

// A form carries the visitor's CSRF token: the session's own when signed in, before that a random
// value also kept in a cookie. A post from another site cannot know it and is refused (403 csrf_failed).

const routes = (https: boolean) =>
  serveWeb(
    (router) => {
      router.get('/token', (ctx) => {
        ctx.body = csrfTokenFor(ctx);
      });
      router.get('/token-twice', (ctx) => {
        csrfTokenFor(ctx);
        ctx.body = csrfTokenFor(ctx);
      });
      router.post(
        '/form',
        page(async (ctx) => {
          ctx.body = await readInput(ctx);
        }),
      );
    },
    { https },
  );

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{32}$/;

describe.each([
  { scheme: 'http', https: false, cookie: 'svc_csrf', other: '__Host-svc_csrf', attributes: 'path=/; samesite=strict; httponly' },
  { scheme: 'https', https: true, cookie: '__Host-svc_csrf', other: 'svc_csrf', attributes: 'path=/; samesite=strict; secure; httponly' },
])('the signed-out form token over $scheme', ({ https, cookie, other, attributes }) => {
  let web: WebEdge;
  beforeAll(async () => {
    web = await routes(https);
  });
  afterAll(() => web.close());

  const getToken = (cookies = '') => fetch(`${web.url}/token`, { headers: cookies ? { cookie: cookies } : {} });
  const post = (fields: Record<string, string>, cookies: string, headers: Record<string, string> = FORM) =>
    fetch(`${web.url}/form`, { method: 'POST', headers: { ...headers, cookie: cookies }, body: form(fields) });

  it(`is a fresh random value in an httpOnly, SameSite=Strict cookie named ${cookie}`, async () => {
    const [first, second] = [await getToken(), await getToken()];
    const token = await first.text();
    expect(token).toMatch(TOKEN_SHAPE);
    expect(first.headers.getSetCookie()).toEqual([`${cookie}=${token}; ${attributes}`]);
    expect(await second.text()).not.toBe(token);
  });

  it('is one cookie per answer, the token last handed out, however often a page asks', async () => {
    const answer = await fetch(`${web.url}/token-twice`);
    expect(answer.headers.getSetCookie()).toEqual([`${cookie}=${await answer.text()}; ${attributes}`]);
  });

  it('is the cookie already held when it has the shape of one: no new cookie', async () => {
    for (const held of ['A'.repeat(20), 'z'.repeat(100), 'Az09_-Az09_-Az09_-Az09_-']) {
      const answer = await getToken(`${cookie}=${held}`);
      expect(await answer.text()).toBe(held);
      expect(answer.headers.getSetCookie()).toEqual([]);
    }
  });

  it('replaces a held cookie that is too short, too long or holds other characters', async () => {
    for (const held of ['A'.repeat(19), 'A'.repeat(101), `${'A'.repeat(24)}.`, `.${'A'.repeat(24)}`, `${'A'.repeat(12)}+${'A'.repeat(12)}`]) {
      const answer = await getToken(`${cookie}=${held}`);
      const token = await answer.text();
      expect(token, held).toMatch(TOKEN_SHAPE);
      expect(answer.headers.getSetCookie()).toEqual([`${cookie}=${token}; ${attributes}`]);
    }
  });

  it(`ignores a token in the ${other} cookie`, async () => {
    const held = 'B'.repeat(32);
    expect(await (await getToken(`${other}=${held}`)).text()).not.toBe(held);
    expect(await refusal(await post({ _csrf: held }, `${other}=${held}`))).toEqual({ status: 403, code: 'csrf_failed' });
  });

  it('takes a form whose _csrf is the cookie, and hands the route its other fields', async () => {
    const held = 'C'.repeat(32);
    const answer = await post({ _csrf: held, title: 'Fix the fence' }, `${cookie}=${held}`, { ...FORM, accept: 'application/json' });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ title: 'Fix the fence' });
  });

  it.each([
    ['a different token of the same length', { _csrf: 'D'.repeat(32) }],
    ['a longer token starting with the right one', { _csrf: `${'C'.repeat(32)}C` }],
    ['an empty token', { _csrf: '' }],
    ['no token', {}],
  ])('refuses a form with %s: 403 csrf_failed, as a page for a browser', async (_, fields) => {
    const answer = await post({ ...fields, title: 'x' }, `${cookie}=${'C'.repeat(32)}`);
    expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await refusal(answer.clone())).toEqual({ status: 403, code: 'csrf_failed' });
    // Said once; this form's address has no page to open again (and no Referer names one), so: back and reload.
    const main = parseHtml(await answer.text()).text('main');
    expect(main).toContain('This form has expired, or it was not sent from a page of this site, so nothing was sent. Go back, reload the page and send the form again.');
    expect(main?.match(/reload/gi)).toHaveLength(1);
  });

  it('refuses a form when the browser holds no token at all, whatever it sends', async () => {
    expect(await refusal(await post({ _csrf: 'undefined' }, ''))).toEqual({ status: 403, code: 'csrf_failed' });
  });
});

describe('the form token of a signed-in person', () => {
  let web: WebEdge;
  beforeAll(async () => {
    web = await routes(false);
  });
  afterAll(() => web.close());

  const session = 'S'.repeat(32);
  const anonymous = 'A'.repeat(32);

  it("is the session's own token, with no cookie of its own", async () => {
    const answer = await fetch(`${web.url}/token`, { headers: { [SESSION_CSRF_HEADER]: session, cookie: `svc_csrf=${anonymous}` } });
    expect(await answer.text()).toBe(session);
    expect(answer.headers.getSetCookie()).toEqual([]);
  });

  it("takes the session's token and refuses the signed-out cookie's", async () => {
    const post = (token: string) =>
      fetch(`${web.url}/form`, {
        method: 'POST',
        headers: { ...FORM, accept: 'application/json', [SESSION_CSRF_HEADER]: session, cookie: `svc_csrf=${anonymous}` },
        body: form({ _csrf: token, name: 'Ada' }),
      });
    expect((await post(session)).status).toBe(200);
    expect(await refusal(await post(anonymous))).toEqual({ status: 403, code: 'csrf_failed' });
  });

  it('reads a JSON body without a form token (scripts answer to the Origin check of the actor step)', async () => {
    const answer = await fetch(`${web.url}/form`, { method: 'POST', headers: { ...JSON_BODY, [SESSION_CSRF_HEADER]: session }, body: '{"name":"Ada"}' });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ name: 'Ada' });
  });

  it('reads an empty JSON body as no fields', async () => {
    const answer = await fetch(`${web.url}/form`, { method: 'POST', headers: { accept: 'application/json', [SESSION_CSRF_HEADER]: session } });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({});
  });
});
