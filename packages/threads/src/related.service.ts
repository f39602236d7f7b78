import { parseInput, type Actor } from '@svc/kernel';
import { threadErrors } from './threads.errors.ts';
import { inviteStatus, presentInvitation, snapshotTitle } from './threads.presenter.ts';
import { breaksLine, inviteRelatedSchema, LIMITS, recordLinkSchema, startWithSchema, type InviteJson, type LinkKind, type RelatedPersonJson, type StartedThreadJson } from './threads.schemas.ts';
import type { ThreadsDeps } from './threads.deps.ts';
import type { InvitationRow, ThreadRecord } from './threads.records.ts';
import type { ThreadContext } from './thread.context.ts';
import type { ThreadLifecycleService } from './threads.service.ts';
import type { InvitesService } from './invites.service.ts';

/**
 * Threads between the people a job or an offer connects, for the website: the poster opens one with
 * a responder (or a reader with the poster or provider) in one step, and the owner invites by
 * choosing among those people, so nobody types an identifier.
 *
 * @example
 * ```ts
 * const { thread, created } = await threads.startWith(poster, { link: { kind: 'job', id: job.id }, with_principal_id: responderId });
 * const people = await threads.relatedPeople(poster, thread.id);
 * ```
 */
export interface RelatedService {
  /**
   * Website: the actor's private thread with one person about a record. The person must be one the
   * record connects the actor with (`links.related`), otherwise `not_found`. When the two already
   * share a thread linking the record (see `docs/threads.md`), that thread is answered, with a new
   * invitation only if the actor owns it, it is open and the person is neither in it nor invited.
   * When instead an invitation waits for the actor to a thread linking the record that the person
   * takes part in, that invitation is answered (joining it is the way to the thread with them).
   * Otherwise a thread titled after the record is created, linking it, with a named invitation.
   */
  startWith(actor: Actor, input: unknown): Promise<StartedThreadJson>;
  /**
   * Website: for each person the actor shares a thread with about this record, that thread's id, so a
   * page offers "Open your thread with …" instead of "Start". Shared as `startWith` finds it, but only
   * while the person takes part in it or holds a pending invitation: for anyone who left, was
   * removed, or whose invitation was revoked or expired, "Start" invites them again.
   */
  sharedThreads(actor: Actor, link: unknown): Promise<Record<string, string>>;
  /**
   * Website, owner only: the people the thread's linked record connects the owner with, who are not
   * in the thread yet, each marked when an invitation already waits for them. Empty without a link.
   */
  relatedPeople(actor: Actor, threadId: string): Promise<RelatedPersonJson[]>;
  /** Website, owner only: a named invitation for one of `relatedPeople`; anyone else is `validation_failed`. */
  inviteRelated(actor: Actor, threadId: string, input: unknown): Promise<InviteJson>;
}

/** The record's title as a thread title: one line, at most the title limit. */
const titleOf = (snapshot: object, kind: LinkKind): string => {
  const raw = snapshotTitle(snapshot);
  // Control characters and line breaks become spaces: a thread title is one line.
  const line = [...raw].map((char) => (breaksLine(char) ? ' ' : char)).join('').replace(/ {2,}/g, ' ').trim();
  return [...line].slice(0, LIMITS.title).join('').trim() || (kind === 'job' ? 'A job' : 'An offer');
};

