import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHttpApp, createLogger, listen, type RunningServer } from '@svc/http';
import type { Actor } from '@svc/kernel';
import { requireActor, resolveActor } from '../src/http/actor.ts';
import { createRouter } from '../src/http/router.ts';
import type { Services } from '../src/services.ts';

// Who the caller is, for the API and the website alike: a bearer token where tokens are read, else
// the session cookie; a signed-in change from another site is refused (403 csrf_failed); writes
// count against the token's or the person's limit (429). The grants and sessions behind it are
// stand-ins here, so each rule is seen through the answer a caller gets.

const BASE_URL = 'https://tasks.example';
const PERSON: Actor = { principalId: 'p-person', displayName: 'Ada', via: 'session', grantId: null, agentName: null, scopes: [], isSupport: false };
const AGENT: Actor = { principalId: 'p-person', displayName: 'Ada', via: 'agent', grantId: 'g-1', agentName: 'helper', scopes: ['jobs:write'], isSupport: false };
const LIVE_TOKENS = new Set(['live-token', 'L'.repeat(512)]);
const READS_WITH_TOKEN = () => 'the row';
const COUNTS_WRITES = () => 'the write count';

let writes = { allowed: true, retryAfter: 0, remaining: 5 };
let sessionWrites = { allowed: true, retryAfter: 0, remaining: 5 };
const resolveTokenWith = vi.fn(async (token: string, alongside?: unknown) => {
  if (!LIVE_TOKENS.has(token)) return null;
  return { actor: AGENT, alongside: alongside === READS_WITH_TOKEN ? 'the row' : alongside ? { writes } : undefined };
});
const resolveSession = vi.fn(async (id: string) => (id === 'live-session' ? { actor: PERSON, csrfToken: 'session-csrf' } : null));
const hit = vi.fn(async (_limit: { name: string }, _subject: string) => sessionWrites);

const servicesAt = (baseUrl: string) =>
  ({
    baseUrl,
    credentialsIgnored: new Set(['POST /api/v1/agent/connect', 'GET /api/v1/metadata']),
    tokensReadUnder: ['/api/', '/mcp'],
    sessionsIgnoredUnder: ['/mcp'],
    // As operation-hooks.ts registers them when operations are mounted: a route's own reads, or the write it counts.
    readsWithToken: new Map<string, unknown>([
      ['GET /api/v1/read-with', READS_WITH_TOKEN],
      ...['/api/v1/things', '/api/v2/things'].flatMap((path) => ['POST', 'PUT', 'PATCH', 'DELETE'].map((method) => [`${method} ${path}`, COUNTS_WRITES] as const)),
    ]),
    access: { grants: { resolveTokenWith }, accounts: { resolveSession } },
    limiter: { hit },
  }) as unknown as Services;

const serve = async (baseUrl: string): Promise<RunningServer> => {
  const router = createRouter();
  router.use(resolveActor(servicesAt(baseUrl)));
  const who = (ctx: { state: Record<string, unknown>; body: unknown }) => {
    const actor = ctx.state.actor as Actor | null;
    ctx.body = { actor: actor?.via ?? null, csrfToken: ctx.state.csrfToken ?? null, readWithToken: ctx.state.readWithToken ?? null };
  };
  for (const path of ['/page', '/api/v1/things', '/api/v2/things', '/api/v1/read-with', '/mcp', '/api/v1/agent/connect', '/api/v1/metadata']) {
    router.get(path, who);
    router.post(path, who);
    router.put(path, who);
    router.patch(path, who);
    router.delete(path, who);
    router.options(path, who);
  }
  router.get('/mine', (ctx) => {
    ctx.body = { principal: requireActor(ctx as never, baseUrl).principalId };
  });
  router.get('/api/v1/mine', (ctx) => {
    ctx.body = { principal: requireActor(ctx as never, baseUrl).principalId };
  });
  router.get('/api/v1/scoped/:scope', (ctx) => {
    ctx.body = { principal: requireActor(ctx as never, baseUrl, ctx.params.scope as never, 'directory:write').principalId };
  });
  for (const path of ['/mcp/tools', '/mcpx']) {
    router.get(path, (ctx) => {
      ctx.body = requireActor(ctx as never, baseUrl).principalId;
    });
  }
  const logger = createLogger('silent');
  return listen(createHttpApp({ router: router as never, logger }), { port: 0, host: '127.0.0.1', logger });
};

let server: RunningServer;
let url: string;
beforeAll(async () => {
  server = await serve(BASE_URL);
  url = `http://127.0.0.1:${server.port}`;
});
afterAll(() => server.close());
beforeEach(() => {
  writes = { allowed: true, retryAfter: 0, remaining: 5 };
  sessionWrites = { allowed: true, retryAfter: 0, remaining: 5 };
  resolveTokenWith.mockClear();
  resolveSession.mockClear();
  hit.mockClear();
});

