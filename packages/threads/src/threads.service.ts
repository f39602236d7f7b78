import { parseInput, type Actor } from '@svc/kernel';
import { threadErrors } from './threads.errors.ts';
import { presentExport, presentListItem, renderMarkdown } from './threads.presenter.ts';
import {
  exportQuerySchema,
  LIMITS,
  parseThreadPatch,
  threadCreateSchema,
  threadListQuerySchema,
  type DeletedThreadJson,
  type LeftThreadJson,
  type ThreadExport,
  type ThreadJson,
  type ThreadListJson,
} from './threads.schemas.ts';
import type { ThreadsDeps } from './threads.deps.ts';
import type { ThreadRecord } from './threads.records.ts';
import { isId, type ThreadContext } from './thread.context.ts';
import { nextThreadStatus, type ThreadAction } from './threads.state.ts';

/**
 * Threads themselves: create, list, read, export, edit, archive and reopen, and the website-only
 * actions on people (remove a participant, leave, delete). Every method takes the calling `Actor`
 * and raw input; anyone who is not a current participant gets `not_found` from every method.
 *
 * @example
 * ```ts
 * const thread = await threads.create(actor, { title: 'Garden party', link: { kind: 'job', id: job.id } });
 * const edited = await threads.update(actor, thread.id, { summary: 'Date fixed.', expected_version: thread.summary_version });
 * const { body } = await threads.export(actor, thread.id, 'md');
 * ```
 */
export interface ThreadLifecycleService {
  /**
   * `POST /api/v1/threads`: the actor becomes owner and first participant. A `link` stores a snapshot
   * of the job or offer as the actor may read it now (`validation_failed` on `link.id` when they may
   * not). Runs in one transaction, so an idempotent create joins it. `limit_reached` past 100 threads.
   */
  create(actor: Actor, input: unknown): Promise<ThreadJson>;
  /** `GET /api/v1/threads`: threads the actor takes part in, most recently changed first (`status`, `limit`, `offset`). */
  list(actor: Actor, query: unknown): Promise<ThreadListJson>;
  /** `GET /api/v1/threads/{id}`: the full thread; invitations only for its owner. */
  get(actor: Actor, threadId: string): Promise<ThreadJson>;
  /** `GET /api/v1/threads/{id}/export?format=md|json`: also for archived threads; deterministic. */
  export(actor: Actor, threadId: string, format: unknown): Promise<ThreadExport>;
  /**
   * `PATCH /api/v1/threads/{id}`: `summary` (any participant) needs `expected_version`, the current
   * `summary_version` (428 / 409 `version_conflict` with `current`); `title` only by the owner.
   */
  update(actor: Actor, threadId: string, input: unknown): Promise<ThreadJson>;
  /** `POST /api/v1/threads/{id}/archive`: owner only; the thread becomes read-only. */
  archive(actor: Actor, threadId: string): Promise<ThreadJson>;
  /** `POST /api/v1/threads/{id}/reopen`: owner only. */
  reopen(actor: Actor, threadId: string): Promise<ThreadJson>;
  /** Website only: the owner removes someone (`not_participant` when they are not in the thread). */
  removeParticipant(actor: Actor, threadId: string, principalId: string): Promise<ThreadJson>;
  /** Website only: the actor leaves (the owner cannot: `invalid_state`). Allowed on archived threads. */
  leave(actor: Actor, threadId: string): Promise<LeftThreadJson>;
  /** Website only: the owner deletes the thread, only while nobody else has contributed (`has_contributions`). */
  deleteThread(actor: Actor, threadId: string): Promise<DeletedThreadJson>;
  /**
   * Website only: whether `deleteThread` would delete it now (the actor owns it, it is open and
   * nobody else has contributed), asked before the page offers it. `not_found` as `get`.
   */
  deletable(actor: Actor, threadId: string): Promise<boolean>;
}

