import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCOPES } from '@svc/access';
import { sha256 } from '@svc/db';
import { setAgentRateLimits } from '@svc/runtime';
import { TEST_BASE_URL, sessionActor, type Principal, type TestApp } from '@svc/runtime/testing';
import { startApiTestApp } from './app.ts';

/** OAuth metadata, the form-encoded device flow, 401/403 challenges, rate limits, llms.txt, the agent card and WebFinger. */

let app: TestApp;
let ada: Principal;
const B = TEST_BASE_URL;
const DEVICE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

const form = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  app.request('POST', path, { rawBody: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers } });

const actorOf = (principal: Principal) => sessionActor(app, principal);

beforeAll(async () => {
  app = await startApiTestApp();
  ada = await app.signUp('Ada');
});
afterAll(() => app?.close());

describe('OAuth metadata', () => {
  it('publishes the protected resource (RFC 9728) for the API and for the MCP endpoint', async () => {
    const api = await app.request('GET', '/.well-known/oauth-protected-resource');
    expect(api.status).toBe(200);
    expect(api.headers.get('access-control-allow-origin')).toBe('*');
    expect(api.body).toEqual({
      resource: B,
      authorization_servers: [B],
      scopes_supported: [...SCOPES],
      bearer_methods_supported: ['header'],
      resource_name: 'Task-and-Directory Service',
      resource_documentation: `${B}/agents`,
    });
    const mcp = await app.request('GET', '/.well-known/oauth-protected-resource/mcp');
    expect(mcp.status).toBe(200);
    expect(mcp.body).toMatchObject({ resource: `${B}/mcp`, authorization_servers: [B], scopes_supported: [...SCOPES] });
  });

  it('publishes the authorization server (RFC 8414): authorization code with PKCE, registration, revocation, the device flow; public clients only', async () => {
    const res = await app.request('GET', '/.well-known/oauth-authorization-server');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      issuer: B,
      authorization_endpoint: `${B}/oauth/authorize`,
      device_authorization_endpoint: `${B}/api/v1/oauth/device_authorization`,
      token_endpoint: `${B}/api/v1/oauth/token`,
      registration_endpoint: `${B}/api/v1/oauth/register`,
      revocation_endpoint: `${B}/api/v1/oauth/revoke`,
      grant_types_supported: ['authorization_code', 'refresh_token', DEVICE_GRANT],
      scopes_supported: [...SCOPES],
      response_types_supported: ['code'],
      response_modes_supported: ['query'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none'],
      revocation_endpoint_auth_methods_supported: ['none'],
      authorization_response_iss_parameter_supported: true,
      service_documentation: `${B}/agents`,
    });
  });
});

describe('challenges', () => {
  it('every 401 names the realm and the resource metadata, with the pointers in the body', async () => {
    const missing = await app.request('GET', '/api/v1/me');
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toBe(
      `Bearer realm="task-and-directory", resource_metadata="${B}/.well-known/oauth-protected-resource"`,
    );
    expect(missing.body).toMatchObject({ error: 'unauthenticated', instructions_url: `${B}/agents`, connect: `${B}/api/v1/agent/connect` });
    const bad = await app.request('GET', '/api/v1/me', { token: 'tok_not-a-token' });
    expect(bad.status).toBe(401);
    expect(bad.headers.get('www-authenticate')).toBe(
      `Bearer realm="task-and-directory", error="invalid_token", resource_metadata="${B}/.well-known/oauth-protected-resource"`,
    );
  });

  it('a 403 insufficient_scope names the scope it needs', async () => {
    const { token } = await app.agentToken(ada, ['jobs:write']);
    const res = await app.request('GET', '/api/v1/me', { token });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: 'insufficient_scope', required_scopes: ['account:read'] });
    expect(res.headers.get('www-authenticate')).toBe(
      `Bearer realm="task-and-directory", error="insufficient_scope", scope="account:read", resource_metadata="${B}/.well-known/oauth-protected-resource"`,
    );
  });
});

