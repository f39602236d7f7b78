import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { auth, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { TEST_BASE_URL, type TestApp } from '@svc/runtime/testing';
import { startServeTestApp } from './serve.ts';
import { launchChromium, openTab } from './e2e/browser.ts';

/**
 * An MCP client that knows only `{base_url}/mcp`, with the MCP SDK's own OAuth client provider,
 * against the real one-process server on PostgreSQL, while a person signs in and decides in
 * Chromium: the 401 challenge, discovery, registration (RFC 7591), the authorization page, the code
 * exchange with PKCE, tools per scope, a write the REST API shows as the person's, a refresh, and a
 * revocation refused on the next request; then a denied consent, an unregistered redirect URI and a
 * scope never granted (403, step-up).
 *
 * The service's public address is TEST_BASE_URL; it is reached at `app.url`, as behind a proxy: the
 * client's fetch and the browser are pointed there, and nothing else is changed.
 */

let app: TestApp;
let browser: Browser;
let page: Page;
let callback: Server;
let redirectUrl = '';
/** The query of each request the client's loopback redirect URI received. */
const arrivals: URLSearchParams[] = [];
const clients: Client[] = [];

const reach = (url: string): string => (url.startsWith(TEST_BASE_URL) ? app.url + url.slice(TEST_BASE_URL.length) : url);
const viaProxy = (input: string | URL | Request, init?: RequestInit) =>
  fetch(reach(input instanceof Request ? input.url : String(input)), input instanceof Request ? { method: input.method, headers: input.headers, body: input.body, ...init } : init);

/** An OAuth client provider kept in memory, as a desktop client keeps it on disk. */
class DeskAssistant implements OAuthClientProvider {
  information?: OAuthClientInformationMixed;
  saved?: OAuthTokens;
  verifier = '';
  authorizationUrl?: URL;
  get redirectUrl() {
    return redirectUrl;
  }
  get clientMetadata(): OAuthClientMetadata {
    return { client_name: 'Desk Assistant', redirect_uris: [redirectUrl], grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none' };
  }
  state = () => 'state-1';
  clientInformation = () => this.information;
  saveClientInformation = (information: OAuthClientInformationMixed) => {
    this.information = information;
  };
  tokens = () => this.saved;
  saveTokens = (tokens: OAuthTokens) => {
    this.saved = tokens;
  };
  redirectToAuthorization = (url: URL) => {
    this.authorizationUrl = url;
  };
  saveCodeVerifier = (verifier: string) => {
    this.verifier = verifier;
  };
  codeVerifier = () => this.verifier;
}

const provider = new DeskAssistant();

const connect = async (): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> => {
  const transport = new StreamableHTTPClientTransport(new URL(`${TEST_BASE_URL}/mcp`), { authProvider: provider, fetch: viaProxy });
  const client = new Client({ name: 'desk-assistant', version: '1.0.0' });
  await client.connect(transport);
  clients.push(client);
  return { client, transport };
};

/** Waits for the browser to land on the client's redirect URI, and answers what it brought. */
const arrival = async (count: number): Promise<URLSearchParams> => {
  await page.waitForURL((url) => url.href.startsWith(redirectUrl));
  expect(arrivals).toHaveLength(count);
  return arrivals[count - 1]!;
};

beforeAll(async () => {
  app = await startServeTestApp();
  callback = createServer((req, res) => {
    // Only the redirect itself counts; the browser also asks for a favicon.
    const url = new URL(req.url!, 'http://127.0.0.1');
    if (url.pathname === '/callback') arrivals.push(url.searchParams);
    res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Done</title><p>You can close this window.</p>');
  });
  await new Promise<void>((resolve) => callback.listen(0, '127.0.0.1', resolve));
  redirectUrl = `http://127.0.0.1:${(callback.address() as { port: number }).port}/callback`;
  browser = await launchChromium();
  ({ page } = await openTab(browser));
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await browser?.close();
  await new Promise((resolve) => callback?.close(resolve));
  await app?.close();
});

describe('an MCP client connecting with the person’s approval', { timeout: 60_000 }, () => {
  let accessToken = '';
  let jobId = '';

  it('is challenged on a tool that needs a token, registers itself and sends the person to the authorization page', async () => {
    const { client } = await connect();
    // Anonymous: initialize and tools/list answer (the write listed, so that a model can call it); the write does not.
    expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('jobs.create');
    await expect(client.callTool({ name: 'jobs.create', arguments: { title: 'x', outcome: 'y' } })).rejects.toThrow(/Unauthorized/);
    expect(provider.information).toMatchObject({ client_id: expect.stringMatching(/^cli_/), token_endpoint_auth_method: 'none' });
    const url = provider.authorizationUrl!;
    expect(`${url.origin}${url.pathname}`).toBe(`${TEST_BASE_URL}/oauth/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: provider.information!.client_id,
      code_challenge_method: 'S256',
      redirect_uri: redirectUrl,
      state: 'state-1',
      scope: 'jobs:write',
      resource: `${TEST_BASE_URL}/mcp`,
    });
  });

  it('the person signs up, sees the consent, approves; the client exchanges the code with its verifier', async () => {
    await page.goto(reach(provider.authorizationUrl!.href));
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByLabel('Display name').fill('Ines Host');
    await page.getByLabel('E-mail').fill('ines@example.test');
    await page.getByLabel('Password').fill('a long enough password');
    await page.getByRole('button', { name: 'Create the account' }).click();
    expect(new URL(page.url()).pathname).toBe('/oauth/authorize');
    const consent = await page.request.get(page.url());
    expect(consent.headers()['x-frame-options']).toBe('DENY');
    expect(consent.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    const main = await page.locator('main').innerText();
    expect(main).toContain('Desk Assistant');
    expect(main).toContain('Post jobs for you');
    expect(main).toContain('30 days');
    await page.getByRole('button', { name: 'Approve' }).click();
    const back = await arrival(1);
    expect(back.get('state')).toBe('state-1');
    expect(back.get('iss')).toBe(TEST_BASE_URL);

    const { transport } = await connect();
    await transport.finishAuth(back.get('code')!);
    expect(provider.saved).toMatchObject({ token_type: 'Bearer', scope: 'jobs:write', refresh_token: expect.any(String) });
    accessToken = provider.saved!.access_token;
  });

  it('lists the tools of the granted scope, writes, and REST shows the record as the person’s; the grant is on the agents page', async () => {
    const { client } = await connect();
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names).toContain('jobs.create');
    const created = (await client.callTool({ name: 'jobs.create', arguments: { title: 'Hang the lanterns', outcome: 'Lanterns up by six.' } })) as {
      isError?: boolean;
      structuredContent?: Record<string, unknown>;
    };
    expect(created.isError).toBeFalsy();
    jobId = created.structuredContent!.id as string;
    const job = (await (await fetch(`${app.url}/api/v1/jobs/${jobId}`)).json()) as Record<string, unknown>;
    expect(JSON.stringify(job)).toContain('Ines Host');

    await page.goto(`${app.url}/account/agents`);
    expect(await page.locator('main').innerText()).toContain('Desk Assistant');
  });

  it('refreshes through the SDK: a new access token, the old one refused', async () => {
    const before = provider.saved!;
    expect(await auth(provider, { serverUrl: `${TEST_BASE_URL}/mcp`, fetchFn: viaProxy })).toBe('AUTHORIZED');
    expect(provider.saved!.access_token).not.toBe(before.access_token);
    expect(provider.saved!.refresh_token).not.toBe(before.refresh_token);
    // A token that no longer works is refused on every route, public reads included.
    expect((await fetch(`${app.url}/api/v1/jobs`, { headers: { authorization: `Bearer ${accessToken}` } })).status).toBe(401);
    accessToken = provider.saved!.access_token;
    const { client } = await connect();
    expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('jobs.create');
  });

  it('a tool of a scope never granted answers 403 insufficient_scope naming it; a refresh cannot widen the grant', async () => {
    const raw = await fetch(`${app.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${accessToken}` },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'services.create', arguments: { title: 'x' } } }),
    });
    expect(raw.status).toBe(403);
    expect(raw.headers.get('www-authenticate')).toContain('error="insufficient_scope", scope="services:write"');
    // The SDK steps up by refreshing while it holds a refresh token: the refreshed token keeps the
    // approved scope, so the call stays refused.
    const { client } = await connect();
    await expect(client.callTool({ name: 'services.create', arguments: { title: 'x' } })).rejects.toThrow(/403/);
    expect(provider.saved!.scope).toBe('jobs:write');
    accessToken = provider.saved!.access_token;
    const rows = await app.db.query<{ n: number }>('select count(*)::int as n from offers');
    expect(rows[0]!.n).toBe(0);
  });

  it('is revoked at the revocation endpoint, refused on the next request', async () => {
    const metadata = (await (await fetch(`${app.url}/.well-known/oauth-authorization-server`)).json()) as { revocation_endpoint: string };
    const res = await fetch(reach(metadata.revocation_endpoint), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: accessToken, client_id: provider.information!.client_id }),
    });
    expect(res.status).toBe(200);
    const next = await fetch(`${app.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${accessToken}` },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(next.status).toBe(401);
    expect(await next.json()).toMatchObject({ error: 'invalid_token' });
    await page.goto(`${app.url}/account/agents`);
    expect(await page.locator('main').innerText()).toMatch(/Desk Assistant[\s\S]*[Rr]evoked/);
  });

  it('a denied consent goes back with error=access_denied and no code', async () => {
    await page.goto(reach(provider.authorizationUrl!.href));
    await page.getByRole('button', { name: 'Deny' }).click();
    const back = await arrival(2);
    expect(back.get('error')).toBe('access_denied');
    expect(back.get('state')).toBe('state-1');
    expect(back.get('code')).toBeNull();
  });

  it('an unregistered redirect URI is shown on the page, never followed', async () => {
    const url = new URL(provider.authorizationUrl!.href);
    url.searchParams.set('redirect_uri', 'https://attacker.example/cb');
    const res = await page.goto(reach(url.href));
    expect(res!.status()).toBe(400);
    expect(new URL(page.url()).pathname).toBe('/oauth/authorize');
    expect(await page.locator('main').innerText()).toContain('invalid_redirect_uri');
    expect(arrivals).toHaveLength(2);
  });
});
