import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { setAgentRateLimits } from '@svc/runtime';
import type { Principal, TestApp } from '@svc/runtime/testing';
import { startApiTestApp } from './app.ts';
import { callTool, connectMcp, type ToolAnswer } from './mcp-client.ts';

/** An agent's limits hold whichever door it writes through: REST and MCP tool calls share one count. */

let app: TestApp;
let alice: Principal;
const clients: Client[] = [];

beforeAll(async () => {
  app = await startApiTestApp();
  alice = await app.signUp('Alice Limited');
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await app?.close();
});

const mcpClient = async (token?: string): Promise<Client> => {
  const client = await connectMcp(app.url, token);
  clients.push(client);
  return client;
};

const call = callTool;

describe('the writes limit over MCP', () => {
  it('counts every tool call that writes against the token’s budget, shared with REST', async () => {
    setAgentRateLimits(app.services, { writes: { limit: 5, windowSeconds: 60 } });
    try {
      const { token } = await app.agentToken(alice, ['jobs:write']);
      const created = await app.request('POST', '/api/v1/jobs', { token, body: { title: 'Counted', outcome: 'Every door counts.' } });
      expect(created.status).toBe(201);
      const client = await mcpClient(token);
      const answers: ToolAnswer[] = [];
      for (let version = 1; version <= 5; version++) {
        answers.push(await call(client, 'jobs.update', { id: created.body.id, expected_version: version, title: `Counted ${version}` }));
      }
      // One REST create and four tool writes fill the budget of five; the fifth tool call is refused.
      expect(answers.slice(0, 4).map((answer) => answer.isError ?? false)).toEqual([false, false, false, false]);
      expect(answers[4]).toMatchObject({ isError: true, structuredContent: { error: 'rate_limited', retry_after: expect.any(Number) } });
      // Reads over MCP cost nothing; REST is refused too, from the same count.
      expect((await call(client, 'jobs.get', { id: created.body.id })).isError ?? false).toBe(false);
      const rest = await app.request('PATCH', `/api/v1/jobs/${created.body.id}`, { token, body: { expected_version: 5, title: 'Refused' } });
      expect(rest.status).toBe(429);
      const [job] = await app.db.query<{ title: string; version: number }>('select title, version from jobs where id = $1', [created.body.id]);
      expect(job).toEqual({ title: 'Counted 4', version: 5 });
    } finally {
      setAgentRateLimits(app.services, {});
    }
  });

  it('counts a tool call refused before it runs (bad arguments, a scope the token lacks) as REST counts a refused write', async () => {
    setAgentRateLimits(app.services, { writes: { limit: 4, windowSeconds: 60 } });
    try {
      const { token: writer } = await app.agentToken(alice, ['jobs:write']);
      const { token: reader } = await app.agentToken(alice, ['account:read']);
      const post = (token: string, name: string, args: object) =>
        fetch(`${app.url}/mcp`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${token}` },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
        });
      for (const args of [{ id: 'j'.repeat(300) }, { id: 'job_x', unknown: 1 }, { id: 'job_x', note: 'a\u0000b' }, { id: 'j'.repeat(300) }]) {
        const refused = (await (await post(writer, 'jobs.close', args)).json()) as { result: ToolAnswer };
        expect(refused.result).toMatchObject({ isError: true, structuredContent: { error: expect.stringMatching(/validation_failed|not_found/) } });
      }
      const fifth = (await (await post(writer, 'jobs.create', { title: 'One too many', outcome: 'Refused' })).json()) as { result: ToolAnswer };
      expect(fifth.result).toMatchObject({ isError: true, structuredContent: { error: 'rate_limited' } });
      // Without the scope: the HTTP challenge (403) counts the write, and past the budget it is 429.
      const challenged = [];
      for (let n = 0; n < 5; n++) challenged.push((await post(reader, 'jobs.create', { title: 'No scope', outcome: 'Refused' })).status);
      expect(challenged).toEqual([403, 403, 403, 403, 429]);
      expect(await app.db.query('select 1 from jobs where title in ($1, $2)', ['One too many', 'No scope'])).toEqual([]);
    } finally {
      setAgentRateLimits(app.services, {});
    }
  });

  it('limits token polls over MCP per device code, as over REST', async () => {
    setAgentRateLimits(app.services, { polls: { limit: 3, windowSeconds: 60 } });
    try {
      const connect = await app.services.access.deviceFlow.connect({ agent_name: 'Eager', scopes: ['account:read'] });
      const client = await mcpClient();
      const errors: unknown[] = [];
      for (let i = 0; i < 5; i++) errors.push((await call(client, 'agent.token', { device_code: connect.device_code })).structuredContent?.error);
      expect(errors.slice(3)).toEqual(['rate_limited', 'rate_limited']);
      expect(errors.slice(0, 3)).not.toContain('rate_limited');
    } finally {
      setAgentRateLimits(app.services, {});
    }
  });
});

describe('the bound on list reads, on every door', () => {
  it('makes REST lists and their MCP tools wait for the same turns, and serves a cached answer without one', async () => {
    const gate = app.services.listReads;
    expect(gate.running).toBe(0);
    // Connected first: every POST, an MCP message too, makes the process's kept answers stale.
    const client = await mcpClient();
    // Kept answers need the change feed to hear (its heartbeat comes back) and nothing to have changed since.
    await expect.poll(() => app.services.changes.stamp(['jobs']), { timeout: 10_000 }).not.toBeNull();
    const cached = await app.request('GET', '/api/v1/jobs?limit=3');
    expect(cached.status).toBe(200);
    let release!: () => void;
    const held = gate.run(() => new Promise<void>((resolve) => (release = resolve)));
    try {
      // Nothing changed since it was built: the kept answer needs no turn.
      expect((await app.request('GET', '/api/v1/jobs?limit=3')).body).toEqual(cached.body);
      expect(gate.waiting).toBe(0);
      const rest = app.request('GET', '/api/v1/services?limit=3');
      const tool = call(client, 'jobs.list', { limit: 2 });
      await expect.poll(() => gate.waiting, { timeout: 10_000 }).toBe(2);
      release();
      expect((await rest).status).toBe(200);
      expect((await tool).isError ?? false).toBe(false);
    } finally {
      release();
      await held;
    }
    expect([gate.running, gate.waiting]).toEqual([0, 0]);
  });
});