describe('the form-encoded device flow (RFC 8628)', () => {
  it('connect form → the same approval → token form answers a token that works', async () => {
    const start = await form('/api/v1/oauth/device_authorization', { client_id: 'Form agent', scope: 'account:read jobs:write', days: '7' });
    expect(start.status).toBe(200);
    expect(start.headers.get('cache-control')).toBe('no-store');
    expect(start.body).toMatchObject({ verification_uri: `${B}/connect`, expires_in: 900, interval: 5 });
    const pending = await form('/api/v1/oauth/token', { grant_type: DEVICE_GRANT, device_code: start.body.device_code, client_id: 'Form agent' });
    expect(pending.status).toBe(400);
    expect(pending.body).toMatchObject({ error: 'authorization_pending', message: expect.any(String), error_description: expect.any(String) });

    const person = await actorOf(ada);
    const described = await app.services.access.deviceFlow.describe(person, start.body.user_code);
    expect(described).toMatchObject({ agent_name: 'Form agent' });
    await app.services.access.deviceFlow.approve(person, { user_code: start.body.user_code });
    app.clock.advance(5_000);
    const issued = await form('/api/v1/oauth/token', { grant_type: DEVICE_GRANT, device_code: start.body.device_code, client_id: 'Form agent' });
    expect(issued.status).toBe(200);
    expect(issued.headers.get('cache-control')).toBe('no-store');
    expect(issued.body).toMatchObject({ token_type: 'Bearer', scope: 'account:read jobs:write', expires_in: 7 * 86_400 - 5 });
    const me = await app.request('GET', '/api/v1/me', { token: issued.body.access_token });
    expect(me.status).toBe(200);
    expect(me.body.grant).toMatchObject({ agent_name: 'Form agent', scopes: ['account:read', 'jobs:write'] });
  });

  it('answers RFC 6749 errors with error, message and error_description', async () => {
    const scope = await form('/api/v1/oauth/device_authorization', { client_id: 'Form agent', scope: 'everything' });
    expect(scope.status).toBe(400);
    expect(scope.body).toMatchObject({ error: 'invalid_scope', error_description: scope.body.message });
    const noName = await form('/api/v1/oauth/device_authorization', { scope: 'account:read' });
    expect(noName.body).toMatchObject({ error: 'invalid_request' });
    const grant = await form('/api/v1/oauth/token', { grant_type: 'password', device_code: 'dc_x' });
    expect(grant.status).toBe(400);
    expect(grant.body).toMatchObject({ error: 'unsupported_grant_type', error_description: expect.any(String) });
    const unknown = await form('/api/v1/oauth/token', { grant_type: DEVICE_GRANT, device_code: 'dc_unknown' });
    expect(unknown.body).toMatchObject({ error: 'invalid_grant', error_description: expect.any(String) });
    const json = await app.request('POST', '/api/v1/oauth/token', { body: { grant_type: DEVICE_GRANT, device_code: 'dc_x' } });
    // RFC 6749 §5.2: a request that is not the form is a malformed request, in OAuth's words.
    expect(json.status).toBe(400);
    expect(json.body).toMatchObject({ error: 'invalid_request', error_description: 'Send the form as application/x-www-form-urlencoded.' });
  });
});

