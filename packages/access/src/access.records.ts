import type { Scope } from '@svc/kernel';

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