const call = async (method: string, path: string, headers: Record<string, string> = {}) => {
  const answer = await fetch(`${url}${path}`, { method, headers });
  const text = await answer.text();
  return { status: answer.status, headers: answer.headers, body: text ? JSON.parse(text) : null };
};
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const SESSION = { cookie: '__Host-svc_session=live-session' };

describe('a bearer token', () => {
  it.each([
    ['Bearer live-token'],
    ['bearer live-token'],
    ['BEARER   live-token'],
    [`Bearer ${'L'.repeat(512)}`],
  ])('is read from "%s"', async (authorization) => {
    const answer = await call('GET', '/api/v1/things', { authorization });
    expect(answer.status).toBe(200);
    expect(answer.body.actor).toBe('agent');
  });

  const UNKNOWN =
    'The bearer token is unknown, expired or revoked. Get a new token: POST the `connect` URL (it ignores any Authorization header), ' +
    'have the person approve it, then poll POST /api/v1/agent/token. Public reads answer without an Authorization header; see `instructions_url`.';
  // A header that is no bearer token at all is told what the header takes, not that a token expired.
  const NO_BEARER = 'The Authorization header must carry a bearer token: `Authorization: Bearer <token>`; no other scheme is taken.';

  it.each([
    ['an unknown token', 'Bearer dead-token', UNKNOWN],
    ['another scheme', 'Basic live-token', NO_BEARER],
    ['no space after the scheme', 'Bearerlive-token', NO_BEARER],
    ['something before the scheme', 'X Bearer live-token', NO_BEARER],
    ['a second word', 'Bearer live-token extra', UNKNOWN],
    ['a token too long to be one', `Bearer ${'L'.repeat(513)}`, UNKNOWN],
    ['a character outside printable ASCII', 'Bearer live-tokén', UNKNOWN],
    ['an empty token', 'Bearer ', NO_BEARER],
  ])('is refused when it is %s: 401 invalid_token saying what to do', async (_, authorization, message) => {
    const answer = await call('GET', '/api/v1/things', { authorization });
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({
      error: 'invalid_token',
      instructions_url: `${BASE_URL}/agents`,
      connect: `${BASE_URL}/api/v1/agent/connect`,
    });
    expect(answer.body.message).toBe(message);
    expect(answer.headers.get('www-authenticate')).toBe(
      `Bearer realm="task-and-directory", error="invalid_token", resource_metadata="${BASE_URL}/.well-known/oauth-protected-resource"`,
    );
  });

  it('is refused in the query string on every route, even with a live session: 401 invalid_token', async () => {
    for (const path of ['/api/v1/things', '/page', '/api/v1/agent/connect']) {
      const answer = await call('POST', `${path}?access_token=live-token`, { ...SESSION, 'x-csrf-token': 'session-csrf' });
      expect(answer.status, path).toBe(401);
      expect(answer.body).toMatchObject({ error: 'invalid_token', connect: `${BASE_URL}/api/v1/agent/connect` });
      expect(answer.body.message).toMatch(/^A token in the query string \(access_token\) is not accepted/);
    }
  });

  it('is not read on a website page: a page that needs a caller says it is for people (403 human_only)', async () => {
    const anonymous = await call('GET', '/page', bearer('live-token'));
    expect(anonymous.body.actor).toBeNull();
    expect(resolveTokenWith).not.toHaveBeenCalled();
    const refused = await call('GET', '/mine', bearer('live-token'));
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      error: 'human_only',
      message: 'Website pages act only for the signed-in person and do not read agent tokens; agents use the API under /api/v1.',
      connect: `${BASE_URL}/api/v1/agent/connect`,
    });
  });

  it('is read under every prefix that reads tokens', async () => {
    expect((await call('GET', '/mcp', bearer('live-token'))).body.actor).toBe('agent');
    expect((await call('GET', '/mcp', bearer('dead-token'))).status).toBe(401);
  });

  it('wins over a session cookie sent alongside', async () => {
    const answer = await call('GET', '/api/v1/things', { ...bearer('live-token'), ...SESSION });
    expect(answer.body).toEqual({ actor: 'agent', csrfToken: null, readWithToken: null });
    expect(resolveSession).not.toHaveBeenCalled();
  });
});

