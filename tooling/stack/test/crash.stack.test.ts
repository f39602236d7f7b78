import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startStack, type Stack } from '../src/stack.ts';
import { startMixedWrites, type Disruption } from '../src/workload/mixed-writes.ts';
import { createPeople } from '../src/workload/people.ts';
import { replayCreates } from '../src/workload/replay.ts';
import { createScratchDatabase, type ScratchDatabase } from '../src/workload/scratch-database.ts';
import { checkWrites, recordsPerKey, threadEntriesAsSeen } from '../src/workload/write-checks.ts';

// One API process is killed with SIGKILL in the middle of a mixed write load sent through the
// balancer, then restarted. Whatever the service acknowledged must be there exactly once, and
// nothing may be half-written; a client repeating its creates with their keys gets each once.

/** Sixteen writers in flight, each as its own person (the per-grant write limit is per minute). */
const LANES = 16;
/** Rounds per writer: 13 writes each, so about 2,100 acknowledged writes in all. */
const ROUNDS = 10;

let database: ScratchDatabase;
let stack: Stack;
const unexpectedExits: string[] = [];

/** Whether a process with this id still exists. */
const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const describeDisruption = (disruption: Disruption) =>
  `${disruption.method} ${disruption.path} ${disruption.status || disruption.error} (sent ${disruption.startedAt}, ended ${disruption.endedAt})`;

describe('a SIGKILL of an API process under a mixed write load', () => {
  beforeAll(async () => {
    database = await createScratchDatabase();
    stack = await startStack({
      databaseUrl: database.url,
      onUnexpectedExit: (name, exit, output) => unexpectedExits.push(`${name} exited (${exit}):\n${output.slice(-2_000)}`),
    });
  });

  afterAll(async () => {
    await stack?.stop();
    await database?.drop();
  });

  it('loses no acknowledged write, doubles none, leaves nothing half-written, and replays every key once', async () => {
    const people = await createPeople(
      stack.databaseUrl,
      stack.url,
      Array.from({ length: LANES }, (_, lane) => `Writer ${lane + 1}`),
    );
    const run = [...randomBytes(8)].map((byte) => String.fromCharCode(97 + (byte % 26))).join('');
    const started = Date.now();
    const load = startMixedWrites({ baseUrl: stack.url, people, run, rounds: ROUNDS });
    // However quickly the process left alone gets through the rest, a fifth of the load waits for the restart.
    const release = load.holdAt(Math.round(load.planned * 0.8));

    await load.reached(Math.round(load.planned * 0.3));
    const [victim] = stack.apis;
    const pid = victim!.pid;
    const killedAt = Date.now();
    victim!.kill('SIGKILL');
    await vi.waitFor(() => expect(alive(pid)).toBe(false), { timeout: 10_000, interval: 5 });
    const goneAt = Date.now();
    const atKill = load.acknowledged();

    // The other process carries the load alone for a while, then the killed one comes back.
    await load.reached(Math.round(load.planned * 0.5));
    try {
      await victim!.restart();
    } finally {
      release();
    }
    const restartedAt = Date.now();
    const atRestart = load.acknowledged();
    const log = await load.finished;
    const loadMs = Date.now() - started;

    // Requests the killed process held when it died get no answer (or the balancer's 502/503); any
    // request sent once it was gone must have been routed to the process that was still up.
    const inFlight = log.disruptions.filter((disruption) => disruption.startedAt <= goneAt && disruption.endedAt >= killedAt);
    const afterward = log.disruptions.filter((disruption) => !inFlight.includes(disruption));
    const unanswered = log.creates.filter((create) => !create.acknowledged);
    console.info(
      `${load.acknowledged()} writes acknowledged in ${loadMs} ms (${atKill} before the kill, ${atRestart - atKill} by the other process alone, restart took ${restartedAt - goneAt} ms, ${load.acknowledged() - atRestart} after it); ` +
        `answers ${JSON.stringify(log.statuses)}; ${inFlight.length} in flight to the killed process, ${afterward.length} failed afterwards; ${unanswered.length} creates unacknowledged`,
    );
    expect(log.surprises).toEqual([]);
    expect(log.statuses[500] ?? 0).toBe(0);
    expect(afterward.map(describeDisruption)).toEqual([]);
    expect(load.acknowledged()).toBeGreaterThan(atRestart);

    const problems = await checkWrites(stack.databaseUrl, log);
    expect(problems).toEqual({ lost: [], doubled: [], versionsBehind: [], historyGaps: [], threadLimits: [], keysWithoutRecords: [] });
    expect(await threadEntriesAsSeen(stack.url, stack.databaseUrl, log.creates)).toEqual([]);

    const replay = await replayCreates(stack.url, log.creates);
    expect(replay.problems).toEqual([]);
    expect(replay.replies.filter((reply) => reply.create.acknowledged && !reply.replayed)).toEqual([]);
    const counts = await recordsPerKey(stack.databaseUrl, log.creates);
    expect([...counts].filter(([, records]) => records !== 1)).toEqual([]);
    expect(unexpectedExits).toEqual([]);
  });
});
