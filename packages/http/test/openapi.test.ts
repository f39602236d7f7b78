import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { GENERAL_ERRORS } from '@svc/kernel';
import { buildOpenApi, conditionalAnswer, defineOperation, type Operation } from '../src/index.ts';

const thing = v.object({ id: v.string() });
const op = defineOperation<null>();

type Header = { required?: boolean; schema?: unknown };
type Response = { headers?: Record<string, Header>; content?: unknown };
type Document = { paths: Record<string, Record<string, { responses: Record<string, Response> }>>; components: { schemas: Record<string, { properties?: Record<string, unknown> }> } };

/** The document of these operations alone, with the general error codes. */
const documentOf = (operations: Operation<null>[], schemas: Record<string, v.GenericSchema> = {}): Document =>
  buildOpenApi(operations, {
    title: 't',
    version: '1',
    description: 'd',
    serverUrl: 'http://localhost',
    contactUrl: 'http://localhost',
    errors: GENERAL_ERRORS,
    schemas,
    oauth: { deviceAuthorizationUrl: 'http://localhost/d', authorizationUrl: 'http://localhost/a', tokenUrl: 'http://localhost/t', scopes: { 'things:write': 'Write things' } },
  }) as Document;

describe('the OpenAPI document of operations', () => {
  it('declares ETag on the 200 and the 304 of a read that answers 304 (If-None-Match), and on no other', () => {
    const document = documentOf([
      op({ id: 'things.get', method: 'GET', path: '/things/{id}', summary: 'A thing', auth: 'public', responses: { 200: thing, 304: null }, errors: [], handler: async () => conditionalAnswer(undefined, '"t1"', () => ({ id: 'a' })) }),
      op({ id: 'things.list', method: 'GET', path: '/things', summary: 'Things', auth: 'public', responses: { 200: v.array(thing) }, errors: [], handler: async () => [] }),
    ]);
    const { responses } = document.paths['/things/{id}']!.get!;
    for (const status of ['200', '304']) expect(responses[status]?.headers?.ETag, status).toMatchObject({ required: true, schema: { type: 'string' } });
    expect(responses['304']).not.toHaveProperty('content');
    expect(document.paths['/things']!.get!.responses['200']).not.toHaveProperty('headers');
  });

  it('publishes a named recursive schema (v.lazy) as a component that refers to itself by name', () => {
    type Node = { label: string; children?: Node[] };
    const node: v.GenericSchema<Node> = v.object({ label: v.string(), children: v.optional(v.array(v.lazy(() => node))) });
    const tree = v.object({ root: node });
    const get = op({ id: 'trees.get', method: 'GET', path: '/tree', summary: 'A tree', auth: 'public', responses: { 200: tree }, errors: [], handler: async () => ({ root: { label: 'a' } }) });
    const { components, paths } = documentOf([get], { Tree: tree, Node: node });
    expect(components.schemas.Tree!.properties!.root).toEqual({ $ref: '#/components/schemas/Node' });
    expect(components.schemas.Node!.properties!.children).toEqual({ type: 'array', items: { $ref: '#/components/schemas/Node' } });
    expect(Object.keys(components.schemas).toSorted()).toEqual(['Error', 'Node', 'Tree']);
    expect(paths['/tree']!.get!.responses['200']!.content).toEqual({ 'application/json': { schema: { $ref: '#/components/schemas/Tree' } } });
    // Unnamed, it would be referred to by a name no component has.
    expect(() => documentOf([get], { Tree: tree })).toThrow(/A recursive schema must be published by name/);
    expect(() => documentOf([get])).toThrow(/A recursive schema must be published by name/);
  });

  it('declares WWW-Authenticate required on every 401, as the error handler always sends it', () => {
    const document = documentOf([
      op({ id: 'things.get', method: 'GET', path: '/things/{id}', summary: 'A thing', auth: 'public', responses: { 200: thing }, errors: [], handler: async () => ({ id: 'a' }) }),
      op({ id: 'things.create', method: 'POST', path: '/things', summary: 'Make a thing', auth: { scopes: ['things:write'] }, responses: { 201: thing }, location: { read: '/things/{id}' }, errors: [], handler: async () => ({ id: 'a' }) }),
    ]);
    const unauthenticated = Object.values(document.paths).flatMap((methods) => Object.values(methods).map((operation) => operation.responses['401']));
    expect(unauthenticated).toHaveLength(2);
    for (const response of unauthenticated) expect(response?.headers?.['WWW-Authenticate']).toMatchObject({ required: true, schema: { type: 'string' } });
  });

  it('declares WWW-Authenticate on the 403 of an operation that takes scopes, not required (only insufficient_scope carries it), and on no other 403', () => {
    const document = documentOf([
      op({ id: 'things.create', method: 'POST', path: '/things', summary: 'Make a thing', auth: { scopes: ['things:write'] }, responses: { 200: thing }, errors: [], handler: async () => ({ id: 'a' }) }),
      op({ id: 'things.own', method: 'GET', path: '/things/mine', summary: 'Mine', auth: 'human_only', responses: { 200: thing }, errors: [], handler: async () => ({ id: 'a' }) }),
    ]);
    const scoped = document.paths['/things']!.post!.responses['403']!;
    expect(scoped.headers?.['WWW-Authenticate']).toMatchObject({ required: false, schema: { type: 'string' } });
    // A session-only operation refuses a token with human_only: no challenge names a scope there.
    expect(document.paths['/things/mine']!.get!.responses['403']!.headers?.['WWW-Authenticate']).toBeUndefined();
  });

  it('declares Location on a 201 whose record has an address to read, and says why where it has none', () => {
    const get = op({ id: 'things.get', method: 'GET', path: '/things/{id}', summary: 'A thing', auth: 'public', responses: { 200: thing }, errors: [], handler: async () => ({ id: 'a' }) });
    const make = (path: string, location: Operation<null>['location']) =>
      op({ id: `things.make_${path.slice(1)}`, method: 'POST', path, summary: 'Make a thing', auth: 'public', idempotent: {}, responses: { 201: thing, 200: thing }, location, errors: [], handler: async () => ({ id: 'a' }) });
    const { paths } = documentOf([get, make('/things', { read: '/things/{id}' }), make('/notes', { none: 'nobody reads a note back.' })]) as Document & {
      paths: Record<string, Record<string, { responses: Record<string, Response & { description: string }> }>>;
    };
    const created = paths['/things']!.post!.responses;
    expect(created['201']!.headers?.Location).toMatchObject({ required: true, schema: { type: 'string', format: 'uri' } });
    expect(created['201']!.description).toBe('Created');
    // A replay creates nothing: its 200 points nowhere.
    expect(created['200']!.headers?.Location).toBeUndefined();
    const notes = paths['/notes']!.post!.responses['201']!;
    expect(notes.headers?.Location).toBeUndefined();
    expect(notes.description).toBe('Created. No `Location`: nobody reads a note back.');
    expect(() => documentOf([make('/things', undefined)])).toThrow(/things\.make_things: a 201 names where its record is read/);
    expect(() => documentOf([make('/things', { read: '/things/{id}' })])).toThrow(/its location \/things\/\{id\} is no GET operation's path/);
  });
});
