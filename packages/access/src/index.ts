import type { CleanupJob, Database, RateLimiter } from '@svc/db';
import { DAY_MS, newId, type Clock, type IdGenerator } from '@svc/kernel';
import { accessEntities } from './entities.ts';
import { accessMigrations } from './migrations.ts';
import { accessClient, createMikroOrmAccessRepository } from './access.repository.mikro-orm.ts';
import { createAccountsService } from './accounts.service.ts';
import { SESSION_IDLE_DAYS } from './sessions.ts';
import { createRecoveryService } from './recovery.service.ts';
import { createDeviceFlowService } from './device-flow.service.ts';
import { createGrantsService } from './grants.service.ts';
import { createIntroductionsService } from './introductions.service.ts';
import { createPrincipalsService } from './principals.service.ts';
import type { AccessRepository } from './access.repository.ts';
import { oauthEntities } from './oauth.entities.ts';
import { oauthMigrations } from './oauth.migrations.ts';
import { createMikroOrmOAuthRepository, oauthClient } from './oauth.repository.mikro-orm.ts';
import type { OAuthRepository } from './oauth.repository.ts';
import { createOAuthService } from './oauth.service.ts';

export interface AccessModuleDeps {
  db: Database;
  clock: Clock;
  limiter: RateLimiter;
  baseUrl: string;
  ids?: IdGenerator;
  /** Another storage; defaults to the Kysely one on `db`. */
  repo?: AccessRepository;
  /** Another storage of the OAuth clients, codes and refresh tokens; defaults to the Kysely one on `db`. */
  oauthRepo?: OAuthRepository;
}

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
}: AccessModuleDeps) => {
  const deps = { repo, clock, ids, limiter, baseUrl, transaction: db.transaction };
  return {
    accounts: createAccountsService(deps),
    deviceFlow: createDeviceFlowService(deps),
    grants: createGrantsService(deps),
    introductions: createIntroductionsService(deps),
    principals: createPrincipalsService(deps),
    recovery: createRecoveryService(deps),
    oauth: createOAuthService({ ...deps, oauthRepo }),
    cleanupJobs: [...accessCleanupJobs(repo), ...oauthCleanupJobs(oauthRepo)],
  };
};

/** Daily cleanup of expired or idle sessions, device codes (kept a day past expiry), introductions and expired recovery codes. */
const accessCleanupJobs = (repo: AccessRepository): CleanupJob[] => [
  {
    name: 'access',
    lockId: 7_320_003,
    run: (now) => repo.purgeExpired(now, new Date(now.getTime() - DAY_MS), new Date(now.getTime() - SESSION_IDLE_DAYS * DAY_MS)),
  },
];

/** Daily cleanup of authorization codes a day past expiry, and of refresh tokens of grants ended over a day ago. */
const oauthCleanupJobs = (oauthRepo: OAuthRepository): CleanupJob[] => [
  { name: 'oauth', lockId: 7_320_004, run: (now) => oauthRepo.purgeExpired(new Date(now.getTime() - DAY_MS)) },
];

/** The access tables' entities and migrations, the OAuth ones included. */
export const accessSchema = { entities: [...accessEntities, ...oauthEntities], migrations: [...accessMigrations, ...oauthMigrations] };

export type AccessModule = ReturnType<typeof createAccessModule>;
export { accessEntities, accessMigrations, oauthEntities, oauthMigrations };
export { OAUTH_ERRORS } from './oauth.errors.ts';
export {
  AUTHORIZATION_CODE_LIFETIME_SECONDS,
  OAUTH_GRANT_DAYS,
  OAUTH_LIMITS,
  type AuthorizationCheck,
  type OAuthConsent,
  type OAuthService,
} from './oauth.service.ts';
export type { OAuthRepository } from './oauth.repository.ts';
export { registrationSchema, registrationAnswerSchema, tokenFormSchema, oauthGrantAnswerSchema, revocationFormSchema, authorizationRequestSchema } from './oauth.schemas.ts';
export { ACCESS_ERRORS } from './access.errors.ts';
export type { AccountsService } from './accounts.service.ts';
export { SESSION_DAYS, SESSION_IDLE_DAYS, SESSION_SEEN_EVERY_MS, type NewSession } from './sessions.ts';
export {
  SUPPORT_RECOVERY_CODE_MINUTES,
  type IssuedRecoveryCode,
  type PasswordReset,
  type RecoveryCodeStatus,
  type RecoveryService,
} from './recovery.service.ts';
export { ACCESS_LIMITS } from './limits.ts';
export { DEVICE_CODE_LIFETIME_SECONDS, POLL_INTERVAL_SECONDS, type DeviceFlowService } from './device-flow.service.ts';
export type { GrantsService } from './grants.service.ts';
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
