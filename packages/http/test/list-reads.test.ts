import Router from '@koa/router';
import * as v from 'valibot';
import { afterEach, describe, expect, it } from 'vitest';
import { isDomainError } from '@svc/kernel';
import { buildOpenApi, createAnswerCache, createHttpApp, createListReadGate, createLogger, defineOperation, impliedErrors, listen, mountOperations, type Operation, type RunningServer } from '../src/index.ts';

/** A promise and the function that settles it: a list whose build the test finishes when it says so. */
const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
};

const refusal = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    if (isDomainError(error)) return { code: error.code, status: error.kind, retryAfter: error.extras.retry_after };
    throw error;
  }
  throw new Error('not refused');
};

describe('the bound on list reads built at once', () => {
  it('runs up to `concurrency` at once, lets the next wait in line in order, and gives each turn on', async () => {
    const gate = createListReadGate({ concurrency: 2, queue: 2, waitMs: 10_000 });
    const builds = [deferred(), deferred(), deferred(), deferred()];
    const started: number[] = [];
    const runs = builds.map((build, i) =>
      gate.run(async () => {
        started.push(i);
        await build.promise;
        return i;
      }),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect([started, gate.running, gate.waiting]).toEqual([[0, 1], 2, 2]);
    builds[1]!.resolve();
    expect(await runs[1]).toBe(1);
    expect([started, gate.running, gate.waiting]).toEqual([[0, 1, 2], 2, 1]);
    for (const build of builds) build.resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
    expect([started, gate.running, gate.waiting]).toEqual([[0, 1, 2, 3], 0, 0]);
  });

  it('answers 503 busy with retry_after 1 at once when the line is full, and the turn of a failed build passes on', async () => {
    const gate = createListReadGate({ concurrency: 1, queue: 1, waitMs: 10_000 });
    const first = deferred();
    const running = gate.run(async () => {
      await first.promise;
      throw new Error('the build failed');
    });
    const waiting = gate.run(async () => 'second');
    expect(await refusal(gate.run(async () => 'third'))).toEqual({ code: 'busy', status: 'unavailable', retryAfter: 1 });
    first.resolve();
    await expect(running).rejects.toThrow('the build failed');
    expect(await waiting).toBe('second');
    expect([gate.running, gate.waiting]).toEqual([0, 0]);
  });

  it('answers 503 busy to a request that waited `waitMs` for its turn, and leaves the line', async () => {
    const gate = createListReadGate({ concurrency: 1, queue: 5, waitMs: 30 });
    const first = deferred();
    const running = gate.run(() => first.promise);
    expect(await refusal(gate.run(async () => 'late'))).toMatchObject({ code: 'busy' });
    expect(gate.waiting).toBe(0);
    first.resolve();
    await running;
    expect(await gate.run(async () => 'next')).toBe('next');
  });
});

describe('operations declared listRead', () => {
  const page = v.object({ items: v.array(v.number()) });
  let server: RunningServer | undefined;
  afterEach(() => server?.close());

  it('build their answers in the turns of the gate, answer 503 busy with Retry-After past it, and declare it', async () => {
    const gate = createListReadGate({ concurrency: 1, queue: 0, waitMs: 1_000 });
    const hold = deferred();
    const operations: Operation<null>[] = [
      defineOperation<null>()({ id: 'things.list', method: 'GET', path: '/things', summary: 'A list', auth: 'public', responses: { 200: page }, errors: [], listRead: true, handler: async () => { await hold.promise; return { items: [1, 2] }; } }),
      defineOperation<null>()({ id: 'things.get', method: 'GET', path: '/thing', summary: 'One thing', auth: 'public', responses: { 200: page }, errors: [], handler: async () => ({ items: [1] }) }),
    ];
    const router = new Router();
    mountOperations(router, operations, { services: null, authorize: () => null, createOnce: async () => ({ status: 201, body: {} }), listReads: gate, checkResponses: true });
    const logger = createLogger('silent');
    server = await listen(createHttpApp({ router, logger }), { port: 0, host: '127.0.0.1', logger });
    const base = `http://127.0.0.1:${server.port}`;

    const first = fetch(`${base}/things`);
    await expect.poll(() => gate.running, { timeout: 10_000 }).toBe(1);
    const refused = await fetch(`${base}/things`);
    expect([refused.status, refused.headers.get('retry-after'), ((await refused.json()) as { error: string }).error]).toEqual([503, '1', 'busy']);
    // Whatever is not a list never waits for the gate.
    expect((await fetch(`${base}/thing`)).status).toBe(200);
    hold.resolve();
    const answered = await first;
    expect([answered.status, answered.headers.get('content-type'), await answered.json()]).toEqual([200, 'application/json; charset=utf-8', { items: [1, 2] }]);

    expect(impliedErrors(operations[0]!)).toContain('busy');
    expect(impliedErrors(operations[1]!)).not.toContain('busy');
    const document = buildOpenApi(operations, {
      title: 't', version: '1', description: 'd', serverUrl: base, contactUrl: base, errors: { busy: 'unavailable', query_timeout: 'unavailable', database_unavailable: 'unavailable', validation_failed: 'invalid', invalid_token: 'unauthenticated', internal_error: 'internal' }, schemas: {},
      oauth: { deviceAuthorizationUrl: base, authorizationUrl: base, tokenUrl: base, scopes: {} },
    }) as { paths: Record<string, { get: { responses: Record<string, { headers?: Record<string, unknown>; content: unknown }> } }> };
    const busy = document.paths['/things']!.get.responses['503']!;
    expect(busy.headers).toHaveProperty('Retry-After');
    expect(JSON.stringify(busy.content)).toContain('"enum":["busy","query_timeout","database_unavailable"]');
    // Any operation may meet the statement limit or an unreachable database; only a list read is also busy.
    expect(JSON.stringify(document.paths['/thing']!.get.responses['503']!.content)).toContain('"enum":["query_timeout","database_unavailable"]');
  });

  it('build a kept list that went stale once for every request that missed it meanwhile', async () => {
    const gate = createListReadGate({ concurrency: 1, queue: 100, waitMs: 10_000 });
    const cache = createAnswerCache({ stamp: () => 'one state' });
    const hold = deferred();
    let builds = 0;
    const list = defineOperation<null>()({
      id: 'things.list', method: 'GET', path: '/things', summary: 'A list', auth: 'public', responses: { 200: page }, errors: [], listRead: true, cache: { tables: ['things'] },
      handler: async () => {
        builds += 1;
        await hold.promise;
        return { items: [builds] };
      },
    });
    const router = new Router();
    mountOperations(router, [list], { services: null, authorize: () => null, createOnce: async () => ({ status: 201, body: {} }), listReads: gate, cache, checkResponses: true });
    const logger = createLogger('silent');
    server = await listen(createHttpApp({ router, logger }), { port: 0, host: '127.0.0.1', logger });
    const base = `http://127.0.0.1:${server.port}`;

    const answers = Array.from({ length: 8 }, () => fetch(`${base}/things`));
    await expect.poll(() => gate.running, { timeout: 10_000 }).toBe(1);
    hold.resolve();
    const bodies = await Promise.all((await Promise.all(answers)).map(async (res) => [res.status, await res.json()]));
    expect(bodies).toEqual(Array.from({ length: 8 }, () => [200, { items: [1] }]));
    expect(builds).toBe(1);
    // Kept now: the next request is answered from the cache without a turn.
    expect(await (await fetch(`${base}/things`)).json()).toEqual({ items: [1] });
    expect(builds).toBe(1);
  });

  it('is refused on anything but a GET answering JSON', () => {
    const create = defineOperation<null>()({ id: 'things.create', method: 'POST', path: '/things', summary: 'A write', auth: 'public', responses: { 200: page }, errors: [], listRead: true, handler: async () => ({ items: [] }) });
    expect(() => mountOperations(new Router(), [create], { services: null, authorize: () => null, createOnce: async () => ({ status: 201, body: {} }) })).toThrow(/only a GET operation answering JSON may declare listRead/);
  });
});
