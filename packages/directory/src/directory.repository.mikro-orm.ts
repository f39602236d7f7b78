import { sqlDate, sqlDateOrNull, textArray, type Database } from '@svc/db';
import { DirectoryDestination, DirectoryHistory } from './entities.ts';
import type {
  DestinationRecord,
  EntryRecord,
  HistoryAction,
  HistoryActor,
  HistoryRecord,
  PreviousValues,
  ResolvedRow,
} from './directory.records.ts';
import type { DirectoryRepository, EntryChanges, ManagedEntry } from './directory.repository.ts';

const ENTRY_COLUMNS = [
  'id', 'handle', 'owner_id', 'display_name', 'description', 'entry_type', 'visibility', 'term', 'status',
  'status_before_removal', 'expires_at', 'version', 'locked', 'agent_limit', 'suspended', 'suspension_reason',
  'suspended_at', 'removed_at', 'retired_at', 'created_at', 'updated_at',
];
const entryColumns = (alias: string) => ENTRY_COLUMNS.map((column) => `${alias}.${column}`).join(', ');

interface EntryRow {
  id: string;
  handle: string;
  owner_id: string;
  display_name: string;
  description: string;
  entry_type: EntryRecord['entryType'];
  visibility: EntryRecord['visibility'];
  term: EntryRecord['term'];
  status: EntryRecord['status'];
  status_before_removal: EntryRecord['statusBeforeRemoval'];
  expires_at: Date | string | null;
  version: number | string;
  locked: boolean;
  agent_limit: string[] | null;
  suspended: boolean;
  suspension_reason: string | null;
  suspended_at: Date | string | null;
  removed_at: Date | string | null;
  retired_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

interface DestinationJson {
  id: string;
  type: DestinationRecord['type'];
  value: string;
  label: string;
  audience: DestinationRecord['audience'];
  preferred: boolean;
  approved_for_disclosure: boolean;
}

interface ManagedRow extends EntryRow {
  destinations: DestinationJson[] | string;
  history_count: number | string;
  history_latest: { id: string; action: HistoryAction; at: string; version: number } | string | null;
}

interface HistoryRow {
  id: string;
  entry_id: string;
  actor: HistoryActor | string;
  action: HistoryAction;
  at: Date | string;
  version: number | string;
  previous: PreviousValues | string | null;
}

interface ResolvedSqlRow {
  id: string;
  handle: string;
  display_name: string;
  entry_type: ResolvedRow['entryType'];
  description: string;
  version: number | string;
  expires_at: Date | string | null;
  destinations: ResolvedRow['destinations'] | string;
}

// Drivers differ in what they hand back for numeric, json and timestamp columns; normalise once here.
const fromJson = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

const entryFromRow = (row: EntryRow): EntryRecord => ({
  id: row.id,
  handle: row.handle,
  ownerId: row.owner_id,
  displayName: row.display_name,
  description: row.description,
  entryType: row.entry_type,
  visibility: row.visibility,
  term: row.term,
  status: row.status,
  statusBeforeRemoval: row.status_before_removal,
  expiresAt: sqlDateOrNull(row.expires_at),
  version: Number(row.version),
  locked: row.locked,
  agentLimit: row.agent_limit === null ? null : [...row.agent_limit],
  suspended: row.suspended,
  suspensionReason: row.suspension_reason,
  suspendedAt: sqlDateOrNull(row.suspended_at),
  removedAt: sqlDateOrNull(row.removed_at),
  retiredAt: sqlDateOrNull(row.retired_at),
  createdAt: sqlDate(row.created_at),
  updatedAt: sqlDate(row.updated_at),
});

const managedFromRow = (row: ManagedRow): ManagedEntry => {
  const latest = fromJson(row.history_latest);
  return {
    entry: {
      ...entryFromRow(row),
      destinations: fromJson(row.destinations).map((d) => ({
        id: d.id,
        type: d.type,
        value: d.value,
        label: d.label,
        audience: d.audience,
        preferred: d.preferred,
        approvedForDisclosure: d.approved_for_disclosure,
      })),
    },
    history: {
      count: Number(row.history_count),
      latest: latest ? { id: latest.id, action: latest.action, at: sqlDate(latest.at), version: Number(latest.version) } : null,
    },
  };
};

const historyFromRow = (row: HistoryRow): HistoryRecord => ({
  id: row.id,
  entryId: row.entry_id,
  actor: fromJson(row.actor),
  action: row.action,
  at: sqlDate(row.at),
  version: Number(row.version),
  previous: row.previous === null ? null : fromJson(row.previous),
});

const resolvedFromRow = (row: ResolvedSqlRow): ResolvedRow => ({
  id: row.id,
  handle: row.handle,
  displayName: row.display_name,
  entryType: row.entry_type,
  description: row.description,
  version: Number(row.version),
  expiresAt: sqlDateOrNull(row.expires_at),
  destinations: fromJson(row.destinations),
});

/** The owner's select: the entry, its destinations in order and its history summary, in one statement. */
const MANAGED_SELECT = `select ${entryColumns('e')},
  coalesce((select json_agg(json_build_object('id', d.id, 'type', d.type, 'value', d.value, 'label', d.label,
      'audience', d.audience, 'preferred', d.preferred, 'approved_for_disclosure', d.approved_for_disclosure)
      order by d.position)
    from directory_destinations d where d.entry_id = e.id), '[]'::json) as destinations,
  (select count(*) from directory_history h where h.entry_id = e.id and h.at >= ?) as history_count,
  (select json_build_object('id', h.id, 'action', h.action, 'at', h.at, 'version', h.version)
    from directory_history h where h.entry_id = e.id and h.at >= ? order by h.version desc, h.at desc limit 1) as history_latest
  from directory_entries e`;

/**
 * The public shape of an entry, destinations aggregated in the same statement. `?` #1 says whether
 * `signed_in` destinations are included.
 */
const RESOLVED_SELECT = `select e.id, e.handle, e.display_name, e.entry_type, e.description, e.version, e.expires_at,
  coalesce((select json_agg(json_build_object('id', d.id, 'type', d.type, 'uri', d.value, 'label', d.label,
      'preferred', d.preferred) order by d.position)
    from directory_destinations d
    where d.entry_id = e.id and d.approved_for_disclosure and (d.audience = 'public' or ?::boolean)), '[]'::json) as destinations`;

/** When an entry may be shown at all; `?` #1 is now. */
const SHOWABLE = `e.status = 'active' and not e.suspended and (e.expires_at is null or e.expires_at > ?)`;

/** `SET` fragments for each changeable field. Parameters are bound by `db.query` (`?`). */
const setters: { [K in keyof EntryChanges]-?: (value: EntryChanges[K]) => [string, unknown[]] } = {
  displayName: (value) => ['display_name = ?', [value]],
  description: (value) => ['description = ?', [value]],
  entryType: (value) => ['entry_type = ?', [value]],
  visibility: (value) => ['visibility = ?', [value]],
  term: (value) => ['term = ?', [value]],
  status: (value) => ['status = ?', [value]],
  statusBeforeRemoval: (value) => ['status_before_removal = ?', [value]],
  expiresAt: (value) => ['expires_at = ?', [value]],
  locked: (value) => ['locked = ?', [value]],
  agentLimit: (value) => ['agent_limit = ?::text[]', [value ? textArray(value) : null]],
  suspended: (value) => ['suspended = ?', [value]],
  suspensionReason: (value) => ['suspension_reason = ?', [value]],
  suspendedAt: (value) => ['suspended_at = ?', [value]],
  removedAt: (value) => ['removed_at = ?', [value]],
  updatedAt: (value) => ['updated_at = ?', [value]],
};

/** Namespace of the per-principal registration lock (the two-key advisory lock space). */
const REGISTRATION_LOCK_SPACE = 7_320_400;

/**
 * Directory storage on MikroORM: inserts go through the entity manager (nothing is tracked); reads,
 * the versioned update, resolution, discovery and cleanup are single SQL statements.
 */
export const createMikroOrmDirectoryRepository = (db: Database): DirectoryRepository => ({
  lockPrincipal: async (principalId) => {
    await db.query('select pg_advisory_xact_lock(?, hashtext(?))', [REGISTRATION_LOCK_SPACE, principalId]);
  },

  countCountedEntries: async (principalId) => {
    const [row] = await db.query<{ n: number | string }>(
      "select count(*) as n from directory_entries where owner_id = ? and status <> 'retired'",
      [principalId],
    );
    return Number(row?.n ?? 0);
  },

  insertEntry: async (entry) => {
    const rows = await db.query(
      `insert into directory_entries (${ENTRY_COLUMNS.join(', ')})
       values (${ENTRY_COLUMNS.map((column) => (column === 'agent_limit' ? '?::text[]' : '?')).join(', ')})
       on conflict (handle) do nothing returning id`,
      [
        entry.id, entry.handle, entry.ownerId, entry.displayName, entry.description, entry.entryType, entry.visibility,
        entry.term, entry.status, entry.statusBeforeRemoval, entry.expiresAt, entry.version, entry.locked,
        entry.agentLimit ? textArray(entry.agentLimit) : null, entry.suspended, entry.suspensionReason, entry.suspendedAt,
        entry.removedAt, entry.retiredAt, entry.createdAt, entry.updatedAt,
      ],
    );
    return rows.length === 1;
  },

  replaceDestinations: async (entryId, destinations) => {
    await db.query('delete from directory_destinations where entry_id = ?', [entryId]);
    if (destinations.length === 0) return;
    await db.insert(
      DirectoryDestination,
      destinations.map((destination, position) => ({
        id: destination.id,
        entryId,
        position,
        type: destination.type,
        value: destination.value,
        label: destination.label,
        audience: destination.audience,
        preferred: destination.preferred,
        approvedForDisclosure: destination.approvedForDisclosure,
      })),
    );
  },

  findByHandle: async (handle, historySince) => {
    const [row] = await db.query<ManagedRow>(`${MANAGED_SELECT} where e.handle = ?`, [historySince, historySince, handle]);
    return row ? managedFromRow(row) : null;
  },

  findByOwner: async (ownerId, historySince, paging) => {
    const rows = await db.query<ManagedRow>(`${MANAGED_SELECT} where e.owner_id = ? order by e.created_at desc, e.id desc limit ? offset ?`, [
      historySince,
      historySince,
      ownerId,
      paging.limit,
      paging.offset,
    ]);
    const [counted] = await db.query<{ total: number | string }>('select count(*) as total from directory_entries where owner_id = ?', [ownerId]);
    return { rows: rows.map(managedFromRow), total: Number(counted?.total ?? 0) };
  },

  updateIfVersion: async (id, expectedVersion, changes) => {
    const sets: string[] = [];
    const params: unknown[] = [];
    for (const [field, value] of Object.entries(changes) as [keyof EntryChanges, never][]) {
      if (value === undefined || field === 'updatedAt') continue;
      const [fragment, values] = setters[field](value);
      sets.push(fragment);
      params.push(...values);
    }
    const [row] = await db.query<EntryRow>(
      `update directory_entries set ${[...sets, 'version = version + 1', 'updated_at = ?'].join(', ')}
       where id = ? and version = ? returning ${ENTRY_COLUMNS.join(', ')}`,
      [...params, changes.updatedAt, id, expectedVersion],
    );
    return row ? entryFromRow(row) : null;
  },

  insertHistory: async (record) => {
    await db.insert(DirectoryHistory, {
      id: record.id,
      entryId: record.entryId,
      actor: record.actor,
      action: record.action,
      at: record.at,
      version: record.version,
      previous: record.previous,
    });
  },

  listHistory: async (entryId, since, paging) => {
    const rows = await db.query<HistoryRow>(
      `select id, entry_id, actor, action, at, version, previous from directory_history
       where entry_id = ? and at >= ? order by version desc, at desc, id desc limit ? offset ?`,
      [entryId, since, paging.limit, paging.offset],
    );
    const [counted] = await db.query<{ n: number | string }>(
      'select count(*) as n from directory_history where entry_id = ? and at >= ?',
      [entryId, since],
    );
    return { rows: rows.map(historyFromRow), total: Number(counted?.n ?? 0) };
  },

  findHistory: async (entryId, historyId, since) => {
    const [row] = await db.query<HistoryRow>(
      'select id, entry_id, actor, action, at, version, previous from directory_history where id = ? and entry_id = ? and at >= ?',
      [historyId, entryId, since],
    );
    return row ? historyFromRow(row) : null;
  },

  resolve: async (handle, signedIn, now) => {
    const [row] = await db.query<ResolvedSqlRow>(
      `${RESOLVED_SELECT} from directory_entries e
       where e.handle = ? and ${SHOWABLE} and (e.visibility = 'public' or ?::boolean)`,
      [signedIn, handle, now, signedIn],
    );
    return row ? resolvedFromRow(row) : null;
  },

  discover: async (filter, paging, now) => {
    const where = [SHOWABLE, "e.visibility = 'public'"];
    const params: unknown[] = [now];
    let from = 'directory_entries e';
    let order = 'e.created_at desc, e.id desc';
    const fromParams: unknown[] = [];
    const q = filter.q?.trim();
    if (q) {
      from = "directory_entries e, websearch_to_tsquery('english', ?) as query";
      fromParams.push(q);
      where.push('e.search @@ query');
      order = 'ts_rank(e.search, query) desc, e.created_at desc, e.id desc';
    }
    if (filter.entryType) {
      where.push('e.entry_type = ?');
      params.push(filter.entryType);
    }
    const condition = where.join(' and ');
    // Planned per call: how many entries a word matches decides between the GIN index and a scan.
    const rows = await db.query<ResolvedSqlRow>(
      `${RESOLVED_SELECT} from ${from} where ${condition} order by ${order} limit ? offset ?`,
      [false, ...fromParams, ...params, paging.limit, paging.offset],
      { planForValues: true },
    );
    const [counted] = await db.query<{ n: number | string }>(`select count(*) as n from ${from} where ${condition}`, [...fromParams, ...params], {
      planForValues: true,
    });
    return { rows: rows.map(resolvedFromRow), total: Number(counted?.n ?? 0) };
  },

  retireDue: async (now, removedBefore, expiredBefore, batch) => {
    const rows = await db.query<{ n: number | string }>(
      `with due as (
         select id from directory_entries
         where (status = 'removed' and removed_at < ?)
            or (status in ('active', 'paused') and term = 'temporary' and expires_at < ?)
         order by id
         limit ? for update skip locked
       ),
       destinations_gone as (delete from directory_destinations where entry_id in (select id from due)),
       history_gone as (delete from directory_history where entry_id in (select id from due)),
       retired as (
         update directory_entries e
         set status = 'retired', retired_at = ?, display_name = '', description = '', agent_limit = null,
             suspension_reason = null, version = e.version + 1, updated_at = ?
         from due where e.id = due.id
         returning e.id
       )
       select count(*) as n from retired`,
      [removedBefore, expiredBefore, batch, now, now],
    );
    return Number(rows[0]?.n ?? 0);
  },

  purgeHistory: async (before, batch) => {
    const rows = await db.query<{ n: number | string }>(
      `with gone as (
         delete from directory_history where id in (
           select id from directory_history where at < ? order by at limit ? for update skip locked
         ) returning 1
       )
       select count(*) as n from gone`,
      [before, batch],
    );
    return Number(rows[0]?.n ?? 0);
  },
});
