import { toIso, toIsoOrNull } from '@svc/kernel';
import type {
  DestinationRecord,
  DestinationSnapshot,
  EntryRecord,
  FullEntryRecord,
  HistoryRecord,
  HistorySummary,
  ResolvedRow,
} from './directory.records.ts';
import { addressOf, type HistoryItemJson, type ModeratedEntryJson, type OwnerEntryJson, type ResolutionJson } from './directory.schemas.ts';
import { lifecycleStatus, renewalEndsAt, restoreEndsAt, type EntryStatus } from './directory.state.ts';

/** The literal text resolution gives in place of the owner. */
export const OWNER_NOT_DISCLOSED = 'not disclosed';

/** What resolution answers: never ownership, grants, history or destinations the caller may not see. */
export const presentResolution = (row: ResolvedRow): ResolutionJson => ({
  address: addressOf(row.handle),
  display_name: row.displayName,
  entry_type: row.entryType,
  description: row.description,
  version: row.version,
  destinations: row.destinations.map((destination) => ({
    id: destination.id,
    type: destination.type,
    uri: destination.uri,
    label: destination.label,
    preferred: destination.preferred,
  })),
  expiry: toIsoOrNull(row.expiresAt),
  owner: OWNER_NOT_DISCLOSED,
});

export const presentDestination = (destination: DestinationRecord): DestinationSnapshot => ({
  id: destination.id,
  type: destination.type,
  value: destination.value,
  label: destination.label,
  audience: destination.audience,
  preferred: destination.preferred,
  approved_for_disclosure: destination.approvedForDisclosure,
});

/**
 * The status an owner sees: `suspended` while support holds the entry (unless it is removed or
 * retired), otherwise the lifecycle status with `expired` derived from the clock.
 */
export const displayedStatus = (entry: EntryRecord, now: Date): EntryStatus => {
  const lifecycle = lifecycleStatus(entry, now);
  return entry.suspended && lifecycle !== 'removed' && lifecycle !== 'retired' ? 'suspended' : lifecycle;
};

/** The suspension of an entry support holds, or null. */
const suspensionOf = (entry: EntryRecord, now: Date): OwnerEntryJson['suspension'] =>
  entry.suspended && entry.suspendedAt
    ? { reason: entry.suspensionReason ?? '', suspended_at: toIso(entry.suspendedAt), underlying_status: lifecycleStatus(entry, now) }
    : null;

/**
 * Support's view of an entry: enough to name it and act on it. A retired entry keeps its suspended
 * flag, but retirement emptied it (its reason too) and support can no longer lift anything: no suspension.
 */
export const presentModeratedEntry = (entry: EntryRecord, now: Date): ModeratedEntryJson => ({
  address: addressOf(entry.handle),
  display_name: entry.displayName,
  status: displayedStatus(entry, now),
  suspension: entry.status === 'retired' ? null : suspensionOf(entry, now),
});

/** The full owner view. */
export const presentOwnerEntry = (entry: FullEntryRecord, history: HistorySummary, now: Date): OwnerEntryJson => ({
  address: addressOf(entry.handle),
  handle: entry.handle,
  display_name: entry.displayName,
  description: entry.description,
  entry_type: entry.entryType,
  visibility: entry.visibility,
  term: entry.term,
  status: displayedStatus(entry, now),
  version: entry.version,
  expiry: toIsoOrNull(entry.expiresAt),
  renewable_until: entry.status === 'retired' ? null : toIsoOrNull(renewalEndsAt(entry)),
  destinations: entry.destinations.map(presentDestination),
  locked: entry.locked,
  agent_limit: entry.agentLimit ? [...entry.agentLimit] : null,
  suspended: entry.suspended,
  suspension: suspensionOf(entry, now),
  removed_at: toIsoOrNull(entry.removedAt),
  restorable_until: entry.status === 'removed' ? toIsoOrNull(restoreEndsAt(entry)) : null,
  history_summary: {
    count: history.count,
    latest: history.latest
      ? { id: history.latest.id, action: history.latest.action, at: toIso(history.latest.at), version: history.latest.version }
      : null,
  },
  created_at: toIso(entry.createdAt),
  updated_at: toIso(entry.updatedAt),
});

export const presentHistory = (record: HistoryRecord): HistoryItemJson => ({
  id: record.id,
  action: record.action,
  actor: { ...record.actor },
  at: toIso(record.at),
  version: record.version,
  previous: record.previous ? { ...record.previous } : null,
});
