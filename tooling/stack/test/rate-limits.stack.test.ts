import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStackFixture, type StackFixture } from './fixture.ts';
import { jobBody } from './job-bodies.ts';

// An agent's writes are counted per grant in PostgreSQL (fixed one-minute windows), so however the
// balancer spreads them, the limit holds for the service as a whole, not per process.

const LIMIT = 20;

let world: StackFixture<'writer'>;

beforeAll(async () => {
  world = await openStackFixture({ workers: 0, env: { AGENT_WRITES_PER_MINUTE: String(LIMIT) }, agents: { writer: ['jobs:write'] } });
});
afterAll(() => world?.close());

/** Seconds left in the current one-minute window (windows start on the minute). */
const secondsLeftInWindow = () => 60 - ((Date.now() / 1000) % 60);

describe('the agent write limit across two API processes', () => {
  it(`accepts exactly ${LIMIT} writes a minute, alternating processes, then answers 429 with Retry-After`, async () => {
    const [a, b] = world.stack.apis;
    // All the writes must fall in one window: wait for a fresh one if this one is nearly over.
    while (secondsLeftInWindow() < 20) await new Promise((resolve) => setTimeout(resolve, 250));

    const answers = [];
    for (let i = 0; i < LIMIT + 4; i++) {
      const url = i % 2 === 0 ? a!.url : b!.url;
      answers.push(await world.http.request(url, 'POST', '/api/v1/jobs', { token: world.agents.writer.token, body: jobBody(`Write ${i + 1}`) }));
    }
    const statuses = answers.map((answer) => answer.status);
    expect(statuses, JSON.stringify(answers.filter((answer) => answer.status !== 201 && answer.status !== 429).map((answer) => answer.body))).toEqual([
      ...Array<number>(LIMIT).fill(201),
      ...Array<number>(4).fill(429),
    ]);
    for (const refused of answers.slice(LIMIT)) {
      expect(refused.body.error).toBe('rate_limited');
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60, `Retry-After: ${refused.headers.get('retry-after')}`).toBe(true);
      expect(refused.headers.get('ratelimit-policy')).toContain(`"writes";q=${LIMIT};w=60`);
    }
    // Refusals through both processes.
    expect(answers[LIMIT]!.status).toBe(429);
    expect(answers[LIMIT + 1]!.status).toBe(429);
    expect(await world.count(`select count(*) as n from jobs where title like 'Write %'`)).toBe(LIMIT);
  });
});

describe('a per-address limit through the balancer', () => {
  it('holds when every request forges another X-Forwarded-For: the address is the one HAProxy appended', async () => {
    // Introductions are limited per client address and per hour (20); each request claims another.
    const answers = [];
    for (let i = 0; i < 40; i++) {
      answers.push(
        await world.http.request(world.stack.url, 'POST', '/api/v1/agent-introductions', {
          headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
          body: { schema_version: '1', agent_name: `Forger ${i + 1}`, purpose: 'Trying the limit', agent_url: 'https://forger.example/agent' },
        }),
      );
    }
    const statuses = answers.map((answer) => answer.status);
    const accepted = statuses.indexOf(429);
    expect(accepted, 'some forged request was refused').toBeGreaterThan(0);
    expect(statuses).toEqual([...Array<number>(accepted).fill(201), ...Array<number>(40 - accepted).fill(429)]);
    expect(accepted).toBeLessThanOrEqual(20);
    expect(Number(answers[accepted]!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await world.count(`select count(*) as n from agent_introductions where agent_name like 'Forger %'`)).toBe(accepted);
  });
});

describe('the stack, after these requests', () => {
  it('answered nothing with a server error, and every request got an answer', () => {
    expect(world.http.failures()).toEqual([]);
  });
});
