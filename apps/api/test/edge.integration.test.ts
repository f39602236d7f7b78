import { connect } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal, TestApp } from '@svc/runtime/testing';
import { startApiTestApp } from './app.ts';

/**
 * Inputs that once answered 500 (found by fuzzing the running service): each is now refused once,
 * at the edge, with a 4xx and the error body, and nothing is stored.
 */

let app: TestApp;
let alice: Principal;
let token: string;

beforeAll(async () => {
  app = await startApiTestApp();
  alice = await app.signUp('Alice Edge');
  token = (await app.agentToken(alice, ['jobs:write', 'responses:write'])).token;
});
afterAll(() => app?.close());

const count = async (table: string) => Number((await app.db.query<{ n: string }>(`select count(*) as n from ${table}`))[0]!.n);
const raw = (method: string, path: string, body: string, headers: Record<string, string> = {}) =>
  app.request(method, path, { token, rawBody: body, headers: { 'content-type': 'application/json', ...headers } });

describe('deeply nested bodies (a)', () => {
  it.each([
    ['an object 5,000 levels deep', `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`],
    ['an array 60,000 levels deep', `${'['.repeat(60000)}${']'.repeat(60000)}`],
    ['an array 65 levels deep', `${'['.repeat(65)}${']'.repeat(65)}`],
  ])('refuses %s with 400 invalid_json, with an Idempotency-Key, storing nothing', async (_what, body) => {
    const before = await count('jobs');
    const res = await raw('POST', '/api/v1/jobs', body, { 'idempotency-key': `deep-${body.length}` });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_json');
    expect(await count('jobs')).toBe(before);
    expect(await count('idempotency_keys')).toBe(0);
  });
});

describe('text that cannot be stored (b)', () => {
  it.each([
    ['/api/v1/agent/connect', { agent_name: 'Bot', scopes: ['jobs:write'], description: 'a\u0000b' }, 'description'],
    ['/api/v1/agent/connect', { agent_name: 'Bot', scopes: ['jobs:write'], model: 'x\u0000' }, 'model'],
    ['/api/v1/agent-introductions', { schema_version: '1', agent_name: 'a\ud800' }, 'agent_name'],
    ['/api/v1/agent-introductions', { schema_version: '1', agent_name: 'ok', purpose: '\udc00z' }, 'purpose'],
    ['/api/v1/jobs', { title: 'Plan', completion_checklist: ['ok', 'a\ud800'] }, 'completion_checklist.1'],
    ['/api/v1/jobs', { title: 'Plan', template: 'birthday-party', details: { general_area: 'x\ud800' } }, 'details.general_area'],
  ])('refuses NUL and lone surrogates sent to %s with 400 naming %s', async (path, body, field) => {
    const res = await raw('POST', path, JSON.stringify(body));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'validation_failed', details: [{ path: field, message: expect.stringMatching(/NUL|surrogate/) }] });
  });

  it('stores nothing for a refused introduction, and a corrected retry with the same key works', async () => {
    const before = await count('agent_introductions');
    const bad = await raw('POST', '/api/v1/agent-introductions', JSON.stringify({ schema_version: '1', agent_name: 'a\ud800' }), { 'idempotency-key': 'intro-fix' });
    expect(bad.status).toBe(400);
    expect(await count('agent_introductions')).toBe(before);
    const good = await raw('POST', '/api/v1/agent-introductions', JSON.stringify({ schema_version: '1', agent_name: 'a' }), { 'idempotency-key': 'intro-fix' });
    expect(good.status).toBe(201);
  });

  it('refuses a control character and a title of invisible characters alone, storing nothing', async () => {
    const before = await count('jobs');
    const bell = await raw('POST', '/api/v1/jobs', JSON.stringify({ title: 'Ring \u0007 twice', outcome: 'x' }));
    expect(bell).toMatchObject({ status: 400, body: { error: 'validation_failed', details: [{ path: 'title', message: 'must not contain control characters (tab and line breaks are fine)' }] } });
    const invisible = await raw('POST', '/api/v1/jobs', JSON.stringify({ title: '\u200b\u2060', outcome: 'x' }));
    expect(invisible).toMatchObject({ status: 400, body: { error: 'validation_failed', details: [{ path: 'title', message: 'must not be empty' }] } });
    expect(await count('jobs')).toBe(before);
  });

  it('refuses them in the query string and the path too, naming the field', async () => {
    const query = await app.request('GET', '/api/v1/jobs?q=a%00b');
    expect(query).toMatchObject({ status: 400, body: { error: 'validation_failed', details: [{ path: 'q' }] } });
    const surrogate = await app.request('GET', '/api/v1/jobs/job_%ED%A0%80');
    expect(surrogate).toMatchObject({ status: 400, body: { error: 'validation_failed', details: [{ path: 'path' }] } });
  });
});

