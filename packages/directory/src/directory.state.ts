import { DAY_MS, validationFailed, type Actor } from '@svc/kernel';
import { directoryErrors } from './directory.errors.ts';
import type { EntryRecord, StoredStatus } from './directory.records.ts';

/** The directory's numbers, from the contract's Limits table. */
export const DIRECTORY_LIMITS = {
  entriesPerPrincipal: 25,
  destinationsPerEntry: 8,
  /** A temporary entry expires this many days out unless told otherwise; a renewal gives at least this many. */
  defaultTermDays: 30,
  /** A temporary entry never expires more than this many days ahead. */
  maxTermDays: 90,
  /** Renewal stays possible this many days after expiry; afterwards cleanup retires the entry. */
  renewalGraceDays: 30,
  /** A removed entry can be restored for this many days; afterwards cleanup retires it. */
  restoreWindowDays: 30,
  /** Private history is kept this many days. */
  historyRetentionDays: 90,
} as const;

/** Every status the API shows. `expired` is derived from the clock; suspension is a separate flag. */
export const ENTRY_STATUSES = ['active', 'paused', 'expired', 'removed', 'suspended', 'retired'] as const;
export type EntryStatus = (typeof ENTRY_STATUSES)[number];

/** The lifecycle status an owner sees: `expired` once a temporary entry's expiry has passed, even before cleanup. */
export type LifecycleStatus = Exclude<EntryStatus, 'suspended'>;

type Timed = Pick<EntryRecord, 'status' | 'term' | 'expiresAt'>;

const addDays = (at: Date, days: number): Date => new Date(at.getTime() + days * DAY_MS);

export const isPastExpiry = (entry: Pick<EntryRecord, 'term' | 'expiresAt'>, now: Date): boolean =>
  entry.term === 'temporary' && entry.expiresAt !== null && entry.expiresAt.getTime() <= now.getTime();

export const lifecycleStatus = (entry: Timed, now: Date): LifecycleStatus =>
  (entry.status === 'active' || entry.status === 'paused') && isPastExpiry(entry, now) ? 'expired' : entry.status;

/**
 * Whether resolution may show the entry to this caller: the same rule as the resolution query's
 * WHERE clause (kept here so it can be unit-tested against the clock).
 */
export const isResolvable = (
  entry: Timed & Pick<EntryRecord, 'suspended' | 'visibility'>,
  now: Date,
  signedIn: boolean,
): boolean =>
  lifecycleStatus(entry, now) === 'active' && !entry.suspended && (entry.visibility === 'public' || signedIn);

/** Expiry of a new temporary entry: the default, or the one asked for if it lies in (now, now + 90 days]. */
export const registrationExpiry = (now: Date, requested: Date | undefined): Date => {
  if (requested === undefined) return addDays(now, DIRECTORY_LIMITS.defaultTermDays);
  if (requested.getTime() <= now.getTime()) {
    throw validationFailed([{ path: 'expires_at', message: 'must be in the future' }]);
  }
  if (requested.getTime() > addDays(now, DIRECTORY_LIMITS.maxTermDays).getTime()) {
    throw validationFailed([{ path: 'expires_at', message: `must be at most ${DIRECTORY_LIMITS.maxTermDays} days ahead` }]);
  }
  return requested;
};

/**
 * Expiry after a renewal: the later of the current expiry and now + 30 days, so a renewal never
 * shortens a term; or a later date asked for (`expires_at`). Never past now + 90 days.
 */
export const renewalExpiry = (current: Date | null, now: Date, requested: Date | undefined): Date => {
  const latest = addDays(now, DIRECTORY_LIMITS.maxTermDays);
  const earliest = new Date(
    Math.min(Math.max(current?.getTime() ?? 0, addDays(now, DIRECTORY_LIMITS.defaultTermDays).getTime()), latest.getTime()),
  );
  if (requested === undefined) return earliest;
  if (requested.getTime() < earliest.getTime()) {
    const message = `must be ${earliest.toISOString()} or later: a renewal never shortens the term`;
    throw validationFailed([{ path: 'expires_at', message }]);
  }
  if (requested.getTime() > latest.getTime()) {
    throw validationFailed([{ path: 'expires_at', message: `must be at most ${DIRECTORY_LIMITS.maxTermDays} days ahead` }]);
  }
  return requested;
};

/** The last moment a temporary entry can be renewed; null for ongoing entries. */
export const renewalEndsAt = (entry: Pick<EntryRecord, 'term' | 'expiresAt'>): Date | null =>
  entry.term === 'temporary' && entry.expiresAt ? addDays(entry.expiresAt, DIRECTORY_LIMITS.renewalGraceDays) : null;

/**
 * The last moment a removed entry can be restored; null when not removed. The restore window, cut
 * short by a temporary entry's renewal grace: past that grace the contract retires a temporary
 * entry, removed or not, so a restore would only bring back an entry that can never resolve again.
 */
