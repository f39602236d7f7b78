import { notFound, type Actor } from '@svc/kernel';
import type { AccessDeps } from './access.deps.ts';
import { accessError } from './access.errors.ts';
import { agentActor } from './actor.ts';
import { grantView, type GrantView } from './access.presenter.ts';
import type { GrantRecord } from './access.records.ts';
import { hashSecret } from './secrets.ts';

/** `last_used_at` is noted at most once a minute, so a busy agent does not write on every request. */
const TOUCH_EVERY_MS = 60_000;

/** What a resolved token is built from: a change to either table makes every kept resolution stale. */
const TOKEN_TABLES = ['grants', 'principals'];
/** Resolved tokens kept per process (by the token's hash), at most. */
const MAX_KEPT_TOKENS = 10_000;

interface KeptToken {
  stamp: string;
  actor: Actor;
  grant: GrantRecord;
}

/**
 * Bearer tokens and the grants behind them. With `changes`, a resolved token is reused until any
 * process commits a change to grants or principals (a revocation, a rename, the once-a-minute
 * `last_used_at`), until the grant expires, or until a minute has passed (its next touch); without
 * it, or while changes cannot be followed, every request looks the token up again. A revocation
 * made here is dropped at once; one made by another process is heard a moment after it commits
 * (docs/scaling.md, "Answer cache").
 */
export const createGrantsService = ({ repo, clock, changes }: Pick<AccessDeps, 'repo' | 'clock' | 'changes'>) => {
  const kept = new Map<string, KeptToken>();
  const forget = (grantId: string) => {
    for (const [hash, entry] of kept) if (entry.grant.id === grantId) kept.delete(hash);
  };
  /**
   * The grant each actor was resolved from, as read with the token (and touched). Keyed by the actor
   * object (one per resolution, reused while the resolution is kept): `current` answers from it
   * without reading the grant again.
   */
  const grantOfActor = new WeakMap<Actor, GrantRecord>();

  return {
    /** The actor behind a bearer token; null when it is unknown, expired or revoked. */
    resolveToken: async (token: string): Promise<Actor | null> => {
      const now = clock.now();
      const tokenHash = hashSecret(token);
      const stamp = changes?.heard(TOKEN_TABLES) ?? null;
      const hit = kept.get(tokenHash);
      if (hit) {
        const fresh = stamp !== null && hit.stamp === stamp && hit.grant.expiresAt > now && hit.grant.lastUsedAt!.getTime() >= now.getTime() - TOUCH_EVERY_MS;
        if (fresh) return hit.actor;
        kept.delete(tokenHash);
      }
      const found = await repo.findLiveGrantByTokenHash(tokenHash, now);
      if (!found) return null;
      let grant = found.grant;
      // The row just read says when the grant was last noted: skip the UPDATE when that was within the minute.
      if (!grant.lastUsedAt || grant.lastUsedAt.getTime() < now.getTime() - TOUCH_EVERY_MS) {
        await repo.touchGrant(grant.id, now);
        grant = { ...grant, lastUsedAt: now };
      }
      const actor = agentActor(found.principal, grant);
      grantOfActor.set(actor, grant);
      // Kept only if nothing changed while it was read; a touch just written changes the stamp, so
      // the resolution after a touch is kept by the next request.
      if (stamp !== null && changes?.heard(TOKEN_TABLES) === stamp) {
        if (kept.size >= MAX_KEPT_TOKENS) kept.delete(kept.keys().next().value!);
        kept.set(tokenHash, { stamp, actor, grant });
      }
      return actor;
    },

    /** The grants a principal gave, newest first, for the website's list. */
    list: async (actor: Actor): Promise<GrantView[]> => {
      const now = clock.now();
      return (await repo.listGrants(actor.principalId)).map((grant) => grantView(grant, now));
    },

    /** Which of `ids` are live grants (not revoked, not expired) of the principal: for limiting a record to chosen agents. */
    liveGrantIdsOf: async (principalId: string, ids: string[]): Promise<string[]> => {
      const now = clock.now();
      const wanted = new Set(ids);
      return (await repo.listGrants(principalId)).filter((g) => wanted.has(g.id) && !g.revokedAt && g.expiresAt > now).map((g) => g.id);
    },
    /** The calling agent's own grant (for `/api/v1/me`): the one read with the token, else read again. */
    current: async (actor: Actor): Promise<GrantView | null> => {
      if (!actor.grantId) return null;
      const resolved = grantOfActor.get(actor);
      const grant = resolved?.id === actor.grantId ? resolved : await repo.findGrant(actor.grantId);
      return grant ? grantView(grant, clock.now()) : null;
    },

    /** A principal revokes one of their grants; someone else's grant is `not_found`. */
    revoke: async (actor: Actor, grantId: string): Promise<GrantView> => {
      const grant = await repo.revokeGrant(grantId, actor.principalId, clock.now());
      if (!grant) throw notFound('grant');
      forget(grant.id);
      return grantView(grant, clock.now());
    },

    /** `DELETE /api/v1/agent/grant`: an agent gives up its own access. */
    revokeOwn: async (actor: Actor): Promise<GrantView> => {
      if (!actor.grantId) {
        throw accessError('invalid_state', 'A website session has no grant to give up; sign out instead.');
      }
      const grant = await repo.revokeGrant(actor.grantId, actor.principalId, clock.now());
      if (!grant) throw notFound('grant');
      forget(grant.id);
      return grantView(grant, clock.now());
    },
  };
};

export type GrantsService = ReturnType<typeof createGrantsService>;
