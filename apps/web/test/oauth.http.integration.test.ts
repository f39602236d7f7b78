import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_BASE_URL, type TestApp } from '@svc/runtime/testing';
import { HTML, signUpPerson, startWebTestApp, submitAs, type Person } from './app.ts';
import { parseHtml, referenceOf } from './html.ts';

/**
 * The OAuth authorization endpoint as a client's browser meets it: which requests reach the consent
 * page, which are sent back to the client's redirect URI (with what), and which are shown here.
 */

let app: TestApp;
let ada: Person;
let clientId: string;
const REGISTERED = 'http://127.0.0.1:33333/cb';
/** The consent's form (the page's header has forms of its own). */
const CONSENT_FORM = 'form[action="/oauth/authorize"]';
const challenge = createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url');

/** The authorization request's query string: sound, unless a parameter is changed or added. */
const authorize = (query: Record<string, string> | string) => {
  const params = typeof query === 'string' ? query : new URLSearchParams({ client_id: clientId, redirect_uri: REGISTERED, response_type: 'code', code_challenge: challenge, code_challenge_method: 'S256', scope: 'jobs:write', state: 'st-1', ...query }).toString();
  return app.request<string>('GET', `/oauth/authorize?${params}`, { headers: HTML, session: ada.principal.session });
};

beforeAll(async () => {
  app = await startWebTestApp();
  ada = await signUpPerson(app, 'Ada Authorizes');
  clientId = (await app.services.access.oauth.register({ client_name: 'Native desk app', redirect_uris: [REGISTERED] })).client_id;
});
afterAll(() => app?.close());

describe('a loopback redirect URI (RFC 8252 §7.3)', () => {
  it('reaches the consent on another port, and the approval goes back to that port (and no other path)', async () => {
    const used = 'http://127.0.0.1:44444/cb';
    const res = await authorize({ redirect_uri: used });
    expect(res.status).toBe(200);
    const page = parseHtml(res.body);
    expect(page.text('main')).toContain(`Returns to ${used}`);
    expect(page.inputs(CONSENT_FORM)).toMatchObject({ redirect_uri: used, state: 'st-1' });
    // The browser may follow the decision's redirect to that port only.
    expect(res.headers.get('content-security-policy')).toContain("form-action 'self' http://127.0.0.1:44444;");
    const decided = await submitAs(app, ada, '/oauth/authorize', { ...page.inputs(CONSENT_FORM), decision: 'approve' });
    expect(decided.status).toBe(303);
    const back = new URL(decided.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(used);
    expect(back.searchParams.get('code')).toMatch(/^tdc_/);
    expect(back.searchParams.get('iss')).toBe(TEST_BASE_URL);
    const [code] = await app.db.query<{ redirect_uri: string }>('select redirect_uri from oauth_authorization_codes where client_id = $1', [clientId]);
    expect(code).toEqual({ redirect_uri: used });
    // Only the port may differ: another path on that port is shown here, never followed.
    const elsewhere = await authorize({ redirect_uri: 'http://127.0.0.1:44444/elsewhere' });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.headers.get('location')).toBeNull();
    expect(referenceOf(elsewhere.body)).toBe('invalid_redirect_uri');
  });
});

describe('a parameter sent twice (RFC 6749 §3.1)', () => {
  const sound = () => new URLSearchParams({ client_id: clientId, redirect_uri: REGISTERED, response_type: 'code', code_challenge: challenge, code_challenge_method: 'S256', scope: 'jobs:write' });
  /** Where the browser is sent, as the client reads it. */
  const sentBack = (res: { status: number; headers: Headers }) => {
    expect(res.status).toBe(302);
    const back = new URL(res.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(REGISTERED);
    return Object.fromEntries(back.searchParams);
  };

  it.each([
    ['state', '&state=a&state=b', {}],
    ['resource', `&resource=${encodeURIComponent(`${TEST_BASE_URL}/mcp`)}&resource=${encodeURIComponent('https://other.example/mcp')}&state=st-2`, { state: 'st-2' }],
    ['scope', '&scope=account:read&state=st-3', { state: 'st-3' }],
  ])('sends %s sent twice back to the client as invalid_request, never to the consent', async (name, extra, state) => {
    const res = await authorize(`${sound()}${extra}`);
    expect(sentBack(res)).toEqual({ error: 'invalid_request', error_description: `${name} must be sent once (RFC 6749 §3.1).`, iss: TEST_BASE_URL, ...state });
  });

  it('shows a client_id sent twice on the page, never redirecting', async () => {
    const res = await authorize(`${sound()}&client_id=${clientId}`);
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    expect(referenceOf(res.body)).toBe('invalid_request');
    // In a person's words, as for an unknown client: no OAuth parameter named.
    const main = parseHtml(res.body).text('main')!;
    expect(main).toContain('sent a connection request this site cannot read');
    expect(main.replace('Reference: invalid_request', '')).not.toMatch(/client_id|redirect_uri/);
  });

  it('sends a malformed parameter back once the client and its redirect URI are trusted (RFC 6749 §4.1.2.1)', async () => {
    const res = await authorize(`${sound()}&state=${'s'.repeat(2001)}`);
    expect(sentBack(res)).toEqual({ error: 'invalid_request', error_description: 'state must be at most 2000 characters.', iss: TEST_BASE_URL });
  });
});