describe('rate limits', () => {
  it('counts writes per grant: headers on every limited answer, then 429 with Retry-After', async () => {
    setAgentRateLimits(app.services, { writes: { limit: 2, windowSeconds: 60 }, polls: { limit: 2, windowSeconds: 60 } });
    try {
      const { token } = await app.agentToken(ada, ['jobs:write']);
      const job = { title: 'Limited', outcome: 'Counted' };
      const first = await app.request('POST', '/api/v1/jobs', { token, body: job });
      expect(first.status).toBe(201);
      expect(first.headers.get('ratelimit-policy')).toBe('"writes";q=2;w=60');
      // llms.txt states the limit this deployment counts by, as the headers do.
      expect((await app.request<string>('GET', '/llms.txt')).body).toContain('counts against 2 writes per 60 seconds per grant');
      expect(first.headers.get('ratelimit')).toMatch(/^"writes";r=1;t=\d+$/);
      expect((await app.request('POST', '/api/v1/jobs', { token, body: job })).headers.get('ratelimit')).toMatch(/^"writes";r=0;t=\d+$/);
      const refused = await app.request('POST', '/api/v1/jobs', { token, body: job });
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ error: 'rate_limited', retry_after: expect.any(Number) });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(refused.headers.get('ratelimit-policy')).toBe('"writes";q=2;w=60');
      // Reads are not counted; another grant has a count of its own; the next window starts afresh.
      const read = await app.request('GET', '/api/v1/jobs', { token });
      expect(read.status).toBe(200);
      expect(read.headers.get('ratelimit')).toBeNull();
      const other = await app.agentToken(ada, ['jobs:write']);
      expect((await app.request('POST', '/api/v1/jobs', { token: other.token, body: job })).status).toBe(201);
      app.clock.advance(60_000);
      expect((await app.request('POST', '/api/v1/jobs', { token, body: job })).status).toBe(201);

      // Token polls count per device code, beyond slow_down.
      const connect = await app.services.access.deviceFlow.connect({ agent_name: 'Eager', scopes: ['account:read'] });
      const poll = () => app.request('POST', '/api/v1/agent/token', { body: { device_code: connect.device_code } });
      expect((await poll()).headers.get('ratelimit-policy')).toBe('"polls";q=2;w=60');
      expect((await poll()).body.error).toBe('slow_down');
      const tooMany = await poll();
      expect(tooMany.status).toBe(429);
      expect(tooMany.headers.get('retry-after')).toBeTruthy();
    } finally {
      setAgentRateLimits(app.services, {});
    }
  });

  it('counts every REST write a token sends, also one refused by its scope or its body, and no MCP request', async () => {
    setAgentRateLimits(app.services, { writes: { limit: 3, windowSeconds: 60 } });
    try {
      const { token } = await app.agentToken(ada, ['account:read']);
      // Counted with the token, before the operation refuses it for its scope or its body.
      const forbidden = await app.request('POST', '/api/v1/jobs', { token, body: { title: 'No scope', outcome: 'Refused' } });
      expect(forbidden.status).toBe(403);
      expect(forbidden.headers.get('ratelimit')).toMatch(/^"writes";r=2;t=\d+$/);
      const mcp = await app.request('POST', '/mcp', { token, body: { jsonrpc: '2.0', id: 1, method: 'tools/list' } });
      expect(mcp.status).toBeLessThan(500);
      const { token: writer } = await app.agentToken(ada, ['jobs:write']);
      const unreadable = await app.request('POST', '/api/v1/jobs', { token: writer, body: '{"title": ' });
      expect(unreadable.status).toBe(400);
      const countOf = async (of: string) =>
        (
          await app.services.db.query<{ count: number }>('select count from rate_limit_windows where bucket = $1', [
            sha256(`agent-writes:${(await app.services.access.grants.resolveToken(of))!.grantId}`),
          ])
        )[0]?.count;
      expect(await countOf(token)).toBe(1);
      expect(await countOf(writer)).toBe(1);
    } finally {
      setAgentRateLimits(app.services, {});
    }
  });

  it('shows the limits in the OpenAPI document', async () => {
    const doc = (await app.request('GET', '/api/v1/openapi.json')).body;
    expect(doc.paths['/api/v1/jobs'].post['x-rate-limit']).toEqual([
      { policy: 'writes', limit: 600, window_seconds: 60 },
      { policy: 'session-writes', limit: 120, window_seconds: 60 },
    ]);
    expect(doc.paths['/api/v1/oauth/token'].post['x-rate-limit']).toEqual(
      expect.arrayContaining([{ policy: 'polls', limit: 20, window_seconds: 60 }]),
    );
    expect(doc.paths['/api/v1/jobs'].get['x-rate-limit']).toBeUndefined();
    expect(doc.paths['/api/v1/oauth/token'].post.requestBody.content['application/x-www-form-urlencoded']).toBeDefined();
  });

  it('shows the write limit a deployment set (AGENT_WRITES_PER_MINUTE), with a tag of its own', async () => {
    const before = await app.request('GET', '/api/v1/openapi.json');
    setAgentRateLimits(app.services, { writes: { limit: 1_000, windowSeconds: 60 } });
    try {
      const set = await app.request('GET', '/api/v1/openapi.json');
      expect(set.body.paths['/api/v1/jobs'].post['x-rate-limit']).toEqual([
        { policy: 'writes', limit: 1_000, window_seconds: 60 },
        { policy: 'session-writes', limit: 120, window_seconds: 60 },
      ]);
      expect(set.headers.get('etag')).not.toBe(before.headers.get('etag'));
      // What it says is what the process counts: the RateLimit-Policy of a write names the same quota.
      const token = (await app.agentToken(ada, ['jobs:write'])).token;
      const created = await app.request('POST', '/api/v1/jobs', { token, body: { title: 'Count me', outcome: 'Counted once.' } });
      expect(created.status).toBe(201);
      expect(created.headers.get('ratelimit-policy')).toContain('"writes";q=1000;w=60');
    } finally {
      setAgentRateLimits(app.services, {});
    }
  });
});

