import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStackFixture, type StackFixture } from './fixture.ts';
import { jobBody, type JobAnswer } from './job-bodies.ts';

// What one API process decides, the other must honour on the very next request: nothing about
// callers is cached per process (docs/access.md, "Give up access"), and an Idempotency-Key is one
// key in PostgreSQL whichever process receives it.

let world: StackFixture<'leaver' | 'poster'>;

beforeAll(async () => {
  world = await openStackFixture({ workers: 0, agents: { leaver: ['jobs:write', 'account:read'], poster: ['jobs:write'] } });
});
afterAll(() => world?.close());

describe('a revocation through one process', () => {
  it('refuses the token on the next request through the other, and through the balancer', async () => {
    const [a, b] = world.stack.apis;
    const { token, grantId } = world.agents.leaver;
    const before = await world.http.request(b!.url, 'GET', '/api/v1/me', { token });
    expect(before.status, JSON.stringify(before.body)).toBe(200);
    expect(before.body.grant.grant_id).toBe(grantId);

    const revoked = await world.http.request(a!.url, 'DELETE', '/api/v1/agent/grant', { token });
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
    expect(revoked.body).toMatchObject({ revoked: true, grant: { grant_id: grantId, status: 'revoked' } });

    const me = await world.http.request(b!.url, 'GET', '/api/v1/me', { token });
    expect(me.status).toBe(401);
    expect(me.body.error).toBe('invalid_token');
    expect(me.headers.get('www-authenticate')).toContain('error="invalid_token"');
    const write = await world.http.request(b!.url, 'POST', '/api/v1/jobs', { token, body: jobBody('Never posted') });
    expect(write.status).toBe(401);
    expect(write.body.error).toBe('invalid_token');
    // Round robin: two requests through the balancer reach both processes.
    for (let i = 0; i < 2; i++) {
      const through = await world.http.request(world.stack.url, 'GET', '/api/v1/me', { token });
      expect(through.status).toBe(401);
    }

    const stored = await world.database.client.query('select revoked_at from grants where id = $1', [grantId]);
    expect(stored.rows[0]!.revoked_at).toBeInstanceOf(Date);
    expect(await world.count(`select count(*) as n from jobs where title = 'Never posted'`)).toBe(0);
  });
});

describe('one Idempotency-Key sent to both processes at once', () => {
  it.each([1, 2, 3, 4, 5])('creates one job (round %i)', async (round) => {
    const [a, b] = world.stack.apis;
    const key = `both-${round}-${randomBytes(4).toString('hex')}`;
    const title = `Fix the gate ${key}`;
    const send = (url: string) =>
      world.http.request<JobAnswer>(url, 'POST', '/api/v1/jobs', { token: world.agents.poster.token, body: jobBody(title), headers: { 'idempotency-key': key } });
    const answers = await Promise.all([send(a!.url), send(b!.url)]);
    const summary = JSON.stringify(answers.map((answer) => ({ status: answer.status, body: answer.body })));

    for (const answer of answers) {
      expect([200, 201], summary).toContain(answer.status);
      // A 200 is the first answer replayed.
      if (answer.status === 200) expect(answer.body.replayed, summary).toBe(true);
    }
    expect(answers.some((answer) => answer.status === 201), summary).toBe(true);
    expect(answers[0]!.body.id, summary).toBe(answers[1]!.body.id);
    expect(await world.count('select count(*) as n from jobs where title = $1', [title])).toBe(1);
    expect(await world.count('select count(*) as n from idempotency_keys where key = $1', [key])).toBe(1);
  });
});

describe('all of it', () => {
  it('answered nothing with a server error, and every request got an answer', () => {
    expect(world.http.failures()).toEqual([]);
  });
});
