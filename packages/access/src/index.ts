import type { CleanupJob, Database, RateLimiter } from '@svc/db';
import { DAY_MS, newId, type Clock, type IdGenerator } from '@svc/kernel';
import { accessEntities } from './entities.ts';
import { accessMigrations } from './migrations.ts';
import { createMikroOrmAccessRepository } from './access.repository.mikro-orm.ts';
import { createAccountsService, SESSION_IDLE_DAYS } from './accounts.service.ts';
import { createDeviceFlowService } from './device-flow.service.ts';
import { createGrantsService } from './grants.service.ts';
import { createIntroductionsService } from './introductions.service.ts';
import { createPrincipalsService } from './principals.service.ts';
import type { AccessRepository } from './access.repository.ts';

export interface AccessModuleDeps {
  db: Database;
  clock: Clock;
  limiter: RateLimiter;
  baseUrl: string;
  ids?: IdGenerator;
  /** Another storage; defaults to the MikroORM one on `db`. */
  repo?: AccessRepository;
}

/**
 * Who a caller is and what it may do: principals and sessions, the agent device flow,
 * scoped tokens and grants, and self-declared agent introductions.
 *
 * @example
 * const access = createAccessModule({ db, clock: systemClock, limiter, baseUrl: 'https://tasks.example' });
 * const actor = await access.grants.resolveToken(bearer);
 */
export const createAccessModule = ({ db, clock, limiter, baseUrl, ids = newId, repo = createMikroOrmAccessRepository(db) }: AccessModuleDeps) => {
  const deps = { repo, clock, ids, limiter, baseUrl, transaction: db.transaction };
  return {
    accounts: createAccountsService(deps),
    deviceFlow: createDeviceFlowService(deps),
    grants: createGrantsService(deps),
    introductions: createIntroductionsService(deps),
    principals: createPrincipalsService(deps),
    cleanupJobs: accessCleanupJobs(repo),
  };
};

/** Daily cleanup of expired or idle sessions, device codes (kept a day past expiry) and introductions. */
const accessCleanupJobs = (repo: AccessRepository): CleanupJob[] => [
  {
    name: 'access',
    lockId: 7_320_003,
    run: (now) => repo.purgeExpired(now, new Date(now.getTime() - DAY_MS), new Date(now.getTime() - SESSION_IDLE_DAYS * DAY_MS)),
  },
];

/** The access tables' entities and migrations. */
export const accessSchema = { entities: accessEntities, migrations: accessMigrations };

export type AccessModule = ReturnType<typeof createAccessModule>;
export { accessEntities, accessMigrations };
export { ACCESS_ERRORS } from './access.errors.ts';
export { SESSION_DAYS, SESSION_IDLE_DAYS, SESSION_SEEN_EVERY_MS, type NewSession, type AccountsService } from './accounts.service.ts';
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
