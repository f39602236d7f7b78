import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { sessionCookieName, setAgentRateLimits } from '@svc/runtime';
import type { Principal, TestApp } from '@svc/runtime/testing';
import { startApiTestApp } from './app.ts';
import { callTool, connectMcp, outputChecksOf } from './mcp-client.ts';
import { API_OPERATIONS } from '../src/operations/index.ts';

/** The MCP server at /mcp, through the SDK's own client, on PostgreSQL: the same rules as the REST operations. */

let app: TestApp;
let alice: Principal;
let bob: Principal;
/** Alice's agent that may post and change jobs and read her account. */
let wideToken: string;
/** Alice's agent that may only read her account. */
let narrowToken: string;
/** Bob's agent, with jobs:write too: scope alone must never let it change Alice's jobs. */
let bobToken: string;
const clients: Client[] = [];

beforeAll(async () => {
  app = await startApiTestApp();
  alice = await app.signUp('Alice Poster');
  bob = await app.signUp('Bob Helper');
  wideToken = (await app.agentToken(alice, ['jobs:write', 'account:read'])).token;
  narrowToken = (await app.agentToken(alice, ['account:read'])).token;
  bobToken = (await app.agentToken(bob, ['jobs:write'])).token;
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await app?.close();
});

const connect = async (token?: string): Promise<Client> => {
  const client = await connectMcp(app.url, token);
  clients.push(client);
  return client;
};

const toolNames = async (client: Client): Promise<string[]> => (await client.listTools()).tools.map((tool) => tool.name);

const call = callTool;

const minimalJob = { title: 'Plan a garden party', outcome: 'A plan the host can follow.' };

