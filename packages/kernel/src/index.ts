export * from './errors.ts';
export * from './clock.ts';
export * from './ids.ts';
export * from './validation.ts';
export * from './numbers.ts';
export * from './paging.ts';
export * from './versioning.ts';
export type { Actor, Scope } from './actor.ts';
export { SCOPES, hasScope, requireScope, requireHuman } from './actor.ts';
