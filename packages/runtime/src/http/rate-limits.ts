import type { TokenAlongside } from '@svc/access';
import { DomainError } from '@svc/kernel';
import { mapColumns, type RateLimit, type RateLimitVerdict } from '@svc/db';
import type { Services } from '../services.ts';
import { DEFAULT_SETTINGS } from '../config.ts';

export interface AgentRateLimit {
  limit: number;
  windowSeconds: number;
}

export type AgentPolicy = 'writes' | 'session-writes' | 'polls';

/**
 * The rate-limit policies of callers, by name: `writes` counts every POST, PUT, PATCH and DELETE
 * sent with an agent token, per grant, whatever the door (REST or an MCP tool call);
 * `session-writes` counts the same for a signed-in session, per principal (website forms and
 * scripts with the cookie alike: far more than a person clicks); `polls` counts token polls per
 * device code (beyond `slow_down`).
 */
export const AGENT_RATE_LIMITS: Readonly<Record<AgentPolicy, AgentRateLimit>> = {
  // A deployment may set its own, AGENT_WRITES_PER_MINUTE and SESSION_WRITES_PER_MINUTE, applied at
  // start (run.ts); the benchmark and the soak lift them to measure the pipeline itself.
  writes: { limit: DEFAULT_SETTINGS.agentWritesPerMinute, windowSeconds: 60 },
  'session-writes': { limit: DEFAULT_SETTINGS.sessionWritesPerMinute, windowSeconds: 60 },
  polls: { limit: 20, windowSeconds: 60 },
};

/** What each of those policies counts and per what, as the OpenAPI document describes it. */
export const AGENT_POLICY_COUNTS: Readonly<Record<AgentPolicy, string>> = {
  writes: 'every write sent with an agent token, refused ones included, per grant',
  'session-writes': 'every write sent with a signed-in session, refused ones included, per person',
  polls: 'token polls, per device code',
};

/**
 * A policy as the rate limiter counts it: what operations declare. With `limits`, the values in
 * force for a composition of the services (`callerLimits`); else the production defaults.
 */
export const agentLimit = (policy: AgentPolicy, limits: Readonly<Record<AgentPolicy, AgentRateLimit>> = AGENT_RATE_LIMITS): RateLimit & { policy: AgentPolicy } => ({
  name: `agent-${policy}`,
  policy,
  ...limits[policy],
});

const overrides = new WeakMap<Services, Partial<Record<string, AgentRateLimit>>>();

/** Other values for one composition of the services (tests use tiny limits). */
export const setAgentRateLimits = (services: Services, limits: Partial<Record<AgentPolicy, AgentRateLimit>>): void => {
  overrides.set(services, limits);
};

/** The values of a policy in force for these services. */
export const agentRateLimit = (services: Services, policy: AgentPolicy): AgentRateLimit =>
  overrides.get(services)?.[policy] ?? AGENT_RATE_LIMITS[policy];

/** Every caller policy's values in force for these services (AGENT_WRITES_PER_MINUTE applied): what the OpenAPI document they serve says. */
export const callerLimits = (services: Services): Record<AgentPolicy, AgentRateLimit> => ({
  writes: agentRateLimit(services, 'writes'),
  'session-writes': agentRateLimit(services, 'session-writes'),
  polls: agentRateLimit(services, 'polls'),
});

/** The limit as these services count it: a caller policy with their values, any other as declared. */
export const counterFor = (services: Services, limit: RateLimit): RateLimit => {
  const override = limit.policy === undefined ? undefined : overrides.get(services)?.[limit.policy];
  return override ? { ...limit, ...override } : limit;
};

/**
 * The `writes` count of a request, taken in its bearer token's own statement (`resolveActor`): one
 * round trip fewer for every write, and counted before the operation reads its scope or its body.
 */
export const writesCountedWithToken =
  (services: Services): TokenAlongside<{ writes: RateLimitVerdict }> =>
  ({ grant }) =>
    // The limit in force when the request comes (a deployment's or a test's setting), not at start.
    mapColumns(services.limiter.hitColumn(counterFor(services, agentLimit('writes')), grant), (writes) => ({ writes }));

/** One count a request makes: a limit, whose count (a grant, a principal, a device code…), and its verdict if already taken. */
export interface Counted {
  limit: RateLimit;
  subject: string;
  verdict?: RateLimitVerdict | undefined;
}

const seconds = (count: number): string => (count === 1 ? '1 second' : `${count} seconds`);

/** 429 `rate_limited`: the headers say which policy ran out. */
export const rateLimited = (retryAfter: number): DomainError =>
  new DomainError('rate_limited', `Too many requests; wait ${seconds(retryAfter)} (see the RateLimit header).`, { retry_after: retryAfter });

/**
 * Counts a request against each limit, in the database so that every process shares the count;
 * past any of them, 429 `rate_limited` with the longest wait. The headers come from `countedAnswers`.
 */
export const enforceLimits = async (services: Services, counted: readonly Counted[]): Promise<void> => {
  let retryAfter = 0;
  for (const { limit, subject, verdict: taken } of counted) {
    const verdict = taken ?? (await services.limiter.hit(counterFor(services, limit), subject));
    if (!verdict.allowed) retryAfter = Math.max(retryAfter, verdict.retryAfter);
  }
  if (retryAfter > 0) throw rateLimited(retryAfter);
};