/** One tool call as raw JSON-RPC over HTTP, past any client library. */
const callJson = (name: string, args: Record<string, unknown>, headers: Record<string, string> = {}) =>
  fetch(`${app.url}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name, arguments: args } }),
  });

const HUMAN_OR_WEBSITE = API_OPERATIONS.filter((operation) => operation.auth === 'human_only' || operation.websiteOnly).map((operation) => operation.id);

describe('tools/list', () => {
  it('shows every caller the same tools, whatever its token holds, never a person-only one', async () => {
    const anonymous = await toolNames(await connect());
    expect(await toolNames(await connect(narrowToken))).toEqual(anonymous);
    expect(await toolNames(await connect(wideToken))).toEqual(anonymous);
    expect(anonymous).toEqual(expect.arrayContaining(['jobs.list', 'jobs.create', 'me.get', 'threads.add_entry']));
    expect(HUMAN_OR_WEBSITE.length).toBeGreaterThan(0);
    for (const name of [...HUMAN_OR_WEBSITE, 'openapi.get']) expect(anonymous).not.toContain(name);
  });

  it('says in a tool’s description the scopes it needs, and nothing of the kind on a public tool', async () => {
    const { tools } = await (await connect()).listTools();
    const described = (name: string) => tools.find((tool) => tool.name === name)!.description;
    expect(described('jobs.create')).toContain('Needs a token with jobs:write: called without it, the client is asked to have the person approve it.');
    expect(described('jobs.list')).not.toContain('Needs');
  });

  it('shows a token with every scope one tool per agents\' operation, each with schemas the client accepts', async () => {
    const all = await app.agentToken(alice, ['jobs:write', 'responses:write', 'services:write', 'account:read', 'directory:write', 'threads:write', 'feedback:write']);
    const { tools } = await (await connect(all.token)).listTools();
    const expected = API_OPERATIONS.filter((o) => o.auth !== 'human_only' && !o.websiteOnly && o.id !== 'openapi.get' && o.path.startsWith('/api/v1/')).map((o) => o.id);
    expect(tools.map((tool) => tool.name).sort()).toEqual(expected.sort());
    for (const tool of tools) {
      expect(tool.name).toMatch(/^[A-Za-z0-9_.-]{1,128}$/);
      expect(tool.inputSchema.type).toBe('object');
      expect(JSON.stringify(tool)).not.toContain('$ref');
    }
  });

  it('gives one flat input schema per tool (path, query and body fields side by side) and the record as output', async () => {
    const { tools } = await (await connect(wideToken)).listTools();
    const update = tools.find((tool) => tool.name === 'jobs.update')!;
    expect(update.inputSchema.required).toEqual(expect.arrayContaining(['id', 'expected_version']));
    expect(Object.keys(update.inputSchema.properties!)).toEqual(expect.arrayContaining(['id', 'title', 'expected_version']));
    expect(update.description).toMatch(/re-read.*expected_version \+ 1.*Never retry blindly/s);
    expect(update.outputSchema?.type).toBe('object');
    const create = tools.find((tool) => tool.name === 'jobs.create')!;
    expect(Object.keys(create.inputSchema.properties!)).toEqual(expect.arrayContaining(['title', 'outcome', 'idempotency_key']));
    const list = tools.find((tool) => tool.name === 'jobs.list')!;
    expect(Object.keys(list.inputSchema.properties!)).toEqual(expect.arrayContaining(['q', 'tag', 'limit']));
    // A tool speaks of its own arguments: no REST header, and a create's rule rather than a versioned edit's.
    const register = tools.find((tool) => tool.name === 'directory.register')!;
    expect(register.description).not.toContain('Idempotency-Key');
    expect(register.description).toContain('pass idempotency_key');
    const respond = tools.find((tool) => tool.name === 'responses.create')!;
    expect(respond.description).not.toContain('Never retry blindly');
    expect(respond.description).toContain('pass idempotency_key');
    expect(list.annotations?.readOnlyHint).toBe(true);
  });
});

describe('tools/call', () => {
  it('answers a job posted without a budget with budget null, which every job tool’s output schema allows', async () => {
    const client = await connect(wideToken);
    const { tools } = await client.listTools();
    for (const name of ['jobs.create', 'jobs.get', 'jobs.rts']) {
      const budget = (tools.find((tool) => tool.name === name)!.outputSchema!.anyOf as { properties?: Record<string, { anyOf?: unknown[] }> }[])[0]!.properties!.budget!;
      expect(budget.anyOf, name).toEqual(expect.arrayContaining([{ type: 'null' }]));
    }
    // The SDK's client checks structured content against the listed output schema.
    const created = await call(client, 'jobs.create', { ...minimalJob, title: 'No budget given' });
    expect(created.isError).toBeFalsy();
    expect(created.structuredContent!.budget).toBeNull();
    const read = await call(client, 'jobs.get', { id: created.structuredContent!.id });
    expect(read.structuredContent!.budget).toBeNull();
  });

  it('lists the caller’s own records, a page at a time, through the me tools a read-only token sees', async () => {
    const narrow = await connect(narrowToken);
    expect(await toolNames(narrow)).toEqual(expect.arrayContaining(['jobs.mine', 'responses.mine', 'services.mine', 'directory.mine']));
    await call(await connect(wideToken), 'jobs.create', { ...minimalJob, title: 'Listed as mine' });
    await call(await connect(bobToken), 'jobs.create', { ...minimalJob, title: 'Bob’s, not Alice’s' });
    const mine = await call(narrow, 'jobs.mine', { status: 'open', limit: 1 });
    expect(mine.isError).toBeFalsy();
    expect(mine.structuredContent).toMatchObject({ limit: 1, offset: 0, jobs: [expect.objectContaining({ status: 'open' })] });
    expect(mine.structuredContent!.total).toBeGreaterThan(1);
    const everything = (await call(narrow, 'jobs.mine', { limit: 100 })).structuredContent!.jobs as { title: string; posted_by: { principal_id: string } }[];
    expect(everything.map((job) => job.title)).toContain('Listed as mine');
    expect(everything.every((job) => job.posted_by.principal_id === alice.id)).toBe(true);
    const refused = await call(narrow, 'jobs.mine', { limit: 101 });
    expect(refused.isError).toBe(true);
    expect(refused.structuredContent).toMatchObject({ error: 'validation_failed' });
  });

  it('creates a job once under one idempotency key, replays it, and reads it back', async () => {
    const client = await connect(wideToken);
    const record = vi.spyOn(app.services.usage, 'record');
    const first = await call(client, 'jobs.create', { ...minimalJob, idempotency_key: 'mcp-create-1' });
    expect(first.isError).toBeFalsy();
    expect(first.structuredContent).toMatchObject({ title: minimalJob.title, version: 1, idempotency_key: 'mcp-create-1' });
    expect(first.structuredContent!.replayed).toBeUndefined();
    const again = await call(client, 'jobs.create', { ...minimalJob, idempotency_key: 'mcp-create-1' });
    expect(again.structuredContent).toMatchObject({ id: first.structuredContent!.id, replayed: true, idempotency_key: 'mcp-create-1' });
    const rows = await app.db.query<{ n: number }>('select count(*)::int as n from jobs where id = $1', [first.structuredContent!.id]);
    expect(rows[0]!.n).toBe(1);
    const titled = await app.db.query<{ n: number }>('select count(*)::int as n from jobs where title = $1', [minimalJob.title]);
    expect(titled[0]!.n).toBe(1);
    expect(record).toHaveBeenCalledWith('MCP jobs.create', '2xx');

    const read = await call(await connect(), 'jobs.get', { id: first.structuredContent!.id });
    expect(read.isError).toBeFalsy();
    expect(read.structuredContent).toMatchObject({ id: first.structuredContent!.id, title: minimalJob.title });
    expect(JSON.parse(read.content[0]!.text!)).toEqual(read.structuredContent);
    record.mockRestore();
  });

  it('checks answers against each tool’s listed output schema, which refuses a record of the wrong shape', async () => {
    const client = await connect(wideToken);
    const created = await call(client, 'jobs.create', { ...minimalJob, title: 'Shape check' });
    const checks = await outputChecksOf(client);
    const { tools } = await client.listTools();
    // Every listed output schema is loaded, the job tools' among them.
    expect([...checks.keys()].sort()).toEqual(tools.filter((tool) => tool.outputSchema).map((tool) => tool.name).sort());
    expect([...checks.keys()]).toEqual(expect.arrayContaining(['jobs.create', 'jobs.get', 'jobs.list', 'jobs.update', 'me.get']));
    const check = checks.get('jobs.get')!;
    const job = (await call(client, 'jobs.get', { id: created.structuredContent!.id })).structuredContent!;
    expect(check(job).valid).toBe(true);
    const { title: _title, ...untitled } = job;
    expect(check(untitled).valid).toBe(false);
    expect(check({ ...job, version: 'one' }).valid).toBe(false);
    expect(check({ ...job, status: 'sideways' }).valid).toBe(false);
  });

  it('answers reads of other domains with structured content that matches their output schemas', async () => {
    const client = await connect(narrowToken);
    for (const [name, args] of [['jobs.list', { limit: 5 }], ['me.get', {}], ['directory.discover', {}], ['threads.list', {}], ['services.list', {}]] as const) {
      const answer = await call(client, name, args);
      expect(answer.isError, `${name}: ${answer.content[0]?.text}`).toBeFalsy();
      expect(answer.structuredContent).toBeTypeOf('object');
    }
  });

  it('makes a key for a create that sends none and returns it, so a retry can reuse it', async () => {
    const client = await connect(wideToken);
    const first = await call(client, 'jobs.create', { ...minimalJob, title: 'A keyless create' });
    const key = first.structuredContent!.idempotency_key as string;
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    const retried = await call(client, 'jobs.create', { ...minimalJob, title: 'A keyless create', idempotency_key: key });
    expect(retried.structuredContent).toMatchObject({ id: first.structuredContent!.id, replayed: true });
    const other = await call(client, 'jobs.create', { ...minimalJob, title: 'Another body', idempotency_key: key });
    expect(other.isError).toBe(true);
    expect(other.structuredContent).toMatchObject({ error: 'idempotency_conflict' });
    // In the words of the tool's arguments, not of HTTP headers and bodies.
    expect(other.structuredContent!.message).toMatch(/^This idempotency_key was used with other arguments/);
  });

  it('answers a stale versioned edit with version_conflict and the current record, and changes nothing', async () => {
    const client = await connect(wideToken);
    const job = (await call(client, 'jobs.create', { ...minimalJob, title: 'Versioned' })).structuredContent!;
    const edited = await call(client, 'jobs.update', { id: job.id, title: 'Versioned, edited', expected_version: 1 });
    expect(edited.structuredContent).toMatchObject({ title: 'Versioned, edited', version: 2 });
    const record = vi.spyOn(app.services.usage, 'record');
    const stale = await call(client, 'jobs.update', { id: job.id, title: 'Stale', expected_version: 1 });
    expect(stale.isError).toBe(true);
    expect(stale.structuredContent).toMatchObject({ error: 'version_conflict', current: { id: job.id, version: 2, title: 'Versioned, edited' } });
    expect(JSON.parse(stale.content[0]!.text!)).toEqual(stale.structuredContent);
    expect(record).toHaveBeenCalledWith('MCP jobs.update', '4xx:version_conflict');
    record.mockRestore();
    const missing = await call(client, 'jobs.update', { id: job.id, title: 'No version' });
    expect(missing.structuredContent).toMatchObject({ error: 'expected_version_required' });
    const stored = await app.db.query<{ version: number; title: string }>('select version, title from jobs where id = $1', [job.id]);
    expect(stored[0]).toEqual({ version: 2, title: 'Versioned, edited' });
  });

  it('takes expected_version on removals and status changes: optional, and a stale one changes nothing', async () => {
    const client = await connect(wideToken);
    const { tools } = await client.listTools();
    for (const name of ['jobs.remove', 'jobs.close', 'jobs.reopen']) {
      const tool = tools.find((candidate) => candidate.name === name)!;
      expect(tool.inputSchema.properties, name).toHaveProperty('expected_version');
      expect(tool.inputSchema.required, name).toEqual(['id']);
    }
    const job = (await call(client, 'jobs.create', { ...minimalJob, title: 'Closed at a version' })).structuredContent!;
    const stale = await call(client, 'jobs.close', { id: job.id, expected_version: 2 });
    expect(stale.structuredContent).toMatchObject({ error: 'version_conflict', current: { id: job.id, version: 1, status: 'open' } });
    const closed = await call(client, 'jobs.close', { id: job.id, expected_version: 1 });
    expect(closed.structuredContent).toMatchObject({ status: 'closed', version: 2 });
    const staleRemoval = await call(client, 'jobs.remove', { id: job.id, expected_version: 1 });
    expect(staleRemoval.structuredContent).toMatchObject({ error: 'version_conflict', current: { version: 2 } });
    const stored = await app.db.query<{ version: number; status: string }>('select version, status from jobs where id = $1', [job.id]);
    expect(stored[0]).toEqual({ version: 2, status: 'closed' });
    const removed = await call(client, 'jobs.remove', { id: job.id, expected_version: 2 });
    expect(removed.structuredContent).toMatchObject({ status: 'removed', version: 3 });
  });

  it("checks ownership as REST does: another agent's token with the same scope gets not_owner", async () => {
    const job = (await call(await connect(wideToken), 'jobs.create', { ...minimalJob, title: 'Owned' })).structuredContent!;
    const foreign = await call(await connect(bobToken), 'jobs.close', { id: job.id });
    expect(foreign.isError).toBe(true);
    expect(foreign.structuredContent).toMatchObject({ error: 'not_owner' });
  });

  it('refuses a tool outside the token scopes at the HTTP level: 403 insufficient_scope naming the scope (step-up), nothing written', async () => {
    await expect(call(await connect(narrowToken), 'jobs.create', { ...minimalJob, title: 'Not allowed' })).rejects.toThrow(/insufficient_scope/);
    const rows = await app.db.query<{ n: number }>('select count(*)::int as n from jobs where title = $1', ['Not allowed']);
    expect(rows[0]!.n).toBe(0);
  });

  it('refuses a person-only operation as an unknown tool, and bad arguments as validation_failed', async () => {
    const client = await connect(wideToken);
    await expect(client.callTool({ name: 'directory.lock', arguments: { address: 'x', expected_version: 1 } })).rejects.toThrow(/Unknown tool/);
    // Said once: the error's message holds no "MCP error" prefix the client would write again.
    const raw = await fetch(`${app.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'directory.lock', arguments: {} } }),
    });
    expect(await raw.json()).toEqual({ jsonrpc: '2.0', id: 5, error: { code: -32602, message: 'Unknown tool: directory.lock' } });
    const bad = await call(client, 'jobs.get', {});
    expect(bad.structuredContent).toMatchObject({ error: 'validation_failed', details: [{ path: 'id' }] });
    const stray = await call(client, 'jobs.get', { id: 'job_x', colour: 'red' });
    expect(stray.structuredContent).toMatchObject({ error: 'validation_failed', details: [{ path: 'colour' }] });
    // An own `__proto__` key, which the SDK's parse would drop, is refused as over REST; nothing is created.
    const polluting = await callJson('jobs.create', { ...minimalJob, title: 'With a prototype', ['__proto__']: { admin: true } }, { authorization: `Bearer ${wideToken}` });
    const answer = (await polluting.json()) as { result: { isError: boolean; structuredContent: unknown } };
    expect(answer.result).toMatchObject({ isError: true, structuredContent: { error: 'validation_failed', details: [{ path: '__proto__' }] } });
    expect((await app.db.query<{ n: number }>('select count(*)::int as n from jobs where title = $1', ['With a prototype']))[0]!.n).toBe(0);
    const huge = await call(await connect(), 'introductions.create', { agent_name: 'x'.repeat(70 * 1024) });
    expect(huge.structuredContent).toMatchObject({ error: 'body_too_large' });
    const unknown = await call(client, 'jobs.get', { id: 'job_unknown' });
    expect(unknown.structuredContent).toMatchObject({ error: 'not_found' });
  });
});

