import type { Database, DomainModule, ModuleSchema, RateLimiter } from '@svc/db';
import { newId, type Clock } from '@svc/kernel';
import { accessEntities } from './entities.ts';
import { accessMigrations } from './migrations.ts';
import { accessClient, createMikroOrmAccessRepository } from './access.repository.mikro-orm.ts';
import { createAccountsService, type AccountsService } from './accounts.service.ts';
import { createAccessCleanupJobs } from './access.cleanup.ts';
import { createRecoveryService, type RecoveryService } from './recovery.service.ts';
import { createDeviceFlowService, type DeviceFlowService } from './device-flow.service.ts';
import { createGrantsService, type GrantsService } from './grants.service.ts';
import { createIntroductionsService, type IntroductionsService } from './introductions.service.ts';
import { createPrincipalsService, type PrincipalsService } from './principals.service.ts';
import type { AccessRepository } from './access.repository.ts';
import type { AccessIdGenerator } from './access.deps.ts';
import { oauthEntities } from './oauth.entities.ts';
import { oauthMigrations } from './oauth.migrations.ts';
import { createMikroOrmOAuthRepository, oauthClient } from './oauth.repository.mikro-orm.ts';
import type { OAuthRepository } from './oauth.repository.ts';
import { createOAuthService, type OAuthService } from './oauth.service.ts';

export interface AccessModuleDeps {
  db: Database;
  clock: Clock;
  limiter: RateLimiter;
  baseUrl: string;
  ids?: AccessIdGenerator;
  /** Another storage; defaults to the Kysely one on `db`. */
  repo?: AccessRepository;
  /** Another storage of the OAuth clients, codes and refresh tokens; defaults to the Kysely one on `db`. */
  oauthRepo?: OAuthRepository;
}

/** The access services; the module adds its `cleanupJobs` (`DomainModule`). */
export interface AccessServices {
  /** Human accounts: sign-up, sign-in, sessions and password changes. */
  accounts: AccountsService;
  /** The agent device flow (RFC 8628): codes, approval and polling. */
  deviceFlow: DeviceFlowService;
  /** Scoped tokens and agent grants: resolving a bearer token to an `Actor`, listing and revoking. */
  grants: GrantsService;
  /** Self-declared agent introductions. */
  introductions: IntroductionsService;
  /** Principal names and summaries, answered to the other domains. */
  principals: PrincipalsService;
  /** Password recovery codes and resets. */
  recovery: RecoveryService;
  /** OAuth clients, authorization codes and refresh tokens. */
  oauth: OAuthService;
}

/** What `createAccessModule` returns: the access services and the daily cleanup of sessions, codes and tokens. */
export type AccessModule = DomainModule<AccessServices>;

/**
 * Who a caller is and what it may do: principals and sessions, the agent device flow,
 * scoped tokens and grants, and self-declared agent introductions.
 *
 * @example
 * const access = createAccessModule({ db, clock: systemClock, limiter, baseUrl: 'https://tasks.example' });
 * const actor = await access.grants.resolveToken(bearer);
 */
export const createAccessModule = ({
  db,
  clock,
  limiter,
  baseUrl,
  ids = newId,
  repo = createMikroOrmAccessRepository(accessClient(db)),
  oauthRepo = createMikroOrmOAuthRepository(oauthClient(db)),
}: AccessModuleDeps): AccessModule => {
  const deps = { repo, clock, ids, limiter, baseUrl, transaction: db.transaction };
  return {
    accounts: createAccountsService(deps),
    deviceFlow: createDeviceFlowService(deps),
    grants: createGrantsService({ ...deps, oauthRepo }),
    introductions: createIntroductionsService(deps),
    principals: createPrincipalsService(deps),
    recovery: createRecoveryService(deps),
    oauth: createOAuthService({ ...deps, oauthRepo }),
    cleanupJobs: createAccessCleanupJobs({ repo, oauthRepo }),
  };
};

/** The access tables' entities and migrations, the OAuth ones included (no SQL functions). */
export const accessSchema = {
  entities: [...accessEntities, ...oauthEntities],
  migrations: [...accessMigrations, ...oauthMigrations],
  routines: [],
} satisfies ModuleSchema;

export { accessEntities, accessMigrations, oauthEntities, oauthMigrations };
export type { AccessIdGenerator, AccessIdPrefix } from './access.deps.ts';
export { OAUTH_ERRORS } from './oauth.errors.ts';
export {
  asOAuthError,
  AUTHORIZATION_CODE_LIFETIME_SECONDS,
  OAUTH_GRANT_DAYS,
  OAUTH_LIMITS,
  type AuthorizationCheck,
  type OAuthConsent,
  type OAuthService,
} from './oauth.service.ts';
export type { OAuthRepository } from './oauth.repository.ts';
export { registrationSchema, registrationAnswerSchema, tokenFormSchema, oauthGrantAnswerSchema, revocationFormSchema, authorizationRequestSchema, type AuthorizationRequest } from './oauth.schemas.ts';
export { ACCESS_ERRORS } from './access.errors.ts';
export { SCOPES, type Scope } from './scopes.ts';
export type { AccountsService } from './accounts.service.ts';
export { SESSION_DAYS, SESSION_IDLE_DAYS, SESSION_SEEN_EVERY_MS, type NewSession } from './sessions.ts';
export { SUPPORT_RECOVERY_CODE_MINUTES, type IssuedRecoveryCode, type PasswordReset, type RecoveryCodeStatus, type RecoveryService } from './recovery.service.ts';
export { ACCESS_LIMITS } from './limits.ts';
export { DEVICE_CODE_LIFETIME_SECONDS, POLL_INTERVAL_SECONDS, type DeviceFlowService } from './device-flow.service.ts';
export { ENDED_GRANTS_SHOWN_DAYS, type GrantsService } from './grants.service.ts';
export type { PrincipalsService } from './principals.service.ts';
export type { AgentDetailsJson, GrantView, PendingConnection, PrincipalSummary } from './access.presenter.ts';
export type { IntroductionsService } from './introductions.service.ts';
export type { AccessRepository, TokenAlongside } from './access.repository.ts';
export { TOKEN_PREFIX } from './secrets.ts';
export {
  connectSchema,
  deviceCodeSchema,
  introductionSchema,
  connectAnswerSchema,
  tokenAnswerSchema,
  grantViewSchema,
  principalSchema,
  introductionAnswerSchema,
  deviceAuthorizationFormSchema,
  deviceTokenFormSchema,
  oauthTokenAnswerSchema,
  DEVICE_CODE_GRANT_TYPE,
} from './access.schemas.ts';
