import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCOPES, type Scope } from '@svc/access';
import { isOpen, type Operation } from '@svc/http';
import type { TestApp, TestResponse } from '@svc/runtime/testing';
import { API_OPERATIONS } from '../src/index.ts';
import { startApiTestApp } from './app.ts';
import { MATRIX_FIXTURES } from './matrix/index.ts';
import type { MatrixCaller, MatrixOwner, MatrixRequest } from './matrix/types.ts';

/**
 * The authorisation matrix, generated from the operations table: every operation × every kind of
 * caller, each against a fresh record, answered with the status and code the contract gives.
 */

let app: TestApp;
let owner: MatrixOwner;
let stranger: MatrixOwner;

const person = async (name: string): Promise<MatrixOwner> => {
  const principal = await app.signUp(name);
  return { ...principal, actor: (await app.services.access.accounts.resolveSession(principal.session))!.actor };
};

beforeAll(async () => {
  app = await startApiTestApp();
});
afterAll(() => app?.close());

const successStatuses = (operation: Operation) => Object.keys(operation.responses).map(Number).filter((s) => s < 300);

const call = (operation: Operation, request: MatrixRequest, credentials: { token?: string; session?: string }): Promise<TestResponse> => {
  const path = operation.path.replace(/\{([a-z_]+)\}/g, (_, name: string) => encodeURIComponent(request.params?.[name] ?? 'missing'));
  const query = request.query ? `?${new URLSearchParams(request.query)}` : '';
  return app.request(operation.method, path + query, {
    ...credentials,
    ...(request.body !== undefined ? { body: request.body } : {}),
    ...(request.form ? { rawBody: new URLSearchParams(request.form).toString() } : {}),
    // A client address of its own per call, so per-address rate limits never decide a row.
    headers: {
      'x-forwarded-for': `10.${randomBytes(3).join('.')}`,
      ...(request.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
  });
};

/** What each caller should get for an operation: 'success' or an error code. */
const expectations = (operation: Operation): [MatrixCaller, string][] => {
  const fixture = MATRIX_FIXTURES[operation.id]!;
  const { auth } = operation;
  const open = isOpen(auth);
  const rows: [MatrixCaller, string][] = [['anonymous', open ? 'success' : 'unauthenticated']];
  if (typeof auth === 'object' && auth.scopes.length > 0) rows.push(['lacking_scope', 'insufficient_scope']);
  if (auth === 'human_only') rows.push(['agent_on_human_only', 'human_only']);
  rows.push(['stranger', open ? 'success' : fixture.stranger]);
  rows.push(['owner_token', auth === 'human_only' ? 'human_only' : 'success']);
  rows.push(['owner_session', 'success']);
  return rows.map(([caller, expected]) => [caller, fixture.expected?.[caller] ?? expected]);
};

const credentialsOf = async (operation: Operation, caller: MatrixCaller): Promise<{ token?: string; session?: string }> => {
  const scopes = typeof operation.auth === 'object' ? operation.auth.scopes : [];
  switch (caller) {
    case 'anonymous':
      return {};
    case 'lacking_scope':
      return { token: (await app.agentToken(owner, SCOPES.filter((s) => !scopes.includes(s)) as Scope[])).token };
    case 'agent_on_human_only':
    case 'owner_token':
      return { token: (await app.agentToken(owner, [...SCOPES])).token };
    case 'stranger':
      return operation.auth === 'human_only' ? { session: stranger.session } : { token: (await app.agentToken(stranger, [...SCOPES])).token };
    case 'owner_session':
      return { session: owner.session };
  }
};

describe('the authorisation matrix', () => {
  it('has a fixture for every operation of the table, and none for operations that do not exist', () => {
    const ids = API_OPERATIONS.map((operation) => operation.id);
    expect(ids.filter((id) => !MATRIX_FIXTURES[id])).toEqual([]);
    expect(Object.keys(MATRIX_FIXTURES).filter((id) => !ids.includes(id))).toEqual([]);
  });

  describe.each(API_OPERATIONS.filter((operation) => MATRIX_FIXTURES[operation.id]).map((operation) => [operation.id, operation] as const))(
    '%s',
    (_id, operation) => {
      // People of their own for each operation, so per-principal limits (threads, entries) never decide a row.
      beforeAll(async () => {
        owner = await person('Matrix owner');
        stranger = await person('Matrix stranger');
      });
      it.each(expectations(operation))('%s → %s', async (caller, expected) => {
        const request = await MATRIX_FIXTURES[operation.id]!.setup({ app, owner, stranger });
        const res = await call(operation, request, await credentialsOf(operation, caller));
        if (expected === 'success') {
          expect(successStatuses(operation), JSON.stringify(res.body)).toContain(res.status);
          return;
        }
        expect(res.body?.error, `${res.status} ${JSON.stringify(res.body)}`).toBe(expected);
        if (expected === 'unauthenticated') {
          expect(res.status).toBe(401);
          expect(res.headers.get('www-authenticate')).toMatch(/^Bearer realm="/);
          expect(res.body).toMatchObject({ instructions_url: expect.any(String), connect: expect.any(String) });
        }
        if (expected === 'insufficient_scope' || expected === 'human_only' || expected === 'not_owner') expect(res.status).toBe(403);
        if (expected === 'not_found') expect(res.status).toBe(404);
      });
    },
  );
});
