import { DAY_MS, notFound, parseInput, requireHuman, type Actor } from '@svc/kernel';
import type { AccessDeps } from './access.deps.ts';
import { accessErrors } from './access.errors.ts';
import { agentActor } from './actor.ts';
import { grantView, type GrantView } from './access.presenter.ts';
import type { GrantRecord } from './access.records.ts';
import type { TokenAlongside } from './access.repository.ts';
import type { OAuthRepository } from './oauth.repository.ts';
import type { Scope } from './scopes.ts';
import { narrowScopesSchema } from './access.schemas.ts';
import { hashSecret } from './secrets.ts';

/** `last_used_at` is noted at most once a minute, so a busy agent does not write on every request. */
const TOUCH_EVERY_MS = 60_000;

/**
 * How long an ended grant (revoked or expired) stays on the person's list. Grants are kept (records
 * and the directory's agent limits name them); the list leaves older ones out so that it stays short.
 */
export const ENDED_GRANTS_SHOWN_DAYS = 90;

/** When a grant stopped working: its revocation, or its expiry if that came first. */
const endOf = (grant: GrantRecord): Date => (grant.revokedAt && grant.revokedAt < grant.expiresAt ? grant.revokedAt : grant.expiresAt);

/** Bearer tokens and the grants behind them. Every request looks the token up again: no cache outlives a revocation. */
export interface GrantsService {
  /** The actor behind a bearer token; null when it is unknown, expired or revoked. */
  resolveToken(token: string): Promise<Actor | null>;
  /**
   * `resolveToken`, reading `alongside` (another domain's columns for the token's principal) in
   * the same statement: a request that needs both costs one round trip.
   */
  resolveTokenWith<T>(token: string, alongside?: TokenAlongside<T>): Promise<{ actor: Actor; alongside: T | undefined } | null>;
  /**
   * The grants a principal gave, for the website's list: the live ones, newest first, then those
   * that ended within `ENDED_GRANTS_SHOWN_DAYS`, the latest to end first.
   */
  list(actor: Actor): Promise<GrantView[]>;
  /** One of the principal's grants, live or ended, as the list shows it; someone else's is `not_found`. */
  getOwn(actor: Actor, grantId: string): Promise<GrantView>;
  /** Which of `ids` are live grants (not revoked, not expired) of the principal: for limiting a record to chosen agents. */
  liveGrantIdsOf(principalId: string, ids: string[]): Promise<string[]>;
  /** The calling agent's own grant (for `/api/v1/me`): the one read with the token, else read again. */
  current(actor: Actor): Promise<GrantView | null>;
  /**
   * The person takes scopes away from one of their live grants (`{scopes}`: those it keeps, at least
   * one, all held now); the agent's next request has only those. Someone else's grant is `not_found`;
   * an agent never may, not even for its own grant.
   */
  narrow(actor: Actor, grantId: string, input: unknown): Promise<GrantView>;
  /** A principal revokes one of their grants; someone else's grant is `not_found`. */
  revoke(actor: Actor, grantId: string): Promise<GrantView>;
  /**
   * The person revokes every live grant of theirs in one step (an agent never can), and with them
   * every approval no agent has collected yet (a device code, an OAuth code), so that nobody who
   * approved one with the person's password gets a token afterwards; answers how many of all three.
   */
  revokeAll(actor: Actor): Promise<{ grants_revoked: number }>;
  /** `DELETE /api/v1/agent/grant`: an agent gives up its own access. */
  revokeOwn(actor: Actor): Promise<GrantView>;
}

