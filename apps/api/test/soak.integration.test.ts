import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createIdempotencyStore } from '@svc/db';
import { ENGINES } from '@svc/db/testing';
import { openRuntime, openServiceDatabase, readConfig, setAgentRateLimits } from '@svc/runtime';
import { freePort, type Principal, type TestApp } from '@svc/runtime/testing';
import { startApiTestApp } from './app.ts';

/**
 * The soak tier: thousands of the requests that fail a statement inside the database (replays,
 * whose key's insert fails at commit; a key reused with another body), with version conflicts and
 * refusals between them, must leave the service as healthy as before, on either engine. Then the
 * embedded process, killed under load and started again on its directory, must have kept every
 * create it acknowledged, once, each key replaying as itself.
 */

/** Creates whose keys are replayed. */
const KEYS = 200;
/**
 * The requests that follow them, interleaved: per round, 7 replays, a stale edit (409
 * version_conflict), a key reused with another body (409 idempotency_conflict) and an invalid
 * create (400). 8,000 of them fail a statement in the database; PGlite once stopped after about 3,000.
 */
const ROUND = ['replay', 'replay', 'replay', 'replay', 'replay', 'replay', 'replay', 'stale', 'other-body', 'refused'] as const;
const REQUESTS = 10_000;
const ROUNDS = REQUESTS / ROUND.length;
/** Requests in flight at once, as a busy agent host sends them. */
const CONCURRENCY = 16;

const jobBody = (key: string) => ({ title: `Soak ${key}`, outcome: 'A plan the host can follow.' });

/** Runs `task(0…count-1)`, `CONCURRENCY` at a time. */
const inParallel = async (count: number, task: (i: number) => Promise<void>) => {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) await task(next++);
    }),
  );
};

const tally = (outcomes: string[]) => outcomes.reduce<Record<string, number>>((counts, o) => ({ ...counts, [o]: (counts[o] ?? 0) + 1 }), {});

describe.each(ENGINES)('thousands of replays, conflicts and refusals on %s', (engine) => {
  let app: TestApp;
  let alice: Principal;
  let token: string;
  const ids: string[] = [];

  beforeAll(async () => {
    app = await startApiTestApp({ engine });
    // The test clock stands still: the writes limit would refuse everything past its first minute.
    setAgentRateLimits(app.services, { writes: { limit: 1_000_000, windowSeconds: 60 } });
    // Every replay tries its create first and fails at its key's insert, as the first replay of a
    // key in each process does: a process that remembered the keys would answer them with a read.
    app.services.idempotency = createIdempotencyStore(app.services.db, app.services.clock, { knownKeys: 0 });
    alice = await app.signUp('Soak Poster');
    ({ token } = await app.agentToken(alice, ['jobs:write']));
  });
  afterAll(() => app?.close());

  const post = (key: string, body: unknown) =>
    app.request('POST', '/api/v1/jobs', { token, body, headers: { 'idempotency-key': key } });

  it('answers each as it should, then serves a healthy read', async () => {
    await inParallel(KEYS, async (i) => {
      const res = await post(`soak-${i}`, jobBody(`soak-${i}`));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      ids[i] = res.body.id;
    });
    const edited = await app.request('PATCH', `/api/v1/jobs/${ids[0]}`, { token, body: { expected_version: 1, title: 'Soak edited' } });
    expect(edited.status).toBe(200);

    const outcomes: string[] = [];
    await inParallel(REQUESTS, async (i) => {
      const n = i % KEYS;
      const key = `soak-${n}`;
      switch (ROUND[i % ROUND.length]) {
        case 'replay': {
          const res = await post(key, jobBody(key));
          outcomes.push(res.status === 200 && res.body.replayed === true && res.body.id === ids[n] ? 'replayed as itself' : `replay: ${res.status} ${JSON.stringify(res.body)}`);
          break;
        }
        case 'stale': {
          const res = await app.request('PATCH', `/api/v1/jobs/${ids[0]}`, { token, body: { expected_version: 1, title: 'Lost edit' } });
          outcomes.push(`${res.status} ${res.body.error}`);
          break;
        }
        case 'other-body': {
          const res = await post(key, jobBody(`other-${i}`));
          outcomes.push(`${res.status} ${res.body.error}`);
          break;
        }
        default: {
          const res = await post(`refused-${i}`, { outcome: 'No title.' });
          outcomes.push(`${res.status} ${res.body.error}`);
        }
      }
    });
    expect(tally(outcomes)).toEqual({
      'replayed as itself': 7 * ROUNDS,
      '409 version_conflict': ROUNDS,
      '409 idempotency_conflict': ROUNDS,
      '400 validation_failed': ROUNDS,
    });

    const list = await app.request('GET', '/api/v1/jobs');
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(KEYS);
    // Replays, conflicts and refusals wrote nothing: one job and one key per create, the edit kept.
    const [stored] = await app.db.query<{ jobs: number; keys: number; edited: number }>(
      `select (select count(*)::int from jobs where posted_by = $1) as jobs,
              (select count(*)::int from idempotency_keys where scope = $2) as keys,
              (select count(*)::int from jobs where title = 'Soak edited' and version = 2) as edited`,
      [alice.id, alice.id],
    );
    expect(stored).toEqual({ jobs: KEYS, keys: KEYS, edited: 1 });
  }, 240_000);
});

