import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { JobJson } from '@svc/jobs';
import type { ServiceJson } from '@svc/offers';
import type { Principal, TestApp } from '@svc/runtime/testing';
import { startApiTestApp } from './app.ts';
import { callTool, connectMcp } from './mcp-client.ts';

/**
 * Contact details in the public text of jobs and offers: refused with 422 `blocked_content` naming
 * each field and what was found, on create and on edit, over REST and MCP alike; nothing stored.
 */

let app: TestApp;
let alice: Principal;
let token: string;
const clients: Client[] = [];

beforeAll(async () => {
  app = await startApiTestApp();
  alice = await app.signUp('Alice Poster');
  token = (await app.agentToken(alice, ['jobs:write', 'services:write', 'account:read'])).token;
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await app?.close();
});

interface Refusal {
  error: string;
  message: string;
  details: { path: string; message: string; found: string }[];
}

const PHONE = '07700 900123';
const EMAIL = 'alice.party@example.org';
const STREET = '12 Acacia Avenue, Leeds';

/** The finding as it was reported: a phone number and an e-mail in the title, a street address in the scope. */
const leakyJob = { title: `Plan a party: call ${PHONE} or mail ${EMAIL}`, outcome: 'A plan', scope: `The party is at ${STREET}.` };
const EXPECTED_JOB_DETAILS = [
  { path: 'title', found: 'email_address', message: expect.stringContaining('e-mail address') },
  { path: 'title', found: 'phone_number', message: expect.stringContaining('phone number') },
  { path: 'scope', found: 'street_address', message: expect.stringContaining('street address') },
];

const count = async (table: 'jobs' | 'offers'): Promise<number> => Number((await app.db.query<{ n: string }>(`select count(*) as n from ${table}`))[0]!.n);

/** The refusal never repeats the detail it refuses. */
const expectNoEcho = (body: unknown) => {
  const text = JSON.stringify(body);
  for (const detail of [PHONE, '900123', EMAIL, 'Acacia']) expect(text).not.toContain(detail);
};

const send = <T>(method: 'POST' | 'PATCH', path: string, body: unknown) => app.request<T & Refusal>(method, path, { token, body });

describe('jobs', () => {
  it('refuses a job holding a phone number, an e-mail address and a street address with 422 blocked_content, storing nothing', async () => {
    const before = await count('jobs');
    const res = await send<JobJson>('POST', '/api/v1/jobs', leakyJob);
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ error: 'blocked_content', message: expect.any(String), details: EXPECTED_JOB_DETAILS });
    expectNoEcho(res.body);
    expect(await count('jobs')).toBe(before);
  });

  it('refuses the same text on PATCH, leaving the job as it was', async () => {
    const job = (await send<JobJson>('POST', '/api/v1/jobs', { title: 'Plan a party', outcome: 'A plan' })).body;
    const res = await send<JobJson>('PATCH', `/api/v1/jobs/${job.id}`, { expected_version: 1, ...leakyJob });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ error: 'blocked_content', message: expect.any(String), details: EXPECTED_JOB_DETAILS });
    expectNoEcho(res.body);
    const stored = await app.db.query<{ version: number; title: string; scope: string }>('select version, title, scope from jobs where id = $1', [job.id]);
    expect(stored).toEqual([{ version: 1, title: 'Plan a party', scope: '' }]);
  });

  it('publishes text whose numbers are dates, times, prices, counts and links', async () => {
    const res = await send<JobJson>('POST', '/api/v1/jobs', {
      title: 'Plan a party for 20 children, age 7, on 2026-12-05 at 14:00',
      scope: 'Budget £1,200 (about 1 400 EUR). Venue for 3 rooms, see https://venue.example/rooms/2026-12 and version 2.4.1 of the app.',
      completion_checklist: ['Booked by 05.12.2026', '3 bedrooms cleaned'],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.title).toBe('Plan a party for 20 children, age 7, on 2026-12-05 at 14:00');
  });
});

