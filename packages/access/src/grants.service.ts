import { notFound, type Actor } from '@svc/kernel';
import type { AccessDeps } from './access.deps.ts';
import { accessError } from './access.errors.ts';
import { agentActor } from './actor.ts';
import { grantView, type GrantView } from './access.presenter.ts';
import { hashSecret } from './secrets.ts';

/** Bearer tokens and the grants behind them. Every request looks the token up again: no cache outlives a revocation. */
export const createGrantsService = ({ repo, clock }: Pick<AccessDeps, 'repo' | 'clock'>) => ({
  /** The actor behind a bearer token; null when it is unknown, expired or revoked. */
  resolveToken: async (token: string): Promise<Actor | null> => {
    const now = clock.now();
    const found = await repo.findLiveGrantByTokenHash(hashSecret(token), now);
    if (!found) return null;
    await repo.touchGrant(found.grant.id, now);
    return agentActor(found.principal, found.grant);
  },

  /** The grants a principal gave, newest first, for the website's list. */
  list: async (actor: Actor): Promise<GrantView[]> => {
    const now = clock.now();
    return (await repo.listGrants(actor.principalId)).map((grant) => grantView(grant, now));
  },

  /** The calling agent's own grant (for `/api/v1/me`). */
  /** Which of `ids` are live grants (not revoked, not expired) of the principal: for limiting a record to chosen agents. */
  liveGrantIdsOf: async (principalId: string, ids: string[]): Promise<string[]> => {
    const now = clock.now();
    const wanted = new Set(ids);
    return (await repo.listGrants(principalId)).filter((g) => wanted.has(g.id) && !g.revokedAt && g.expiresAt > now).map((g) => g.id);
  },
  current: async (actor: Actor): Promise<GrantView | null> => {
    if (!actor.grantId) return null;
    const grant = await repo.findGrant(actor.grantId);
    return grant ? grantView(grant, clock.now()) : null;
  },

  /** A principal revokes one of their grants; someone else's grant is `not_found`. */
  revoke: async (actor: Actor, grantId: string): Promise<GrantView> => {
    const grant = await repo.revokeGrant(grantId, actor.principalId, clock.now());
    if (!grant) throw notFound('grant');
    return grantView(grant, clock.now());
  },

  /** `DELETE /api/v1/agent/grant`: an agent gives up its own access. */
  revokeOwn: async (actor: Actor): Promise<GrantView> => {
    if (!actor.grantId) {
      throw accessError('invalid_state', 'A website session has no grant to give up; sign out instead.');
    }
    const grant = await repo.revokeGrant(actor.grantId, actor.principalId, clock.now());
    if (!grant) throw notFound('grant');
    return grantView(grant, clock.now());
  },
});

export type GrantsService = ReturnType<typeof createGrantsService>;
