import type { Context } from 'koa';
import type { RateLimitVerdict } from '@svc/db';
import { DomainError, requireHuman, type Actor } from '@svc/kernel';
import type { Operation, OperationAuth, OperationHooks } from '@svc/http';
import type { Services } from '../services.ts';
import { requireActor } from './actor.ts';
import { createOnce } from './idempotency.ts';
import { agentCounter } from './rate-limits.ts';

/** The caller an operation's auth rule admits: the same check for the API and the website. */
export const authorize = (ctx: Context, baseUrl: string, auth: OperationAuth): Actor | null => {
  if (auth === 'anonymous') return null;
  if (auth === 'public' || auth === 'optional') return (ctx.state.actor as Actor | null) ?? null;
  if (auth === 'human_only') {
    const actor = requireActor(ctx, baseUrl);
    requireHuman(actor);
    return actor;
  }
  return requireActor(ctx, baseUrl, ...auth.scopes);
};

/** The rate-limit policies an operation is subject to: for the OpenAPI document and llms.txt. */
export const rateLimitPolicies = (operation: Pick<Operation, 'method' | 'auth' | 'rateLimit'>): string[] => [
  // An anonymous operation reads no token, so no token's writes are counted.
  ...(operation.method !== 'GET' && operation.auth !== 'human_only' && operation.auth !== 'anonymous' ? ['writes'] : []),
  ...(operation.rateLimit ? [operation.rateLimit.policy] : []),
];

/**
 * Counts a request against the limits that apply to it, shared by every process (the counts live in
 * the database). Every limited answer carries `RateLimit-Policy` and `RateLimit` (IETF
 * draft-ietf-httpapi-ratelimit-headers); past a limit, 429 `rate_limited` with `Retry-After`.
 */
const limitRequest = async (services: Services, ctx: Context, operation: Operation<Services>, { actor, body }: { actor: Actor | null; body: unknown }) => {
  const counted: { policy: string; subject: string }[] = [];
  if (operation.method !== 'GET' && actor?.via === 'agent' && actor.grantId) counted.push({ policy: 'writes', subject: actor.grantId });
  const subject = operation.rateLimit?.subject({ body });
  if (operation.rateLimit && subject) counted.push({ policy: operation.rateLimit.policy, subject });
  if (counted.length === 0) return;
  const policies: string[] = [];
  const states: string[] = [];
  let retryAfter = 0;
  for (const { policy, subject: who } of counted) {
    const limit = agentCounter(services, policy);
    if (!limit) continue;
    const verdict =
      (policy === 'writes' ? (ctx.state.readWithToken as { writes?: RateLimitVerdict } | undefined)?.writes : undefined) ??
      (await services.limiter.hit(limit, who));
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

/** What the operations of every process run with: these services, this authorisation, idempotent creates, rate limits. */
export const operationHooks = (services: Services, { checkResponses = false } = {}): OperationHooks<Services> => ({
  services,
  authorize: (ctx, auth) => authorize(ctx, services.baseUrl, auth),
  createOnce: (ctx, request, create) => createOnce(ctx, services, request, create),
  limit: (ctx, operation, request) => limitRequest(services, ctx, operation, request),
  cache: services.answers,
  checkResponses,
  mounted: (operation, route) => {
    if (operation.auth === 'anonymous') services.credentialsIgnored.add(`${operation.method} ${route}`);
  },
});
