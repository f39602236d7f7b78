import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_BASE_URL, type TestApp } from '@svc/runtime/testing';
import { API_OPERATIONS, WEBSITE_DOCUMENTS } from '../src/index.ts';
import { startApiTestApp } from './app.ts';

const run = promisify(execFile);
const apiDir = fileURLToPath(new URL('..', import.meta.url));

let app: TestApp;
let document: any;
let etag: string;

beforeAll(async () => {
  app = await startApiTestApp();
  const res = await app.request('GET', '/api/v1/openapi.json');
  expect(res.status).toBe(200);
  document = res.body;
  etag = res.headers.get('etag')!;
});
afterAll(() => app?.close());

describe('GET /api/v1/openapi.json', () => {
  it('is an OpenAPI 3.1 document of every operation of the table, each live, served for BASE_URL', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers).toEqual([{ url: TEST_BASE_URL, 'x-internal': false }]);
    const published = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods as Record<string, any>).map(([method, op]) => [op.operationId, `${method.toUpperCase()} ${path}`, op['x-operation-status']]),
    );
    expect(published).toEqual(expect.arrayContaining(API_OPERATIONS.map((op) => [op.id, `${op.method} ${op.path}`, 'live'])));
    // Beside them, the website's machine-readable pages the contract names (served by the website, not routed here).
    expect(published).toEqual(expect.arrayContaining(WEBSITE_DOCUMENTS.map((op) => [op.id, `${op.method} ${op.path}`, 'live'])));
    expect(published).toHaveLength(API_OPERATIONS.length + WEBSITE_DOCUMENTS.length);
  });

  it('describes everything the contract serves outside /api/v1: a job as JSON or RTS, profiles, templates, examples, journal Markdown', () => {
    const formats = (path: string) => document.paths[path].get.parameters.find((p: { name: string }) => p.name === 'format').schema.enum;
    expect(formats('/jobs/{id}')).toEqual(['json', 'rts']);
    expect(document.paths['/jobs/{id}'].get.responses['200'].content['application/json'].schema.anyOf).toEqual([
      { $ref: '#/components/schemas/Job' },
      { $ref: '#/components/schemas/RtsTask' },
    ]);
    expect(formats('/principals/{id}')).toEqual(['json']);
    expect(document.components.schemas.PrincipalProfile.required).toEqual(
      expect.arrayContaining(['principal_id', 'display_name', 'profile', 'joined_at', 'open_jobs', 'active_services']),
    );
    expect(JSON.stringify(document.components.schemas.PrincipalProfile)).not.toContain('email');
    expect(formats('/templates/{id}')).toEqual(['json']);
    expect(document.components.schemas.TemplateDescription.required).toEqual(expect.arrayContaining(['details', 'constraints_clause', 'example']));
    // A field of the details, and each field nested in it (an object's fields, an array's items), to any depth: one schema.
    const field = { $ref: '#/components/schemas/TemplateField' };
    expect(document.components.schemas.TemplateDescription.properties.details).toEqual(field);
    const { properties } = document.components.schemas.TemplateField;
    expect(Object.keys(properties)).toEqual(expect.arrayContaining(['name', 'type', 'required', 'description', 'integer', 'minimum', 'maximum', 'min_length', 'max_length']));
    expect([properties.items, properties.fields.items]).toEqual([field, field]);
    expect(formats('/examples')).toEqual(['json', 'md']);
    expect(document.paths['/examples'].get.responses['200'].content['text/markdown'].schema.type).toBe('string');
    expect(formats('/journal/{slug}')).toEqual(['md']);
    expect(document.paths['/journal/{slug}'].get.responses['200'].content['text/markdown'].schema.type).toBe('string');
    for (const doc of WEBSITE_DOCUMENTS) expect(document.paths[doc.path].get.tags).toEqual(['website']);
  });

  it('describes a versioned edit: its body, each status with its schema and the codes each error status carries', () => {
    const update = document.paths['/api/v1/jobs/{id}'].patch;
    expect(update.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path', required: true })]);
    expect(update.requestBody.content['application/json'].schema.properties.expected_version).toBeDefined();
    expect(update.responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Job' });
    const conflict = update.responses['409'];
    expect(conflict.description).toContain('`version_conflict`');
    expect(conflict.content['application/json'].schema.allOf[1].properties.error.enum).toContain('version_conflict');
    expect(update.responses['428'].content['application/json'].schema.allOf[1].properties.error.enum).toEqual(['expected_version_required']);
    expect(update.security).toEqual([{ bearer: ['jobs:write'] }, { session: [] }]);
  });

  it('shows expected_version on removals (query) and status changes (an optional body); required in the directory', () => {
    const version = expect.objectContaining({ type: 'integer', minimum: 1, maximum: 2147483647 });
    for (const path of ['/api/v1/jobs/{id}', '/api/v1/services/{id}', '/api/v1/feedback/{id}']) {
      expect(document.paths[path].delete.parameters, path).toContainEqual({ name: 'expected_version', in: 'query', required: false, schema: version });
      expect(document.paths[path].delete.responses['409'].content['application/json'].schema.allOf[1].properties.error.enum, path).toContain('version_conflict');
    }
    for (const path of ['/api/v1/jobs/{id}/close', '/api/v1/jobs/{id}/reopen', '/api/v1/services/{id}/pause', '/api/v1/services/{id}/resume']) {
      const { requestBody } = document.paths[path].post;
      expect(requestBody.required, path).toBe(false);
      expect(requestBody.content['application/json'].schema, path).toMatchObject({ properties: { expected_version: version }, additionalProperties: false });
    }
    expect(document.paths['/api/v1/directory/{address}'].delete.parameters).toContainEqual({ name: 'expected_version', in: 'query', required: true, schema: version });
    const agents = document.paths['/api/v1/directory/{address}/agents'].put.requestBody;
    expect(agents.required).toBe(true);
    expect(agents.content['application/json'].schema.required).toEqual(expect.arrayContaining(['expected_version', 'grant_ids']));
  });

  it('offers the Idempotency-Key header on creates, and declares WWW-Authenticate required on every 401', () => {
    const create = document.paths['/api/v1/jobs'].post;
    expect(create.parameters).toEqual([expect.objectContaining({ name: 'Idempotency-Key', in: 'header', schema: expect.objectContaining({ maxLength: 100 }) })]);
    expect(Object.keys(create.responses)).toEqual(expect.arrayContaining(['201', '200', '400', '401', '403', '409']));
    expect(create.responses['401'].headers['WWW-Authenticate']).toBeDefined();
    // The contract makes the challenge part of every 401, and the service always sends it.
    type Op = { operationId: string; responses: Record<string, { headers?: Record<string, { required?: boolean }> }> };
    const unauthenticated = Object.values(document.paths as Record<string, Record<string, Op>>).flatMap((methods) =>
      Object.values(methods).flatMap((op) => (op.responses['401'] ? [[op.operationId, op.responses['401'].headers?.['WWW-Authenticate']?.required]] : [])),
    );
    expect(unauthenticated.length).toBeGreaterThan(50);
    expect(unauthenticated.filter(([, required]) => required !== true)).toEqual([]);
    const intro = document.paths['/api/v1/agent-introductions'].post;
    expect(intro.parameters[0].schema.maxLength).toBe(128);
    expect(intro.responses['429'].headers['Retry-After']).toBeDefined();
  });

  it('lets every idempotent create answer its replay as declared: the record of its 200 names `replayed`', () => {
    type Schema = { $ref?: string; properties?: Record<string, unknown> };
    type Op = { operationId: string; parameters?: { name: string }[]; responses: Record<string, { content: Record<string, { schema: Schema }> }> };
    const resolve = (schema: Schema): Schema => (schema.$ref ? document.components.schemas[schema.$ref.split('/').pop()!] : schema);
    const creates = (Object.values(document.paths) as Record<string, Op>[]).flatMap((methods) =>
      Object.values(methods).filter((op) => op.parameters?.some((p) => p.name === 'Idempotency-Key')),
    );
    expect(creates.length).toBeGreaterThanOrEqual(7);
    for (const op of creates) {
      const record = resolve(op.responses['200']!.content['application/json']!.schema);
      expect({ op: op.operationId, replayed: record.properties?.replayed }).toEqual({ op: op.operationId, replayed: expect.objectContaining({ const: true }) });
    }
  });

  it('lists validation_failed under 422 where well-formed input is refused for what it says (a template’s details)', () => {
    const create = document.paths['/api/v1/jobs'].post;
    expect(create.responses['422'].content['application/json'].schema.allOf[1].properties.error.enum.toSorted()).toEqual(['blocked_content', 'validation_failed']);
    expect(create.responses['400'].content['application/json'].schema.allOf[1].properties.error.enum).toContain('validation_failed');
  });

  it('lets a token with any one of an operation’s scopes call it, as the service does: one security requirement a scope', () => {
    expect(document.paths['/api/v1/me/jobs'].get.security).toEqual([{ bearer: ['account:read'] }, { bearer: ['jobs:write'] }, { session: [] }]);
    expect(document.paths['/api/v1/threads'].get.security).toEqual([{ bearer: ['account:read'] }, { bearer: ['threads:write'] }, { session: [] }]);
  });

  it('declares both media types of a thread export: JSON, and Markdown for format=md', () => {
    const exported = document.paths['/api/v1/threads/{id}/export'].get.responses['200'].content;
    expect(Object.keys(exported).toSorted()).toEqual(['application/json', 'text/markdown']);
    expect(exported['text/markdown'].schema.type).toBe('string');
  });

  it('types every record’s version as an integer from 1, as the contract says', () => {
    const versions = Object.entries(document.components.schemas as Record<string, { properties?: Record<string, unknown> }>).flatMap(([name, schema]) =>
      Object.entries(schema.properties ?? {})
        .filter(([field]) => field === 'version' || field === 'summary_version')
        .map(([field, type]) => [`${name}.${field}`, type] as const),
    );
    expect(versions.map(([at]) => at)).toEqual(expect.arrayContaining(['Job.version', 'Service.version', 'Feedback.version', 'Thread.summary_version']));
    for (const [at, type] of versions) expect(type, at).toMatchObject({ type: 'integer', minimum: 1 });
  });

  it('declares the members refusals add to {error, message}, so a typed client reads them without a cast', async () => {
    const members = Object.keys(document.components.schemas.Error.properties);
    expect(members).toEqual(expect.arrayContaining(['instructions_url', 'connect', 'required_scopes', 'error_description', 'interval', 'status', 'action', 'retry_after', 'destination_id']));
    // Each is one the service sends: an unauthenticated write names where to get a token.
    const refused = await app.request('POST', '/api/v1/jobs', { body: { title: 'x' } });
    for (const member of Object.keys(refused.body)) expect(['error', 'message', ...members], member).toContain(member);
    expect(refused.body).toMatchObject({ instructions_url: expect.any(String), connect: expect.any(String) });
  });

  it('lists every error code of the service in the error schema', () => {
    const codes = document.components.schemas.Error.properties.error.enum;
    expect(codes).toEqual(expect.arrayContaining(['validation_failed', 'version_conflict', 'job_changed', 'handle_taken', 'archived', 'not_related']));
  });

  it('declares the ETag that each read answering 304 sends on its 200 and its 304', () => {
    type Op = { operationId: string; responses: Record<string, { headers?: Record<string, { required?: boolean }> }> };
    const conditional = Object.values(document.paths as Record<string, Record<string, Op>>).flatMap((methods) => Object.values(methods).filter((op) => op.responses['304']));
    expect(conditional.map((op) => op.operationId).toSorted()).toEqual(['directory.resolve', 'directory.webfinger', 'openapi.get']);
    for (const op of conditional) {
      for (const status of ['200', '304']) expect(op.responses[status]!.headers?.ETag, `${op.operationId} ${status}`).toMatchObject({ required: true });
    }
  });

  it('declares Location on each 201 whose record has an address of its own, and says why on the others', () => {
    type Op = { operationId: string; responses: Record<string, { description: string; headers?: Record<string, { required?: boolean }> }> };
    const created = Object.values(document.paths as Record<string, Record<string, Op>>).flatMap((methods) => Object.values(methods).filter((op) => op.responses['201']));
    const located = created.filter((op) => op.responses['201']!.headers?.Location?.required === true).map((op) => op.operationId);
    expect(located.toSorted()).toEqual(['directory.register', 'jobs.create', 'services.create']);
    for (const op of created.filter((one) => !located.includes(one.operationId))) {
      expect(op.responses['201']!.headers?.Location, op.operationId).toBeUndefined();
      expect(op.responses['201']!.description, op.operationId).toMatch(/^Created\. No `Location`: \S/);
    }
    expect(created.map((op) => op.operationId).toSorted()).toEqual(['agent.connect', 'directory.register', 'introductions.create', 'jobs.create', 'oauth.register', 'responses.create', 'services.create']);
  });

  it('declares the insufficient_scope challenge (WWW-Authenticate) on every 403 that can carry it', () => {
    type Op = { operationId: string; responses: Record<string, { description: string; headers?: Record<string, { required?: boolean }> }> };
    const forbidden = Object.values(document.paths as Record<string, Record<string, Op>>).flatMap((methods) => Object.values(methods).filter((op) => op.responses['403']));
    const scoped = forbidden.filter((op) => op.responses['403']!.description.includes('`insufficient_scope`'));
    expect(scoped.length).toBeGreaterThan(40);
    for (const op of forbidden) {
      const challenge = op.responses['403']!.headers?.['WWW-Authenticate'];
      if (scoped.includes(op)) expect(challenge, op.operationId).toMatchObject({ required: false });
      else expect(challenge, op.operationId).toBeUndefined();
    }
  });

  it('is served with a long-lived ETag: a revalidation answers 304 without the document', async () => {
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await app.request('GET', '/api/v1/openapi.json', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.body).toBe('');
  });

  it('passes the third-party linter (Redocly, recommended rules) with zero errors', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'svc-openapi-'));
    try {
      const file = join(dir, 'openapi.json');
      await writeFile(file, JSON.stringify(document));
      const { stdout, stderr } = await run(join(apiDir, 'node_modules/.bin/redocly'), ['lint', file, '--config', join(apiDir, 'redocly.yaml')], { cwd: apiDir });
      expect(`${stdout}${stderr}`).toContain('Your API description is valid');
      expect(`${stdout}${stderr}`).not.toMatch(/You have \d+ warnings?/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
