import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@svc/http';
import { type TestApp } from '@svc/runtime/testing';
import { startApiTestApp } from './app.ts';

describe('structured logs', () => {
  const lines: string[] = [];
  let app: TestApp;
  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).trim().split('\n'));
        done();
      },
    });
    app = await startApiTestApp({ logger: createLogger('info', sink) });
  });
  afterAll(() => app?.close());

  it('write one JSON line a request with method, route template, status and request id — never bodies, tokens or e-mails', async () => {
    const person = await app.signUp('Logged');
    const { token } = await app.agentToken(person, ['jobs:write', 'account:read']);
    const secretText = 'a very private outcome text';
    const created = await app.request('POST', '/api/v1/jobs', {
      token,
      body: { title: 'Logged job', outcome: secretText },
      headers: { 'x-request-id': 'req-log-1' },
    });
    await app.request('GET', `/api/v1/jobs/${created.body.id}`);
    await app.request('GET', '/api/v1/me', { token: 'tds_not_a_real_token' });

    const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(records).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ msg: 'request', method: 'POST', route: '/api/v1/jobs', status: 201, request_id: 'req-log-1' }),
        expect.objectContaining({ msg: 'request', method: 'GET', route: '/api/v1/jobs/:id', status: 200 }),
        expect.objectContaining({ msg: 'request', method: 'GET', route: '/api/v1/me', status: 401 }),
      ]),
    );
    const everything = lines.join('\n');
    for (const secret of [token, 'tds_not_a_real_token', secretText, person.email, person.session, created.body.id]) {
      expect(everything).not.toContain(secret);
    }
  });
});
