import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INT4_MAX } from '@svc/kernel';
import { SCOPES } from '@svc/access';
import { jsonSchemaOf, type Operation } from '@svc/http';
import { TEST_BASE_URL, type TestApp, type TestResponse } from '@svc/runtime/testing';
import { API_OPERATIONS } from '../src/index.ts';
import { createOpenApiDocument } from '../src/openapi.ts';
import { startApiTestApp } from './app.ts';
import { databaseFingerprint } from './database-state.ts';
import { MATRIX_FIXTURES } from './matrix/index.ts';
import type { MatrixOwner, MatrixRequest } from './matrix/types.ts';

/**
 * Property: every number an operation takes (versions, limits, offsets, days, amounts, a template's
 * guest count…), wherever the request carries it (query, JSON or form body, a template's details),
 * is held to its declared range where it is parsed. A value out of range answers 400 naming the
 * field and the range, never a 500 from PostgreSQL, and changes nothing. The fields come from the
 * OpenAPI document, so an operation is covered as soon as it is declared, and a number without a
 * range fails the first test here.
 */

type Json = Record<string, any>;

interface NumberField {
  operation: Operation;
  where: 'query' | 'body' | 'form';
  /** From the body's root: `['budget', 'amount']`, `['details', 'guest_count']`. */
  path: string[];
  integer: boolean;
  minimum: number;
  maximum: number;
  /** A template job: the body carries `template` and its `details`. */
  template?: { id: string; details: Record<string, unknown> };
}

const document = createOpenApiDocument(API_OPERATIONS, TEST_BASE_URL).document as Json;

const resolve = (schema: Json): Json =>
  typeof schema.$ref === 'string' ? document.components.schemas[schema.$ref.replace('#/components/schemas/', '')] : schema;

/** Every number a JSON Schema holds, with its path; alternatives (`anyOf`, nullable) share their path. */
const numbersIn = (schema: Json | undefined, path: string[], found: Map<string, Omit<NumberField, 'operation' | 'where'>>): void => {
  if (!schema || typeof schema !== 'object') return;
  const node = resolve(schema);
  if (node.type === 'integer' || node.type === 'number') {
    found.set(path.join('.'), { path, integer: node.type === 'integer', minimum: node.minimum, maximum: node.maximum });
  }
  for (const key of ['anyOf', 'oneOf', 'allOf']) for (const option of node[key] ?? []) numbersIn(option, path, found);
  for (const [name, property] of Object.entries<Json>(node.properties ?? {})) numbersIn(property, [...path, name], found);
  if (node.items) numbersIn(node.items, [...path, '0'], found);
};

const fieldsOf = (operation: Operation): NumberField[] => {
  const declared = document.paths[operation.path]?.[operation.method.toLowerCase()] as Json | undefined;
  if (!declared) throw new Error(`${operation.id} is not in the document`);
  const fields: NumberField[] = [];
  for (const parameter of declared.parameters ?? []) {
    if (parameter.in !== 'query') continue;
    const found = new Map();
    numbersIn(parameter.schema, [parameter.name], found);
    for (const field of found.values()) fields.push({ operation, where: 'query', ...field });
  }
  for (const [type, content] of Object.entries<Json>(declared.requestBody?.content ?? {})) {
    const found = new Map();
    numbersIn(content.schema, [], found);
    for (const field of found.values()) fields.push({ operation, where: type.includes('form') ? 'form' : 'body', ...field });
  }
  return fields;
};

/** A template job's details are a schema of the template's own: each template's numbers, sent in a template job. */
const templateFields = (app: TestApp): NumberField[] => {
  const create = API_OPERATIONS.find((operation) => operation.id === 'jobs.create')!;
  return app.services.templates.list().flatMap((template) => {
    const found = new Map();
    numbersIn(jsonSchemaOf(template.detailsSchema, 'input'), ['details'], found);
    const details = template.describe().example.details;
    return [...found.values()].map((field) => ({ operation: create, where: 'body' as const, ...field, template: { id: template.id, details } }));
  });
};

const OPERATION_FIELDS = API_OPERATIONS.flatMap(fieldsOf);
const nameOf = (field: NumberField) => `${field.operation.id} ${field.where} ${field.path.join('.')}${field.template ? ` (${field.template.id})` : ''}`;

let app: TestApp;
let owner: MatrixOwner;
let stranger: MatrixOwner;
let token: string;

/** The stored state's fingerprint, which only a successful change may alter. */
let snapshot: () => Promise<string>;