export const createThreadLifecycleService = (
  { repo, clock, ids, links, transaction }: Pick<ThreadsDeps, 'repo' | 'clock' | 'ids' | 'links' | 'transaction'>,
  context: ThreadContext,
): ThreadLifecycleService => {
  const { change, readable, requireOwner, requireOpen, touch, view, names, namesIn, origin } = context;

  const setStatus = (actor: Actor, threadId: string, action: ThreadAction) =>
    change(actor, threadId, async (thread) => {
      requireOwner(actor, thread, `${action} it`);
      const status = nextThreadStatus(thread.status, action);
      await repo.updateThread(thread.id, { status, updatedAt: clock.now() });
      return view(actor, thread.id);
    });

  return {
    create: (actor, input) =>
      transaction(async () => {
        const { title, summary, link } = parseInput(threadCreateSchema, input);
        const now = clock.now();
        let linked: ThreadRecord['linked'] = null;
        if (link) {
          const snapshot = await links.snapshot(link.kind, link.id, actor);
          if (snapshot === null) throw threadErrors.linkNotReadable();
          linked = { kind: link.kind, id: link.id, snapshot, takenAt: now };
        }
        await repo.lockPrincipal(actor.principalId);
        if ((await repo.countThreadsOf(actor.principalId)) >= LIMITS.threadsPerPrincipal) {
          throw threadErrors.limitReached('threads', LIMITS.threadsPerPrincipal);
        }
        const thread: ThreadRecord = {
          id: ids('thr'),
          title,
          summary,
          summaryVersion: 1,
          status: 'open',
          ownerId: actor.principalId,
          summaryEditedByOthers: false,
          checklistEditedByOthers: false,
          linked,
          createdAt: now,
          updatedAt: now,
        };
        await repo.insertThread(thread);
        return view(actor, thread.id);
      }),

    list: async (actor, query) => {
      const { status, limit, offset } = parseInput(threadListQuerySchema, query ?? {});
      const { rows, total } = await repo.listForParticipant(actor.principalId, status, { limit, offset });
      const name = await names(rows.flatMap((row) => [row.thread.ownerId, ...row.participantIds]));
      return { threads: rows.map((row) => presentListItem(row, name, origin)), total, limit, offset };
    },

    get: async (actor, threadId) => {
      const thread = await readable(actor, threadId);
      return view(actor, thread.id);
    },

    export: async (actor, threadId, format) => {
      const thread = await readable(actor, threadId);
      const { format: chosen } = parseInput(exportQuerySchema, { format });
      const contents = await repo.readContents(thread.id);
      if (!contents) throw threadErrors.notFound();
      const data = presentExport(contents, await namesIn(contents), origin, clock.now());
      return chosen === 'md'
        ? { format: 'md', content_type: 'text/markdown; charset=utf-8', filename: `${thread.id}.md`, body: renderMarkdown(data) }
        : { format: 'json', content_type: 'application/json', filename: `${thread.id}.json`, body: data };
    },

    update: (actor, threadId, input) =>
      change(actor, threadId, async (thread) => {
        const patch = parseThreadPatch(input);
        if (patch.title !== undefined) requireOwner(actor, thread, 'change its title');
        requireOpen(thread);
        // The thread is locked: its version can be compared here, whether or not anything is written.
        if (patch.expectedVersion !== undefined && patch.expectedVersion !== thread.summaryVersion) {
          throw threadErrors.versionConflict(await view(actor, thread.id));
        }
        // A field sent as it already reads is no change: with nothing else, nothing is written (no new
        // summary_version, no updated_at, no contribution that would keep the owner from deleting).
        const title = patch.title === thread.title ? undefined : patch.title;
        const summary = patch.summary === thread.summary ? undefined : patch.summary;
        if (title === undefined && summary === undefined) return view(actor, thread.id);
        const isOwner = thread.ownerId === actor.principalId;
        const updated = await repo.updateThread(
          thread.id,
          {
            ...(title === undefined ? {} : { title }),
            ...(summary === undefined ? {} : { summary }),
            ...(summary !== undefined && !isOwner ? { summaryEditedByOthers: true as const } : {}),
            updatedAt: clock.now(),
          },
          // Only a summary change moves summary_version.
          summary === undefined ? undefined : thread.summaryVersion,
        );
        if (!updated) throw threadErrors.versionConflict(await view(actor, thread.id));
        return view(actor, thread.id);
      }),

    archive: (actor, threadId) => setStatus(actor, threadId, 'archive'),
    reopen: (actor, threadId) => setStatus(actor, threadId, 'reopen'),

    removeParticipant: (actor, threadId, principalId) =>
      change(
        actor,
        threadId,
        async (thread) => {
          requireOwner(actor, thread, 'remove participants');
          requireOpen(thread);
          if (principalId === thread.ownerId) {
            throw threadErrors.invalidState('The owner cannot be removed from their own thread.', { action: 'remove_participant' });
          }
          if (!isId(principalId) || !(await repo.deleteParticipant(thread.id, principalId))) {
            throw threadErrors.notParticipant();
          }
          await touch(thread, clock.now());
          return view(actor, thread.id);
        },
        { humanOnly: true },
      ),

    leave: (actor, threadId) =>
      change(
        actor,
        threadId,
        async (thread) => {
          if (thread.ownerId === actor.principalId) {
            throw threadErrors.invalidState('The owner cannot leave their own thread; archive or delete it instead.', { action: 'leave' });
          }
          if (!(await repo.deleteParticipant(thread.id, actor.principalId))) throw threadErrors.notParticipant();
          await touch(thread, clock.now());
          return { id: thread.id, left: true as const };
        },
        { humanOnly: true },
      ),

    deleteThread: (actor, threadId) =>
      change(
        actor,
        threadId,
        async (thread) => {
          requireOwner(actor, thread, 'delete it');
          requireOpen(thread);
          if (await repo.hasContributionsByOthers(thread)) throw threadErrors.hasContributions();
          await repo.deleteThread(thread.id);
          return { id: thread.id, deleted: true as const };
        },
        { humanOnly: true },
      ),

    deletable: async (actor, threadId) => {
      const thread = await readable(actor, threadId);
      return thread.ownerId === actor.principalId && thread.status === 'open' && !(await repo.hasContributionsByOthers(thread));
    },
  };
};
