import { request } from 'node:http';
import Router from '@koa/router';
import { afterEach, describe, expect, it } from 'vitest';
import { isDomainError } from '@svc/kernel';
import { createHttpApp, createLogger, listen, readFormBody, readJsonBody, type RunningServer } from '../src/index.ts';
import { checkJsonValue, checkPath, checkQueryString, checkTextValues, MAX_JSON_DEPTH, unstorableText } from '../src/input-edge.ts';

// The edge rules every request meets before a route reads it: text PostgreSQL can store, JSON of a
// sane depth, bodies of the declared type and size. Each refusal is a 4xx with the error body.

/** What a check throws: the error code and the details' paths and messages, or null when it passes. */
const refusal = (check: () => void) => {
  try {
    check();
    return null;
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return { code: error.code, details: (error.extras as { details?: { path: string; message: string }[] } | undefined)?.details ?? [] };
  }
};

const nested = (depth: number): unknown => {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
};

describe('storable text', () => {
  it.each([
    ['plain text, tabs, newlines and an emoji', 'a\tb\nc 🎈', null],
    ['a NUL', 'a\u0000b', 'must not contain the NUL character (U+0000)'],
    ['a lone high surrogate', 'a\uD83Db', 'must be valid Unicode (it holds a lone surrogate)'],
    ['a lone low surrogate', 'a\uDE00b', 'must be valid Unicode (it holds a lone surrogate)'],
    ['a high surrogate at the end', 'ab\uD83D', 'must be valid Unicode (it holds a lone surrogate)'],
  ])('%s: %s', (_, text, problem) => {
    expect(unstorableText(text)).toBe(problem);
  });
});

describe('a JSON value at the edge', () => {
  it('takes values nested up to the bound, and refuses one level more with invalid_json', () => {
    expect(refusal(() => checkJsonValue(nested(MAX_JSON_DEPTH), ''))).toBeNull();
    expect(refusal(() => checkJsonValue(nested(MAX_JSON_DEPTH + 1), ''))).toEqual({ code: 'invalid_json', details: [] });
    expect(() => checkJsonValue(nested(MAX_JSON_DEPTH + 1), '')).toThrow(`nested more than ${MAX_JSON_DEPTH} levels deep`);
  });

  it('names the field of a string that cannot be stored, however deep', () => {
    expect(refusal(() => checkJsonValue({ title: 'ok', items: ['fine', { text: 'bad\u0000' }] }, ''))).toEqual({
      code: 'validation_failed',
      details: [{ path: 'items.1.text', message: 'must not contain the NUL character (U+0000)' }],
    });
    expect(refusal(() => checkJsonValue('bad\uDE00', 'body'))).toMatchObject({ details: [{ path: 'body' }] });
  });

  it('refuses control characters but tab and line breaks, naming the field', () => {
    expect(refusal(() => checkJsonValue({ text: 'two lines\r\nand\ta tab' }, ''))).toBeNull();
    // Letters just past the controls are text.
    expect(refusal(() => checkJsonValue({ text: 'café \u00a0 £5 ñ' }, ''))).toBeNull();
    for (const control of ['\u0007', '\u001b[31m', '\u007f', '\u000b', '\u0080', '\u0085', '\u009b31m', '\u009f']) {
      expect(refusal(() => checkJsonValue({ title: `ring ${control}` }, ''))).toEqual({
        code: 'validation_failed',
        details: [{ path: 'title', message: 'must not contain control characters (tab and line breaks are fine)' }],
      });
    }
  });

  it('refuses a key that cannot be stored, naming where it is', () => {
    expect(refusal(() => checkJsonValue({ outer: { 'k\u0000': 1 } }, ''))).toEqual({
      code: 'validation_failed',
      details: [{ path: 'outer', message: 'a key must not contain the NUL character (U+0000)' }],
    });
    expect(refusal(() => checkJsonValue({ 'k\u0000': 1 }, ''))).toMatchObject({ details: [{ path: '(key)' }] });
  });

  it('lets numbers, booleans and null through', () => {
    expect(refusal(() => checkJsonValue({ n: 1, b: true, z: null, list: [0, false] }, ''))).toBeNull();
  });
});