export const createGrantsService = ({
  repo,
  oauthRepo,
  clock,
  transaction,
}: Pick<AccessDeps, 'repo' | 'clock' | 'transaction'> & { oauthRepo: Pick<OAuthRepository, 'spendCodesOf'> }): GrantsService => {
  /**
   * The grant each actor was resolved from, as read with the token (and touched). Keyed by the actor
   * object, which lives for one request: `current` answers from it without reading the grant again.
   * Nothing here outlives the request, so a revocation still takes effect on the next one.
   */
  const grantOfActor = new WeakMap<Actor, GrantRecord>();

  const resolve = async <T = undefined>(token: string, alongside?: TokenAlongside<T>) => {
    const now = clock.now();
    const found = await repo.findLiveGrantByTokenHash(hashSecret(token), now, alongside);
    if (!found) return null;
    let grant = found.grant;
    // The row just read says when the grant was last noted: skip the UPDATE when that was within the minute.
    if (!grant.lastUsedAt || grant.lastUsedAt.getTime() < now.getTime() - TOUCH_EVERY_MS) {
      await repo.touchGrant(grant.id, now);
      grant = { ...grant, lastUsedAt: now };
    }
    const actor = agentActor(found.principal, grant);
    grantOfActor.set(actor, grant);
    return { actor, alongside: found.alongside as T | undefined };
  };

  return {
    resolveToken: async (token: string): Promise<Actor | null> => (await resolve(token))?.actor ?? null,

    resolveTokenWith: <T>(token: string, alongside?: TokenAlongside<T>) => resolve(token, alongside),

    list: async (actor: Actor): Promise<GrantView[]> => {
      const now = clock.now();
      const grants = await repo.listGrants(actor.principalId, new Date(now.getTime() - ENDED_GRANTS_SHOWN_DAYS * DAY_MS));
      const live = grants.filter((grant) => endOf(grant) > now);
      const ended = grants.filter((grant) => endOf(grant) <= now).sort((a, b) => endOf(b).getTime() - endOf(a).getTime());
      return [...live, ...ended].map((grant) => grantView(grant, now));
    },

    getOwn: async (actor: Actor, grantId: string): Promise<GrantView> => {
      const grant = await repo.findGrant(grantId);
      if (!grant || grant.principalId !== actor.principalId) throw notFound('grant');
      return grantView(grant, clock.now());
    },

    liveGrantIdsOf: async (principalId: string, ids: string[]): Promise<string[]> => {
      const now = clock.now();
      const wanted = new Set(ids);
      // Those that end after now: the live ones.
      return (await repo.listGrants(principalId, now)).filter((g) => wanted.has(g.id)).map((g) => g.id);
    },
    current: async (actor: Actor): Promise<GrantView | null> => {
      if (!actor.grantId) return null;
      const resolved = grantOfActor.get(actor);
      const grant = resolved?.id === actor.grantId ? resolved : await repo.findGrant(actor.grantId);
      return grant ? grantView(grant, clock.now()) : null;
    },

    narrow: async (actor: Actor, grantId: string, input: unknown): Promise<GrantView> => {
      requireHuman(actor);
      const { scopes: asked } = parseInput(narrowScopesSchema, input);
      const now = clock.now();
      /** The scopes the grant keeps, in its own order; refused when it is not the person's, has ended, or would widen. */
      const keptOf = (grant: GrantRecord | null): Scope[] => {
        if (!grant || grant.principalId !== actor.principalId) throw notFound('grant');
        const { status } = grantView(grant, now);
        if (status !== 'active') throw accessErrors.grantEnded(status);
        const widened = asked.flatMap((scope, index) => (grant.scopes.includes(scope) ? [] : [{ index, scope }]));
        if (widened.length > 0) throw accessErrors.scopesWidened(widened);
        if (asked.length === 0) throw accessErrors.noScopeKept();
        return grant.scopes.filter((scope) => asked.includes(scope));
      };
      const narrowed = await repo.narrowGrant(grantId, actor.principalId, keptOf(await repo.findGrant(grantId)), now);
      if (narrowed) return grantView(narrowed, now);
      // Revoked or narrowed further since it was read: the grant as it is now says why (one that
      // passes again changed twice meanwhile, and is answered as gone rather than changed blindly).
      keptOf(await repo.findGrant(grantId));
      throw notFound('grant');
    },

    revoke: async (actor: Actor, grantId: string): Promise<GrantView> => {
      const grant = await repo.revokeGrant(grantId, actor.principalId, clock.now());
      if (!grant) throw notFound('grant');
      return grantView(grant, clock.now());
    },

    revokeAll: async (actor: Actor): Promise<{ grants_revoked: number }> => {
      requireHuman(actor);
      const now = clock.now();
      // Codes before grants, in one transaction: an exchange under way either waits and finds its code
      // spent, or has committed its grant, which the grants' update then sees (access.repository.ts).
      return transaction(async () => {
        const codes = await oauthRepo.spendCodesOf(actor.principalId, now);
        return { grants_revoked: codes + (await repo.revokeAllGrants(actor.principalId, now)) };
      });
    },

    revokeOwn: async (actor: Actor): Promise<GrantView> => {
      if (!actor.grantId) {
        throw accessErrors.sessionHasNoGrant();
      }
      const grant = await repo.revokeGrant(actor.grantId, actor.principalId, clock.now());
      if (!grant) throw notFound('grant');
      return grantView(grant, clock.now());
    },
  };
};
