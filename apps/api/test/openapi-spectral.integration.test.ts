import spectralCore, { type ISpectralDiagnostic } from '@stoplight/spectral-core';
import Parsers from '@stoplight/spectral-parsers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCOPES } from '@svc/access';
import type { TestApp } from '@svc/runtime/testing';
import { ruleset } from '../spectral/ruleset.ts';
import { callTool, connectMcp } from './mcp-client.ts';
import { startApiTestApp } from './app.ts';

const { Spectral, Document } = spectralCore;
const ERROR = 0;
const WARNING = 1;

let app: TestApp;
let document: any;

/** The findings Spectral reports for a document, as `severity code at path: message` lines. */
const lint = async (doc: unknown): Promise<ISpectralDiagnostic[]> => {
  const spectral = new Spectral();
  spectral.setRuleset(ruleset);
  return spectral.run(new Document(JSON.stringify(doc), Parsers.Json, 'openapi.json'));
};
const worth = (findings: ISpectralDiagnostic[]) =>
  findings.filter((f) => f.severity === ERROR || f.severity === WARNING).map((f) => `${f.code} at ${f.path.join('.')}: ${f.message}`);

beforeAll(async () => {
  app = await startApiTestApp();
  const res = await app.request('GET', '/api/v1/openapi.json');
  expect(res.status).toBe(200);
  document = res.body;
});
afterAll(() => app?.close());

describe('the served OpenAPI document under Spectral (its OpenAPI rules and the OWASP API Security rules)', () => {
  it('has no error and no warning', async () => {
    expect(worth(await lint(document))).toEqual([]);
  }, 120_000);

  it('would be caught without a bound on input, a 429 header or a declared scope (the narrowed rules still bite)', async () => {
    const broken = structuredClone(document);
    const create = broken.paths['/api/v1/jobs'].post;
    delete create.requestBody.content['application/json'].schema.properties.title.maxLength;
    delete create.responses['429'].headers['Retry-After'];
    delete create.responses['201'].headers;
    delete broken.paths['/api/v1/jobs/{id}'].get.parameters[0].schema.maxLength;
    for (const flow of Object.values(broken.components.securitySchemes.bearer.flows) as { scopes: Record<string, string> }[]) delete flow.scopes['jobs:write'];
    const codes = worth(await lint(broken)).map((line) => line.split(' at ')[0]);
    expect(new Set(codes)).toEqual(
      new Set(['owasp:api4:2023-string-limit', 'owasp:api4:2023-rate-limit-retry-after', 'owasp:api4:2023-rate-limit', 'oas3-operation-security-defined']),
    );
  }, 120_000);
});

describe('what the document states about tokens and limits', () => {
  it('declares the OAuth 2 authorization code and device flows with every scope, and each operation that takes a token names its scopes', () => {
    const scheme = document.components.securitySchemes.bearer;
    expect(scheme.type).toBe('oauth2');
    expect(scheme.description).not.toContain('no refresh token.');
    expect(scheme.flows.authorizationCode).toEqual({
      authorizationUrl: `${app.services.baseUrl}/oauth/authorize`,
      tokenUrl: `${app.services.baseUrl}/api/v1/oauth/token`,
      refreshUrl: `${app.services.baseUrl}/api/v1/oauth/token`,
      scopes: Object.fromEntries(SCOPES.map((scope) => [scope, expect.any(String)])),
    });
    expect(scheme.flows['x-deviceAuthorization']).toEqual({
      deviceAuthorizationUrl: `${app.services.baseUrl}/api/v1/oauth/device_authorization`,
      tokenUrl: `${app.services.baseUrl}/api/v1/oauth/token`,
      scopes: Object.fromEntries(SCOPES.map((scope) => [scope, expect.any(String)])),
    });
    expect(document.paths['/api/v1/jobs'].post.security).toEqual([{ bearer: ['jobs:write'] }, { session: [] }]);
    expect(document.paths['/api/v1/services'].post.security).toEqual([{ bearer: ['services:write'] }, { session: [] }]);
  });

  it('describes the RateLimit headers a counted write really carries, and 429 with Retry-After', async () => {
    const create = document.paths['/api/v1/jobs'].post;
    expect(create['x-rate-limit']).toEqual([
      { policy: 'writes', limit: expect.any(Number), window_seconds: 60 },
      { policy: 'session-writes', limit: expect.any(Number), window_seconds: 60 },
    ]);
    // Beside the created job's address (Location).
    expect(Object.keys(create.responses['201'].headers)).toEqual(['RateLimit-Policy', 'RateLimit', 'Location']);
    expect(Object.keys(create.responses['429'].headers)).toEqual(expect.arrayContaining(['RateLimit-Policy', 'RateLimit', 'Retry-After']));

    const ada = await app.signUp('Ada');
    const { token } = await app.agentToken(ada, ['jobs:write']);
    const res = await app.request('POST', '/api/v1/jobs', { headers: { authorization: `Bearer ${token}` }, body: { title: 'Plan a garden party', outcome: 'A plan the host can follow.' } });
    expect(res.status).toBe(201);
    expect(res.headers.get('ratelimit-policy')).toMatch(/^"writes";q=\d+;w=60$/);
    expect(res.headers.get('ratelimit')).toMatch(/^"writes";r=\d+;t=\d+$/);
  });
});