describe('query strings and paths', () => {
  it('refuses a value, one of a repeated parameter, or a name that cannot be stored, naming the parameter', () => {
    expect(refusal(() => checkTextValues({ q: 'garden', tag: ['a', 'b'], absent: undefined }))).toBeNull();
    expect(refusal(() => checkTextValues({ tag: ['a', 'b\u0000'] }))).toEqual({ code: 'validation_failed', details: [{ path: 'tag', message: 'must not contain the NUL character (U+0000)' }] });
    expect(refusal(() => checkTextValues({ 'q\u0000': 'x' }))).toMatchObject({ details: [{ path: 'q\u0000' }] });
  });

  it('refuses a path that is not percent-encoded UTF-8, or that decodes to a NUL', () => {
    expect(refusal(() => checkPath('/api/v1/jobs/job_1'))).toBeNull();
    expect(refusal(() => checkPath('/api/v1/jobs/%E0%A4%A'))).toEqual({ code: 'validation_failed', details: [{ path: 'path', message: 'must be valid percent-encoded UTF-8' }] });
    expect(refusal(() => checkPath('/api/v1/jobs/a%00b'))).toMatchObject({ details: [{ path: 'path', message: 'must not contain the NUL character (U+0000)' }] });
  });

  it('refuses a query string whose name or value is not percent-encoded UTF-8, naming the parameter', () => {
    expect(refusal(() => checkQueryString('q=caf%C3%A9+garden&tag=a%20b&flag'))).toBeNull();
    expect(refusal(() => checkQueryString('q=%ff'))).toEqual({ code: 'validation_failed', details: [{ path: 'q', message: 'must be valid percent-encoded UTF-8' }] });
    expect(refusal(() => checkQueryString('tag=a&q=caf%C3'))).toMatchObject({ details: [{ path: 'q' }] });
    expect(refusal(() => checkQueryString('%ff=1'))).toMatchObject({ details: [{ path: '%ff' }] });
    // A value holding '=' is read whole.
    expect(refusal(() => checkQueryString('q=a=b%ff'))).toMatchObject({ details: [{ path: 'q' }] });
  });
});