describe('what a removal reads', () => {
  it('refuses a body on an operation that reads none (a DELETE with its version in the body) and removes nothing; an empty object passes', async () => {
    const created = await app.request('POST', '/api/v1/jobs', { token, body: { title: 'Remove me conditionally', outcome: 'x' } });
    const { id } = created.body as { id: string };
    const refused = await raw('DELETE', `/api/v1/jobs/${id}`, JSON.stringify({ expected_version: 7 }));
    expect(refused).toMatchObject({
      status: 400,
      body: { error: 'validation_failed', details: [{ path: 'body', message: 'this operation reads no body; send expected_version in the query (?expected_version=3)' }] },
    });
    expect((await app.request('GET', `/api/v1/jobs/${id}`)).status).toBe(200);
    const twice = await raw('DELETE', `/api/v1/jobs/${id}?expected_version=1&expected_version=7`, '');
    expect(twice).toMatchObject({ status: 400, body: { error: 'validation_failed', details: [{ path: 'expected_version', message: 'must be sent once' }] } });
    expect((await app.request('GET', `/api/v1/jobs/${id}`)).status).toBe(200);
    expect((await raw('DELETE', `/api/v1/jobs/${id}?expected_version=1`, '{}')).status).toBe(200);
  });
});

describe('a query parameter sent twice', () => {
  it('is refused naming each one sent twice, as a form field sent twice is, not read as a list that fails its rule', async () => {
    expect(await app.request('GET', '/api/v1/jobs?limit=1&limit=2')).toMatchObject({ status: 400, body: { error: 'validation_failed', details: [{ path: 'limit', message: 'must be sent once' }] } });
    const two = await app.request('GET', '/api/v1/services?status=active&q=a&status=paused&role=x&role=y');
    expect(two).toMatchObject({ status: 400, body: { error: 'validation_failed', details: [{ path: 'status', message: 'must be sent once' }, { path: 'role', message: 'must be sent once' }] } });
  });
});

describe('an Authorization header of another scheme', () => {
  it('is refused saying a bearer token is what is taken, not that a token expired', async () => {
    const res = await app.request('GET', '/api/v1/me', { headers: { authorization: 'Basic eDp5' } });
    expect(res).toMatchObject({ status: 401, body: { error: 'invalid_token', message: 'The Authorization header must carry a bearer token: `Authorization: Bearer <token>`; no other scheme is taken.' } });
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer /);
  });
});

describe('a compressed body', () => {
  it.each([
    ['gzip', gzipSync(JSON.stringify({ title: 'Compressed job', outcome: 'x' }))],
    ['br, zz', Buffer.from(JSON.stringify({ title: 'Compressed job', outcome: 'x' }))],
  ])('is refused with 415 for Content-Encoding %s, saying to send it uncompressed, and creates nothing', async (coding, body) => {
    const before = await count('jobs');
    const res = await app.request('POST', '/api/v1/jobs', { token, rawBody: body, headers: { 'content-type': 'application/json', 'content-encoding': coding } });
    expect(res).toMatchObject({ status: 415, body: { error: 'unsupported_media_type', message: 'Send the body uncompressed, without Content-Encoding.' } });
    expect(res.headers.get('accept-encoding')).toBe('identity');
    expect(await count('jobs')).toBe(before);
  });
});

describe('a body a removal cannot read', () => {
  it.each([
    ['text', 415, 'unsupported_media_type', 'hello', { 'content-type': 'text/plain' }],
    ['broken JSON', 400, 'invalid_json', '{', {}],
    ['a body over 256 KiB', 413, 'body_too_large', JSON.stringify({ note: 'x'.repeat(300 * 1024) }), {}],
  ])('refuses %s on a DELETE with its documented %i %s, and removes nothing', async (_what, status, code, body, headers) => {
    const created = await app.request('POST', '/api/v1/jobs', { token, body: { title: `Keep me through ${code}`, outcome: 'x' } });
    const { id } = created.body as { id: string };
    expect(await raw('DELETE', `/api/v1/jobs/${id}?expected_version=1`, body, headers)).toMatchObject({ status, body: { error: code } });
    expect((await app.request('GET', `/api/v1/jobs/${id}`)).status).toBe(200);
    // The document lists the answer (test runs refuse an undeclared one with 500).
    const document = (await app.request('GET', '/api/v1/openapi.json')).body as { paths: Record<string, Record<string, { responses: Record<string, { description: string }> }>> };
    expect(document.paths['/api/v1/jobs/{id}']!.delete!.responses[String(status)]!.description).toContain(code);
  });
});