describe('the /mcp endpoint', () => {
  const initialize = {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
  };
  const post = (headers: Record<string, string> = {}) =>
    fetch(`${app.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      body: JSON.stringify(initialize),
    });

  it('answers an initialize from this site', async () => {
    const res = await post({ origin: app.url });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { result: { serverInfo: { name: string } } }).result.serverInfo.name).toBe('task-and-directory');
  });

  it('refuses another site (DNS rebinding) with 403 origin_not_allowed', async () => {
    const res = await post({ origin: 'https://attacker.example' });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: 'origin_not_allowed' });
  });

  it('refuses a Host that is neither the base URL host nor the address the request reached', async () => {
    const { port } = new URL(app.url);
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        { host: '127.0.0.1', port, path: '/mcp', method: 'POST', headers: { host: `rebound.example:${port}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' } },
        (res) => {
          let body = '';
          res.on('data', (chunk) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode!, body }));
        },
      );
      req.on('error', reject);
      req.end(JSON.stringify(initialize));
    });
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body)).toMatchObject({ error: 'origin_not_allowed' });
  });

  it('answers a bad token with 401 and the Bearer challenge, as REST does', async () => {
    const res = await post({ authorization: 'Bearer not-a-token' });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer realm="[^"]+", error="invalid_token", resource_metadata="http:\/\/tasks\.test\/\.well-known\/oauth-protected-resource\/mcp"$/);
    const body = (await res.json()) as { error: string; message: string };
    expect(body.error).toBe('invalid_token');
    // How an MCP client gets back in: its refresh token or the OAuth flow, not only the device flow REST names.
    expect(body.message).toContain('an MCP client exchanges its refresh token, or signs in again through the OAuth flow');
  });

  it('challenges a tool call that needs a token and has none: 401 naming the resource metadata and the scope (MCP authorization)', async () => {
    const res = await callJson('jobs.create', { ...minimalJob, title: 'Anonymous' });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe(
      'Bearer realm="task-and-directory", resource_metadata="http://tasks.test/.well-known/oauth-protected-resource/mcp", scope="jobs:write"',
    );
    expect(await res.json()).toMatchObject({ error: 'unauthenticated', required_scopes: ['jobs:write'] });
    const rows = await app.db.query<{ n: number }>('select count(*)::int as n from jobs where title = $1', ['Anonymous']);
    expect(rows[0]!.n).toBe(0);
  });

  it('answers a token without the scope with 403 insufficient_scope and scope= in the challenge', async () => {
    const res = await callJson('jobs.create', minimalJob, { authorization: `Bearer ${narrowToken}` });
    expect(res.status).toBe(403);
    expect(res.headers.get('www-authenticate')).toBe(
      'Bearer realm="task-and-directory", error="insufficient_scope", scope="jobs:write", resource_metadata="http://tasks.test/.well-known/oauth-protected-resource/mcp"',
    );
    expect(await res.json()).toMatchObject({ error: 'insufficient_scope', required_scopes: ['jobs:write'] });
  });

  it('answers a call within its scopes past the write limit with a tool error the model can act on: the wait, no header to read', async () => {
    setAgentRateLimits(app.services, { writes: { limit: 1, windowSeconds: 60 } });
    try {
      const client = await connect(wideToken);
      const results = [];
      for (let i = 0; i < 2; i++) results.push(await call(client, 'jobs.create', { ...minimalJob, title: `Past the limit ${i}` }));
      const limited = results.find((result) => result.isError)!.structuredContent!;
      expect(limited).toMatchObject({ error: 'rate_limited', retry_after: expect.any(Number) });
      expect(limited.message).not.toContain('RateLimit header');
    } finally {
      setAgentRateLimits(app.services, {});
    }
  });

  it('refuses a batch whole with the challenge when one of its calls needs a token it lacks, naming every scope its calls take; nothing in it runs', async () => {
    const batch = [
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'jobs.get', arguments: { id: 'job_unknown' } } },
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'jobs.create', arguments: { ...minimalJob, title: 'Batched anonymously' } } },
      { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'threads.create', arguments: { title: 'Batched thread' } } },
    ];
    const res = await fetch(`${app.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify(batch),
    });
    expect(res.status).toBe(401);
    // A client signing in for the first call's scope alone would meet a 403 at the next.
    expect(res.headers.get('www-authenticate')).toContain('scope="jobs:write threads:write"');
    expect(await res.json()).toMatchObject({ error: 'unauthenticated', required_scopes: ['jobs:write', 'threads:write'] });
    const rows = await app.db.query<{ n: number }>('select count(*)::int as n from jobs where title = $1', ['Batched anonymously']);
    expect(rows[0]!.n).toBe(0);
  });

  it('answers 406 to an Accept without both types before any challenge: nothing runs and no write is counted', async () => {
    const usedBefore = await app.db.query<{ n: number }>('select coalesce(sum(count), 0)::int as n from rate_limit_windows');
    for (const headers of [{}, { authorization: `Bearer ${narrowToken}` }] as Record<string, string>[]) {
      const res = await callJson('services.create', { title: 'Not acceptable' }, { accept: 'application/json', ...headers });
      expect(res.status).toBe(406);
      expect(res.headers.get('ratelimit')).toBeNull();
      expect(await res.json()).toMatchObject({ error: { message: 'Not Acceptable: Client must accept both application/json and text/event-stream' } });
    }
    expect(await app.db.query<{ n: number }>('select coalesce(sum(count), 0)::int as n from rate_limit_windows')).toEqual(usedBefore);
  });

  it('reads no session cookie: a browser cookie sent along is no caller and meets no CSRF check', async () => {
    const cookie = `${sessionCookieName('http://tasks.test')}=${alice.session}`;
    const initialized = await post({ cookie });
    expect(initialized.status).toBe(200);
    const create = await callJson('jobs.create', { ...minimalJob, title: 'With a cookie only' }, { cookie });
    expect(create.status).toBe(401);
    expect(await create.json()).toMatchObject({ error: 'unauthenticated' });
  });

  it('answers a body it cannot read (not JSON, or none) with JSON-RPC Parse error (-32700) and 400', async () => {
    for (const body of ['{"jsonrpc": "2.0", "id": 1, "method": ', '']) {
      const res = await fetch(`${app.url}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body,
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        jsonrpc: '2.0',
        id: null,
        error: { code: -32700, message: 'Parse error: send one JSON-RPC message (or a batch) as a JSON body in UTF-8.' },
      });
    }
  });

  it('answers a tools/call whose params are not {name, arguments} with JSON-RPC Invalid params (-32602)', async () => {
    for (const params of [undefined, { name: 'jobs.get', arguments: ['job_1'] }, { name: 7 }]) {
      const res = await fetch(`${app.url}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/call', ...(params ? { params } : {}) }),
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({
        jsonrpc: '2.0',
        id: 9,
        error: { code: -32602, message: 'Invalid params: tools/call takes {"name": <tool name>, "arguments": {…}} (arguments an object, or left out)' },
      });
    }
  });

  it.each([
    ['a control character', { q: 'bell\u0007' }, 'validation_failed'],
    ['a NUL', { q: 'a\u0000b' }, 'validation_failed'],
    ['arguments nested past 64 levels', { q: JSON.parse(`${'{"a":'.repeat(70)}1${'}'.repeat(70)}`) }, 'invalid_json'],
  ])('answers a tool call whose arguments hold %s with a tool error the model can read, not an HTTP refusal', async (_case, args, code) => {
    const res = await fetch(`${app.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'jobs.list', arguments: args } }),
    });
    expect(res.status).toBe(200);
    const { result } = (await res.json()) as { result: { isError: boolean; structuredContent: { error: string } } };
    expect([result.isError, result.structuredContent.error]).toEqual([true, code]);
  });

  const rpc = async (body: unknown) => {
    const res = await fetch(`${app.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as unknown };
  };

  it.each([
    ['initialize without params', { jsonrpc: '2.0', id: 1, method: 'initialize' }],
    ['initialize with a protocol version that is no string', { jsonrpc: '2.0', id: 1, method: 'initialize', params: { ...initialize.params, protocolVersion: 5 } }],
    ['tools/list with a cursor that is no string', { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { cursor: 5 } }],
  ])('answers %s with JSON-RPC Invalid params (-32602), not an internal error with a schema dump', async (_case, message) => {
    const { body } = await rpc(message);
    expect(body).toMatchObject({ jsonrpc: '2.0', id: 1, error: { code: -32602, message: expect.stringMatching(/^Invalid params/) } });
  });

  it.each([
    ['an object that is no JSON-RPC message', { foo: 1 }],
    ['a number', 5],
    ['another JSON-RPC version', { jsonrpc: '1.0', id: 1, method: 'ping' }],
  ])('answers %s with JSON-RPC Invalid Request (-32600): it parsed, so it is no Parse error', async (_case, message) => {
    const { status, body } = await rpc(message);
    expect(status).toBe(400);
    expect(body).toMatchObject({ jsonrpc: '2.0', error: { code: -32600 } });
  });

  it.each([
    ['a NUL in the id', '{"jsonrpc":"2.0","id":"a\\u0000","method":"tools/list"}', 'id'],
    ['a lone surrogate in the method', '{"jsonrpc":"2.0","id":1,"method":"tools/list\\ud800"}', 'method'],
    ['a NUL in a tool name', '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"jobs.get\\u0000","arguments":{}}}', 'params.name'],
  ])('answers an envelope holding %s with JSON-RPC Invalid Request (-32600), the edge refusal as its data', async (_case, body, path) => {
    const res = await fetch(`${app.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: expect.stringMatching(/^Invalid Request: /), data: { error: 'validation_failed', details: [{ path }] } },
    });
  });

  it('answers a body over the limit with JSON-RPC Invalid Request (-32600) and 413', async () => {
    const res = await fetch(`${app.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: { _meta: { pad: 'x'.repeat(2 * 1024 * 1024) } } }),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600, data: { error: 'body_too_large' } } });
  });

  it('answers a batch with an array, of one too, each call as it would be alone; an empty batch is one Invalid Request', async () => {
    expect((await rpc([{ jsonrpc: '2.0', id: 'a', method: 'ping' }])).body).toEqual([{ jsonrpc: '2.0', id: 'a', result: {} }]);
    const mixed = (await rpc([{ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'jobs.list', arguments: [] } }, { jsonrpc: '2.0', id: 2, method: 'ping' }])).body as { id: number; error?: { code: number } }[];
    expect(mixed.find((one) => one.id === 1)?.error?.code).toBe(-32602);
    expect(mixed.find((one) => one.id === 2)).toEqual({ jsonrpc: '2.0', id: 2, result: {} });
    expect(await rpc([])).toEqual({ status: 400, body: { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid Request: a batch holds at least one message.' } } });
  });

  it('keeps initialize, tools/list and public tools open to anonymous callers', async () => {
    expect((await post()).status).toBe(200);
    const client = await connect();
    expect(await toolNames(client)).toContain('jobs.get');
    const missing = await call(client, 'jobs.get', { id: 'job_unknown' });
    expect(missing.structuredContent).toMatchObject({ error: 'not_found' });
  });

  it('answers GET and DELETE with 405, as a stateless server does', async () => {
    for (const method of ['GET', 'DELETE']) {
      const res = await fetch(`${app.url}/mcp`, { method });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toContain('POST');
      expect(await res.json()).toMatchObject({ error: 'method_not_allowed' });
    }
  });
});
