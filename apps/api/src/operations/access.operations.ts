import * as v from 'valibot';
import { DomainError } from '@svc/kernel';
import { answer, defineOperation, type OperationRateLimit } from '@svc/http';
import {
  ACCESS_LIMITS,
  asOAuthError,
  connectAnswerSchema,
  DEVICE_CODE_GRANT_TYPE,
  deviceAuthorizationFormSchema,
  OAUTH_LIMITS,
  oauthGrantAnswerSchema,
  registrationAnswerSchema,
  registrationSchema,
  revocationFormSchema,
  tokenFormSchema,
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
    location: { none: 'a connect request is read by nobody but the person at `verification_uri`; the agent polls `POST /api/v1/agent/token` with its `device_code`.' },
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
    location: { none: 'an introduction is kept for the service, and nobody reads it back.' },
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

/** The device flow's answer to the OAuth form of `agent.connect` (RFC 8628 §3.2): the same fields. */
const deviceAuthorizationAnswerSchema = connectAnswerSchema;

/**
 * What every answer of an endpoint issuing or taking tokens carries, refusals included: RFC 6749
 * §5.1 asks it of the token response and §5.2 of its errors (HTTP/1.0 caches read only Pragma).
 */
const NO_STORE = { 'Cache-Control': 'no-store', Pragma: 'no-cache' } as const;

/** An OAuth endpoint's refusals, each with `error_description`; a malformed request as `invalid`. */
const oauthRefusals = (invalid: 'invalid_request' | 'invalid_client_metadata') => (error: DomainError): DomainError => asOAuthError(error, invalid) as DomainError;

/**
 * The OAuth endpoints (RFC 8628, 7591, 6749, 7009): form-encoded or JSON, anonymous, callable from
 * a browser on any origin. They stand after the discovery metadata in the table (discovery.operations.ts).
 */
export const OAUTH_OPERATIONS = [
  op({
    id: 'oauth.device_authorization',
    refusals: oauthRefusals('invalid_request'),
    cors: true,
    method: 'POST',
    path: '/api/v1/oauth/device_authorization',
    summary: 'Ask a person for access, RFC 8628 form-encoded: client_id (your name) and scope (space-separated)',
    description:
      'The same request as `POST /api/v1/agent/connect`, leading to the same approval page. Errors carry `error`, ' +
      '`message` and `error_description` (RFC 6749 §5.2): bad input is `invalid_request`, an unknown scope `invalid_scope`.',
    auth: 'anonymous',
    request: { body: deviceAuthorizationFormSchema, form: true },
    responses: { 200: deviceAuthorizationAnswerSchema },
    errors: ['invalid_request', 'invalid_scope', 'rate_limited'],
    rateLimits: [CONNECT_LIMIT],
    headers: { 'Cache-Control': 'no-store' },
    handler: async ({ services, body, ctx }) => services.access.deviceFlow.authorizeDevice(body, ctx.ip),
  }),
  op({
    id: 'oauth.register',
    refusals: oauthRefusals('invalid_client_metadata'),
    cors: true,
    method: 'POST',
    path: '/api/v1/oauth/register',
    summary: 'Register a public OAuth client (RFC 7591): client_name and redirect_uris; no secret',
    description:
      'Redirect URIs must be https, or http on a loopback address (127.0.0.1, [::1], localhost) for native apps, and are ' +
      'matched exactly at authorization, but for the port of a loopback one, which may be any (RFC 8252 §7.3). Other ' +
      'client metadata is accepted and ignored. At most 20 registrations per ' +
      'client address in 15 minutes. Errors carry `error`, `message` and `error_description` (RFC 7591 §3.2.2).',
    auth: 'anonymous',
    request: { body: registrationSchema },
    responses: { 201: registrationAnswerSchema },
    location: { none: 'a registered client has no configuration endpoint (RFC 7592): its `client_id` is all a client keeps.' },
    errors: ['invalid_redirect_uri', 'invalid_client_metadata', 'rate_limited'],
    rateLimits: [{ limit: OAUTH_LIMITS.registrationsPerAddress, counts: 'clients registered, per client address' }],
    headers: { 'Cache-Control': 'no-store' },
    handler: async ({ services, body, ctx }) => answer(201, await services.access.oauth.register(body, ctx.ip)),
  }),
  op({
    id: 'oauth.token',
    refusals: oauthRefusals('invalid_request'),
    cors: true,
    method: 'POST',
    path: '/api/v1/oauth/token',
    summary: 'Get or refresh a token, form-encoded: authorization_code (with PKCE code_verifier), refresh_token or the device code',
    description:
      '`grant_type=authorization_code` with `code`, `code_verifier`, `redirect_uri`, `client_id` and optionally `resource` ' +
      '(RFC 8707); `grant_type=refresh_token` with `refresh_token` (each use answers a new one; a used one presented again ' +
      'revokes the grant); `grant_type=urn:ietf:params:oauth:grant-type:device_code` with `device_code`, the same poll as ' +
      '`POST /api/v1/agent/token`. Answers the RFC 6749 token response (`scope` space-separated). Errors carry `error`, ' +
      '`message` and `error_description`; a `client_id` no client registered under is 401 `invalid_client` (RFC 6749 §5.2: ' +
      'register again), with the `WWW-Authenticate` every 401 carries.',
    auth: 'anonymous',
    request: { body: tokenFormSchema, form: true },
    responses: { 200: oauthGrantAnswerSchema },
    errors: [
      'invalid_request',
      'invalid_client',
      'unsupported_grant_type',
      'invalid_scope',
      'invalid_target',
      'authorization_pending',
      'slow_down',
      'access_denied',
      'expired_token',
      'invalid_grant',
    ],
    rateLimits: [POLL_LIMIT],
    headers: NO_STORE,
    handler: async ({ services, body }) => {
      const { grant_type } = body as { grant_type?: unknown };
      return grant_type === DEVICE_CODE_GRANT_TYPE ? services.access.deviceFlow.exchangeDeviceCode(body) : services.access.oauth.token(body);
    },
  }),
  op({
    id: 'oauth.revoke',
    refusals: oauthRefusals('invalid_request'),
    cors: true,
    method: 'POST',
    path: '/api/v1/oauth/revoke',
    summary: 'Revoke a token (RFC 7009), form-encoded: an access or refresh token ends its whole grant',
    description:
      'Answers 200 whether or not the token was known or still live (RFC 7009 §2.2); the next request with it is refused. ' +
      'With `client_id`, a token issued to another client (authorization code flow) is not revoked (§2.1): 400 ' +
      '`invalid_grant`, or 401 `invalid_client` when no client is registered under that `client_id`. A device-flow ' +
      "token's `client_id` (the agent's name) is not compared.",
    auth: 'anonymous',
    request: { body: revocationFormSchema, form: true },
    responses: { 200: v.object({}) },
    errors: ['invalid_request', 'invalid_client', 'invalid_grant'],
    headers: NO_STORE,
    handler: async ({ services, body }) => services.access.oauth.revoke(body),
  }),
];
