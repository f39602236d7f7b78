import { parseInput, type Actor } from '@svc/kernel';
import { threadErrors } from './threads.errors.ts';
import { presentEntry } from './threads.presenter.ts';
import { entryCreateSchema, entryPatchSchema, LIMITS, type EntryJson } from './threads.schemas.ts';
import type { ThreadsDeps } from './threads.deps.ts';
import type { EntryRecord, ThreadRecord } from './threads.records.ts';
import { isId, type ThreadContext } from './thread.context.ts';

/**
 * Entries of a thread: updates, next steps, blockers, deliverables and completions. Any participant
 * writes them; only the author edits or deletes one. A deleted entry stays as a tombstone.
 *
 * @example
 * ```ts
 * const entry = await threads.addEntry(actor, thread.id, { kind: 'blocker', text: 'The hall is booked that day.' });
 * await threads.editEntry(actor, thread.id, entry.id, { text: 'The hall is booked until 3 pm.' });
 * await threads.deleteEntry(actor, thread.id, entry.id);
 * ```
 */
export interface EntriesService {
  /**
   * `POST /api/v1/threads/{id}/entries`: `{kind, text}` (text 1-10,000 characters). Runs in one
   * transaction, so an idempotent create joins it; `limit_reached` past 500 entries.
   */
  addEntry(actor: Actor, threadId: string, input: unknown): Promise<EntryJson>;
  /** `PATCH …/entries/{entryId}`: `{kind?, text?}`, author only (`not_author`); a deleted entry is `deleted`. */
  editEntry(actor: Actor, threadId: string, entryId: string, input: unknown): Promise<EntryJson>;
  /** `DELETE …/entries/{entryId}`: author only; clears the text and keeps id, author and times. */
  deleteEntry(actor: Actor, threadId: string, entryId: string): Promise<EntryJson>;
}

export const createEntriesService = (
  { repo, clock, ids }: Pick<ThreadsDeps, 'repo' | 'clock' | 'ids'>,
  context: ThreadContext,
): EntriesService => {
  const { change, requireOpen, touch, names } = context;

  const present = async (entry: EntryRecord): Promise<EntryJson> => presentEntry(entry, await names([entry.authorId]));

  /** The author's own, still present entry. */
  const ownEntry = async (actor: Actor, thread: ThreadRecord, entryId: unknown): Promise<EntryRecord> => {
    const entry = isId(entryId) ? await repo.findEntry(thread.id, entryId) : null;
    if (!entry) throw threadErrors.entryNotFound();
    if (entry.authorId !== actor.principalId) throw threadErrors.notAuthor('entry');
    if (entry.deletedAt !== null) throw threadErrors.deleted();
    return entry;
  };

  return {
    addEntry: (actor, threadId, input) =>
      change(actor, threadId, async (thread) => {
        const { kind, text } = parseInput(entryCreateSchema, input);
        requireOpen(thread);
        // The thread row is locked, so two adds at 499 entries cannot both pass this count.
        if ((await repo.counts(thread.id)).entries >= LIMITS.entriesPerThread) {
          throw threadErrors.limitReached('entries', LIMITS.entriesPerThread);
        }
        const now = clock.now();
        const entry: EntryRecord = {
          id: ids('ten'),
          threadId: thread.id,
          kind,
          text,
          authorId: actor.principalId,
          createdAt: now,
          updatedAt: now,
          deletedAt: null,
        };
        await repo.insertEntry(entry);
        await touch(thread, now);
        return present(entry);
      }),

    editEntry: (actor, threadId, entryId, input) =>
      change(actor, threadId, async (thread) => {
        const patch = parseInput(entryPatchSchema, input);
        requireOpen(thread);
        const entry = await ownEntry(actor, thread, entryId);
        const now = clock.now();
        const updated = await repo.updateEntry(entry.id, { kind: patch.kind, text: patch.text, updatedAt: now });
        await touch(thread, now);
        return present(updated);
      }),

    deleteEntry: (actor, threadId, entryId) =>
      change(actor, threadId, async (thread) => {
        requireOpen(thread);
        const entry = await ownEntry(actor, thread, entryId);
        const now = clock.now();
        const tombstone = await repo.tombstoneEntry(entry.id, now);
        await touch(thread, now);
        return present(tombstone);
      }),
  };
};