describe('routes that read no credentials', () => {
  it('answer a stale token or a session as anonymous, so a caller can always get a new token', async () => {
    expect(await call('POST', '/api/v1/agent/connect', bearer('dead-token'))).toMatchObject({ status: 200, body: { actor: null } });
    expect(await call('POST', '/api/v1/agent/connect', SESSION)).toMatchObject({ status: 200, body: { actor: null, csrfToken: null } });
    // A HEAD is its GET route's.
    const head = await fetch(`${url}/api/v1/metadata`, { method: 'HEAD', headers: bearer('dead-token') });
    expect(head.status).toBe(200);
    expect(resolveTokenWith).not.toHaveBeenCalled();
  });

  it('are named by method: the same path with another method reads them', async () => {
    expect((await call('GET', '/api/v1/agent/connect', bearer('dead-token'))).status).toBe(401);
    expect((await call('POST', '/api/v1/metadata', bearer('dead-token'))).status).toBe(401);
  });
});

describe("an agent's writes", () => {
  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('%s to a route that counts writes is counted in the token lookup, and refused past the limit (429)', async (method) => {
    expect((await call(method, '/api/v1/things', bearer('live-token'))).status).toBe(200);
    expect(resolveTokenWith).toHaveBeenLastCalledWith('live-token', COUNTS_WRITES);
    writes = { allowed: false, retryAfter: 7, remaining: 0 };
    const refused = await call(method, '/api/v1/things', bearer('live-token'));
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('rate_limited');
    expect(refused.headers.get('retry-after')).toBe('7');
  });

  it.each(['/api/v1/things', '/api/v2/things'])('are counted on every route that counts them (%s)', async (path) => {
    writes = { allowed: false, retryAfter: 7, remaining: 0 };
    expect((await call('POST', path, bearer('live-token'))).status).toBe(429);
    expect(resolveTokenWith).toHaveBeenLastCalledWith('live-token', COUNTS_WRITES);
  });

  it.each([
    ['a read', 'GET', '/api/v1/things'],
    ['an OPTIONS', 'OPTIONS', '/api/v1/things'],
    ['a write to a route that counts its own (MCP: the tool call counts it)', 'POST', '/mcp'],
  ])('%s is not counted there', async (_, method, path) => {
    writes = { allowed: false, retryAfter: 7, remaining: 0 };
    expect((await call(method, path, bearer('live-token'))).status).toBe(200);
    expect(resolveTokenWith).toHaveBeenLastCalledWith('live-token', undefined);
    // Nothing counted a second time, and no other count taken.
    expect(hit).not.toHaveBeenCalled();
  });

  it("a route's own reads come with the token lookup", async () => {
    const answer = await call('GET', '/api/v1/read-with', bearer('live-token'));
    expect(answer.body).toEqual({ actor: 'agent', csrfToken: null, readWithToken: 'the row' });
    expect(resolveTokenWith).toHaveBeenLastCalledWith('live-token', READS_WITH_TOKEN);
  });
});

describe('a session', () => {
  it('is the signed-in person with the session\'s CSRF token; an unknown one is a visitor', async () => {
    expect((await call('GET', '/page', SESSION)).body).toEqual({ actor: 'session', csrfToken: 'session-csrf', readWithToken: null });
    expect((await call('GET', '/page', { cookie: '__Host-svc_session=dead-session' })).body).toEqual({ actor: null, csrfToken: null, readWithToken: null });
    expect(resolveSession).toHaveBeenLastCalledWith('dead-session');
  });

  it('is not read where sessions are ignored (MCP): no caller, and a change without Origin is no CSRF refusal', async () => {
    expect((await call('GET', '/mcp', SESSION)).body).toEqual({ actor: null, csrfToken: null, readWithToken: null });
    const change = await fetch(`${url}/mcp`, { method: 'POST', headers: SESSION });
    expect(change.status).toBe(200);
    expect(await change.json()).toEqual({ actor: null, csrfToken: null, readWithToken: null });
    expect(resolveSession).not.toHaveBeenCalled();
  });

  it('is read under an https base URL from __Host-svc_session only, which no subdomain can plant', async () => {
    expect((await call('GET', '/page', { cookie: 'svc_session=live-session' })).body.actor).toBeNull();
    expect(resolveSession).not.toHaveBeenCalled();
  });

  it.each(['GET', 'HEAD', 'OPTIONS'])('reads with %s from anywhere, with no token and no count', async (method) => {
    const answer = await fetch(`${url}/page`, { method, headers: { ...SESSION, origin: 'https://elsewhere.example' } });
    expect(answer.status).toBe(200);
    expect(hit).not.toHaveBeenCalled();
  });

  it.each([
    ['the base URL as Origin', { origin: BASE_URL }],
    ['the address the request reached as Origin', () => ({ origin: url })],
    ["the session's X-CSRF-Token and no Origin", { 'x-csrf-token': 'session-csrf' }],
  ])('changes things with %s', async (_, extra) => {
    const headers = typeof extra === 'function' ? extra() : extra;
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      expect((await call(method, '/page', { ...SESSION, ...headers })).status, method).toBe(200);
    }
  });

  it.each([
    ['no Origin and no token', {}],
    ['another site as Origin', { origin: 'https://elsewhere.example' }],
    ['a look-alike of the base URL as Origin', { origin: 'https://tasks.example.elsewhere.example' }],
    ['the base URL over plain http as Origin', { origin: 'http://tasks.example' }],
    ['another site as Origin, even with the right token', { origin: 'https://elsewhere.example', 'x-csrf-token': 'session-csrf' }],
    ['a wrong X-CSRF-Token', { 'x-csrf-token': 'other-csrf' }],
  ])('is refused a change with %s: 403 csrf_failed', async (_, headers) => {
    const answer = await call('POST', '/page', { ...SESSION, ...headers });
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ error: 'csrf_failed', message: 'A signed-in change must come from this site (same Origin) or carry the X-CSRF-Token header.' });
    expect(hit).not.toHaveBeenCalled();
  });

  it("counts each change against the person's session-writes, and refuses one past the limit (429)", async () => {
    expect((await call('POST', '/page', { ...SESSION, origin: BASE_URL })).status).toBe(200);
    expect(hit).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ name: 'agent-session-writes', limit: 120, windowSeconds: 60 }), 'p-person');
    sessionWrites = { allowed: false, retryAfter: 12, remaining: 0 };
    const refused = await call('POST', '/page', { ...SESSION, origin: BASE_URL });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('rate_limited');
    expect(refused.headers.get('retry-after')).toBe('12');
  });
});

