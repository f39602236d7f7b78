import { DAY_MS, toIso, toIsoOrNull, type PrincipalSummary as KernelPrincipalSummary } from '@svc/kernel';
import type { AgentDetails, DeviceRecord, GrantRecord } from './access.records.ts';
import { formatUserCode } from './secrets.ts';

/** The public face of a principal (the kernel's summary, always with its profile link): never an e-mail address. */
export interface PrincipalSummary extends KernelPrincipalSummary {
  profile: string;
}

/** A principal's public summary, with the link to their profile page. */
export const principalSummary = (principal: { id: string; displayName: string }, baseUrl: string): PrincipalSummary => ({
  principal_id: principal.id,
  display_name: principal.displayName,
  profile: `${baseUrl}/principals/${principal.id}`,
});

/** What an agent says about itself, as every answer shows it (self-declared, never checked). */
export interface AgentDetailsJson {
  agent_name: string;
  description: string | null;
  agent_url: string | null;
  built_with: string | null;
  model: string | null;
}

/** The one mapping of an agent's self-declared details, for connect requests and grants alike. */
export const agentDetailsJson = (details: AgentDetails): AgentDetailsJson => ({
  agent_name: details.agentName,
  description: details.description,
  agent_url: details.agentUrl,
  built_with: details.builtWith,
  model: details.model,
});

export interface GrantView extends AgentDetailsJson {
  grant_id: string;
  scopes: string[];
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  last_used_at: string | null;
  status: 'active' | 'expired' | 'revoked';
}

export const grantView = (grant: GrantRecord, now: Date): GrantView => ({
  grant_id: grant.id,
  ...agentDetailsJson(grant),
  scopes: grant.scopes,
  created_at: toIso(grant.createdAt),
  expires_at: toIso(grant.expiresAt),
  revoked_at: toIsoOrNull(grant.revokedAt),
  last_used_at: toIsoOrNull(grant.lastUsedAt),
  status: grant.revokedAt ? 'revoked' : grant.expiresAt <= now ? 'expired' : 'active',
});

/** What the /connect page shows a principal before they decide. Agent details are self-declared. */
export interface PendingConnection extends AgentDetailsJson {
  user_code: string;
  scopes: string[];
  days: number;
  token_expires_at: string;
  status: DeviceRecord['status'];
  expired: boolean;
}

export const describeConnection = (device: DeviceRecord, now: Date): PendingConnection => ({
  user_code: formatUserCode(device.userCode),
  ...agentDetailsJson(device),
  scopes: device.scopes,
  days: device.days,
  token_expires_at: toIso(new Date(now.getTime() + device.days * DAY_MS)),
  status: device.status,
  expired: device.expiresAt <= now,
});

