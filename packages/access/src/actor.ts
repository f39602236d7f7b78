import type { Actor } from '@svc/kernel';
import type { GrantRecord, PrincipalRecord } from './access.records.ts';

export const sessionActor = (principal: PrincipalRecord): Actor => ({
  principalId: principal.id,
  displayName: principal.displayName,
  via: 'session',
  grantId: null,
  agentName: null,
  scopes: [],
  isSupport: principal.isSupport,
});

/** An agent acts with exactly the grant's scopes; support is a person's role and never passes to agents. */
export const agentActor = (principal: PrincipalRecord, grant: GrantRecord): Actor => ({
  principalId: principal.id,
  displayName: principal.displayName,
  via: 'agent',
  grantId: grant.id,
  agentName: grant.agentName,
  scopes: grant.scopes,
  isSupport: false,
});
