import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStackFixture, type StackFixture } from './fixture.ts';
import { jobBody, postJob, type JobAnswer } from './job-bodies.ts';

// Writes that fail must cost the ordinary writes beside them nothing a caller notices. The failing
// write here is the one every client makes: an idempotent create sent again. The first replay of a
// key in a process tries the create, whose key insert meets the stored key at commit and fails the
// commit group it went in (its members are then committed again each on its own); after that the
// process knows the key is stored and answers its replays from the stored row without a create
// (packages/db/src/idempotency.ts). Ordinary creates run beside a flood of such replays, and beside
// an equal flood of creates that succeed (the control: the same load, nothing failing). No
// ordinary create may fail, and their p95 beside the replays may be at most 1.5 times the
// control's; docs/performance.md ("Poison writes in a commit group") has the figures.

const TRIAL_MS = 4_000;
/** Ordinary creates in flight at once, each sending its next as soon as it is answered. */
const VICTIMS = 4;
/** Flooding writes in flight at once. */
const FLOOD = 8;
/** Keys of creates stored beforehand, which the poison flood sends again. */
const KEYS = 40;
const P95_WITHIN = 1.5;

let world: StackFixture<'victim' | 'flooder'>;

beforeAll(async () => {
  world = await openStackFixture({ workers: 0, agents: { victim: ['jobs:write'], flooder: ['jobs:write'] }, env: { AGENT_WRITES_PER_MINUTE: '1000000' } });
  for (let i = 0; i < KEYS; i++) {
    await postJob(world, world.agents.flooder.token, `Stored ${i}`, { 'idempotency-key': `stored-${i}` });
  }
});
afterAll(() => world?.close());

const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1]!;

let fresh = 0;
/**
 * Ordinary creates for `TRIAL_MS` beside a flood of `kind`: replays of the stored keys (`poison`) or
 * creates under new keys (`control`). The victims' times, and every answer that was not as expected.
 */
const trial = async (kind: 'control' | 'poison') => {
  const until = performance.now() + TRIAL_MS;
  const times: number[] = [];
  const wrong: string[] = [];
  const victim = async () => {
    while (performance.now() < until) {
      const answer = await world.http.request<JobAnswer>(world.stack.url, 'POST', '/api/v1/jobs', { token: world.agents.victim.token, body: jobBody(`Victim beside ${kind}`) });
      times.push(answer.ms);
      if (answer.status !== 201) wrong.push(`victim ${answer.status} ${JSON.stringify(answer.body)}`);
    }
  };
  let flooded = 0;
  const flooder = async (lane: number) => {
    for (let n = 0; performance.now() < until; n++) {
      const i = (lane * 7 + n) % KEYS;
      const key = kind === 'poison' ? `stored-${i}` : `fresh-${fresh++}`;
      const answer = await world.http.request<JobAnswer>(world.stack.url, 'POST', '/api/v1/jobs', {
        token: world.agents.flooder.token,
        body: jobBody(kind === 'poison' ? `Stored ${i}` : `Fresh ${key}`),
        headers: { 'idempotency-key': key },
      });
      flooded++;
      const expected = kind === 'poison' ? answer.status === 200 && answer.body.replayed === true : answer.status === 201;
      if (!expected) wrong.push(`${kind} ${answer.status} ${JSON.stringify(answer.body)}`);
    }
  };
  await Promise.all([...Array.from({ length: VICTIMS }, victim), ...Array.from({ length: FLOOD }, (_, lane) => flooder(lane))]);
  return { times, wrong, flooded };
};

describe('replays failing at commit beside ordinary creates, through both processes', () => {
  it('fail no ordinary create, and leave their p95 within 1.5 times that beside creates that succeed', async () => {
    // Alternated, so that whatever else the machine does falls on both kinds alike.
    const runs: ({ kind: 'control' | 'poison' } & Awaited<ReturnType<typeof trial>>)[] = [];
    for (const kind of ['control', 'poison', 'control', 'poison'] as const) runs.push({ kind, ...(await trial(kind)) });
    const of = (kind: string) => runs.filter((run) => run.kind === kind);
    const control = of('control').flatMap((run) => run.times);
    const poison = of('poison').flatMap((run) => run.times);
    const figures = {
      control: { creates: control.length, flood: of('control').reduce((n, run) => n + run.flooded, 0), p95: Math.round(p95(control)) },
      poison: { creates: poison.length, replays: of('poison').reduce((n, run) => n + run.flooded, 0), p95: Math.round(p95(poison)) },
    };
    console.log(`ordinary creates beside successful creates and beside failing replays: ${JSON.stringify(figures)}`);
    expect(runs.flatMap((run) => run.wrong).slice(0, 5)).toEqual([]);
    expect(figures.poison.replays).toBeGreaterThan(0);
    expect(p95(poison), JSON.stringify(figures)).toBeLessThanOrEqual(P95_WITHIN * p95(control));
    // Each replay stored nothing new: the stored jobs are the only ones of their titles.
    expect(await world.count(`select count(*) as n from jobs where title like 'Stored %'`)).toBe(KEYS);
  });

  it('answered nothing with a server error, and every request got an answer', () => {
    expect(world.http.failures()).toEqual([]);
  });
});