describe('a caller a route requires', () => {
  it('is 401 unauthenticated when there is none, pointing at the resource metadata', async () => {
    const answer = await call('GET', '/api/v1/mine');
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({
      error: 'unauthenticated',
      message: 'This operation needs a bearer token (or a signed-in session).',
      instructions_url: `${BASE_URL}/agents`,
    });
    expect(answer.headers.get('www-authenticate')).toBe(`Bearer realm="task-and-directory", resource_metadata="${BASE_URL}/.well-known/oauth-protected-resource"`);
    expect((await call('GET', '/mine')).body.error).toBe('unauthenticated');
  });

  it('names the MCP endpoint as a resource of its own, and only it', async () => {
    const metadata = async (path: string) => (await call('GET', path)).headers.get('www-authenticate');
    expect(await metadata('/mcp/tools')).toContain(`resource_metadata="${BASE_URL}/.well-known/oauth-protected-resource/mcp"`);
    expect(await metadata('/mcpx')).toContain(`resource_metadata="${BASE_URL}/.well-known/oauth-protected-resource"`);
    expect(await metadata('/mcpx')).not.toContain('resource/mcp');
    expect((await call('GET', '/mcp', bearer('dead-token'))).headers.get('www-authenticate')).toContain(
      `resource_metadata="${BASE_URL}/.well-known/oauth-protected-resource/mcp"`,
    );
  });

  it('is any agent or person when the route asks for no scope', async () => {
    expect((await call('GET', '/api/v1/mine', bearer('live-token'))).body).toEqual({ principal: 'p-person' });
    expect((await call('GET', '/api/v1/mine', SESSION)).body).toEqual({ principal: 'p-person' });
  });

  it('is an agent holding one of the scopes asked, else 403 insufficient_scope; a person holds them all', async () => {
    expect((await call('GET', '/api/v1/scoped/jobs:write', bearer('live-token'))).body).toEqual({ principal: 'p-person' });
    const refused = await call('GET', '/api/v1/scoped/threads:write', bearer('live-token'));
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: 'insufficient_scope', required_scopes: ['threads:write', 'directory:write'] });
    expect((await call('GET', '/api/v1/scoped/threads:write', SESSION)).body).toEqual({ principal: 'p-person' });
  });
});

describe('under a plain http base URL', () => {
  it('reads the session from svc_session, and takes that base URL as Origin', async () => {
    const plain = await serve('http://localhost:3000');
    try {
      const answer = await fetch(`http://127.0.0.1:${plain.port}/page`, { method: 'POST', headers: { cookie: 'svc_session=live-session', origin: 'http://localhost:3000' } });
      expect(await answer.json()).toEqual({ actor: 'session', csrfToken: 'session-csrf', readWithToken: null });
      const hostCookie = await fetch(`http://127.0.0.1:${plain.port}/page`, { headers: { cookie: '__Host-svc_session=live-session' } });
      expect(await hostCookie.json()).toMatchObject({ actor: null });
    } finally {
      await plain.close();
    }
  });
});
