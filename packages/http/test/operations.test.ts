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

const serve = async (checkResponses: boolean) => {
  const router = new Router();
  mountOperations(router, operations, {
    services: null,
    authorize: () => null,
    createOnce: async () => ({ status: 201, body: {} }),
    checkResponses,
  });
  const logger = createLogger('silent');
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

  it('leaves answers alone when it is off', async () => {
    const get = await serve(false);
    expect(await get('/wrong-shape')).toEqual({ status: 200, body: { id: 'a', version: 'one' } });
    expect((await get('/wrong-error')).status).toBe(409);
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
