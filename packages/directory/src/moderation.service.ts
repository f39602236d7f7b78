import { parseInput, versionConflict, type Actor } from '@svc/kernel';
import type { DirectoryDeps } from './directory.deps.ts';
import { directoryErrors } from './directory.errors.ts';
import { presentModeratedEntry, presentOwnerEntry } from './directory.presenter.ts';
import type { EntryRecord } from './directory.records.ts';
import type { EntryChanges, ManagedEntry } from './directory.repository.ts';
import { handleFromAddress, suspendedQuerySchema, suspendSchema, type ModeratedEntryJson, type OwnerEntryJson } from './directory.schemas.ts';
import { cleanupCutoffs } from './directory.state.ts';

/**
 * Moderation of directory entries, for support only (anyone else gets `not_found`). A suspension
 * hides the entry from resolution and discovery at once; the owner sees it in the owner view and
 * keeps managing the entry. Each suspension and unsuspension adds 1 to the version and writes a
 * history record whose actor is `{kind: 'support'}` (the person is not named to the owner).
 *
 * @example
 * ```ts
 * await moderation.suspend(supportActor, 'aar:spam-shop', 'Reported as impersonation');
 * const { entries, total } = await moderation.suspended(supportActor, { limit: '50' });
 * await moderation.unsuspend(supportActor, 'aar:spam-shop');
 * ```
 */
export interface ModerationService {
  /**
   * The entry behind an address as support sees it, whatever its state (suspended, paused, expired,
   * removed, retired): its address, name, status and suspension, so support can name an entry nobody
   * can look up and act on it. `not_found` when no entry has the address.
   */
  get(actor: Actor, address: string): Promise<ModeratedEntryJson>;
  /**
   * The entries under suspension now, the most recently suspended first, paged by the query strings
   * `limit` and `offset`, with how many there are: where support finds a suspension to lift.
   */
  suspended(actor: Actor, query?: unknown): Promise<{ entries: ModeratedEntryJson[]; total: number; limit: number; offset: number }>;
  /** Suspends resolution of any entry; `invalid_state` when already suspended or retired. Answers the owner view. */
  suspend(actor: Actor, address: string, reason: unknown): Promise<OwnerEntryJson>;
  /** Lifts a suspension; `invalid_state` when the entry is not suspended. */
  unsuspend(actor: Actor, address: string): Promise<OwnerEntryJson>;
}

/** A moderation change has no version from the caller: a lost race is retried from a fresh read this many times. */
const ATTEMPTS = 5;

export const createModerationService = ({ repo, clock, ids, transaction }: Omit<DirectoryDeps, 'grants'>): ModerationService => {
  const historySince = (now: Date) => cleanupCutoffs(now).historyBefore;
  const view = (managed: ManagedEntry, now: Date) => presentOwnerEntry(managed.entry, managed.history, now);

  const moderate = async (
    actor: Actor,
    address: string,
    action: 'suspend' | 'unsuspend',
    plan: (entry: EntryRecord, now: Date) => Omit<EntryChanges, 'updatedAt'>,
  ): Promise<OwnerEntryJson> => {
    if (!actor.isSupport) throw directoryErrors.notFound();
    const handle = handleFromAddress(address);
    for (let attempt = 1; ; attempt++) {
      const now = clock.now();
      const found = handle ? await repo.findByHandle(handle, historySince(now)) : null;
      if (!found) throw directoryErrors.notFound();
      const { entry } = found;
      if (entry.status === 'retired') throw directoryErrors.invalidState('retired', action);
      const changes = plan(entry, now);
      const outcome = await transaction(async () => {
        const updated = await repo.updateIfVersion(entry.id, entry.version, { ...changes, updatedAt: now });
        if (!updated) return null;
        await repo.insertHistory({
          id: ids('dhi'),
          entryId: entry.id,
          actor: { kind: 'support' },
          action,
          at: now,
          version: updated.version,
          previous: null,
        });
        return repo.findByHandle(entry.handle, historySince(now));
      });
      if (outcome) return view(outcome, now);
      if (attempt >= ATTEMPTS) {
        const latest = await repo.findByHandle(entry.handle, historySince(now));
        throw versionConflict(latest ? view(latest, now) : null);
      }
    }
  };

  return {
    get: async (actor, address) => {
      if (!actor.isSupport) throw directoryErrors.notFound();
      const handle = handleFromAddress(address);
      const now = clock.now();
      const found = handle ? await repo.findByHandle(handle, historySince(now)) : null;
      if (!found) throw directoryErrors.notFound();
      return presentModeratedEntry(found.entry, now);
    },

    suspended: async (actor, query) => {
      if (!actor.isSupport) throw directoryErrors.notFound();
      const { limit, offset } = parseInput(suspendedQuerySchema, query ?? {});
      const now = clock.now();
      const { rows, total } = await repo.findSuspended({ limit, offset });
      return { entries: rows.map((entry) => presentModeratedEntry(entry, now)), total, limit, offset };
    },

    suspend: async (actor, address, reason) => {
      if (!actor.isSupport) throw directoryErrors.notFound();
      const parsed = parseInput(suspendSchema, { reason });
      return moderate(actor, address, 'suspend', (entry, now) => {
        if (entry.suspended) throw directoryErrors.invalidState('suspended', 'suspend');
        return { suspended: true, suspensionReason: parsed.reason, suspendedAt: now };
      });
    },
    unsuspend: (actor, address) =>
      moderate(actor, address, 'unsuspend', (entry) => {
        if (!entry.suspended) throw directoryErrors.invalidState('not suspended', 'unsuspend');
        return { suspended: false, suspensionReason: null, suspendedAt: null };
      }),
  };
};
