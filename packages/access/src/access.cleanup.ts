import type { CleanupJob } from '@svc/db';
import { DAY_MS } from '@svc/kernel';
import type { AccessRepository } from './access.repository.ts';
import type { OAuthRepository } from './oauth.repository.ts';
import { SESSION_IDLE_DAYS } from './sessions.ts';

/**
 * The daily cleanup of the access domain:
 * - `access`: expired or idle sessions, device codes (kept a day past expiry), introductions and
 *   expired recovery codes;
 * - `oauth`: authorization codes a day past expiry, and refresh tokens of grants ended over a day ago.
 */
export const createAccessCleanupJobs = ({ repo, oauthRepo }: { repo: AccessRepository; oauthRepo: OAuthRepository }): CleanupJob[] => [
  {
    name: 'access',
    lockId: 7_320_003,
    run: (now) => repo.purgeExpired(now, new Date(now.getTime() - DAY_MS), new Date(now.getTime() - SESSION_IDLE_DAYS * DAY_MS)),
  },
  { name: 'oauth', lockId: 7_320_004, run: (now) => oauthRepo.purgeExpired(new Date(now.getTime() - DAY_MS)) },
];