const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));

interface RunningApi {
  url: string;
  process: ChildProcess;
  exited: Promise<number | null>;
  log: () => string;
}

/** The API as production starts it, on PGlite in `dataDir`, answering once /healthz does. */
const startApi = async (dataDir: string): Promise<RunningApi> => {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [main], {
    env: { ...process.env, PORT: String(port), SVC_DATA_DIR: dataDir, DATABASE_URL: '', AGENT_WRITES_PER_MINUTE: '1000000', LOG_LEVEL: 'warn', NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await vi.waitFor(
    async () => {
      expect(child.exitCode, log).toBeNull();
      expect((await fetch(`${url}/healthz`)).status, log).toBe(200);
    },
    { timeout: 90_000, interval: 200 },
  );
  return { url, process: child, exited, log: () => log };
};

/** A principal and an agent token in the directory, made before any API process holds it. */
const issueToken = async (dataDir: string): Promise<string> => {
  const runtime = await openRuntime(readConfig({ SVC_DATA_DIR: dataDir }));
  try {
    const { accounts, deviceFlow } = runtime.services.access;
    const session = await accounts.signup({ email: 'soak@example.test', password: 'correct horse battery', display_name: 'Soak Poster' });
    const connect = await deviceFlow.connect({ agent_name: 'Soak agent', scopes: ['jobs:write'] });
    const resolved = await accounts.resolveSession(session.sessionId);
    await deviceFlow.approve(resolved!.actor, { user_code: connect.user_code });
    return (await deviceFlow.poll({ device_code: connect.device_code })).access_token;
  } finally {
    await runtime.close();
  }
};

describe('the embedded API process, killed under load and started again', () => {
  let dataDir: string;
  const running: RunningApi[] = [];

  beforeAll(async () => {
    dataDir = join(await mkdtemp(join(tmpdir(), 'svc-soak-')), 'data');
  });
  afterAll(async () => {
    for (const api of running) if (api.process.exitCode === null && api.process.signalCode === null) api.process.kill('SIGKILL');
    await Promise.all(running.map((api) => api.exited));
    await rm(dirname(dataDir), { recursive: true, force: true });
  });

  it('keeps every acknowledged create once, and replays every key as itself', async () => {
    const token = await issueToken(dataDir);
    const post = (api: RunningApi, key: string) =>
      fetch(`${api.url}/api/v1/jobs`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify(jobBody(key)),
      });

    const first = await startApi(dataDir);
    running.push(first);
    const sent: string[] = [];
    const acknowledged = new Map<string, string>();
    let refused = 0;
    // Creates, 16 at a time, until the process is gone.
    const load = Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        for (;;) {
          const key = `load-${sent.length}`;
          sent.push(key);
          try {
            const res = await post(first, key);
            const body = (await res.json()) as { id: string };
            if (res.status === 201) acknowledged.set(key, body.id);
            else refused += 1;
          } catch {
            return;
          }
        }
      }),
    );
    await vi.waitFor(() => expect(acknowledged.size).toBeGreaterThanOrEqual(300), { timeout: 120_000, interval: 20 });
    first.process.kill('SIGKILL');
    await load;
    await first.exited;
    expect(refused, first.log()).toBe(0);

    // The killed process's lock on the directory is stale: the new one takes it over.
    const second = await startApi(dataDir);
    running.push(second);
    const again = new Map<string, { answer: number; id: string; replayed?: boolean }>();
    await inParallel(sent.length, async (i) => {
      const res = await post(second, sent[i]!);
      const { id, replayed } = (await res.json()) as { id: string; replayed?: boolean };
      again.set(sent[i]!, { answer: res.status, id, replayed });
    });
    for (const [key, id] of acknowledged) expect(again.get(key), key).toEqual({ answer: 200, id, replayed: true });
    // Those in flight at the kill were committed (and replay) or not (and are created now).
    for (const key of sent) expect([200, 201], key).toContain(again.get(key)!.answer);

    second.process.kill('SIGTERM');
    expect(await second.exited, second.log()).toBe(0);

    const db = await openServiceDatabase({ dataDir });
    try {
      const rows = await db.query<{ id: string; title: string }>('select id, title from jobs');
      const idsByTitle = new Map<string, string[]>();
      for (const row of rows) idsByTitle.set(row.title, [...(idsByTitle.get(row.title) ?? []), row.id]);
      expect(rows).toHaveLength(sent.length);
      for (const key of sent) expect(idsByTitle.get(`Soak ${key}`), key).toEqual([again.get(key)!.id]);
    } finally {
      await db.close();
    }
  }, 240_000);
});
