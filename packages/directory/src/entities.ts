import { defineEntity, p } from '@mikro-orm/core';
import {
  AUDIENCES,
  DESTINATION_TYPES,
  ENTRY_TYPES,
  HISTORY_ACTIONS,
  STORED_STATUSES,
  TERMS,
  VISIBILITIES,
  type HistoryActor,
  type PreviousValues,
} from './directory.records.ts';

/** The text discovery searches: the handle and display name weigh more than the description. */
export const DIRECTORY_SEARCH_EXPRESSION =
  "setweight(to_tsvector('english', handle || ' ' || display_name), 'A') || " +
  "setweight(to_tsvector('english', description), 'B')";

/**
 * A directory entry. The table is created by `directoryMigrations`; this mapping must describe the
 * same columns. The handle stays after retirement, so an address is never reassigned. `version` is
 * bumped only by the repository's conditional UPDATE.
 */
export const DirectoryEntry = defineEntity({
  name: 'DirectoryEntry',
  tableName: 'directory_entries',
  properties: {
    id: p.text().primary(),
    handle: p.text().unique('directory_entries_handle_unique'),
    ownerId: p.text(),
    displayName: p.text(),
    description: p.text(),
    entryType: p.enum(ENTRY_TYPES),
    visibility: p.enum(VISIBILITIES),
    term: p.enum(TERMS),
    status: p.enum(STORED_STATUSES),
    statusBeforeRemoval: p.enum(['active', 'paused'] as const).nullable(),
    expiresAt: p.datetime().nullable(),
    version: p.integer(),
    locked: p.boolean(),
    agentLimit: p.array().columnType('text[]').nullable(),
    suspended: p.boolean(),
    suspensionReason: p.text().nullable(),
    suspendedAt: p.datetime().nullable(),
    removedAt: p.datetime().nullable(),
    retiredAt: p.datetime().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
    // Written by PostgreSQL; never selected by default (lazy) and never sent on insert.
    search: p
      .text()
      .columnType('tsvector')
      .generated(`(${DIRECTORY_SEARCH_EXPRESSION}) stored`)
      .lazy()
      .nullable(),
  },
  indexes: [
    { name: 'directory_entries_owner_id_index', properties: ['ownerId'] },
    { name: 'directory_entries_search_index', properties: ['search'], type: 'gin' },
    { name: 'directory_entries_discovery_index', columns: [{ name: 'status' }, { name: 'visibility' }, { name: 'created_at', sort: 'desc' }] },
    { name: 'directory_entries_removed_at_index', properties: ['status', 'removedAt'] },
    { name: 'directory_entries_expires_at_index', properties: ['term', 'expiresAt'] },
  ],
});

/** The `entry_id` of an entry's child row: it names its entry by key (the constraint is named as the migrations name it). */
const partOfEntry = (table: string) => p.manyToOne(DirectoryEntry).mapToPk().fieldName('entry_id').foreignKeyName(`${table}_entry_id_foreign`);

/** A typed contact destination of an entry, in the owner's order. */
export const DirectoryDestination = defineEntity({
  name: 'DirectoryDestination',
  tableName: 'directory_destinations',
  properties: {
    id: p.text().primary(),
    entryId: partOfEntry('directory_destinations'),
    position: p.integer(),
    type: p.enum(DESTINATION_TYPES),
    value: p.text(),
    label: p.text(),
    audience: p.enum(AUDIENCES),
    preferred: p.boolean(),
    approvedForDisclosure: p.boolean(),
  },
  indexes: [{ name: 'directory_destinations_entry_id_position_index', properties: ['entryId', 'position'] }],
});

/** One private history record of an entry; kept 90 days, deleted with the entry's retirement. */
export const DirectoryHistory = defineEntity({
  name: 'DirectoryHistory',
  tableName: 'directory_history',
  properties: {
    id: p.text().primary(),
    entryId: partOfEntry('directory_history'),
    actor: p.json<HistoryActor>(),
    action: p.enum(HISTORY_ACTIONS),
    at: p.datetime(),
    version: p.integer(),
    previous: p.json<PreviousValues>().nullable(),
  },
  indexes: [
    { name: 'directory_history_entry_id_at_index', columns: [{ name: 'entry_id' }, { name: 'at', sort: 'desc' }] },
    { name: 'directory_history_at_index', properties: ['at'] },
  ],
});

export const directoryEntities = [DirectoryEntry, DirectoryDestination, DirectoryHistory];
