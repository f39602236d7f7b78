import { readFile } from 'node:fs/promises';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { API_OPERATIONS, createOpenApiDocument } from '@svc/api';
import { generateSchema, SCHEMA_FILE } from '../scripts/schema.ts';
import { IDEMPOTENT_CREATES, type components } from '../src/index.ts';

describe('the generated client', () => {
  it('matches the API: src/schema.d.ts is what the generator writes today', async () => {
    const [fresh, checkedIn] = await Promise.all([generateSchema(), readFile(SCHEMA_FILE, 'utf8')]);
    if (fresh !== checkedIn) expect.fail('src/schema.d.ts is out of date with the API: run pnpm --filter @svc/client generate');
  });

  it('knows every create that takes an Idempotency-Key, and no other', () => {
    const { document } = createOpenApiDocument(API_OPERATIONS, 'http://localhost:3000');
    const creates = Object.entries(document.paths as Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, op]) => op.parameters?.some((p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key'))
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(creates.sort()).toEqual(IDEMPOTENT_CREATES.map((path) => `POST ${path}`).sort());
  });

  it('types what the contract leaves out as the API sends it: a job without a budget, feedback without a count', () => {
    expectTypeOf<components['schemas']['Job']['budget']>().toEqualTypeOf<{ amount: number; currency: string } | null>();
    expectTypeOf<components['schemas']['RtsTask']['budget']>().toEqualTypeOf<{ amount: number; currency: string } | null>();
    expectTypeOf<keyof components['schemas']['FeedbackList']>().toEqualTypeOf<'feedback' | 'has_more' | 'limit' | 'offset'>();
    const { document } = createOpenApiDocument(API_OPERATIONS, 'http://localhost:3000');
    expect((document.components as { schemas: Record<string, { properties: object }> }).schemas.FeedbackList!.properties).not.toHaveProperty('total');
  });

  it('needs nothing but openapi-fetch at run time', async () => {
    const pkg = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8'));
    expect(Object.keys(pkg.dependencies)).toEqual(['openapi-fetch']);
  });
});
