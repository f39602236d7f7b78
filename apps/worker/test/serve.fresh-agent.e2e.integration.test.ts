import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { TEST_BASE_URL, type TestApp } from '@svc/runtime/testing';
import { startServeTestApp } from './serve.ts';
import { launchChromium, openTab } from './e2e/browser.ts';

/**
 * A fresh agent that knows only the service's base URL, against the real one-process server on
 * PostgreSQL. It reads /llms.txt and follows the links it finds there (never a path it was told
 * about elsewhere): the protected resource metadata, the authorization server metadata, the device
 * flow through the advertised endpoints (form-encoded, RFC 8628) while a person signs up and approves
 * in Chromium, the MCP tools its token allows, a job posted through MCP and read back over REST, and
 * a directory address resolved through WebFinger and revalidated with its ETag.
 *
 * The service's public address is TEST_BASE_URL; here it is reached at `app.url`, as behind a proxy.
 * `reach` turns an advertised URL into one this test can call, and refuses any other origin.
 */

let app: TestApp;
let browser: Browser;
let page: Page;
const mcpClients: Client[] = [];

/** What the agent has learnt so far, step by step. */
const learnt = {
  links: new Map<string, string>(),
  resourceMetadata: {} as Record<string, unknown>,
  authorizationServer: {} as Record<string, string | string[]>,
  deviceCode: '',
  userCode: '',
  verificationUriComplete: '',
  interval: 0,
  token: '',
  jobId: '',
};

const reach = (advertised: string): string => {
  expect(advertised.startsWith(`${TEST_BASE_URL}/`), `${advertised} is not on the service's base URL`).toBe(true);
  return app.url + advertised.slice(TEST_BASE_URL.length);
};

/** A link of llms.txt by its title, as advertised. */
const linkTo = (title: string): string => {
  const href = learnt.links.get(title);
  expect(href, `llms.txt has no link titled ${title}`).toBeDefined();
  return href!;
};

const form = (url: string, fields: Record<string, string>) =>
  fetch(reach(url), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields) });

beforeAll(async () => {
  app = await startServeTestApp();
  browser = await launchChromium();
  ({ page } = await openTab(browser));
});
afterAll(async () => {
  await Promise.all(mcpClients.map((client) => client.close()));
  await browser?.close();
  await app?.close();
});

