import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCOPES } from '@svc/access';
import type { Operation } from '@svc/http';
import type { TestApp } from '@svc/runtime/testing';
import { API_OPERATIONS } from '../src/index.ts';
import { startApiTestApp } from './app.ts';
import { databaseFingerprint } from './database-state.ts';

/**
 * Property: whatever malformed input an operation of the table receives (wrong types, missing and
 * extra fields, huge strings and arrays, deep nesting, NUL, lone surrogates, out-of-range numbers
 * and dates, odd keys and ids), it answers a 4xx with the error body and the database is unchanged.
 */

let app: TestApp;
let token: string;
let jobId: string;

/** The stored state's fingerprint, which only a successful change may alter. */
let snapshot: () => Promise<string>;

beforeAll(async () => {
  app = await startApiTestApp();
  const owner = await app.signUp('Fuzz owner');
  token = (await app.agentToken(owner, [...SCOPES])).token;
  const actor = (await app.services.access.accounts.resolveSession(owner.session))!.actor;
  jobId = (await app.services.jobs.create(actor, { title: 'Fuzz target', outcome: 'Stays as it is' })).id;
  snapshot = await databaseFingerprint(app);
});
afterAll(() => app?.close());

const oddText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom('a\u0000b', 'a\ud800', '\udc00', '%00', '../../etc', ' ', '', 'x'.repeat(5000), '😀'.repeat(300)),
);
const oddNumber = fc.oneof(fc.integer(), fc.double(), fc.constantFrom(-1, 0, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2));
const oddDate = fc.constantFrom('0001-01-01T00:00:00+01:00', '9999-12-31T23:59:59.999-14:00', '2026-02-30T00:00:00Z', 'yesterday');
const oddScalar = fc.oneof(oddText, oddNumber, oddDate, fc.boolean(), fc.constant(null));
const deep = fc.integer({ min: 65, max: 400 }).map((depth) => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
});
const oddValue = fc.oneof(oddScalar, fc.array(oddScalar, { maxLength: 300 }), fc.dictionary(oddText, oddScalar, { maxKeys: 5 }), deep);

/** Always invalid: a body that is not an object, or an object with a field no schema allows. */
const malformedBody = fc.oneof(
  oddScalar,
  fc.array(oddScalar, { maxLength: 5 }),
  deep,
  fc.dictionary(oddText, oddValue, { maxKeys: 6 }).map((fields) => ({ ...fields, __not_a_field: true })),
);
const oddId = fc.oneof(oddText.filter((text) => text.length > 0 && text.length < 300), fc.constant('job_unknown00000000000000000000'));

/** Percent-encodes any UTF-16 text, lone surrogates included (as their three bytes), as a fuzzer would send it. */
const encode = (text: string): string =>
  [...text]
    .map((char) => {
      const code = char.charCodeAt(0);
      if (char.length > 1 || code < 0xd800 || code > 0xdfff) return encodeURIComponent(char);
      return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
    })
    .join('');

const pathOf = (operation: Operation, id: string) =>
  operation.path.replace(/\{([a-z_]+)\}/g, (_, name: string) => encode(name === 'id' && id === '' ? jobId : id));
const queryOf = (query: Record<string, string>) =>
  Object.entries({ ...query, __not_a_field: 'x' })
    .map(([key, value]) => `${encode(key)}=${encode(value)}`)
    .join('&');

describe.each(API_OPERATIONS.map((operation) => [operation.id, operation] as const))('%s with malformed input', (_id, operation) => {
  const hasBody = ['POST', 'PUT', 'PATCH'].includes(operation.method);
  it('answers a 4xx with the error body and changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(
        oddId,
        hasBody ? malformedBody : fc.constant(undefined),
        fc.dictionary(oddText, oddText, { minKeys: hasBody ? 0 : 1, maxKeys: 3 }),
        async (id, body, query) => {
          const before = await snapshot();
          const res = await app.request(operation.method, `${pathOf(operation, id)}?${queryOf(query)}`, {
            token,
            ...(body !== undefined ? { rawBody: JSON.stringify(body), headers: { 'content-type': 'application/json' } } : {}),
          });
          expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(400);
          expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
          expect(res.body).toMatchObject({ error: expect.any(String), message: expect.any(String) });
          expect(await snapshot()).toBe(before);
        },
      ),
      { numRuns: 12 },
    );
  }, 120_000);
});