describe('llms.txt and the agent card', () => {
  it('llms.txt: an H1, a summary and the links an agent needs', async () => {
    const res = await app.request('GET', '/llms.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    const text = res.body as string;
    expect(text.startsWith('# Task-and-Directory Service\n\n> ')).toBe(true);
    for (const link of ['/agents', '/api/v1/openapi.json', '/mcp', '/examples', '/.well-known/oauth-protected-resource']) {
      expect(text).toContain(`(${B}${link})`);
    }
    expect(text).toMatch(/^## Connect$/m);
    expect(text).toMatch(/^- Threads: /m);
  });

  it('the A2A agent card: the operation groups as skills, bearer security', async () => {
    const res = await app.request('GET', '/.well-known/agent-card.json');
    expect(res.status).toBe(200);
    const card = res.body;
    expect(card).toMatchObject({ name: 'Task-and-Directory Service', url: `${B}/api/v1`, version: '0.12.0-stage12' });
    const ids = card.skills.map((skill: { id: string }) => skill.id);
    expect(ids).toEqual(expect.arrayContaining(['jobs', 'responses', 'services', 'feedback', 'directory', 'threads']));
    expect(ids).not.toContain('discovery');
    expect(card.skills.find((skill: { id: string }) => skill.id === 'jobs')).toMatchObject({ name: 'Jobs', tags: ['jobs', 'account:read', 'jobs:write'] });
    expect(card.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(card.security).toEqual([{ bearer: [...SCOPES] }]);
  });
});

describe('WebFinger', () => {
  let owner: Principal;
  const finger = (resource: string, options: { token?: string; session?: string; headers?: Record<string, string>; rel?: string[] } = {}) =>
    app.request('GET', `/.well-known/webfinger?${new URLSearchParams([['resource', resource], ...(options.rel ?? []).map((rel): [string, string] => ['rel', rel])])}`, options);

  const register = async (handle: string, extra: Record<string, unknown> = {}) =>
    app.services.directory.register(await actorOf(owner), {
      handle,
      display_name: handle,
      description: 'A WebFinger test entry.',
      entry_type: 'person',
      destinations: [
        { type: 'web', value: 'https://site.example', label: 'Site', approved_for_disclosure: true },
        { type: 'email', value: 'hello@site.example', label: 'Mail', audience: 'signed_in', approved_for_disclosure: true },
        { type: 'mcp', value: 'https://site.example/mcp', label: 'Tools', approved_for_disclosure: true },
        { type: 'phone', value: '+15551234567', label: 'Not approved' },
      ],
      ...extra,
    });

  beforeAll(async () => {
    owner = await app.signUp('Finger owner');
  });

  it('answers a JRD of the destinations the caller may see, rel-filtered, with an ETag and 304', async () => {
    await register('finger-alice');
    const anonymous = await finger('aar:finger-alice');
    expect(anonymous.status).toBe(200);
    expect(anonymous.headers.get('content-type')).toBe('application/jrd+json');
    expect(anonymous.headers.get('access-control-allow-origin')).toBe('*');
    expect(anonymous.headers.get('cache-control')).toBe('private, no-cache');
    expect(anonymous.body).toEqual({
      subject: 'aar:finger-alice',
      aliases: [`${B}/api/v1/directory/aar%3Afinger-alice`],
      links: [
        { rel: 'http://webfinger.net/rel/profile-page', href: 'https://site.example', type: 'text/html', titles: { und: 'Site' } },
        { rel: 'service', href: 'https://site.example/mcp', titles: { und: 'Tools' } },
      ],
    });
    const signedIn = await finger('aar:finger-alice', { session: ada.session });
    expect(signedIn.body.links.map((link: { href: string }) => link.href)).toContain('mailto:hello@site.example');
    expect(signedIn.headers.get('etag')).not.toBe(anonymous.headers.get('etag'));

    const filtered = await finger('aar:finger-alice', { rel: ['service', 'me'], session: ada.session });
    expect(filtered.body.links.map((link: { rel: string }) => link.rel)).toEqual(['me', 'service']);

    const etag = anonymous.headers.get('etag')!;
    const again = await finger('aar:finger-alice', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
  });

  it('answers the same 404, body and headers, for every address it cannot show', async () => {
    const paused = await register('finger-paused');
    await app.services.directory.pause(await actorOf(owner), 'finger-paused', { expected_version: paused.version });
    const removed = await register('finger-removed');
    await app.services.directory.remove(await actorOf(owner), 'finger-removed', removed.version);
    await register('finger-restricted', { visibility: 'restricted' });
    const answers = await Promise.all(
      ['aar:finger-nobody', 'aar:finger-paused', 'aar:finger-removed', 'aar:finger-restricted', 'acct:finger-alice@tasks.test', 'finger-alice'].map((resource) =>
        finger(resource),
      ),
    );
    const shape = (res: Awaited<ReturnType<typeof finger>>) => ({
      status: res.status,
      body: res.body,
      headers: Object.fromEntries(['cache-control', 'access-control-allow-origin', 'vary', 'content-type', 'etag'].map((name) => [name, res.headers.get(name)])),
    });
    expect(shape(answers[0]!)).toMatchObject({ status: 404, body: { error: 'unavailable' }, headers: { 'cache-control': 'public, max-age=60', 'access-control-allow-origin': '*', etag: null } });
    for (const res of answers.slice(1)) expect(shape(res)).toEqual(shape(answers[0]!));
    // Signed in, the restricted entry shows.
    expect((await finger('aar:finger-restricted', { session: ada.session })).status).toBe(200);
    // An address too long to be a handle is as unknown as any other (up to the path bound, 64).
    expect(shape(await finger(`aar:${'x'.repeat(50)}`))).toEqual(shape(answers[0]!));
    expect((await app.request('GET', `/api/v1/directory/aar:${'x'.repeat(50)}`)).body).toMatchObject({ error: 'unavailable' });
  });

  it('takes a bearer token as the directory read does: restricted entries and signed-in destinations; a bad token is 401', async () => {
    await register('finger-token', { visibility: 'restricted' });
    const { token } = await app.agentToken(ada, ['jobs:write']);
    const withToken = await finger('AAR:Finger-Token', { token });
    expect(withToken.status).toBe(200);
    expect(withToken.body.links.map((link: { href: string }) => link.href)).toContain('mailto:hello@site.example');
    expect((await finger('aar:finger-token')).status).toBe(404);
    const bad = await finger('aar:finger-token', { token: 'tok_not-a-token' });
    expect(bad).toMatchObject({ status: 401, body: { error: 'invalid_token' } });
    // A browser page reads the refusal too.
    expect(bad.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('needs resource, and refuses an unknown parameter; a browser page may read both refusals', async () => {
    const res = await app.request('GET', '/.well-known/webfinger');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('validation_failed');
    const unknown = await app.request('GET', '/.well-known/webfinger?resource=aar:grace-bakes&foo=1');
    expect(unknown.status).toBe(400);
    for (const refused of [res, unknown]) {
      expect(refused.headers.get('access-control-allow-origin')).toBe('*');
      expect(refused.headers.get('vary')).toContain('Authorization');
    }
  });
});
