import * as v from 'valibot';
import { DomainError } from '@svc/kernel';
import { answer, defineOperation, type OperationRateLimit } from '@svc/http';
import {
  ACCESS_LIMITS,
  connectAnswerSchema,
  connectSchema,
  deviceCodeSchema,
  grantViewSchema,
  introductionAnswerSchema,
  introductionSchema,
  principalSchema,
  tokenAnswerSchema,
  type Scope,
} from '@svc/access';
import { AGENT_POLICY_COUNTS, agentLimit, isOwnOrigin, type Services } from '@svc/runtime';

const op = defineOperation<Services, Scope>();

export const INTRODUCTION_BODY_LIMIT = 64 * 1024;
/** Introductions that succeeded, per client address: the limit the contract speaks of. */
export const INTRODUCTION_RATE_LIMIT = { name: 'agent-introductions', policy: 'introductions', limit: 20, windowSeconds: 60 * 60 };
/** Every attempt, refused ones too, per client address: looser, so fixing a typo never locks anyone out. */
export const INTRODUCTION_ATTEMPT_LIMIT = { name: 'agent-introduction-attempts', policy: 'introduction-attempts', limit: 200, windowSeconds: 60 * 60 };

/** Token polls count per device code (beyond `slow_down`), as soon as the body names one: the `polls` policy. */
export const POLL_LIMIT: OperationRateLimit = {
  limit: agentLimit('polls'),
  counts: AGENT_POLICY_COUNTS.polls,
  subject: ({ body }) => {
    const code = (body as { device_code?: unknown } | null | undefined)?.device_code;
    return typeof code === 'string' ? code : undefined;
  },
};

/** Connect requests stored per client address (counted by the device flow, after the input is checked). */
export const CONNECT_LIMIT: OperationRateLimit = { limit: ACCESS_LIMITS.deviceAuthorizationsPerAddress, counts: 'connect requests stored, per client address' };

const rateLimited = (retryAfter: number) =>
  new DomainError('rate_limited', 'Too many introductions from this address; try again later (see the RateLimit header).', { retry_after: retryAfter });

/** What `/api/v1/me` answers: who the token acts for, its grant, and the caller's record counts. */
export const meSchema = v.object({
  principal: principalSchema,
  grant: v.nullable(v.object({ grant_id: v.string(), agent_name: v.string(), scopes: grantViewSchema.entries.scopes, expires_at: v.string() })),
  counts: v.record(v.string(), v.pipe(v.number(), v.integer())),
});

/** The agent side of access: connect, collect the token, give it up, see who it acts for; introductions. */
export const ACCESS_OPERATIONS = [
  op({
    id: 'agent.connect',
    method: 'POST',
    path: '/api/v1/agent/connect',
    summary: 'Ask a person for access (RFC 8628 device flow): show them user_code at verification_uri',
    auth: 'anonymous',
    request: { body: connectSchema },
    responses: { 201: connectAnswerSchema },
    errors: ['rate_limited'],
    rateLimits: [CONNECT_LIMIT],
    handler: async ({ services, body, ctx }) => answer(201, await services.access.deviceFlow.connect(body, ctx.ip)),
  }),
  op({
    id: 'agent.token',
    method: 'POST',
    path: '/api/v1/agent/token',
    summary: 'Poll for the token no faster than interval; answers it once, when the person approved',
    auth: 'anonymous',
    request: { body: deviceCodeSchema },
    responses: { 200: tokenAnswerSchema },
    errors: ['authorization_pending', 'slow_down', 'access_denied', 'expired_token', 'invalid_grant'],
    rateLimits: [POLL_LIMIT],
    handler: async ({ services, body, ctx }) => {
      ctx.set('Cache-Control', 'no-store');
      return services.access.deviceFlow.poll(body);
    },
  }),
  op({
    id: 'agent.revoke_grant',
    method: 'DELETE',
    path: '/api/v1/agent/grant',
    summary: "Give up the caller's own access: the token stops working at once",
    auth: { scopes: [] },
    responses: { 200: v.object({ revoked: v.literal(true), grant: grantViewSchema }) },
    errors: ['not_found', 'invalid_state'],
    handler: async ({ services, actor }) => ({ revoked: true, grant: await services.access.grants.revokeOwn(actor) }),
  }),
  op({
    id: 'me.get',
    method: 'GET',
    path: '/api/v1/me',
    summary: 'Who the token acts for, its grant and how many records of each kind the principal has',
    auth: { scopes: ['account:read'] },
    responses: { 200: meSchema },
    errors: [],
    // With a bearer token the counts come in the token's own statement; a session reads them now.
    readWithToken: (services) => ({ principal }) => services.counts.columns(principal),
    handler: async ({ services, actor, readWithToken }) => {
      const grant = await services.access.grants.current(actor);
      const counts = readWithToken ?? (await services.counts.of(actor.principalId));
      return {
        principal: services.access.principals.summary({ id: actor.principalId, displayName: actor.displayName }),
        grant: grant && { grant_id: grant.grant_id, agent_name: grant.agent_name, scopes: grant.scopes, expires_at: grant.expires_at },
        counts,
      };
    },
  }),
  op({
    id: 'introductions.create',
    method: 'POST',
    path: '/api/v1/agent-introductions',
    summary: 'Introduce your agent (self-declared; grants nothing and is never required)',
    auth: 'public',
    idempotent: { maxKeyLength: 128 },
    request: { body: introductionSchema, bodyLimit: INTRODUCTION_BODY_LIMIT },
    responses: { 201: introductionAnswerSchema, 200: introductionAnswerSchema },
    errors: ['origin_not_allowed', 'rate_limited'],
    rateLimits: [
      { limit: INTRODUCTION_ATTEMPT_LIMIT, counts: 'every introduction sent, refused ones included, per client address' },
      { limit: INTRODUCTION_RATE_LIMIT, counts: 'introductions stored, per client address' },
    ],
    before: async ({ services, ctx }) => {
      const origin = ctx.get('origin');
      if (origin && !isOwnOrigin(ctx, origin, services.baseUrl)) {
        throw new DomainError('origin_not_allowed', 'Introductions are not accepted from pages on other sites.');
      }
      const attempts = await services.limiter.hit(INTRODUCTION_ATTEMPT_LIMIT, ctx.ip);
      if (!attempts.allowed) throw rateLimited(attempts.retryAfter);
    },
    handler: async ({ services, body, ctx }) => {
      // Validate first: only an introduction that is stored counts against the hourly limit.
      services.access.introductions.validate(body);
      const verdict = await services.limiter.hit(INTRODUCTION_RATE_LIMIT, ctx.ip);
      if (!verdict.allowed) throw rateLimited(verdict.retryAfter);
      return services.access.introductions.create(body);
    },
  }),
];