export const restoreEndsAt = (entry: Pick<EntryRecord, 'removedAt' | 'term' | 'expiresAt'>): Date | null => {
  if (!entry.removedAt) return null;
  const window = addDays(entry.removedAt, DIRECTORY_LIMITS.restoreWindowDays);
  const grace = renewalEndsAt(entry);
  return grace && grace.getTime() < window.getTime() ? grace : window;
};

/** Whether the daily cleanup retires this entry now (the same rule as its SQL). */
export const isRetirementDue = (entry: Timed & Pick<EntryRecord, 'removedAt'>, now: Date): boolean => {
  if (entry.status === 'removed') return (restoreEndsAt(entry)?.getTime() ?? Infinity) < now.getTime();
  if (entry.status === 'active' || entry.status === 'paused') {
    return (renewalEndsAt(entry)?.getTime() ?? Infinity) < now.getTime();
  }
  return false;
};

/** Cut-offs for the daily cleanup: rows older than these go. */
export const cleanupCutoffs = (now: Date) => ({
  removedBefore: addDays(now, -DIRECTORY_LIMITS.restoreWindowDays),
  expiredBefore: addDays(now, -DIRECTORY_LIMITS.renewalGraceDays),
  historyBefore: addDays(now, -DIRECTORY_LIMITS.historyRetentionDays),
});

/** Whether a history record is still kept. */
export const isHistoryKept = (at: Date, now: Date): boolean => at.getTime() >= cleanupCutoffs(now).historyBefore.getTime();

/** What a status change sets on the record. */
export interface StatusChange {
  status?: StoredStatus;
  statusBeforeRemoval?: 'active' | 'paused' | null;
  removedAt?: Date | null;
  expiresAt?: Date | null;
}

export type OwnerAction = 'pause' | 'reactivate' | 'renew' | 'remove' | 'restore' | 'edit';

/** Edits (fields, destinations, lock, agents, history restore) are allowed while active, paused or expired. */
export const assertEditable = (entry: Timed, now: Date, action = 'edit'): void => {
  const status = lifecycleStatus(entry, now);
  if (status === 'removed' || status === 'retired') throw directoryErrors.invalidState(status, action);
};

/**
 * The owner's status changes. Throws the contract's error when the change is not allowed:
 * `invalid_state`, `not_temporary`, `grace_ended`, `not_removed`, `restore_window_ended`.
 * `requestedExpiry` is a renewal's `expires_at`.
 */
export const planTransition = (
  entry: Timed & Pick<EntryRecord, 'removedAt' | 'statusBeforeRemoval'>,
  action: Exclude<OwnerAction, 'edit'>,
  now: Date,
  requestedExpiry?: Date,
): StatusChange => {
  const status = lifecycleStatus(entry, now);
  switch (action) {
    case 'pause':
      if (status !== 'active') throw directoryErrors.invalidState(status, action);
      return { status: 'paused' };
    case 'reactivate':
      if (status !== 'paused') throw directoryErrors.invalidState(status, action);
      return { status: 'active' };
    case 'remove':
      if (status === 'removed' || status === 'retired') throw directoryErrors.invalidState(status, action);
      return { status: 'removed', statusBeforeRemoval: entry.status as 'active' | 'paused', removedAt: now };
    case 'restore': {
      if (entry.status === 'retired' && entry.removedAt) throw directoryErrors.restoreWindowEnded();
      if (entry.status !== 'removed') throw directoryErrors.notRemoved();
      const ends = restoreEndsAt(entry);
      if (!ends || now.getTime() > ends.getTime()) throw directoryErrors.restoreWindowEnded();
      return { status: entry.statusBeforeRemoval ?? 'active', statusBeforeRemoval: null, removedAt: null };
    }
    case 'renew': {
      if (status === 'removed' || status === 'retired') throw directoryErrors.invalidState(status, action);
      if (entry.term !== 'temporary') throw directoryErrors.notTemporary();
      const ends = renewalEndsAt(entry);
      if (ends && now.getTime() > ends.getTime()) throw directoryErrors.graceEnded();
      return { expiresAt: renewalExpiry(entry.expiresAt, now, requestedExpiry) };
    }
  }
};

/** Expiry after a change of term: ongoing entries have none; a temporary one starts a fresh default term. */
export const expiryForTerm = (entry: Pick<EntryRecord, 'term' | 'expiresAt'>, term: EntryRecord['term'], now: Date): Date | null => {
  if (term === 'ongoing') return null;
  if (entry.term === 'temporary') return entry.expiresAt;
  return addDays(now, DIRECTORY_LIMITS.defaultTermDays);
};

/**
 * What an agent may change: nothing on a locked entry, and only with a listed grant when the owner
 * limited the entry to some grants. People (website sessions) are never limited here.
 */
export const assertAgentMayChange = (entry: Pick<EntryRecord, 'locked' | 'agentLimit'>, actor: Actor): void => {
  if (actor.via !== 'agent') return;
  if (entry.locked) throw directoryErrors.locked();
  if (entry.agentLimit !== null && (actor.grantId === null || !entry.agentLimit.includes(actor.grantId))) {
    throw directoryErrors.agentNotPermitted();
  }
};