const person = async (name: string): Promise<MatrixOwner> => {
  const principal = await app.signUp(name);
  return { ...principal, actor: (await app.services.access.accounts.resolveSession(principal.session))!.actor };
};

beforeAll(async () => {
  app = await startApiTestApp();
  owner = await person('Bounds owner');
  stranger = await person('Bounds stranger');
  token = (await app.agentToken(owner, [...SCOPES])).token;
  snapshot = await databaseFingerprint(app);
});
afterAll(() => app?.close());

/** The fixture's request with `value` put at the field's place (objects on the way are made as needed). */
const withValue = (request: MatrixRequest, field: NumberField, value: unknown): MatrixRequest => {
  if (field.where === 'query') return { ...request, query: { ...request.query, [field.path[0]!]: String(value) } };
  if (field.where === 'form') return { ...request, form: { ...request.form, [field.path[0]!]: String(value) } };
  const base = field.template ? { title: 'Party', template: field.template.id, details: field.template.details } : request.body;
  const body = structuredClone((base ?? {}) as Json);
  let node = body;
  for (const [index, key] of field.path.slice(0, -1).entries()) {
    const next = field.path[index + 1]!;
    if (typeof node[key] !== 'object' || node[key] === null) node[key] = /^\d+$/.test(next) ? [] : {};
    node = node[key];
  }
  node[field.path.at(-1)!] = value;
  return { ...request, body };
};

const call = (operation: Operation, request: MatrixRequest): Promise<TestResponse> => {
  const path = operation.path.replace(/\{([a-z_]+)\}/g, (_, name: string) => encodeURIComponent(request.params?.[name] ?? 'missing'));
  const query = request.query ? `?${new URLSearchParams(request.query)}` : '';
  const credentials = operation.auth === 'human_only' ? { session: owner.session } : { token };
  // JSON text as is, so a number such as 1e+308 reaches the server as the caller wrote it.
  const rawBody = request.form ? new URLSearchParams(request.form).toString() : request.body !== undefined ? JSON.stringify(request.body) : undefined;
  return app.request(operation.method, path + query, {
    ...credentials,
    ...(rawBody !== undefined ? { rawBody } : {}),
    headers: {
      // A client address of its own per call, so per-address limits never decide an answer.
      'x-forwarded-for': `10.${randomBytes(3).join('.')}`,
      ...(rawBody !== undefined ? { 'content-type': request.form ? 'application/x-www-form-urlencoded' : 'application/json' } : {}),
    },
  });
};

/** Values no field of that range may take: just past each end, far past, the overflows of the issue, fractions and digits in text. */
const outOfRange = (field: NumberField): fc.Arbitrary<unknown> => {
  const { minimum: min, maximum: max } = field;
  const past = fc.oneof(
    fc.integer({ min: Math.floor(max) + 1, max: Number.MAX_SAFE_INTEGER }),
    fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Math.ceil(min) - 1 }),
    fc.double({ min: max, max: Number.MAX_VALUE, noNaN: true, noDefaultInfinity: true }).filter((n) => n > max),
  );
  const known = fc.constantFrom<unknown>(max + 1, min - 1, 2147483648, 9007199254740992, 1e308, -1e308, '99999999999999999999');
  return field.integer ? fc.oneof(known, past, fc.constant(min + 0.5)) : fc.oneof(known, past);
};

describe('every number the API takes', () => {
  it('is declared with its range, within what an integer column holds when it is whole', () => {
    const names = OPERATION_FIELDS.map(nameOf);
    // The walk finds the fields the contract names, so an empty result cannot pass.
    expect(names).toEqual(
      expect.arrayContaining([
        'jobs.update body expected_version',
        'directory.delete query expected_version',
        'agent.connect body days',
        'oauth.device_authorization form days',
        'jobs.list query limit',
        'jobs.list query offset',
        'jobs.create body budget.amount',
        'responses.create body expected_version',
        'threads.update body expected_version',
      ]),
    );
    for (const field of OPERATION_FIELDS) {
      expect(Number.isFinite(field.minimum) && Number.isFinite(field.maximum), `${nameOf(field)} has a range`).toBe(true);
      if (field.integer) expect(field.minimum >= -INT4_MAX - 1 && field.maximum <= INT4_MAX, `${nameOf(field)} fits an integer column`).toBe(true);
    }
  });

  it('each template detail number is declared with its range too', () => {
    const fields = templateFields(app);
    expect(fields.map(nameOf)).toEqual(expect.arrayContaining(['jobs.create body details.guest_count (birthday-party)']));
    for (const field of fields) expect(Number.isFinite(field.minimum) && Number.isFinite(field.maximum), nameOf(field)).toBe(true);
  });

  it.each(OPERATION_FIELDS.map((field) => [nameOf(field), field] as const))('%s: out of range is 400 naming the field and its range, and changes nothing', async (_name, field) => {
    await expectRefused(field);
  }, 120_000);

  it('template details: out of range is 400 naming the field and its range, and changes nothing', async () => {
    for (const field of templateFields(app)) await expectRefused(field);
  }, 120_000);
});

