import { Writable } from 'node:stream';
import Router from '@koa/router';
import * as v from 'valibot';
import { afterEach, describe, expect, expectTypeOf, it } from 'vitest';
import { DomainError, type Actor } from '@svc/kernel';
import { answer, conditionalAnswer, createHttpApp, createLogger, defineOperation, impliedErrors, isOpen, listen, mountOperations, type Operation, type RunningServer } from '../src/index.ts';

const thing = v.object({ id: v.string(), version: v.number() });

const operations: Operation<null>[] = [
  defineOperation<null>()({ id: 'things.good', method: 'GET', path: '/good', summary: 'A right answer', auth: 'public', responses: { 200: thing }, errors: [], handler: async () => ({ id: 'a', version: 1 }) }),
  defineOperation<null>()({ id: 'things.wrong_shape', method: 'GET', path: '/wrong-shape', summary: 'A body unlike its schema', auth: 'public', responses: { 200: thing }, errors: [], handler: async () => ({ id: 'a', version: 'one' }) }),
  defineOperation<null>()({ id: 'things.wrong_status', method: 'GET', path: '/wrong-status', summary: 'An undeclared status', auth: 'public', responses: { 200: thing }, errors: [], handler: async () => answer(202, { id: 'a', version: 1 }) }),
  defineOperation<null>()({ id: 'things.wrong_error', method: 'GET', path: '/wrong-error', summary: 'An undeclared error', auth: 'public', responses: { 200: thing }, errors: ['not_found'], handler: async () => { throw new DomainError('version_conflict', 'No.'); } }),
  defineOperation<null>()({ id: 'things.conditional', method: 'GET', path: '/conditional', summary: 'A read under an entity tag', auth: 'public', responses: { 200: thing, 304: null }, errors: [], handler: async () => conditionalAnswer(undefined, '"t1"', () => ({ id: 'a', version: 1 })) }),
  defineOperation<null>()({ id: 'things.untagged', method: 'GET', path: '/untagged', summary: 'A 304 declared, no ETag sent', auth: 'public', responses: { 200: thing, 304: null }, errors: [], handler: async () => answer(200, { id: 'a', version: 1 }) }),
  defineOperation<null>()({ id: 'things.declared_error', method: 'GET', path: '/declared-error', summary: 'A declared error', auth: 'public', responses: { 200: thing }, errors: ['not_found'], handler: async () => { throw new DomainError('not_found', 'No such thing.'); } }),
];

let server: RunningServer | undefined;
afterEach(() => server?.close());

/** Log lines written by the server, when a test asks for them. */
const logged: Record<string, unknown>[] = [];
const logInto = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean)) logged.push(JSON.parse(line) as Record<string, unknown>);
    done();
  },
});

const serve = async (checkResponses: boolean, logLevel: 'silent' | 'info' = 'silent') => {
  const router = new Router();
  mountOperations(router, operations, {
    services: null,
    authorize: () => null,
    createOnce: async () => ({ status: 201, body: {} }),
    checkResponses,
  });
  const logger = createLogger(logLevel, logInto);
  server = await listen(createHttpApp({ router, logger }), { port: 0, host: '127.0.0.1', logger });
  return async (path: string) => {
    const res = await fetch(`http://127.0.0.1:${server!.port}${path}`);
    return { status: res.status, body: await res.json() };
  };
};

