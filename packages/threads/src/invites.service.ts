import { randomBytes } from 'node:crypto';
import { sha256 } from '@svc/db';
import { DAY_MS, parseInput, requireHuman, toIso, type Actor } from '@svc/kernel';
import { threadErrors } from './threads.errors.ts';
import { inviteStatus, presentInvitation, presentInvite } from './threads.presenter.ts';
import { inviteCreateSchema, invitationListQuerySchema, LIMITS, type InvitationListJson, type InviteJson, type InvitePreviewJson, type ThreadJson } from './threads.schemas.ts';
import type { ThreadsDeps } from './threads.deps.ts';
import type { InviteRecord } from './threads.records.ts';
import { isId, type ThreadContext } from './thread.context.ts';

/** 32 random bytes, base64url: what a one-time invitation link carries. */
const newInviteToken = (): string => randomBytes(32).toString('base64url');
const isToken = (value: unknown): value is string => typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value);

/**
 * Invitations. The owner creates a one-time link (optionally for one named principal) and may revoke
 * it; it expires after 7 days. Nothing is sent: the link is shared by hand, and an invitation for a
 * named principal also waits on their Threads page. Accepting is for the signed-in person only.
 *
 * @example
 * ```ts
 * const invite = await threads.createInvite(owner, thread.id, { invitee_principal_id: 'prn_…' });
 * // invite.token and invite.url are shown once; only the token's SHA-256 is stored.
 * const joined = await threads.acceptInvite(invitee, invite.token!);
 * ```
 */
export interface InvitesService {
  /**
   * `POST /api/v1/threads/{id}/invites`: owner only. `{invitee_principal_id?}`; answers the
   * invitation with its `token` and `url`, which are never shown again.
   */
  createInvite(actor: Actor, threadId: string, input: unknown): Promise<InviteJson>;
  /** `DELETE /api/v1/threads/{id}/invites/{inviteId}`: owner only; repeating it is harmless. */
  revokeInvite(actor: Actor, threadId: string, inviteId: string): Promise<InviteJson>;
  /** `GET /api/v1/threads/invitations`: pending invitations addressed to the actor (`limit`, `offset`). */
  invitations(actor: Actor, query?: unknown): Promise<InvitationListJson>;
  /**
   * Website only: what the landing page of a one-time link says before it is used (the thread's
   * title, its owner and who invited): only for a pending invitation the actor may use
   * (`invite_not_found`, `invite_unavailable`, `not_for_you` as accepting would answer).
   */
  previewInvite(actor: Actor, token: string): Promise<InvitePreviewJson>;
  /** Website only: joins the thread with a one-time link's token; answers the thread. */
  acceptInvite(actor: Actor, token: string): Promise<ThreadJson>;
  /** Website only: joins with an invitation addressed to the actor, from their Threads page. */
  acceptInvitation(actor: Actor, inviteId: string): Promise<ThreadJson>;
}

