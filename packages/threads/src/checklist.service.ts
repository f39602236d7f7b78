import { parseInput, type Actor } from '@svc/kernel';
import { threadErrors } from './threads.errors.ts';
import { presentItem } from './threads.presenter.ts';
import { checklistItemCreateSchema, checklistItemPatchSchema, LIMITS, type ChecklistItemJson } from './threads.schemas.ts';
import type { ThreadsDeps } from './threads.deps.ts';
import type { ChecklistItemRecord, ThreadRecord } from './threads.records.ts';
import { isId, type ThreadContext } from './thread.context.ts';

/**
 * The checklist of a thread. Any participant adds items and sets `done` (an explicit value, so a
 * repeated PATCH is harmless); only the person who added an item removes it.
 *
 * @example
 * ```ts
 * const item = await threads.addItem(actor, thread.id, { text: 'Book the hall' });
 * await threads.updateItem(actor, thread.id, item.id, { done: true });
 * await threads.removeItem(actor, thread.id, item.id);
 * ```
 */
export interface ChecklistService {
  /** `POST /api/v1/threads/{id}/checklist`: `{text, done?}`; `limit_reached` past 30 items. */
  addItem(actor: Actor, threadId: string, input: unknown): Promise<ChecklistItemJson>;
  /** `PATCH …/checklist/{itemId}`: `{done?, text?}`; a repeat changes nothing (not even `updated_at`). */
  updateItem(actor: Actor, threadId: string, itemId: string, input: unknown): Promise<ChecklistItemJson>;
  /** `DELETE …/checklist/{itemId}`: only whoever added it (`not_author`); answers the item as it was. */
  removeItem(actor: Actor, threadId: string, itemId: string): Promise<ChecklistItemJson>;
}

export const createChecklistService = (
  { repo, clock, ids }: Pick<ThreadsDeps, 'repo' | 'clock' | 'ids'>,
  context: ThreadContext,
): ChecklistService => {
  const { change, requireOpen, touch, names } = context;

  const present = async (item: ChecklistItemRecord): Promise<ChecklistItemJson> => presentItem(item, await names([item.addedBy]));

  const existing = async (thread: ThreadRecord, itemId: unknown): Promise<ChecklistItemRecord> => {
    const item = isId(itemId) ? await repo.findItem(thread.id, itemId) : null;
    if (!item) throw threadErrors.itemNotFound();
    return item;
  };

  return {
    addItem: (actor, threadId, input) =>
      change(actor, threadId, async (thread) => {
        const { text, done } = parseInput(checklistItemCreateSchema, input);
        requireOpen(thread);
        if ((await repo.counts(thread.id)).checklistItems >= LIMITS.itemsPerThread) {
          throw threadErrors.limitReached('checklist_items', LIMITS.itemsPerThread);
        }
        const now = clock.now();
        const item: ChecklistItemRecord = {
          id: ids('tck'),
          threadId: thread.id,
          text,
          done,
          addedBy: actor.principalId,
          createdAt: now,
          updatedAt: now,
        };
        await repo.insertItem(item);
        await touch(thread, now);
        return present(item);
      }),

    updateItem: (actor, threadId, itemId, input) =>
      change(actor, threadId, async (thread) => {
        const patch = parseInput(checklistItemPatchSchema, input);
        requireOpen(thread);
        const item = await existing(thread, itemId);
        const changes = {
          ...(patch.text !== undefined && patch.text !== item.text ? { text: patch.text } : {}),
          ...(patch.done !== undefined && patch.done !== item.done ? { done: patch.done } : {}),
        };
        if (Object.keys(changes).length === 0) return present(item);
        const now = clock.now();
        const updated = await repo.updateItem(item.id, { ...changes, updatedAt: now });
        if (actor.principalId === thread.ownerId || thread.checklistEditedByOthers) await touch(thread, now);
        else await repo.updateThread(thread.id, { checklistEditedByOthers: true, updatedAt: now });
        return present(updated);
      }),

    removeItem: (actor, threadId, itemId) =>
      change(actor, threadId, async (thread) => {
        requireOpen(thread);
        const item = await existing(thread, itemId);
        if (item.addedBy !== actor.principalId) throw threadErrors.notAuthor('item');
        await repo.deleteItem(item.id);
        await touch(thread, clock.now());
        return present(item);
      }),
  };
};