describe('the response check (on in tests, off in production)', () => {
  it('passes an answer that matches its declaration, and a declared error', async () => {
    const get = await serve(true);
    expect(await get('/good')).toEqual({ status: 200, body: { id: 'a', version: 1 } });
    expect(await get('/declared-error')).toMatchObject({ status: 404, body: { error: 'not_found' } });
    expect(await get('/conditional')).toEqual({ status: 200, body: { id: 'a', version: 1 } });
  });

  it.each([
    ['/wrong-shape', /things\.wrong_shape does not match its declaration: version/],
    ['/wrong-status', /status 202 is not declared/],
    ['/wrong-error', /the error code version_conflict is not declared/],
    // Declaring 304 promises an ETag on the 200 (the document says so).
    ['/untagged', /things\.untagged does not match its declaration: its 200 carries no ETag/],
  ])('fails %s with a 500 that names the mismatch, so the test that caused it fails', async (path, message) => {
    const get = await serve(true);
    const res = await get(path);
    expect(res.status).toBe(500);
    expect(res.body).toMatchObject({ error: 'internal_error', message: expect.stringMatching(message) });
  });

  it('logs such a 500 as an error naming the mismatch, as it logs a crash', async () => {
    const get = await serve(true, 'info');
    expect((await get('/wrong-status')).status).toBe(500);
    // pino writes asynchronously: wait for the line rather than for a fixed time.
    const deadline = Date.now() + 30_000;
    while (!logged.some((line) => line.level === 50) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    const errors = logged.filter((line) => line.level === 50);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ msg: 'internal error', err: { message: expect.stringMatching(/things\.wrong_status does not match its declaration: status 202 is not declared/) } });
  });

  it('leaves answers alone when it is off', async () => {
    const get = await serve(false);
    expect(await get('/wrong-shape')).toEqual({ status: 200, body: { id: 'a', version: 'one' } });
    expect((await get('/wrong-error')).status).toBe(409);
  });
});