const expectRefused = async (field: NumberField) => {
  const { operation } = field;
  const fixture = MATRIX_FIXTURES[operation.id];
  if (!fixture) throw new Error(`no matrix fixture for ${operation.id}`);
  // One fresh record per field: a refused request leaves it as it was for the next value.
  const request = await fixture.setup({ app, owner, stranger });
  // The form-encoded OAuth endpoints name bad input `invalid_request`, as RFC 6749 does.
  const code = operation.errors.includes('invalid_request') ? 'invalid_request' : 'validation_failed';
  const path = field.path.join('.');
  await fc.assert(
    fc.asyncProperty(outOfRange(field), async (value) => {
      const before = await snapshot();
      const res = await call(operation, withValue(request, field, value));
      expect(res.status, `${String(value)}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body).toMatchObject({ error: code, message: expect.any(String) });
      const detail = (res.body.details as { path: string; message: string }[]).find((item) => item.path === path);
      expect(detail, JSON.stringify(res.body.details)).toBeDefined();
      expect(detail!.message).toContain(`from ${field.minimum} to ${field.maximum}`);
      expect(await snapshot()).toBe(before);
    }),
    { numRuns: 8 },
  );
  // The largest value in range is taken at face value: whatever the answer, it is not a failure of ours.
  const atMost = await call(operation, withValue(request, field, field.maximum));
  expect(atMost.status, JSON.stringify(atMost.body)).toBeLessThan(500);
};

describe('PATCH /api/v1/jobs/{id} with a version no record can have', () => {
  const job = async () => {
    const created = await app.request('POST', '/api/v1/jobs', { token, body: { title: 'Bounded', outcome: 'A plan' } });
    expect(created.status).toBe(201);
    return created.body as { id: string; version: number };
  };
  const stored = async (id: string) =>
    (await app.db.query<{ version: number; title: string }>('select version, title from jobs where id = $1', [id]))[0];

  it.each(['2147483648', '9007199254740992', '1e+308', '"99999999999999999999"', '-1', '0', '1.5'])(
    'expected_version %s is 400 validation_failed naming the field and its range; the job is unchanged',
    async (version) => {
      const { id } = await job();
      const res = await app.request('PATCH', `/api/v1/jobs/${id}`, {
        token,
        rawBody: `{"expected_version":${version},"title":"Changed"}`,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        error: 'validation_failed',
        message: 'expected_version must be a whole number from 1 to 2147483647: send the version you last read.',
        details: [{ path: 'expected_version', message: 'must be a whole number from 1 to 2147483647' }],
      });
      expect(await stored(id)).toEqual({ version: 1, title: 'Bounded' });
    },
  );

  it('the largest version a column holds is a version conflict: no record has reached it, and nothing changes', async () => {
    const { id } = await job();
    const res = await app.request('PATCH', `/api/v1/jobs/${id}`, { token, body: { expected_version: INT4_MAX, title: 'Changed' } });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: 'version_conflict', current: { id, version: 1, title: 'Bounded' } });
    expect(await stored(id)).toEqual({ version: 1, title: 'Bounded' });
  });

  it('a DELETE with the version in its query is held to the same range', async () => {
    const entry = await app.request('POST', '/api/v1/directory', {
      token,
      body: { handle: `bounds-${randomBytes(4).toString('hex')}`, display_name: 'Bounds', entry_type: 'person' },
    });
    expect(entry.status).toBe(201);
    const res = await app.request('DELETE', `/api/v1/directory/${entry.body.address}?expected_version=99999999999999999999`, { token });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'validation_failed', details: [{ path: 'expected_version', message: 'must be a whole number from 1 to 2147483647' }] });
    const [row] = await app.db.query<{ status: string; version: number }>('select status, version from directory_entries where handle = $1', [entry.body.handle]);
    expect(row).toEqual({ status: 'active', version: 1 });
  });
});
