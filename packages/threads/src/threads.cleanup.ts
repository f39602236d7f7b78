import type { CleanupJob } from '@svc/db';
import { DAY_MS } from '@svc/kernel';
import type { ThreadsDeps } from './threads.deps.ts';

/**
 * Expired and revoked invitations are kept this long (the owner still sees them as such), then
 * deleted; an accepted one stays with its thread, saying who joined with it.
 */
export const EXPIRED_INVITE_RETENTION_DAYS = 30;

/** The daily cleanup of the threads domain: `threads-expired-invites` deletes invitations that expired or were revoked over 30 days ago. */
export const createThreadsCleanupJobs = ({ repo }: Pick<ThreadsDeps, 'repo'>): CleanupJob[] => [
  {
    name: 'threads-expired-invites',
    lockId: 7_320_601,
    run: async (now) => ({
      deleted_invites: await repo.purgeInvites(new Date(now.getTime() - EXPIRED_INVITE_RETENTION_DAYS * DAY_MS)),
    }),
  },
];
