/** Lifecycle values stored in the `status` column. `expired` is derived from the clock, never stored. */
export const STORED_STATUSES = ['active', 'paused', 'removed', 'retired'] as const;
export type StoredStatus = (typeof STORED_STATUSES)[number];

export const ENTRY_TYPES = ['agent', 'person', 'organisation'] as const;
export type EntryType = (typeof ENTRY_TYPES)[number];

export const VISIBILITIES = ['public', 'restricted'] as const;
export type Visibility = (typeof VISIBILITIES)[number];

export const TERMS = ['temporary', 'ongoing'] as const;
export type Term = (typeof TERMS)[number];

export const DESTINATION_TYPES = ['web', 'email', 'a2a_agent_card', 'mcp', 'phone'] as const;
export type DestinationType = (typeof DESTINATION_TYPES)[number];

export const AUDIENCES = ['public', 'signed_in'] as const;
export type Audience = (typeof AUDIENCES)[number];

/** A destination as stored. */
export interface DestinationRecord {
  id: string;
  type: DestinationType;
  value: string;
  label: string;
  audience: Audience;
  preferred: boolean;
  approvedForDisclosure: boolean;
}

/** A directory entry as stored (without its destinations). */
export interface EntryRecord {
  id: string;
  handle: string;
  ownerId: string;
  displayName: string;
  description: string;
  entryType: EntryType;
  visibility: Visibility;
  term: Term;
  status: StoredStatus;
  /** The status to restore to while `status` is `removed`. */
  statusBeforeRemoval: 'active' | 'paused' | null;
  /** Temporary entries only; null for ongoing ones. */
  expiresAt: Date | null;
  version: number;
  locked: boolean;
  /** Grant ids allowed to change the entry; null when any of the owner's agents may. */
  agentLimit: string[] | null;
  suspended: boolean;
  suspensionReason: string | null;
  suspendedAt: Date | null;
  removedAt: Date | null;
  retiredAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * What every new entry starts as: active at version 1, unlocked, open to all the owner's agents,
 * never suspended, removed or retired.
 */
export const NEW_ENTRY_STATE = {
  status: 'active',
  statusBeforeRemoval: null,
  version: 1,
  locked: false,
  agentLimit: null,
  suspended: false,
  suspensionReason: null,
  suspendedAt: null,
  removedAt: null,
  retiredAt: null,
} as const satisfies Partial<EntryRecord>;

/** An entry with its destinations in order. */
export interface FullEntryRecord extends EntryRecord {
  destinations: DestinationRecord[];
}

/** Who made a change, as the private history keeps it. Moderation is recorded as `support`, without naming the person. */
export type HistoryActor =
  | { kind: 'person'; principal_id: string }
  | { kind: 'agent'; principal_id: string; grant_id: string; agent_name: string | null }
  | { kind: 'support' };

export const HISTORY_ACTIONS = [
  'register',
  'update',
  'destination_add',
  'destination_update',
  'destination_remove',
  'pause',
  'reactivate',
  'renew',
  'remove',
  'restore',
  'lock',
  'unlock',
  'set_agents',
  'history_restore',
  'suspend',
  'unsuspend',
] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];

/** The earlier values an edit replaced (only the fields it changed), in the API's names. */
export interface PreviousValues {
  display_name?: string;
  description?: string;
  visibility?: Visibility;
  entry_type?: EntryType;
  term?: Term;
  /** The whole destination list before a destination change. */
  destinations?: DestinationSnapshot[];
}

/** A destination inside a history record (the owner-view shape): the stored one, its approval in the API's name. */
export type DestinationSnapshot = Omit<DestinationRecord, 'approvedForDisclosure'> & { approved_for_disclosure: boolean };

/** One private history record. */
export interface HistoryRecord {
  id: string;
  entryId: string;
  actor: HistoryActor;
  action: HistoryAction;
  at: Date;
  /** The entry's version after the change. */
  version: number;
  previous: PreviousValues | null;
}

/** How much history an entry has, for the owner view. */
export interface HistorySummary {
  count: number;
  latest: { id: string; action: HistoryAction; at: Date; version: number } | null;
}

/** What a resolution query returns: only what the caller may see. */
export interface ResolvedRow {
  id: string;
  handle: string;
  displayName: string;
  entryType: EntryType;
  description: string;
  version: number;
  expiresAt: Date | null;
  destinations: { id: string; type: DestinationType; uri: string; label: string; preferred: boolean }[];
}
