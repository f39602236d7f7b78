import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_BASE_URL, type TestApp } from '@svc/runtime/testing';
import { startApiTestApp } from './app.ts';

/**
 * A 201 says where its record is read (`Location`, absolute under BASE_URL) wherever the record has
 * an address of its own, and a client that follows it reads what it created; a replay (200) created
 * nothing and points nowhere; a 201 whose record nobody reads at an address of its own carries none.
 */

let app: TestApp;
let token = '';
let bobToken = '';

beforeAll(async () => {
  app = await startApiTestApp();
  const ada = await app.signUp('Ada Location');
  const bob = await app.signUp('Bob Location');
  token = (await app.agentToken(ada, ['jobs:write', 'services:write', 'directory:write'])).token;
  bobToken = (await app.agentToken(bob, ['responses:write'])).token;
});
afterAll(() => app?.close());

const registration = {
  handle: 'ada-location',
  display_name: 'Ada Location',
  description: 'Where to find Ada.',
  entry_type: 'person',
  destinations: [{ type: 'web', value: 'https://ada.example', label: 'Site', audience: 'public', approved_for_disclosure: true }],
};

describe('a create answering 201', () => {
  it.each([
    ['a job', '/api/v1/jobs', { title: 'Plan a garden party', outcome: 'A plan the host can follow.' }, (body: { id: string }) => `/api/v1/jobs/${body.id}`, 'id'],
    ['an offer', '/api/v1/services', { title: 'Party planning', role: 'planner', industry: 'events' }, (body: { id: string }) => `/api/v1/services/${body.id}`, 'id'],
    ['a directory entry', '/api/v1/directory', registration, () => '/api/v1/directory/aar:ada-location', 'address'],
  ] as const)('of %s carries Location, the record read back there; its replay carries none', async (_, path, body, address, key) => {
    const headers = { 'idempotency-key': `location-${path}` };
    const created = await app.request('POST', path, { token, body, headers });
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toBe(`${TEST_BASE_URL}${address(created.body)}`);
    const read = await app.request('GET', address(created.body), { token });
    expect(read.status).toBe(200);
    expect(read.body[key]).toBe(created.body[key]);

    const replayed = await app.request('POST', path, { token, body, headers });
    expect(replayed).toMatchObject({ status: 200, body: { replayed: true } });
    expect(replayed.headers.get('location')).toBeNull();
  });

  it('of a record without an address of its own carries no Location: a response (unlike its job), a connect request, an introduction, an OAuth client', async () => {
    const job = await app.request('POST', '/api/v1/jobs', { token, body: { title: 'Plan a birthday', outcome: 'A plan.' } });
    expect(job.headers.get('location')).toBe(`${TEST_BASE_URL}/api/v1/jobs/${job.body.id}`);
    const created = [
      await app.request('POST', `/api/v1/jobs/${job.body.id}/responses`, { token: bobToken, body: { kind: 'question', message: 'How many guests?' } }),
      await app.request('POST', '/api/v1/agent/connect', { body: { agent_name: 'Location bot', scopes: ['jobs:write'] } }),
      await app.request('POST', '/api/v1/agent-introductions', { body: { schema_version: '1', agent_name: 'Location bot' } }),
      await app.request('POST', '/api/v1/oauth/register', { body: { client_name: 'Location desk', redirect_uris: ['https://desk.example/callback'] } }),
    ];
    for (const res of created) {
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.headers.get('location')).toBeNull();
    }
  });
});
