import type { Context } from 'koa';
import type { RateLimitVerdict } from '@svc/db';
import { requireHuman, type Actor } from '@svc/kernel';
import type { Operation, OperationAuth, OperationHooks } from '@svc/http';
import type { Services } from '../services.ts';
import { requireActor } from './actor.ts';
import { createOnce } from './idempotency.ts';
import { enforceLimits, type Counted } from './rate-limits.ts';

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
 * Counts a request against the limits its operation is subject to: an agent's writes (already
 * counted in the token's own statement on REST routes) and the operation's own policy.
 */
export const limitOperation = (services: Services, ctx: Context, operation: Operation<Services>, { actor, body }: { actor: Actor | null; body: unknown }) => {
  const counted: Counted[] = [];
  if (operation.method !== 'GET' && actor?.via === 'agent' && actor.grantId) {
    counted.push({ policy: 'writes', subject: actor.grantId, verdict: (ctx.state.readWithToken as { writes?: RateLimitVerdict } | undefined)?.writes });
  }
  const subject = operation.rateLimit?.subject({ body });
  if (operation.rateLimit && subject) counted.push({ policy: operation.rateLimit.policy, subject });
  return enforceLimits(services, ctx, counted);
};

/** What the operations of every process run with: these services, this authorisation, idempotent creates, rate limits. */
export const operationHooks = (services: Services, { checkResponses = false } = {}): OperationHooks<Services> => ({
  services,
  authorize: (ctx, auth) => authorize(ctx, services.baseUrl, auth),
  createOnce: (ctx, request, create) => createOnce(ctx, services, request, create),
  limit: (ctx, operation, request) => limitOperation(services, ctx, operation, request),
  cache: services.answers,
  checkResponses,
  mounted: (operation, route) => {
    if (operation.auth === 'anonymous') services.credentialsIgnored.add(`${operation.method} ${route}`);
  },
});