describe('a body that is not an object', () => {
  it.each(['null', '[]'])('%s is refused with 400 where a body is read, and changes nothing (a job stays open, no invitation is made)', async (body) => {
    const threadsToken = (await app.agentToken(alice, ['threads:write'])).token;
    const job = (await app.request('POST', '/api/v1/jobs', { token, body: { title: 'Keep me open', outcome: 'x' } })).body as { id: string };
    const thread = (await app.request('POST', '/api/v1/threads', { token: threadsToken, body: { title: 'No stray invitations' } })).body as { id: string };
    const refusal = { status: 400, body: { error: 'validation_failed', details: [{ path: 'body', message: 'must be a JSON object' }] } };
    for (const [path, as] of [
      [`/api/v1/jobs/${job.id}/close`, token],
      [`/api/v1/threads/${thread.id}/invites`, threadsToken],
    ] as const) {
      expect(await app.request('POST', path, { token: as, rawBody: body, headers: { 'content-type': 'application/json' } })).toMatchObject(refusal);
    }
    expect(await raw('PATCH', `/api/v1/jobs/${job.id}`, body)).toMatchObject(refusal);
    expect(((await app.request('GET', `/api/v1/jobs/${job.id}`)).body as { status: string }).status).toBe('open');
    expect(Number((await app.db.query<{ n: string }>('select count(*) as n from thread_invites where thread_id = $1', [thread.id]))[0]!.n)).toBe(0);
  });
});

describe('deadlines the database cannot hold (c)', () => {
  it.each(['0001-01-01T00:00:00+01:00', '9999-12-31T23:59:59.999-14:00', '1899-12-31T23:59:59.999Z'])('refuses %s with 400 naming the field', async (deadline) => {
    const before = await count('jobs');
    const res = await raw('POST', '/api/v1/jobs', JSON.stringify({ title: 'Plan', response_deadline: deadline }));
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([{ path: 'response_deadline', message: 'must lie between 1900-01-01 and 9999-12-31 (UTC)' }]);
    expect(await count('jobs')).toBe(before);
  });

  it('accepts the last moment of 9999 in UTC', async () => {
    const res = await raw('POST', '/api/v1/jobs', JSON.stringify({ title: 'Plan', response_deadline: '9999-12-31T23:59:59.999Z' }));
    expect(res.status).toBe(201);
    expect(res.body.response_deadline).toBe('9999-12-31T23:59:59.999Z');
  });
});

describe('one canonical path per operation, and idempotency keys scoped to the operation (d)', () => {
  it.each(['/api/v1/jobs/', '/API/V1/JOBS', '/api/v1/Jobs'])('does not route %s to the create', async (path) => {
    const before = await count('jobs');
    const res = await raw('POST', path, JSON.stringify({ title: 'Plan' }), { 'idempotency-key': 'one-key' });
    expect(res.status).toBe(404);
    expect(await count('jobs')).toBe(before);
  });

  it('replays an encoded path as the same create: the key names the operation and its decoded parameters', async () => {
    const bob = await app.signUp('Bob Poster');
    const bobToken = (await app.agentToken(bob, ['jobs:write'])).token;
    const job = (await app.request('POST', '/api/v1/jobs', { token: bobToken, body: { title: 'Help' } })).body;
    const encoded = job.id.replace(/^j/, '%6A');
    const body = JSON.stringify({ kind: 'question', message: 'When?' });
    const first = await raw('POST', `/api/v1/jobs/${job.id}/responses`, body, { 'idempotency-key': 'resp-1' });
    const second = await raw('POST', `/api/v1/jobs/${encoded}/responses`, body, { 'idempotency-key': 'resp-1' });
    expect(first.status).toBe(201);
    expect(second).toMatchObject({ status: 200, body: { id: first.body.id, replayed: true } });
    expect(await app.db.query('select id from job_responses where job_id = $1', [job.id])).toHaveLength(1);
  });
});

