import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal, TestApp } from '@svc/runtime/testing';
import { DIRECTORY_OPERATIONS } from '../src/operations/directory.operations.ts';
import { DIRECTORY_FIXTURES } from './matrix/directory.fixtures.ts';
import type { MatrixOwner, MatrixRequest } from './matrix/types.ts';
import { startApiTestApp } from './app.ts';

/**
 * The directory's authorisation-matrix fixtures, checked here for the two callers whose outcome
 * the fixture itself decides: the owner's session succeeds, another principal's session gets what
 * the fixture says. (The generated matrix runs every caller over every operation.)
 */

let app: TestApp;
let owner: MatrixOwner;
let stranger: MatrixOwner;

const matrixOwner = async (principal: Principal): Promise<MatrixOwner> => ({
  ...principal,
  actor: (await app.services.access.accounts.resolveSession(principal.session))!.actor,
});

beforeAll(async () => {
  app = await startApiTestApp();
  owner = await matrixOwner(await app.signUp('Matrix Owner'));
  stranger = await matrixOwner(await app.signUp('Matrix Stranger'));
});
afterAll(() => app?.close());

const send = (operation: (typeof DIRECTORY_OPERATIONS)[number], request: MatrixRequest, session: string) => {
  const path = operation.path.replace(/\{([a-z_]+)\}/g, (_, name: string) => encodeURIComponent(request.params?.[name] ?? ''));
  const query = request.query ? `?${new URLSearchParams(request.query)}` : '';
  return app.request(operation.method, path + query, { session, ...(request.body === undefined ? {} : { body: request.body }) });
};

describe('directory matrix fixtures', () => {
  it('name every directory operation', () => {
    expect(Object.keys(DIRECTORY_FIXTURES).sort()).toEqual(DIRECTORY_OPERATIONS.map((operation) => operation.id).sort());
  });

  describe.each(DIRECTORY_OPERATIONS.map((operation) => [operation.id, operation] as const))('%s', (id, operation) => {
    const fixture = DIRECTORY_FIXTURES[id]!;
    // A create answers 201 (200 is its replay).
    const success = operation.idempotent ? 201 : Number(Object.keys(operation.responses)[0]);

    it("succeeds for the owner's session", async () => {
      const res = await send(operation, await fixture.setup({ app, owner, stranger }), owner.session);
      expect(res.status, JSON.stringify(res.body)).toBe(success);
    });

    it(`answers another principal's session: ${fixture.stranger}`, async () => {
      const res = await send(operation, await fixture.setup({ app, owner, stranger }), stranger.session);
      if (fixture.stranger === 'success') expect(res.status, JSON.stringify(res.body)).toBe(success);
      else expect(res.body.error).toBe(fixture.stranger);
    });
  });
});
