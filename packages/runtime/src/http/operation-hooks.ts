import type { Context } from 'koa';
import { requireHuman, type Actor } from '@svc/kernel';
import { countsCallerWrites, type Operation, type OperationAuth, type OperationHooks, type RateLimitPolicy } from '@svc/http';
import type { Scope, TokenAlongside } from '@svc/access';
import type { Services } from '../services.ts';
import { requireActor } from './actor.ts';
import { createOnce } from './idempotency.ts';
import { AGENT_POLICY_COUNTS, agentLimit, enforceLimits, writesCountedWithToken, type AgentPolicy, type AgentRateLimit, type Counted } from './rate-limits.ts';

/** The caller an operation's auth rule admits: the same check for the API and the website. */
export const authorize = (ctx: Context, baseUrl: string, auth: OperationAuth<Scope>): Actor | null => {
  if (auth === 'anonymous') return null;
  if (auth === 'public' || auth === 'optional') return (ctx.state.actor as Actor | null) ?? null;
  if (auth === 'human_only') {
    const actor = requireActor(ctx, baseUrl);
    requireHuman(actor);
    return actor;
  }
  return requireActor(ctx, baseUrl, ...auth.scopes);
};

/**
 * The rate limits a request to this operation counts against, with the caller policies' values in
 * force (`callerLimits`; the production defaults without): the one declaration behind
 * `x-rate-limit`, the 429 and the `RateLimit` headers of the OpenAPI document, and what
 * `resolveActor` and `limitOperation` count.
 */
export const operationRateLimits = (operation: Pick<Operation, 'method' | 'auth' | 'rateLimits'>, limits?: Readonly<Record<AgentPolicy, AgentRateLimit>>): RateLimitPolicy[] => [
  ...(countsCallerWrites(operation)
    ? (['writes', 'session-writes'] as const).map((policy) => ({ ...agentLimit(policy, limits), counts: AGENT_POLICY_COUNTS[policy] }))
    : []),
  ...(operation.rateLimits ?? []).map(({ limit, counts }) => ({ ...limit, counts })),
].map(({ policy, limit, windowSeconds, counts }) => ({ policy, limit, windowSeconds, counts }));

/**
 * Counts a write of `writer`, an agent whose token's lookup did not count it (an MCP tool call),
 * against its `writes`, before anything can refuse the call, as a REST request's writes are counted
 * and checked with its token or session (`resolveActor`); 429 past the limit.
 */
export const limitWrites = (services: Services, operation: Operation<Services, Scope>, writer: Actor | null): Promise<void> =>
  countsCallerWrites(operation) && writer?.via === 'agent' && writer.grantId ? enforceLimits(services, [{ limit: agentLimit('writes'), subject: writer.grantId }]) : Promise.resolve();

/**
 * Counts a request against the limits of its operation that the process counts itself, once its
 * body is read and before the handler: those declared with a subject (a token poll's device code).
 */
export const limitOperation = (services: Services, ctx: Context, operation: Operation<Services, Scope>, { body }: { body: unknown }): Promise<void> => {
  const counted: Counted[] = [];
  for (const { limit, subject } of operation.rateLimits ?? []) {
    const whose = subject?.({ body, ctx });
    if (whose) counted.push({ limit, subject: whose });
  }
  return enforceLimits(services, counted);
};

/** What the operations of every process run with: these services, this authorisation, idempotent creates, rate limits. */
export const operationHooks = (services: Services, { checkResponses = false } = {}): OperationHooks<Services, Scope> => ({
  services,
  authorize: (ctx, auth) => authorize(ctx, services.baseUrl, auth),
  createOnce: (ctx, request, create) => createOnce(ctx, services, request, create),
  limit: (ctx, operation, { body }) => limitOperation(services, ctx, operation, { body }),
  cache: services.answers,
  listReads: services.listReads,
  checkResponses,
  baseUrl: services.baseUrl,
  // Set by resolveActor when the route's token statement read the operation's columns.
  readWithToken: (ctx) => ctx.state.readWithToken,
  mounted: (operation, route) => {
    const key = `${operation.method} ${route}`;
    if (operation.auth === 'anonymous') services.credentialsIgnored.add(key);
    // A token's statement reads what the route declares, or counts the write the route makes.
    const countsWrites = countsCallerWrites(operation);
    if (operation.readWithToken && countsWrites) throw new Error(`${operation.id}: a write's token statement counts the write; it reads nothing else`);
    const alongside = operation.readWithToken?.(services) ?? (countsWrites ? writesCountedWithToken(services) : undefined);
    if (alongside) services.readsWithToken.set(key, alongside as TokenAlongside<unknown>);
  },
});