describe('request bodies', () => {
  let server: RunningServer | undefined;
  afterEach(() => server?.close());

  /** A server whose routes echo what the body readers made of the request, with a 16-byte limit. */
  const serve = async () => {
    const router = new Router();
    router.post('/json', async (ctx) => {
      const body = await readJsonBody(ctx, 16);
      ctx.body = { read: body === undefined ? 'nothing' : body };
    });
    router.post('/form', async (ctx) => {
      ctx.body = { read: await readFormBody(ctx, 16) };
    });
    const logger = createLogger('silent');
    server = await listen(createHttpApp({ router, logger }), { port: 0, host: '127.0.0.1', logger });
    return server.port;
  };

  /** Sends raw bytes with the headers given (no content-length unless given: chunked). */
  const send = (port: number, path: string, headers: Record<string, string>, chunks: (string | Buffer)[]) =>
    new Promise<{ status: number; body: any }>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path, method: 'POST', headers }, (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
      });
      req.on('error', reject);
      for (const chunk of chunks) req.write(chunk);
      req.end();
    });

  it('reads JSON of the right type within the limit, and nothing when there is no body', async () => {
    const port = await serve();
    const json = (body: string, type = 'application/json') => send(port, '/json', { 'content-type': type, 'content-length': String(Buffer.byteLength(body)) }, [body]);
    expect(await json('{"a":1}')).toEqual({ status: 200, body: { read: { a: 1 } } });
    expect(await json('{"a":2}', 'application/merge-patch+json')).toEqual({ status: 200, body: { read: { a: 2 } } });
    expect(await json('')).toEqual({ status: 200, body: { read: 'nothing' } });
    expect(await send(port, '/json', {}, [])).toEqual({ status: 200, body: { read: 'nothing' } });
    // Announced as chunked, but empty: nothing too, not a parse error.
    expect(await send(port, '/json', { 'content-type': 'application/json', 'transfer-encoding': 'chunked' }, [])).toEqual({ status: 200, body: { read: 'nothing' } });
    // Exactly the limit is within it, declared or streamed.
    expect(Buffer.byteLength('{"a":"01234567"}')).toBe(16);
    expect(await json('{"a":"01234567"}')).toEqual({ status: 200, body: { read: { a: '01234567' } } });
    expect(await send(port, '/json', { 'content-type': 'application/json', 'transfer-encoding': 'chunked' }, ['{"a":"01', '234567"}'])).toEqual({ status: 200, body: { read: { a: '01234567' } } });
    // The body's own fields are named from its root.
    expect(await json('{"a":"\\u0000"}')).toMatchObject({ status: 400, body: { error: 'validation_failed', details: [{ path: 'a' }] } });
  });

  it('refuses another type with 415, bad JSON with 400, and a body over the limit with 413, declared or streamed', async () => {
    const port = await serve();
    expect(await send(port, '/json', { 'content-type': 'text/plain', 'content-length': '7' }, ['{"a":1}'])).toMatchObject({ status: 415, body: { error: 'unsupported_media_type', message: 'Send the body as application/json.' } });
    expect(await send(port, '/json', { 'content-type': 'application/json', 'content-length': '6' }, ['{"a":1'])).toMatchObject({ status: 400, body: { error: 'invalid_json', message: 'The request body is not valid JSON.' } });
    expect(await send(port, '/json', { 'content-type': 'application/json', 'content-length': '17' }, ['{"a":"0123456789"}'.slice(0, 17)])).toMatchObject({ status: 413, body: { error: 'body_too_large' } });
    // Chunked, with no length declared: counted as it arrives.
    expect(await send(port, '/json', { 'content-type': 'application/json', 'transfer-encoding': 'chunked' }, ['{"a":"0123', '456789"}'])).toMatchObject({ status: 413, body: { error: 'body_too_large', message: expect.stringContaining('KiB') } });
    expect(await send(port, '/json', { 'content-type': 'application/json', 'transfer-encoding': 'chunked' }, ['{"a":', '1}'])).toEqual({ status: 200, body: { read: { a: 1 } } });
  });

  it('refuses a body that is not UTF-8 instead of reading U+FFFD for the bytes, JSON and form alike', async () => {
    const port = await serve();
    const bytes = Buffer.from([...Buffer.from('{"a":"'), 0xff, ...Buffer.from('"}')]);
    expect(await send(port, '/json', { 'content-type': 'application/json', 'content-length': String(bytes.length) }, [bytes])).toMatchObject({
      status: 400,
      body: { error: 'invalid_json', message: 'The request body is not valid UTF-8.' },
    });
    // A character split across two chunks is still one character.
    const split = Buffer.from('{"a":"é"}');
    expect(await send(port, '/json', { 'content-type': 'application/json', 'transfer-encoding': 'chunked' }, [split.subarray(0, 7), split.subarray(7)])).toEqual({ status: 200, body: { read: { a: 'é' } } });
    const form = Buffer.from([...Buffer.from('a='), 0xc3]);
    expect(await send(port, '/form', { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(form.length) }, [form])).toMatchObject({
      status: 400,
      body: { error: 'validation_failed', details: [{ path: 'body' }] },
    });
    expect(await send(port, '/form', { 'content-type': 'application/x-www-form-urlencoded', 'content-length': '4' }, ['a=%f'])).toMatchObject({
      status: 400,
      body: { error: 'validation_failed', details: [{ path: 'a' }] },
    });
  });

  it('reads a form into strings, refusing another type and text that cannot be stored', async () => {
    const port = await serve();
    const form = (body: string, type = 'application/x-www-form-urlencoded') => send(port, '/form', { 'content-type': type, 'content-length': String(Buffer.byteLength(body)) }, [body]);
    expect(await form('a=1&b=x+y')).toEqual({ status: 200, body: { read: { a: '1', b: 'x y' } } });
    expect(await send(port, '/form', {}, [])).toEqual({ status: 200, body: { read: {} } });
    expect(await form('a=1', 'application/json')).toMatchObject({ status: 415, body: { error: 'unsupported_media_type', message: 'Send the form as application/x-www-form-urlencoded.' } });
    expect(await form('a=%00')).toMatchObject({ status: 400, body: { error: 'validation_failed', details: [{ path: 'a' }] } });
  });
});