export const createRelatedService = (
  { repo, clock, links, transaction }: Pick<ThreadsDeps, 'repo' | 'clock' | 'links' | 'transaction'>,
  context: ThreadContext,
  { create, createInvite }: Pick<ThreadLifecycleService, 'create'> & Pick<InvitesService, 'createInvite'>,
): RelatedService => {
  const { known, names, readable, requireOwner, view } = context;

  const hasPendingInvite = async (threadId: string, principalId: string): Promise<boolean> => {
    const now = clock.now();
    return (await repo.listInvites(threadId)).some((invite) => invite.inviteePrincipalId === principalId && inviteStatus(invite, now) === 'pending');
  };

  /**
   * The threads the actor shares about this record, by the other person: for each, the most recently
   * changed thread linking the record that both take part in, or that the actor owns and holds an
   * invitation named for them. `startWith` counts any invitation ever made (`everInvited`), so a
   * click after the person left, or after their invitation was revoked or expired, invites them
   * again into the same thread; a page counts only a pending one, since "your private thread with"
   * someone who is no longer in it and not invited would hide the way to invite them again. A
   * principal takes part in at most `LIMITS.threadsPerPrincipal` threads, so one page holds them all.
   */
  const sharedAbout = async (actor: Actor, link: { kind: LinkKind; id: string }, { everInvited }: { everInvited: boolean }): Promise<Map<string, ThreadRecord>> => {
    const shared = new Map<string, ThreadRecord>();
    const now = clock.now();
    const { rows } = await repo.listForParticipant(actor.principalId, undefined, { limit: LIMITS.threadsPerPrincipal, offset: 0 });
    for (const { thread } of rows) {
      if (thread.linked?.kind !== link.kind || thread.linked.id !== link.id) continue;
      const people = (await repo.readContents(thread.id))?.participants.map((participant) => participant.principalId) ?? [];
      const invites = thread.ownerId === actor.principalId ? await repo.listInvites(thread.id) : [];
      const invited = invites.filter((invite) => everInvited || inviteStatus(invite, now) === 'pending').map((invite) => invite.inviteePrincipalId);
      for (const id of [...people, ...invited]) if (id !== null && id !== actor.principalId && !shared.has(id)) shared.set(id, thread);
    }
    return shared;
  };

  /**
   * An invitation waiting for the actor to a thread about this record that `other` takes part in:
   * the actor was invited before pressing "Start", so a second thread would split the two.
   */
  const waitingFrom = async (actor: Actor, link: { kind: LinkKind; id: string }, other: string): Promise<InvitationRow | null> => {
    const page = LIMITS.threadsPerPrincipal;
    for (let offset = 0; ; offset += page) {
      const { rows, total } = await repo.listInvitationsFor(actor.principalId, clock.now(), { limit: page, offset });
      for (const row of rows) {
        const thread = await repo.findThread(row.invite.threadId);
        if (thread?.linked?.kind === link.kind && thread.linked.id === link.id && (await repo.findParticipant(thread.id, other))) return row;
      }
      if (rows.length === 0 || offset + rows.length >= total) return null;
    }
  };

  const relatedPeople = async (actor: Actor, threadId: string): Promise<RelatedPersonJson[]> => {
    const thread = await readable(actor, threadId);
    requireOwner(actor, thread, 'invite people');
    if (!thread.linked) return [];
    const candidates = [...new Set(await links.related(thread.linked.kind, thread.linked.id, actor))].filter((id) => id !== actor.principalId);
    const outside: string[] = [];
    for (const id of candidates) if (!(await repo.findParticipant(thread.id, id))) outside.push(id);
    if (outside.length === 0) return [];
    const found = await known(outside);
    const now = clock.now();
    const waiting = new Set(
      (await repo.listInvites(thread.id)).filter((invite) => inviteStatus(invite, now) === 'pending').map((invite) => invite.inviteePrincipalId),
    );
    return outside.flatMap((id) => {
      const person = found.get(id);
      return person ? [{ principal_id: person.principal_id, display_name: person.display_name, invited: waiting.has(id) }] : [];
    });
  };

  return {
    startWith: (actor, input) =>
      transaction(async () => {
        const { link, with_principal_id: other } = parseInput(startWithSchema, input);
        const related = other === actor.principalId ? [] : await links.related(link.kind, link.id, actor);
        const person = related.includes(other) ? (await known([other])).get(other) : undefined;
        if (!person) throw threadErrors.notRelated();
        const withPerson = { principal_id: person.principal_id, display_name: person.display_name };
        // A second click, and the other person's click at the same moment, wait here for the first,
        // then find the thread (or the invitation) it made. Both locks, always in one order.
        for (const id of [actor.principalId, other].sort()) await repo.lockPrincipal(id);
        const existing = (await sharedAbout(actor, link, { everInvited: true })).get(other);
        if (existing) {
          const invite =
            existing.ownerId === actor.principalId &&
            existing.status === 'open' &&
            !(await repo.findParticipant(existing.id, other)) &&
            !(await hasPendingInvite(existing.id, other));
          if (invite) await createInvite(actor, existing.id, { invitee_principal_id: other });
          return { thread: await view(actor, existing.id), created: false, with: withPerson, invited: invite };
        }
        const waiting = await waitingFrom(actor, link, other);
        if (waiting) return { invitation: presentInvitation(waiting, await names([waiting.threadOwnerId])), with: withPerson };
        const snapshot = await links.snapshot(link.kind, link.id, actor);
        if (snapshot === null) throw threadErrors.notRelated();
        const thread = await create(actor, { title: titleOf(snapshot, link.kind), link });
        await createInvite(actor, thread.id, { invitee_principal_id: other });
        return { thread: await view(actor, thread.id), created: true, with: withPerson, invited: true };
      }),

    sharedThreads: async (actor, input) => {
      const shared = await sharedAbout(actor, parseInput(recordLinkSchema, input), { everInvited: false });
      return Object.fromEntries([...shared].map(([id, thread]) => [id, thread.id]));
    },

    relatedPeople,

    inviteRelated: async (actor, threadId, input) => {
      // Participation first, as for every method naming a thread; then the input.
      await readable(actor, threadId);
      const { invitee_principal_id: invitee } = parseInput(inviteRelatedSchema, input);
      const chosen = (await relatedPeople(actor, threadId)).find((person) => person.principal_id === invitee);
      if (!chosen) throw threadErrors.unrelatedInvitee();
      if (chosen.invited) throw threadErrors.alreadyInvited();
      return createInvite(actor, threadId, { invitee_principal_id: invitee });
    },
  };
};
