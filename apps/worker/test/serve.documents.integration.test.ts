import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBSITE_DOCUMENTS } from '@svc/api';
import { ENGINES } from '@svc/db/testing';
import { parseInput, type Actor } from '@svc/kernel';
import type { TestApp } from '@svc/runtime/testing';
import { startServeTestApp } from './serve.ts';

/**
 * Everything the contract serves is described: the website's machine-readable pages (a job as JSON
 * and as RTS, a principal's profile, a template, the examples, a journal entry in Markdown) are in
 * the OpenAPI document the API serves, and each answers, through the one-process server, what the
 * document says: its status, its media type and a body of the described shape. On both engines.
 */

describe.each(ENGINES)('the website documents on %s', (engine) => {
  let app: TestApp;
  let document: any;
  let actor: Actor;
  let principalId: string;
  let jobId: string;

  beforeAll(async () => {
    app = await startServeTestApp({ engine });
    const person = await app.signUp('Dora Documents');
    principalId = person.id;
    actor = (await app.services.access.accounts.resolveSession(person.session))!.actor;
    // A job without a budget, so the described Job has to allow budget null.
    jobId = (await app.services.jobs.create(actor, { title: 'Plan a garden party' })).id;
    await app.services.offers.create(actor, { title: 'Party planning', role: 'planner', industry: 'events' });
    document = (await app.request('GET', '/api/v1/openapi.json')).body;
  });
  afterAll(() => app?.close());

  /** A concrete address of each described document, with each `format` it takes. */
  const addresses = (): Record<string, { path: string; formats: string[] }> => ({
    'website.job': { path: `/jobs/${jobId}`, formats: ['json', 'rts'] },
    'website.principal': { path: `/principals/${principalId}`, formats: ['json'] },
    'website.template': { path: '/templates/birthday-party', formats: ['json'] },
    'website.examples': { path: '/examples', formats: ['json', 'md'] },
    'website.journal_entry': { path: `/journal/${app.services.content.journal[0]!.slug}`, formats: ['md'] },
  });

  it('lists each of them in the OpenAPI document, with its optional format parameter (without it the page answers), under the tag website', () => {
    const described = Object.entries(document.paths as Record<string, Record<string, any>>).flatMap(([path, methods]) =>
      Object.values(methods).filter((op) => op.tags.includes('website')).map((op) => [op.operationId, path]),
    );
    expect(described.sort()).toEqual(WEBSITE_DOCUMENTS.map((doc) => [doc.id, doc.path]).sort());
    expect(Object.keys(addresses()).sort()).toEqual(WEBSITE_DOCUMENTS.map((doc) => doc.id).sort());
    for (const doc of WEBSITE_DOCUMENTS) {
      const op = document.paths[doc.path].get;
      expect(op.parameters.find((p: { name: string }) => p.name === 'format'), doc.id).toMatchObject({ in: 'query', required: false });
    }
    expect(document.paths['/principals/{id}'].get.responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/PrincipalProfile' });
    expect(document.paths['/templates/{id}'].get.responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/TemplateDescription' });
    expect(Object.keys(document.paths['/examples'].get.responses['200'].content).sort()).toEqual(['application/json', 'text/markdown']);
    expect(Object.keys(document.paths['/journal/{slug}'].get.responses['200'].content)).toEqual(['text/markdown']);
  });

  it('serves each in the described media type and shape', async () => {
    for (const doc of WEBSITE_DOCUMENTS) {
      const { path, formats } = addresses()[doc.id]!;
      const content = document.paths[doc.path].get.responses['200'].content as Record<string, unknown>;
      for (const format of formats) {
        const res = await app.request('GET', `${path}?format=${format}`);
        const where = `${doc.id} ${path}?format=${format}`;
        expect(res.status, where).toBe(200);
        const type = res.headers.get('content-type')!.split(';')[0]!;
        expect(Object.keys(content), where).toContain(type);
        const schema = type === (doc.responseType ?? 'application/json') ? doc.responses[200]! : doc.alsoAnswers![type]!;
        expect(() => parseInput(schema, res.body), where).not.toThrow();
        expect(JSON.stringify(res.body), where).not.toContain('@example.test');
      }
    }
  });

  it('answers an unknown record with the described 404 not_found, as JSON', async () => {
    for (const [id, path] of [
      ['website.job', '/jobs/job_unknown?format=json'],
      ['website.principal', '/principals/prn_unknown?format=json'],
      ['website.template', '/templates/no-such-template?format=json'],
      ['website.journal_entry', '/journal/no-such-entry?format=md'],
    ] as const) {
      const res = await app.request('GET', path);
      expect(res.status, path).toBe(404);
      expect(res.body.error, path).toBe('not_found');
      const doc = WEBSITE_DOCUMENTS.find((d) => d.id === id)!;
      expect(document.paths[doc.path].get.responses['404'].content['application/json'].schema.allOf[1].properties.error.enum, path).toContain('not_found');
    }
  });

  it('answers a removed job with the described 410 removed', async () => {
    const gone = await app.services.jobs.create(actor, { title: 'Gone soon' });
    await app.services.jobs.remove(actor, gone.id);
    const res = await app.request('GET', `/jobs/${gone.id}?format=rts`);
    expect(res.status).toBe(410);
    expect(res.body.error).toBe('removed');
    expect(document.paths['/jobs/{id}'].get.responses['410'].content['application/json'].schema.allOf[1].properties.error.enum).toEqual(['removed']);
  });
});
