import { describe, expect, it } from 'vitest';
import { createApiClient, idempotentCreates, isIdempotentCreate } from '../src/index.ts';
import { fakeFetch, json, recordingSleep } from './fake-fetch.ts';

const B = 'https://tasks.example.com';
const job = { id: 'job_1', version: 1, title: 'Bake a cake' };
const jobBody = { title: 'Bake a cake', description: 'For Saturday', kind: 'task' };

describe('idempotentCreates', () => {
  it('gives a create a fresh key and repeats it with that same key after a 5xx and a lost connection', async () => {
    const { fetch, seen } = fakeFetch(json(503, { error: 'unavailable' }), new TypeError('fetch failed'), json(201, job));
    const { sleep, waits } = recordingSleep();
    const send = idempotentCreates(fetch, { sleep, newKey: () => 'key-1', attempts: 3 });

    const response = await send(`${B}/api/v1/jobs`, { method: 'POST', body: JSON.stringify(jobBody), headers: { 'content-type': 'application/json' } });

    expect(response.status).toBe(201);
    expect(seen.map((r) => r.headers.get('idempotency-key'))).toEqual(['key-1', 'key-1', 'key-1']);
    expect(seen.map((r) => JSON.parse(r.body))).toEqual([jobBody, jobBody, jobBody]);
    expect(waits).toEqual([500, 1000]);
  });

  it('keeps a key the caller chose', async () => {
    const { fetch, seen } = fakeFetch(json(500, { error: 'internal' }), json(201, job));
    const send = idempotentCreates(fetch, { sleep: recordingSleep().sleep });
    await send(`${B}/api/v1/threads/thr_1/entries`, { method: 'POST', body: '{}', headers: { 'Idempotency-Key': 'mine' } });
    expect(seen.map((r) => r.headers.get('idempotency-key'))).toEqual(['mine', 'mine']);
  });

  it('makes a new key for every create', async () => {
    const { fetch, seen } = fakeFetch(json(201, job), json(201, job));
    const send = idempotentCreates(fetch);
    await send(`${B}/api/v1/jobs`, { method: 'POST', body: '{}' });
    await send(`${B}/api/v1/jobs`, { method: 'POST', body: '{}' });
    const [first, second] = seen.map((r) => r.headers.get('idempotency-key'));
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).not.toBe(first);
  });

  it('stops after the bounded number of tries and hands back the last answer', async () => {
    const { fetch, seen } = fakeFetch(json(502, { error: 'bad_gateway' }), json(502, { error: 'bad_gateway' }));
    const send = idempotentCreates(fetch, { attempts: 2, sleep: recordingSleep().sleep });
    expect((await send(`${B}/api/v1/directory`, { method: 'POST', body: '{}' })).status).toBe(502);
    expect(seen).toHaveLength(2);
  });

  it('throws the last network failure once the tries are spent', async () => {
    const { fetch } = fakeFetch(new TypeError('fetch failed'), new TypeError('fetch failed'));
    const send = idempotentCreates(fetch, { attempts: 2, sleep: recordingSleep().sleep });
    await expect(send(`${B}/api/v1/jobs`, { method: 'POST', body: '{}' })).rejects.toThrow('fetch failed');
  });

  it('never repeats a 4xx: the service has answered', async () => {
    const { fetch, seen } = fakeFetch(json(422, { error: 'validation_failed' }));
    const send = idempotentCreates(fetch, { sleep: recordingSleep().sleep });
    expect((await send(`${B}/api/v1/jobs`, { method: 'POST', body: '{}' })).status).toBe(422);
    expect(seen).toHaveLength(1);
  });

  it('does not repeat after the caller aborted', async () => {
    const controller = new AbortController();
    const { fetch, seen } = fakeFetch(() => {
      controller.abort();
      throw new TypeError('fetch failed');
    });
    const send = idempotentCreates(fetch, { sleep: recordingSleep().sleep });
    await expect(send(`${B}/api/v1/jobs`, { method: 'POST', body: '{}', signal: controller.signal })).rejects.toThrow();
    expect(seen).toHaveLength(1);
  });

  it.each([
    ['PATCH', '/api/v1/jobs/job_1'],
    ['POST', '/api/v1/jobs/job_1/close'],
    ['POST', '/api/v1/agent/token'],
    ['DELETE', '/api/v1/jobs/job_1'],
  ])('leaves %s %s alone: no key, sent once', async (method, path) => {
    const { fetch, seen } = fakeFetch(json(503, { error: 'unavailable' }));
    const send = idempotentCreates(fetch, { sleep: recordingSleep().sleep });
    expect((await send(B + path, { method, body: '{}' })).status).toBe(503);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.headers.has('idempotency-key')).toBe(false);
  });

  it('recognises the creates by their path templates', () => {
    expect(isIdempotentCreate('POST', `${B}/api/v1/jobs/job_9/responses`)).toBe(true);
    expect(isIdempotentCreate('post', `${B}/api/v1/services`)).toBe(true);
    expect(isIdempotentCreate('GET', `${B}/api/v1/jobs`)).toBe(false);
    expect(isIdempotentCreate('POST', `${B}/api/v1/jobs/job_9/responses/x`)).toBe(false);
  });
});

describe('createApiClient', () => {
  it('sends the token and repeats a create through the typed client', async () => {
    const { fetch, seen } = fakeFetch(json(503, { error: 'unavailable' }), json(201, job));
    const api = createApiClient({ baseUrl: B, token: 'tok_1', fetch, retry: { sleep: recordingSleep().sleep } });
    const { data } = await api.POST('/api/v1/jobs', { body: jobBody as never });
    expect(data).toEqual(job);
    expect(seen.map((r) => r.headers.get('authorization'))).toEqual(['Bearer tok_1', 'Bearer tok_1']);
    expect(new Set(seen.map((r) => r.headers.get('idempotency-key'))).size).toBe(1);
  });

  it('sends every request once with retry: false', async () => {
    const { fetch, seen } = fakeFetch(json(503, { error: 'unavailable' }));
    const api = createApiClient({ baseUrl: B, fetch, retry: false });
    const { error } = await api.POST('/api/v1/jobs', { body: jobBody as never });
    expect(error).toEqual({ error: 'unavailable' });
    expect(seen).toHaveLength(1);
  });
});