describe('a create answering 201', () => {
  const op = defineOperation<null>();
  const read = op({ id: 'things.get', method: 'GET', path: '/things/{id}', summary: 'A thing', auth: 'public', responses: { 200: thing }, errors: [], handler: async () => ({ id: 'a', version: 1 }) });
  const create = (path: string, made: unknown, location: Operation<null>['location']) =>
    op({ id: `things.create_${path.slice(1)}`, method: 'POST', path, summary: 'Make a thing', auth: 'public', idempotent: {}, responses: { 201: thing, 200: thing }, location, errors: [], handler: async () => made });
  const creates = [
    create('/make', { id: 'thing 1', version: 1 }, { read: '/things/{id}' }),
    create('/make-anonymous', { id: 'a', version: 1 }, { none: 'nobody reads it back' }),
    // A record without the member its address names: the declaration and the answer disagree.
    create('/make-nameless', { version: 1 }, { read: '/things/{id}' }),
  ];

  const serveCreates = async (replay = false) => {
    await server?.close();
    const router = new Router();
    mountOperations(router, [read, ...creates], {
      services: null,
      authorize: () => null,
      // As the process's idempotent creates answer: the record (201), or a replay of it (200).
      createOnce: async (_ctx, { created }, make) => (replay ? { status: 200, body: { ...(await make() as object), replayed: true } } : { status: created, body: await make() }),
      checkResponses: true,
      baseUrl: 'https://tasks.example/',
    });
    const logger = createLogger('silent');
    server = await listen(createHttpApp({ router, logger }), { port: 0, host: '127.0.0.1', logger });
    return async (path: string) => {
      const res = await fetch(`http://127.0.0.1:${server!.port}${path}`, { method: 'POST' });
      return { status: res.status, location: res.headers.get('location'), body: await res.json() };
    };
  };

  it('carries Location, the absolute address of the record it created under the base URL, where it has one; a replay (200) carries none', async () => {
    const post = await serveCreates();
    expect(await post('/make')).toMatchObject({ status: 201, location: 'https://tasks.example/things/thing%201' });
    expect(await post('/make-anonymous')).toMatchObject({ status: 201, location: null });
    expect(await serveCreates(true).then((replay) => replay('/make'))).toMatchObject({ status: 200, location: null, body: { replayed: true } });
  });

  it('fails the response check when the record lacks the member its address names', async () => {
    expect(await serveCreates().then((post) => post('/make-nameless'))).toMatchObject({
      status: 500,
      location: null,
      body: { error: 'internal_error', message: expect.stringMatching(/things\.create_make-nameless does not match its declaration: its 201 carries no Location/) },
    });
  });

  it('is refused at mount without a location, or with one no GET operation of the table serves', () => {
    const hooks = { services: null, authorize: () => null, createOnce: async () => ({ status: 201, body: {} }) };
    expect(() => mountOperations(new Router(), [read, create('/make', {}, undefined)], hooks)).toThrow(/things\.create_make: a 201 names where its record is read/);
    expect(() => mountOperations(new Router(), [read, create('/make', {}, { read: '/thing/{id}' })], hooks)).toThrow(/its location \/thing\/\{id\} is no GET operation's path/);
  });
});

describe('the response check of refusals', () => {
  const op = defineOperation<null>();
  const refusing = (path: string, auth: Operation<null>['auth'], error: DomainError) =>
    op({ id: `things.refuse_${path.slice(1)}`, method: 'GET', path, summary: 'Refuses', auth, responses: { 200: thing }, errors: ['version_conflict'], handler: async () => { throw error; } });

  const serveRefusals = async () => {
    const router = new Router();
    mountOperations(router, [
      // Never reached: the caller is refused first.
      refusing('/scoped', { scopes: ['things:write'] }, new DomainError('version_conflict', 'Unused.')),
      // A refusal that says how long to wait where the document declares no Retry-After (a 409).
      refusing('/conflict-wait', 'public', new DomainError('version_conflict', 'Wait.', { retry_after: 3 })),
    ], {
      services: null,
      // The token lacks the scope: the refusal names the scopes the operation takes.
      authorize: (_ctx, auth) => {
        if (typeof auth === 'object') throw new DomainError('insufficient_scope', 'This operation needs the scope things:write.', { required_scopes: auth.scopes });
        return null;
      },
      createOnce: async () => ({ status: 201, body: {} }),
      checkResponses: true,
    });
    const logger = createLogger('silent');
    server = await listen(createHttpApp({ router, logger }), { port: 0, host: '127.0.0.1', logger });
    return async (path: string) => {
      const res = await fetch(`http://127.0.0.1:${server!.port}${path}`);
      return { status: res.status, challenge: res.headers.get('www-authenticate'), body: await res.json() };
    };
  };

  it("holds each refusal's headers to those the document declares for its status", async () => {
    const get = await serveRefusals();
    // The challenge of a 403 insufficient_scope passes: the document declares it there.
    expect(await get('/scoped')).toEqual({
      status: 403,
      challenge: 'Bearer realm="task-and-directory", error="insufficient_scope", scope="things:write"',
      body: { error: 'insufficient_scope', message: expect.any(String), required_scopes: ['things:write'] },
    });
    // A Retry-After on a 409, where nothing declares one, fails with a 500 naming it.
    expect(await get('/conflict-wait')).toMatchObject({
      status: 500,
      body: { error: 'internal_error', message: expect.stringMatching(/things\.refuse_conflict-wait does not match its declaration: its 409 version_conflict carries Retry-After, which the document does not declare/) },
    });
  });
});

describe('anonymous operations (the way back to a token)', () => {
  const connect = defineOperation<null>()({
    id: 'agent.connect',
    method: 'POST',
    path: '/connect/{kind}',
    summary: 'Ask for access',
    auth: 'anonymous',
    responses: { 201: thing },
    location: { none: 'nobody reads a request for access back' },
    errors: [],
    handler: async () => answer(201, { id: 'a', version: 1 }),
  });

  it('imply no write limit and no unauthenticated, but still a refused token (one sent in the query string)', () => {
    const codes = impliedErrors(connect);
    expect(codes).toContain('invalid_token');
    expect(codes).not.toContain('rate_limited');
    expect(codes).not.toContain('unauthenticated');
    expect(codes).not.toContain('csrf_failed');
    expect(isOpen(connect.auth)).toBe(true);
  });

  it('are announced as they are mounted, by the route template the router matches, so the process can skip their credentials', () => {
    const mounted: string[] = [];
    mountOperations(new Router(), [connect, operations[0]!], {
      services: null,
      authorize: () => null,
      createOnce: async () => ({ status: 201, body: {} }),
      mounted: (operation, route) => mounted.push(`${operation.auth} ${operation.method} ${route}`),
    });
    expect(mounted).toEqual(['anonymous POST /connect/:kind', 'public GET /good']);
  });
});

describe('headers an operation declares for every answer', () => {
  const noStore = { 'Cache-Control': 'no-store', Pragma: 'no-cache' };
  const op = defineOperation<null>();
  const table = [
    op({ id: 'tokens.issue', method: 'POST', path: '/tokens/issue', summary: 'Issue a token', auth: 'anonymous', request: { body: v.object({ code: v.string() }), form: true }, responses: { 200: thing }, errors: [], headers: noStore, handler: async () => ({ id: 'a', version: 1 }) }),
    op({ id: 'tokens.other', method: 'POST', path: '/tokens/{id}', summary: 'Another route', auth: 'anonymous', responses: { 200: thing }, errors: [], headers: { 'X-Other': 'yes' }, handler: async () => ({ id: 'b', version: 1 }) }),
  ];

  const serveTokens = async () => {
    const router = new Router();
    // What a process runs on every route ahead of it (the caller's resolution): it may refuse first.
    router.use(async (ctx, next) => {
      if (Object.hasOwn(ctx.query, 'access_token')) throw new DomainError('invalid_token', 'Not in the query string.');
      await next();
    });
    mountOperations(router, table, { services: null, authorize: () => null, createOnce: async () => ({ status: 201, body: {} }), checkResponses: true });
    const logger = createLogger('silent');
    server = await listen(createHttpApp({ router, logger }), { port: 0, host: '127.0.0.1', logger });
    return async (path: string, body: string, type = 'application/x-www-form-urlencoded') => {
      const res = await fetch(`http://127.0.0.1:${server!.port}${path}`, { method: 'POST', body, headers: { 'content-type': type } });
      return { status: res.status, body: await res.json(), cacheControl: res.headers.get('cache-control'), pragma: res.headers.get('pragma'), other: res.headers.get('x-other') };
    };
  };

  it('go on its answers and every refusal: of the handler, of reading the body, of a step ahead of the route, of the edge', async () => {
    const post = await serveTokens();
    const headers = { cacheControl: 'no-store', pragma: 'no-cache', other: null };
    expect(await post('/tokens/issue', 'code=x')).toMatchObject({ status: 200, ...headers });
    expect(await post('/tokens/issue', 'code=x&code=y')).toMatchObject({ status: 400, body: { error: 'validation_failed' }, ...headers });
    expect(await post('/tokens/issue', '{}', 'application/json')).toMatchObject({ status: 415, ...headers });
    expect(await post('/tokens/issue?access_token=t', 'code=x')).toMatchObject({ status: 401, body: { error: 'invalid_token' }, ...headers });
    expect(await post('/tokens/issue?q=%zz', 'code=x')).toMatchObject({ status: 400, body: { error: 'validation_failed' }, ...headers });
  });

  it('only on the route that owns the path: a literal path is no parameter route\'s', async () => {
    const post = await serveTokens();
    expect(await post('/tokens/issue?access_token=t', 'code=x')).toMatchObject({ status: 401, other: null });
    expect(await post('/tokens/else?access_token=t', '')).toMatchObject({ status: 401, other: 'yes', cacheControl: null });
  });
});

describe('a declaration types its handler', () => {
  const op = defineOperation<null>();
  const base = { method: 'GET', summary: 'A thing', responses: { 200: thing }, errors: [] } as const;

  // The type assertions are checked by the typecheck (tsc), not at run time.
  it('gives a caller wherever the auth rule requires one, and the params its schema outputs', () => {
    const declared = [
      op({
        ...base,
        id: 'things.mine',
        path: '/things/{id}',
        auth: { scopes: [] },
        request: { params: v.object({ id: v.string() }) },
        handler: async ({ actor, params }) => {
          expectTypeOf(actor).toEqualTypeOf<Actor>();
          expectTypeOf(params).toEqualTypeOf<{ id: string }>();
          return { id: params.id, version: 1 };
        },
      }),
      op({ ...base, id: 'things.human', path: '/human', auth: 'human_only', handler: async ({ actor }) => expectTypeOf(actor).toEqualTypeOf<Actor>() }),
      op({ ...base, id: 'things.public', path: '/public', auth: 'public', handler: async ({ actor }) => expectTypeOf(actor).toEqualTypeOf<Actor | null>() }),
      op({ ...base, id: 'things.anonymous', path: '/anonymous', auth: 'anonymous', handler: async ({ actor }) => expectTypeOf(actor).toEqualTypeOf<null>() }),
      op({ ...base, id: 'things.plain', path: '/plain', auth: 'optional', handler: async ({ params }) => expectTypeOf(params).toEqualTypeOf<Record<string, never>>() }),
    ];
    expect(declared.map((operation) => operation.auth)).toEqual([{ scopes: [] }, 'human_only', 'public', 'anonymous', 'optional']);
  });
});