export const createInvitesService = (
  { repo, clock, ids, transaction }: Pick<ThreadsDeps, 'repo' | 'clock' | 'ids' | 'transaction'>,
  context: ThreadContext,
): InvitesService => {
  const { change, requireOwner, requireOpen, view, known, names, origin } = context;

  /**
   * Joins the invitation's thread. The thread row is locked first and the invitation row second,
   * the order every change takes, so an accept never deadlocks with a revoke.
   */
  const accept = (actor: Actor, found: InviteRecord): Promise<ThreadJson> =>
    transaction(async () => {
      const thread = await repo.lockThread(found.threadId);
      const invite = await repo.lockInvite(found.id);
      if (!thread || !invite) throw threadErrors.inviteNotFound();
      const now = clock.now();
      const status = inviteStatus(invite, now);
      if (status !== 'pending') throw threadErrors.inviteUnavailable(status);
      if (invite.inviteePrincipalId !== null && invite.inviteePrincipalId !== actor.principalId) throw threadErrors.notForYou();
      if (await repo.findParticipant(thread.id, actor.principalId)) throw threadErrors.alreadyParticipant();
      requireOpen(thread);
      if ((await repo.counts(thread.id)).participants >= LIMITS.participantsPerThread) {
        throw threadErrors.limitReached('participants', LIMITS.participantsPerThread);
      }
      await repo.lockPrincipal(actor.principalId);
      if ((await repo.countThreadsOf(actor.principalId)) >= LIMITS.threadsPerPrincipal) {
        throw threadErrors.limitReached('threads', LIMITS.threadsPerPrincipal);
      }
      await repo.insertParticipant({ threadId: thread.id, principalId: actor.principalId, joinedAt: now });
      await repo.closeInvite(invite.id, 'accepted', actor.principalId, now);
      await repo.updateThread(thread.id, { updatedAt: now });
      return view(actor, thread.id);
    });

  return {
    createInvite: (actor, threadId, input) =>
      change(actor, threadId, async (thread) => {
        const { invitee_principal_id: invitee } = parseInput(inviteCreateSchema, input);
        requireOwner(actor, thread, 'invite people');
        requireOpen(thread);
        if (invitee !== null) {
          if (!(await known([invitee])).has(invitee)) throw threadErrors.unknownInvitee();
          if (await repo.findParticipant(thread.id, invitee)) throw threadErrors.alreadyParticipant();
        }
        if ((await repo.counts(thread.id)).participants >= LIMITS.participantsPerThread) {
          throw threadErrors.limitReached('participants', LIMITS.participantsPerThread);
        }
        const now = clock.now();
        const token = newInviteToken();
        const invite: InviteRecord = {
          id: ids('tin'),
          threadId: thread.id,
          tokenHash: sha256(token),
          inviteePrincipalId: invitee,
          createdBy: actor.principalId,
          status: 'pending',
          createdAt: now,
          expiresAt: new Date(now.getTime() + LIMITS.inviteLifetimeDays * DAY_MS),
          acceptedBy: null,
          closedAt: null,
        };
        await repo.insertInvite(invite);
        return presentInvite(invite, now, origin, token);
      }),

    revokeInvite: (actor, threadId, inviteId) =>
      change(actor, threadId, async (thread) => {
        requireOwner(actor, thread, 'revoke invitations');
        requireOpen(thread);
        const invite = isId(inviteId) ? await repo.findInvite(thread.id, inviteId) : null;
        if (!invite) throw threadErrors.inviteNotFound();
        const now = clock.now();
        const status = inviteStatus(invite, now);
        if (status === 'revoked') return presentInvite(invite, now, origin);
        if (status !== 'pending') throw threadErrors.inviteUnavailable(status);
        return presentInvite(await repo.closeInvite(invite.id, 'revoked', null, now), now, origin);
      }),

    invitations: async (actor, query) => {
      const { limit, offset } = parseInput(invitationListQuerySchema, query ?? {});
      const { rows, total } = await repo.listInvitationsFor(actor.principalId, clock.now(), { limit, offset });
      const name = await names(rows.map((row) => row.threadOwnerId));
      return { invitations: rows.map((row) => presentInvitation(row, name)), total, limit, offset };
    },

    previewInvite: async (actor, token) => {
      requireHuman(actor);
      const invite = isToken(token) ? await repo.findInviteByTokenHash(sha256(token)) : null;
      const thread = invite ? await repo.findThread(invite.threadId) : null;
      if (!invite || !thread) throw threadErrors.inviteNotFound();
      const status = inviteStatus(invite, clock.now());
      if (status !== 'pending') throw threadErrors.inviteUnavailable(status);
      if (invite.inviteePrincipalId !== null && invite.inviteePrincipalId !== actor.principalId) throw threadErrors.notForYou();
      const name = await names([thread.ownerId, invite.createdBy]);
      const person = (id: string) => ({ principal_id: name(id).principal_id, display_name: name(id).display_name });
      return {
        id: invite.id,
        thread: { id: thread.id, title: thread.title, owner: person(thread.ownerId) },
        invited_by: person(invite.createdBy),
        expires_at: toIso(invite.expiresAt),
      };
    },

    acceptInvite: async (actor, token) => {
      requireHuman(actor);
      const invite = isToken(token) ? await repo.findInviteByTokenHash(sha256(token)) : null;
      if (!invite) throw threadErrors.inviteNotFound();
      return accept(actor, invite);
    },

    acceptInvitation: async (actor, inviteId) => {
      requireHuman(actor);
      const invite = isId(inviteId) ? await repo.findInviteFor(inviteId, actor.principalId) : null;
      if (!invite) throw threadErrors.inviteNotFound();
      return accept(actor, invite);
    },
  };
};