describe('introduction limits (e)', () => {
  it('counts only stored introductions against the 20-an-hour limit: refused ones never lock an author out', async () => {
    const from = { 'x-forwarded-for': '192.0.2.77' };
    for (let i = 0; i < 25; i++) {
      const refused = await app.request('POST', '/api/v1/agent-introductions', { body: { schema_version: '1', agent_name: '' }, headers: from });
      expect(refused.status).toBe(400);
    }
    for (let i = 0; i < 20; i++) {
      const stored = await app.request('POST', '/api/v1/agent-introductions', { body: { schema_version: '1', agent_name: `Bot ${i}` }, headers: from });
      expect(stored.status).toBe(201);
    }
    const over = await app.request('POST', '/api/v1/agent-introductions', { body: { schema_version: '1', agent_name: 'One more' }, headers: from });
    expect(over).toMatchObject({ status: 429, body: { error: 'rate_limited', retry_after: expect.any(Number) } });
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('validation messages in the caller’s words', () => {
  it('names an unknown field and what is allowed', async () => {
    const res = await app.request('POST', '/api/v1/agent/connect', { body: { agent_name: 'Bot', scopes: ['jobs:write'], bogus: 1 } });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([
      { path: 'bogus', message: 'unknown field "bogus"; allowed: agent_name, scopes, description, agent_url, built_with, model, days' },
    ]);
  });

  it('says what a field must be, never the library’s wording', async () => {
    const res = await app.request('POST', '/api/v1/jobs', { token, body: { title: 5, fee_treatment: 'cash' } });
    expect(res.status).toBe(400);
    const messages = res.body.details.map((d: { message: string }) => d.message).join(' | ');
    expect(messages).not.toMatch(/Invalid|Expected/);
    expect(res.body.details).toEqual(expect.arrayContaining([{ path: 'title', message: 'must be text' }]));
  });
});

describe('requests the HTTP parser refuses', () => {
  it('answers a URL longer than 16 KiB with 400 validation_failed and the error body, not an empty answer', async () => {
    const res = await app.request('GET', `/api/v1/jobs?q=${'%F0%9F%98%80'.repeat(2000)}`, { token });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'validation_failed', message: expect.stringContaining('16 KiB') });
  });

  /** What the service answers bytes written straight to its socket, until it closes the connection. */
  const rawExchange = (bytes: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = connect(Number(new URL(app.url).port), '127.0.0.1', () => socket.write(bytes));
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });

  it('answers bytes that are not HTTP with 400 validation_failed', async () => {
    const answer = await rawExchange('NOT HTTP AT ALL\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({ error: 'validation_failed' });
  });

  it('answers an HTTP/1.1 request without Host with 400 validation_failed and the error body', async () => {
    const answer = await rawExchange('GET /api/v1/jobs HTTP/1.1\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({ error: 'validation_failed', message: 'The request is not well-formed HTTP/1.1: it names no Host.' });
  });

  it('answers a request naming two Hosts with 400 (RFC 9112 §3.2), never serving it for the first', async () => {
    const answer = await rawExchange('GET /api/v1/jobs?limit=1 HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: elsewhere.example\r\nConnection: close\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({ error: 'validation_failed', message: 'The request is not well-formed HTTP/1.1: it names more than one Host.' });
  });

  it.each([
    ['Authorization', 'Authorization: Bearer first\r\nAuthorization: Bearer second\r\n'],
    ['Content-Type', 'Content-Type: application/json\r\nContent-Type: text/plain\r\n'],
    ['Idempotency-Key', 'Idempotency-Key: k1\r\nIdempotency-Key: k2\r\n'],
  ])('answers a request sending %s twice with 400, never acting on one copy', async (name, lines) => {
    const before = await count('jobs');
    const body = JSON.stringify({ title: 'Sent with two headers', outcome: 'x' });
    const answer = await rawExchange(
      `POST /api/v1/jobs HTTP/1.1\r\nHost: 127.0.0.1\r\n${lines}${name === 'Content-Type' ? '' : 'Content-Type: application/json\r\n'}Content-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({ error: 'validation_failed', message: `The request is not well-formed HTTP/1.1: it sends ${name} more than once.` });
    expect(await count('jobs')).toBe(before);
  });

  it('answers CONNECT (a tunnel, as of a proxy) with 405 and the error body, not a dropped connection', async () => {
    const answer = await rawExchange('CONNECT 127.0.0.1:443 HTTP/1.1\r\nHost: 127.0.0.1:443\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 405 /);
    expect(answer).toMatch(/\r\nAllow: \r\n/);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({ error: 'method_not_allowed' });
  });
});
