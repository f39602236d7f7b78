import type { Scope } from './scopes.ts';

export interface PrincipalRecord {
  id: string;
  email: string;
  passwordHash: string;
  displayName: string;
  isSupport: boolean;
  createdAt: Date;
}

export interface SessionRecord {
  principal: PrincipalRecord;
  csrfToken: string;
  expiresAt: Date;
  lastSeenAt: Date;
}

export type DeviceStatus = 'pending' | 'approved' | 'denied' | 'consumed';

export interface AgentDetails {
  agentName: string;
  description: string | null;
  agentUrl: string | null;
  builtWith: string | null;
  model: string | null;
}

export interface DeviceRecord extends AgentDetails {
  id: string;
  userCode: string;
  scopes: Scope[];
  days: number;
  status: DeviceStatus;
  principalId: string | null;
  grantId: string | null;
  createdAt: Date;
  expiresAt: Date;
  decidedAt: Date | null;
  lastPollAt: Date | null;
}

export interface GrantRecord extends AgentDetails {
  id: string;
  principalId: string;
  scopes: Scope[];
  createdAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
}

export interface IntroductionRecord {
  id: string;
  agentName: string;
  details: Record<string, unknown>;
  createdAt: Date;
  expiresAt: Date;
}

/** Who made a recovery code: the person on their account page, or support from the command line. */
export type RecoveryCodeIssuer = 'person' | 'support';

/** A one-time code that sets a new password (docs/access.md, "Forgot your password"); stored only as a hash. */
export interface RecoveryCodeRecord {
  principalId: string;
  issuedBy: RecoveryCodeIssuer;
  createdAt: Date;
  /** Support's codes work for an hour; a person's own code until it is used or replaced. */
  expiresAt: Date | null;
}
