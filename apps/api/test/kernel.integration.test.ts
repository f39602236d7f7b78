import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '@svc/db/testing';
import { type TestApp } from '@svc/runtime/testing';
import { startApiTestApp } from './app.ts';

describe.each(ENGINES)('HTTP kernel on %s', (engine) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startApiTestApp({ engine });
  });
  afterAll(() => app?.close());

  it('answers health and readiness', async () => {
    expect(await app.request('GET', '/healthz')).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(await app.request('GET', '/readyz')).toMatchObject({ status: 200, body: { status: 'ready' } });
  });

  it('gives every answer a request id, keeping a sane one the caller sent', async () => {
    const mine = await app.request('GET', '/healthz', { headers: { 'x-request-id': 'abc-123' } });
    expect(mine.headers.get('x-request-id')).toBe('abc-123');
    const fresh = await app.request('GET', '/healthz', { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(fresh.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers an unknown route with 404 not_found', async () => {
    const res = await app.request('GET', '/api/v1/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'not_found', message: expect.any(String) });
  });

  it('answers a path holding a NUL character with 400 naming the path, never a database error', async () => {
    const res = await app.request('GET', '/api/v1/jobs/job_%00x');
    expect(res).toMatchObject({ status: 400, body: { error: 'validation_failed', details: [{ path: 'path' }] } });
  });

  it('answers a known path with the wrong method with 405 and Allow', async () => {
    const res = await app.request('PUT', '/api/v1/agent/connect', { body: {} });
    expect(res.status).toBe(405);
    expect(res.body.error).toBe('method_not_allowed');
    expect(res.headers.get('allow')).toContain('POST');
  });

  it('lists in Allow only the methods of the path itself, not of a parameter route that would read it as an id', async () => {
    // `/threads/{id}` would find no thread called `invitations`; `mine` is a reserved handle, so no
    // entry is ever `/directory/mine`.
    for (const path of ['/api/v1/threads/invitations', '/api/v1/directory/mine']) {
      const res = await app.request('PUT', path, { body: {} });
      expect(res, path).toMatchObject({ status: 405, body: { error: 'method_not_allowed' } });
      expect(res.headers.get('allow'), path).toBe('HEAD, GET');
    }
    // Nor do the parameter route's own methods reach a path a literal route names: no `invitations` thread is looked for.
    for (const method of ['PATCH', 'DELETE'] as const) {
      const res = await app.request(method, '/api/v1/threads/invitations', { body: { title: 'x' } });
      expect(res, method).toMatchObject({ status: 405, body: { error: 'method_not_allowed' } });
      expect(res.headers.get('allow'), method).toBe('HEAD, GET');
    }
    const thread = await app.request('PUT', '/api/v1/threads/thr_unknown', { body: {} });
    expect(thread.status).toBe(405);
    expect(thread.headers.get('allow')).toBe('HEAD, GET, PATCH, DELETE');
  });

  it('answers malformed JSON with 400 invalid_json', async () => {
    const res = await app.request('POST', '/api/v1/agent/connect', {
      rawBody: '{"agent_name": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res).toMatchObject({ status: 400, body: { error: 'invalid_json' } });
  });

  it('answers another content type with 415 unsupported_media_type', async () => {
    const res = await app.request('POST', '/api/v1/agent/connect', {
      rawBody: 'agent_name=x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(res).toMatchObject({ status: 415, body: { error: 'unsupported_media_type' } });
  });

  it('answers a body over 256 KiB with 413 body_too_large', async () => {
    const res = await app.request('POST', '/api/v1/agent/connect', {
      body: { agent_name: 'x'.repeat(300 * 1024), scopes: ['jobs:write'] },
    });
    expect(res).toMatchObject({ status: 413, body: { error: 'body_too_large' } });
  });

  it('answers invalid input with 400 validation_failed and details from valibot', async () => {
    const res = await app.request('POST', '/api/v1/agent/connect', { body: { agent_name: '', scopes: ['root'], extra: 1 } });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('validation_failed');
    const paths = res.body.details.map((d: { path: string }) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['agent_name', 'scopes.0', 'extra']));
    for (const detail of res.body.details) expect(detail.message).toEqual(expect.any(String));
  });

  it('counts requests per route template and outcome, without ids', async () => {
    await app.request('GET', '/healthz');
    await app.request('GET', '/api/v1/nothing-here');
    await app.request('GET', '/api/v1/me', { token: 'tds_refused' });
    await app.request('PUT', '/api/v1/agent/connect', { body: {} });
    await app.services.usage.flush();
    const rows = await app.services.usage.day('2026-11-21');
    expect(rows).toEqual(
      expect.arrayContaining([
        { route: 'GET /healthz', outcome: '2xx', count: expect.any(Number) },
        { route: 'GET (unmatched)', outcome: '4xx:not_found', count: expect.any(Number) },
        { route: 'GET /api/v1/me me.get', outcome: '4xx:invalid_token', count: 1 },
        { route: 'PUT /api/v1/agent/connect', outcome: '4xx:method_not_allowed', count: expect.any(Number) },
      ]),
    );
    expect(JSON.stringify(rows)).not.toMatch(/prn_|127\.0\.0\.1/);
  });
});
