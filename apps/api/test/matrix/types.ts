import type { Actor } from '@svc/kernel';
import type { Principal, TestApp } from '@svc/runtime/testing';
export interface MatrixOwner extends Principal { actor: Actor }
export interface MatrixRequest { params?: Record<string, string>; query?: Record<string, string>; body?: unknown }
export interface MatrixFixture {
  setup(context: { app: TestApp; owner: MatrixOwner; stranger: MatrixOwner }): Promise<MatrixRequest>;
  stranger: 'not_found' | 'not_owner' | 'success' | string;
}
export type MatrixFixtures = Record<string, MatrixFixture>;
