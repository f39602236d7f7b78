import type { Actor } from '@svc/kernel';
import type { Principal, TestApp } from '@svc/runtime/testing';

export interface MatrixOwner extends Principal {
  actor: Actor;
}

export interface MatrixRequest {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** Sent form-encoded (`application/x-www-form-urlencoded`) instead of a JSON body. */
  form?: Record<string, string>;
}

/** Who calls, in the generated authorisation matrix. */
export type MatrixCaller = 'anonymous' | 'lacking_scope' | 'agent_on_human_only' | 'stranger' | 'owner_token' | 'owner_session';

export interface MatrixFixture {
  /** A fresh record owned by `owner`, and the request that acts on it; called once per caller. */
  setup(context: { app: TestApp; owner: MatrixOwner; stranger: MatrixOwner }): Promise<MatrixRequest>;
  /** What another principal gets: 'not_found' (may not see it), 'not_owner' (sees it, may not change it), or 'success'. */
  stranger: 'not_found' | 'not_owner' | 'success' | string;
  /** Where a caller's answer differs from the rule (e.g. a session has no grant to give up): 'success' or an error code. */
  expected?: Partial<Record<MatrixCaller, 'success' | string>>;
}

export type MatrixFixtures = Record<string, MatrixFixture>;