describe('a bound the document states is enforced: one character over answers 400 validation_failed', () => {
  const maxLength = (schema: any): number => {
    expect(schema.maxLength, JSON.stringify(schema)).toEqual(expect.any(Number));
    return schema.maxLength;
  };
  const over = (max: number) => 'a'.repeat(max + 1);

  it('a path parameter (a job id, a directory address)', async () => {
    const id = maxLength(document.paths['/api/v1/jobs/{id}'].get.parameters[0].schema);
    expect((await app.request('GET', `/api/v1/jobs/${'j'.repeat(id)}`)).status).toBe(404);
    const res = await app.request('GET', `/api/v1/jobs/${over(id)}`);
    expect([res.status, res.body.error, res.body.details[0].path]).toEqual([400, 'validation_failed', 'id']);
    const address = maxLength(document.paths['/api/v1/directory/{address}'].get.parameters[0].schema);
    const entry = await app.request('GET', `/api/v1/directory/${over(address)}`);
    expect([entry.status, entry.body.error]).toEqual([400, 'validation_failed']);
  });

  it('the same path argument through an MCP tool', async () => {
    const id = maxLength(document.paths['/api/v1/jobs/{id}'].get.parameters[0].schema);
    const client = await connectMcp(app.url);
    try {
      expect((await callTool(client, 'jobs.get', { id: 'j'.repeat(id) })).structuredContent).toMatchObject({ error: 'not_found' });
      expect((await callTool(client, 'jobs.get', { id: over(id) })).structuredContent).toMatchObject({ error: 'validation_failed', details: [{ path: 'id' }] });
    } finally {
      await client.close();
    }
  });

  it('a query parameter (the job list tag)', async () => {
    const tag = maxLength(document.paths['/api/v1/jobs'].get.parameters.find((p: { name: string }) => p.name === 'tag').schema);
    expect((await app.request('GET', `/api/v1/jobs?tag=${'t'.repeat(tag)}`)).status).toBe(200);
    const res = await app.request('GET', `/api/v1/jobs?tag=${over(tag)}`);
    expect([res.status, res.body.error, res.body.details[0].path]).toEqual([400, 'validation_failed', 'tag']);
  });

  it('a JSON body field (a job time zone) and a form field (the device code)', async () => {
    const schema = document.paths['/api/v1/jobs'].post.requestBody.content['application/json'].schema.properties.timezone.anyOf[0];
    const ada = await app.signUp('Bea');
    const { token } = await app.agentToken(ada, ['jobs:write']);
    const res = await app.request('POST', '/api/v1/jobs', { headers: { authorization: `Bearer ${token}` }, body: { title: 'Walk the dog', timezone: over(maxLength(schema)) } });
    expect([res.status, res.body.error, res.body.details[0].path]).toEqual([400, 'validation_failed', 'timezone']);
    expect(await app.db.query<{ n: string }>('select count(*) as n from jobs where title = $1', ['Walk the dog'])).toEqual([{ n: '0' }]);

    const form = document.paths['/api/v1/oauth/token'].post.requestBody.content['application/x-www-form-urlencoded'].schema.properties.device_code;
    const fields = new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:device_code', device_code: over(maxLength(form)) });
    const poll = await app.request('POST', '/api/v1/oauth/token', { rawBody: fields.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect([poll.status, poll.body.error]).toEqual([400, 'invalid_request']);
  });
});