describe('offers', () => {
  const offer = { title: 'Party planning', role: 'planner', industry: 'events', contact_url: 'https://planner.example/contact' };

  it('refuses an offer whose summary, pricing note or capability holds contact details, storing nothing', async () => {
    const before = await count('offers');
    const res = await send<ServiceJson>('POST', '/api/v1/services', {
      ...offer,
      summary: `Write to ${EMAIL}`,
      pricing_note: `From 40 GBP; ring +44 20 7946 0958`,
      capabilities: ['Venue search', `Visits at ${STREET}`],
    });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      error: 'blocked_content',
      message: expect.any(String),
      details: [
        { path: 'summary', found: 'email_address', message: expect.any(String) },
        { path: 'capabilities.1', found: 'street_address', message: expect.any(String) },
        { path: 'pricing_note', found: 'phone_number', message: expect.any(String) },
      ],
    });
    expectNoEcho(res.body);
    expect(await count('offers')).toBe(before);
  });

  it('refuses them on PATCH, leaving the offer as it was', async () => {
    const created = await send<ServiceJson>('POST', '/api/v1/services', offer);
    expect(created.status).toBe(201);
    const res = await send<ServiceJson>('PATCH', `/api/v1/services/${created.body.id}`, { expected_version: 1, title: `Party planning, call ${PHONE}` });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ error: 'blocked_content', details: [{ path: 'title', found: 'phone_number' }] });
    const stored = await app.db.query<{ version: number; title: string }>('select version, title from offers where id = $1', [created.body.id]);
    expect(stored).toEqual([{ version: 1, title: 'Party planning' }]);
  });

  it('refuses a contact link holding an e-mail address (the contract publishes none), and takes one whose path has digits', async () => {
    const refused = await send('POST', '/api/v1/services', { ...offer, contact_url: `https://planner.example/contact?to=${EMAIL}` });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ error: 'blocked_content', details: [{ path: 'contact_url', found: 'email_address' }] });
    const created = await send<ServiceJson>('POST', '/api/v1/services', { ...offer, contact_url: 'https://planner.example/book/07700900123' });
    expect(created.status).toBe(201);
    const edit = await send('PATCH', `/api/v1/services/${created.body.id}`, { expected_version: 1, contact_url: `https://planner.example/u/${EMAIL}` });
    expect(edit.body).toMatchObject({ error: 'blocked_content', details: [{ path: 'contact_url', found: 'email_address' }] });
  });
});

describe('MCP', () => {
  it('refuses a tool call the same way: blocked_content with the same details, nothing stored', async () => {
    const client = await connectMcp(app.url, token);
    clients.push(client);
    const before = await count('jobs');
    const answer = await callTool(client, 'jobs.create', leakyJob);
    expect(answer.isError).toBe(true);
    expect(answer.structuredContent).toEqual({ error: 'blocked_content', message: expect.any(String), details: EXPECTED_JOB_DETAILS });
    expectNoEcho(answer);
    expect(await count('jobs')).toBe(before);

    const created = await callTool(client, 'services.create', { title: 'Party planning', role: 'planner', industry: 'events' });
    const id = (created.structuredContent as ServiceJson).id;
    const edit = await callTool(client, 'services.update', { id, expected_version: 1, summary: `Mail ${EMAIL}` });
    expect(edit.isError).toBe(true);
    expect(edit.structuredContent).toMatchObject({ error: 'blocked_content', details: [{ path: 'summary', found: 'email_address' }] });
    expect(await app.db.query<{ version: number }>('select version from offers where id = $1', [id])).toEqual([{ version: 1 }]);
  });
});

describe('the OpenAPI document', () => {
  it('shows 422 blocked_content on the creates and edits of jobs and offers, and what `found` can say', async () => {
    const { body } = await app.request<{ paths: Record<string, Record<string, { responses: Record<string, { description: string }> }>>; components: { schemas: { Error: { properties: { details: { items: { properties: { found: { enum: string[] } } } } } } } } }>(
      'GET',
      '/api/v1/openapi.json',
    );
    for (const [path, method] of [
      ['/api/v1/jobs', 'post'],
      ['/api/v1/jobs/{id}', 'patch'],
      ['/api/v1/services', 'post'],
      ['/api/v1/services/{id}', 'patch'],
    ] as const) {
      expect(body.paths[path]![method]!.responses['422']!.description, `${method} ${path}`).toContain('`blocked_content`');
    }
    expect(body.components.schemas.Error.properties.details.items.properties.found.enum).toEqual(['email_address', 'phone_number', 'street_address']);
  });
});