describe("the app's own edge, before any route", () => {
  let server: RunningServer | undefined;
  afterEach(() => server?.close());

  const serve = async () => {
    const router = new Router();
    // A literal path beside a parameter route that also matches it (`mine` is no thing's id).
    router.get('/things/mine', (ctx) => {
      ctx.body = { mine: [] };
    });
    router.get('/things/:id', (ctx) => {
      ctx.body = { id: ctx.params.id, q: ctx.query.q ?? null };
    });
    router.put('/things/:id', (ctx) => {
      ctx.status = 204;
    });
    const logger = createLogger('silent');
    server = await listen(createHttpApp({ router, logger }), { port: 0, host: '127.0.0.1', logger });
    return async (method: string, path: string) => {
      const res = await fetch(`http://127.0.0.1:${server!.port}${path}`, { method });
      return { status: res.status, headers: res.headers, body: await res.json() };
    };
  };

  it('answers a route, with nosniff on every answer', async () => {
    const call = await serve();
    const res = await call('GET', '/things/a?q=b');
    expect(res).toMatchObject({ status: 200, body: { id: 'a', q: 'b' } });
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await call('GET', '/nowhere')).headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('refuses a path or a query that cannot be stored with 400 before the route runs', async () => {
    const call = await serve();
    expect(await call('GET', '/things/a%00b')).toMatchObject({ status: 400, body: { error: 'validation_failed', details: [{ path: 'path' }] } });
    expect(await call('GET', '/things/a?q=%00')).toMatchObject({ status: 400, body: { error: 'validation_failed', details: [{ path: 'q' }] } });
    expect(await call('GET', '/things/a?q=%ff')).toMatchObject({ status: 400, body: { error: 'validation_failed', details: [{ path: 'q', message: 'must be valid percent-encoded UTF-8' }] } });
    expect(await call('GET', '/things/a?q=caf%C3%A9')).toMatchObject({ status: 200, body: { q: 'café' } });
  });

  it('answers an unknown path 404 not_found and a known one with another method 405 with Allow, both with the error body', async () => {
    const call = await serve();
    expect(await call('GET', '/nowhere')).toMatchObject({ status: 404, body: { error: 'not_found', message: 'No such route.' } });
    const wrong = await call('DELETE', '/things/a');
    expect(wrong).toMatchObject({ status: 405, body: { error: 'method_not_allowed', message: 'This path does not accept that method; see the Allow header.' } });
    expect(wrong.headers.get('allow')).toContain('GET');
    // A method the router does not know at all (501 from it) is the same refusal.
    expect(await call('PURGE', '/things/a')).toMatchObject({ status: 405, body: { error: 'method_not_allowed' } });
    // On a path nothing serves, such a method is a 404 too, not a 405 pointing at an empty Allow.
    for (const method of ['PURGE', 'PROPFIND']) expect(await call(method, '/nowhere')).toMatchObject({ status: 404, body: { error: 'not_found', message: 'No such route.' } });
  });

  it("lists in Allow only the methods of the route that owns the path, not those of a parameter route that also matches it", async () => {
    const call = await serve();
    const literal = await call('DELETE', '/things/mine');
    expect(literal).toMatchObject({ status: 405, body: { error: 'method_not_allowed' } });
    expect(literal.headers.get('allow')).toBe('HEAD, GET');
    expect((await fetch(`http://127.0.0.1:${server!.port}/things/mine`, { method: 'OPTIONS' })).headers.get('allow')).toBe('HEAD, GET');
    // A path only the parameter route matches keeps all of that route's methods.
    expect((await call('DELETE', '/things/a')).headers.get('allow')).toBe('HEAD, GET, PUT');
  });

  it('leaves an answer without a body alone (204)', async () => {
    await serve();
    const res = await fetch(`http://127.0.0.1:${server!.port}/things/a`, { method: 'PUT' });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
  });
});
