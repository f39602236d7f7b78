import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCOPES } from '@svc/kernel';
import type { TestApp } from '@svc/runtime/testing';
import { startApiTestApp } from './app.ts';
import { OFFERS_OPERATIONS } from '../src/operations/offers.operations.ts';
import { OFFERS_FIXTURES } from './matrix/offers.fixtures.ts';
import type { MatrixOwner, MatrixRequest } from './matrix/types.ts';

/**
 * The offers fixtures of the authorisation matrix, checked here for the callers whose answer the
 * fixture states: the owner (token with every scope, and session), another principal, and anonymous.
 */

let app: TestApp;
let owner: MatrixOwner;
let stranger: MatrixOwner;
let ownerToken: string;
let strangerToken: string;

beforeAll(async () => {
  app = await startApiTestApp();
  const person = async (name: string): Promise<MatrixOwner> => {
    const principal = await app.signUp(name);
    return { ...principal, actor: (await app.services.access.accounts.resolveSession(principal.session))!.actor };
  };
  owner = await person('Olive Owner');
  stranger = await person('Stan Stranger');
  ownerToken = (await app.agentToken(owner, [...SCOPES])).token;
  strangerToken = (await app.agentToken(stranger, [...SCOPES])).token;
});
afterAll(() => app?.close());

const STRANGER_STATUS: Record<string, number> = { not_found: 404, not_owner: 403, not_related: 403 };

const call = (operation: (typeof OFFERS_OPERATIONS)[number], request: MatrixRequest, who: { token?: string; session?: string }) => {
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(request.params![name]!));
  const query = request.query ? `?${new URLSearchParams(request.query)}` : '';
  return app.request(operation.method, path + query, { ...who, ...(request.body === undefined ? {} : { body: request.body }) });
};

describe.each(OFFERS_OPERATIONS.map((operation) => [operation.id, operation] as const))('%s', (id, operation) => {
  const fixture = OFFERS_FIXTURES[id]!;
  // Creates answer 201 (200 only on a replay); numeric keys list 200 first.
  const success = operation.idempotent ? 201 : Number(Object.keys(operation.responses)[0]);
  const isPublic = operation.auth === 'public' || operation.auth === 'optional';

  it('has a fixture', () => expect(fixture).toBeDefined());

  it('succeeds for the owner’s token and the owner’s session', async () => {
    for (const who of [{ token: ownerToken }, { session: owner.session }]) {
      const res = await call(operation, await fixture.setup({ app, owner, stranger }), who);
      expect(res.status, JSON.stringify(res.body)).toBe(success);
    }
  });

  it('answers another principal as the fixture says', async () => {
    const res = await call(operation, await fixture.setup({ app, owner, stranger }), { token: strangerToken });
    if (fixture.stranger === 'success') {
      expect(res.status, JSON.stringify(res.body)).toBe(success);
    } else {
      expect(res.body).toMatchObject({ error: fixture.stranger });
      expect(res.status).toBe(STRANGER_STATUS[fixture.stranger]);
    }
  });

  it(isPublic ? 'succeeds anonymously' : 'refuses anonymous callers with 401', async () => {
    const res = await call(operation, await fixture.setup({ app, owner, stranger }), {});
    expect(res.status, JSON.stringify(res.body)).toBe(isPublic ? success : 401);
  });
});
