/**
 * What an agent grant may hold: the scopes a person approves when connecting an agent. Access owns
 * the list because it grants them; the operations that require each one declare it (apps/api), and
 * a signed-in person holds none of them yet may do everything (`hasScope` in `@svc/kernel`).
 * Adding a scope: add it here, describe it (the API's `SCOPE_DESCRIPTIONS`), and require it in a
 * declaration.
 */
export const SCOPES = [
  'jobs:write',
  'responses:write',
  'services:write',
  'account:read',
  'directory:write',
  'threads:write',
  'feedback:write',
] as const;

export type Scope = (typeof SCOPES)[number];