describe('a fresh agent that knows only the base URL', { timeout: 60_000 }, () => {
  it('reads /llms.txt: what the service is and links to connect, the API and MCP', async () => {
    const res = await fetch(`${app.url}/llms.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/markdown/);
    const text = await res.text();
    expect(text).toMatch(/^# Task-and-Directory Service\n\n> .+device flow \(RFC 8628\)/s);
    for (const [, title, href] of text.matchAll(/- \[([^\]]+)\]\(([^)]+)\)/g)) learnt.links.set(title!, href!);
    expect(linkTo('Protected resource metadata')).toBe(`${TEST_BASE_URL}/.well-known/oauth-protected-resource`);
    expect(linkTo('MCP endpoint')).toBe(`${TEST_BASE_URL}/mcp`);
    expect(linkTo('OpenAPI document')).toBe(`${TEST_BASE_URL}/api/v1/openapi.json`);
    expect(linkTo('WebFinger')).toBe(`${TEST_BASE_URL}/.well-known/webfinger?resource=aar:<handle>`);
  });

  it('follows the link to the protected resource metadata, and from there to the authorization server', async () => {
    const resource = await fetch(reach(linkTo('Protected resource metadata')));
    expect(resource.status).toBe(200);
    expect(resource.headers.get('access-control-allow-origin')).toBe('*');
    learnt.resourceMetadata = (await resource.json()) as Record<string, unknown>;
    expect(learnt.resourceMetadata).toMatchObject({
      resource: TEST_BASE_URL,
      authorization_servers: [TEST_BASE_URL],
      bearer_methods_supported: ['header'],
      scopes_supported: expect.arrayContaining(['jobs:write', 'account:read']),
    });

    // RFC 8414 §3: the metadata lives at /.well-known/oauth-authorization-server under the issuer.
    const [issuer] = learnt.resourceMetadata.authorization_servers as string[];
    const server = await fetch(reach(`${issuer}/.well-known/oauth-authorization-server`));
    expect(server.status).toBe(200);
    learnt.authorizationServer = (await server.json()) as Record<string, string | string[]>;
    expect(learnt.authorizationServer).toMatchObject({
      issuer,
      grant_types_supported: expect.arrayContaining(['urn:ietf:params:oauth:grant-type:device_code']),
      token_endpoint_auth_methods_supported: ['none'],
      device_authorization_endpoint: expect.stringMatching(/^http:\/\/tasks\.test\//),
      token_endpoint: expect.stringMatching(/^http:\/\/tasks\.test\//),
    });
    expect(linkTo('Authorization server metadata')).toBe(`${issuer}/.well-known/oauth-authorization-server`);
  });

  it('asks for access at the advertised device authorization endpoint, form-encoded', async () => {
    const res = await form(learnt.authorizationServer.device_authorization_endpoint as string, {
      client_id: 'Fresh agent',
      scope: 'jobs:write account:read',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as Record<string, string | number>;
    expect(body).toMatchObject({
      device_code: expect.stringMatching(/^dc_/),
      user_code: expect.any(String),
      verification_uri: `${TEST_BASE_URL}/connect`,
      verification_uri_complete: `${TEST_BASE_URL}/connect?user_code=${body.user_code}`,
      expires_in: 900,
      interval: 5,
    });
    learnt.deviceCode = body.device_code as string;
    learnt.userCode = body.user_code as string;
    learnt.verificationUriComplete = body.verification_uri_complete as string;
    learnt.interval = body.interval as number;
  });

  it('is told to wait at the advertised token endpoint until the person approves', async () => {
    const res = await form(learnt.authorizationServer.token_endpoint as string, {
      grant_type: 'urn:ietf:params:oauth:grant-type:device_code',
      device_code: learnt.deviceCode,
      client_id: 'Fresh agent',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'authorization_pending', error_description: expect.any(String), interval: learnt.interval });
  });

  it('the person opens verification_uri_complete in a browser, signs up and approves', async () => {
    await page.goto(reach(learnt.verificationUriComplete));
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.getByRole('link', { name: 'Create an account' }).click();
    expect(new URL(page.url()).pathname).toBe('/signup');
    await page.getByLabel('Display name').fill('Grace Host');
    await page.getByLabel('E-mail').fill('grace@example.test');
    await page.getByLabel('Password').fill('a long enough password');
    await page.getByRole('button', { name: 'Create the account' }).click();
    expect(new URL(page.url()).pathname).toBe('/connect');
    const main = await page.locator('main').innerText();
    expect(main).toContain('Fresh agent');
    expect(main).toContain(learnt.userCode);
    expect(main).toContain('Post jobs for you');
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL((url) => url.pathname === '/account/agents');
    expect(await page.locator('.flash').innerText()).toContain('Connected:');
  });

  it('collects its token at the token endpoint once the interval has passed', async () => {
    app.clock.advance(learnt.interval * 1000);
    const res = await form(learnt.authorizationServer.token_endpoint as string, {
      grant_type: 'urn:ietf:params:oauth:grant-type:device_code',
      device_code: learnt.deviceCode,
      client_id: 'Fresh agent',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ access_token: expect.stringMatching(/^tds_/), token_type: 'Bearer', scope: 'jobs:write account:read' });
    learnt.token = body.access_token as string;
  });

  it('lists the MCP tools its token allows at the advertised MCP endpoint', async () => {
    // The MCP endpoint's own resource metadata names the same authorization server.
    const mcpResource = await fetch(reach(`${linkTo('Protected resource metadata')}/mcp`));
    expect(await mcpResource.json()).toMatchObject({ resource: linkTo('MCP endpoint'), authorization_servers: learnt.resourceMetadata.authorization_servers });

    const client = new Client({ name: 'fresh-agent', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL(reach(linkTo('MCP endpoint'))), {
      requestInit: { headers: { Authorization: `Bearer ${learnt.token}` } },
    });
    await client.connect(transport);
    mcpClients.push(client);
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(['jobs.create', 'jobs.get', 'jobs.update', 'me.get', 'directory.resolve']));

    const created = (await client.callTool({
      name: 'jobs.create',
      arguments: { title: 'Plan a garden party', outcome: 'A plan the host can follow.', idempotency_key: 'fresh-agent-1' },
    })) as { isError?: boolean; structuredContent?: Record<string, unknown>; content: { text?: string }[] };
    expect(created.isError, created.content[0]?.text).toBeFalsy();
    expect(created.structuredContent).toMatchObject({ id: expect.any(String), title: 'Plan a garden party', version: 1, status: 'open' });
    learnt.jobId = created.structuredContent!.id as string;
  });

  it('reads the job back through REST', async () => {
    const res = await fetch(`${app.url}/api/v1/jobs/${encodeURIComponent(learnt.jobId)}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: learnt.jobId, title: 'Plan a garden party', outcome: 'A plan the host can follow.', version: 1 });
    const me = await fetch(`${app.url}/api/v1/me`, { headers: { authorization: `Bearer ${learnt.token}` } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ principal: { display_name: 'Grace Host' }, grant: { agent_name: 'Fresh agent' } });
  });

  it('resolves a directory address through WebFinger and revalidates it with a 304', async () => {
    const owner = await app.signUp('Directory owner');
    const actor = (await app.services.access.accounts.resolveSession(owner.session))!.actor;
    await app.services.directory.register(actor, {
      handle: 'grace-bakes',
      display_name: 'Grace bakes',
      description: 'Cakes to order.',
      entry_type: 'person',
      destinations: [{ type: 'web', value: 'https://grace.example', label: 'Site', approved_for_disclosure: true }],
    });

    const url = reach(linkTo('WebFinger').replace('<handle>', 'grace-bakes'));
    const found = await fetch(url);
    expect(found.status).toBe(200);
    expect(found.headers.get('content-type')).toBe('application/jrd+json');
    expect(found.headers.get('cache-control')).toBe('private, no-cache');
    const etag = found.headers.get('etag');
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(await found.json()).toEqual({
      subject: 'aar:grace-bakes',
      aliases: [`${TEST_BASE_URL}/api/v1/directory/aar%3Agrace-bakes`],
      links: [{ rel: 'http://webfinger.net/rel/profile-page', href: 'https://grace.example', type: 'text/html', titles: { und: 'Site' } }],
    });

    const again = await fetch(url, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(await again.text()).toBe('');

    const unknown = await fetch(reach(linkTo('WebFinger').replace('<handle>', 'nobody-here')));
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: 'unavailable' });
  });
});
