import type { Context } from 'koa';
import type { TokenAlongside } from '@svc/access';
import { DomainError } from '@svc/kernel';
import { mapColumns, type RateLimit, type RateLimitVerdict } from '@svc/db';
import type { Services } from '../services.ts';

export interface AgentRateLimit {
  limit: number;
  windowSeconds: number;
}

/**
 * The rate-limit policies, by name: `writes` counts every POST, PUT, PATCH and DELETE sent with an
 * agent token, per grant, whatever the door (REST or an MCP tool call); `session-writes` counts the
 * same for a signed-in session, per principal (website forms and scripts with the cookie alike:
 * far more than a person clicks); `polls` counts token polls per device code (beyond `slow_down`).
 */
export const AGENT_RATE_LIMITS: Readonly<Record<'writes' | 'session-writes' | 'polls', AgentRateLimit>> = {
  // A deployment may set its own (the benchmark lifts it to measure the pipeline itself).
  writes: { limit: Number(process.env.AGENT_WRITES_PER_MINUTE) || 600, windowSeconds: 60 },
  'session-writes': { limit: 120, windowSeconds: 60 },
  polls: { limit: 20, windowSeconds: 60 },
};

const overrides = new WeakMap<Services, Partial<Record<string, AgentRateLimit>>>();

/** Other values for one composition of the services (tests use tiny limits). */
export const setAgentRateLimits = (services: Services, limits: Partial<Record<keyof typeof AGENT_RATE_LIMITS, AgentRateLimit>>): void => {
  overrides.set(services, limits);
};

/** The policy in force for these services. */
export const agentRateLimit = (services: Services, policy: string): AgentRateLimit | undefined =>
  overrides.get(services)?.[policy] ?? AGENT_RATE_LIMITS[policy as keyof typeof AGENT_RATE_LIMITS];

/** The counter a policy keeps in the rate limiter, with its limit in force: one name for every caller. */
export const agentCounter = (services: Services, policy: string): RateLimit | undefined => {
  const limit = agentRateLimit(services, policy);
  return limit && { name: `agent-${policy}`, ...limit };
};

/**
 * The `writes` count of a request, taken in its bearer token's own statement (`resolveActor`): one
 * round trip fewer for every write. It counts every write sent with the token, also one refused
 * afterwards (a missing scope, an invalid body); `limitRequest` enforces it.
 */
export const writesCountedWithToken = (services: Services): TokenAlongside<{ writes: RateLimitVerdict }> | undefined => {
  const counter = agentCounter(services, 'writes');
  if (!counter) return undefined;
  return ({ grant }) => mapColumns(services.limiter.hitColumn(counter, grant), (writes) => ({ writes }));
};

/** One count a request makes: a policy, whose count (a grant, a principal, a device code…), and its verdict if already taken. */
export interface Counted {
  policy: string;
  subject: string;
  verdict?: RateLimitVerdict | undefined;
}

/**
 * Counts a request against the limits that apply to it, shared by every process (the counts live in
 * the database). Every limited answer carries `RateLimit-Policy` and `RateLimit` (IETF
 * draft-ietf-httpapi-ratelimit-headers); past a limit, 429 `rate_limited` with `Retry-After`.
 */
export const enforceLimits = async (services: Services, ctx: Context, counted: Counted[]): Promise<void> => {
  const policies: string[] = [];
  const states: string[] = [];
  let retryAfter = 0;
  for (const { policy, subject, verdict: taken } of counted) {
    const limit = agentCounter(services, policy);
    if (!limit) continue;
    const verdict = taken ?? (await services.limiter.hit(limit, subject));
    policies.push(`"${policy}";q=${limit.limit};w=${limit.windowSeconds}`);
    states.push(`"${policy}";r=${verdict.remaining};t=${verdict.retryAfter}`);
    if (!verdict.allowed) retryAfter = Math.max(retryAfter, verdict.retryAfter);
  }
  if (policies.length === 0) return;
  ctx.set('RateLimit-Policy', policies.join(', '));
  ctx.set('RateLimit', states.join(', '));
  if (retryAfter > 0) {
    throw new DomainError('rate_limited', `Too many requests; wait ${retryAfter} seconds (see the RateLimit header).`, { retry_after: retryAfter });
  }
};
