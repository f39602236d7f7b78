import { sql, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';
import { createQueryClient, dateOf, listPage, prepared, totalCount, totalOverAll, type ClientDatabase, type EntityTables, type QueryClient } from '@svc/db';
import { countLimit } from '@svc/kernel';
import { DirectoryDestination, DirectoryEntry, DirectoryHistory, directoryEntities } from './entities.ts';
import type { ResolvedRow } from './directory.records.ts';
import type { DirectoryRepository, ManagedEntry } from './directory.repository.ts';

/** What the directory repository may run: statements on the directory tables, typed from their entities, and transactions. */
export type DirectoryClient = QueryClient<(typeof directoryEntities)[number]>;

export const directoryClient = (db: ClientDatabase): DirectoryClient => createQueryClient(db, directoryEntities);

type Tables = EntityTables<(typeof directoryEntities)[number]>;
type Entries = ExpressionBuilder<Tables & { e: Tables['directory_entries'] }, 'e'>;

/** Namespace of the per-principal registration lock (the two-key advisory lock space). */
const REGISTRATION_LOCK_SPACE = 7_320_400;

/**
 * Discovery counts its matches up to one past this many (or one past the page asked for, if deeper),
 * never every row: past the cap, the total says "at least" (`totalIsLowerBound`), as job lists do.
 */
export const DISCOVERY_COUNT_CAP = 300;

// Drivers differ in whether they parse a json column they hand back; a string is JSON text left as it came.
const parsed = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/**
 * Directory storage: every statement built with Kysely on the tables the entities describe
 * (src/queries/directory.sql shows each method's SQL). An entry's destinations and history summary
 * come with it in the same statement, as JSON of their whole rows, read by their entities' tables.
 */
export const createMikroOrmDirectoryRepository = (db: DirectoryClient): DirectoryRepository => {
  const { builder: q } = db;
  const entries = db.table(DirectoryEntry);
  const destinations = db.table(DirectoryDestination);
  const histories = db.table(DirectoryHistory);
  type DestinationRow = Parameters<typeof destinations.read>[0];
  type HistoryRow = Parameters<typeof histories.read>[0];

  /** The entry's destinations, in the owner's order, as one JSON list of their whole rows. */
  const destinationsOf = (eb: Entries) =>
    eb
      .selectFrom('directory_destinations as d')
      .select(sql<DestinationRow[] | string>`coalesce(json_agg(d order by d.position), json_build_array())`.as('list'))
      .whereRef('d.entry_id', '=', 'e.id')
      .as('destinations');

  /** The owner's select: the entry, its destinations and its history summary (records since `since`). */
  const selectManaged = (since: Date) =>
    q
      .selectFrom('directory_entries as e')
      .select(entries.columnsOf('e'))
      .select((eb) => [
        destinationsOf(eb),
        eb.selectFrom('directory_history as h').select(eb.fn.countAll().as('n')).whereRef('h.entry_id', '=', 'e.id').where('h.at', '>=', since).as('history_count'),
        eb
          .selectFrom('directory_history as h')
          .select(sql<HistoryRow | string>`to_json(h)`.as('latest'))
          .whereRef('h.entry_id', '=', 'e.id')
          .where('h.at', '>=', since)
          .orderBy('h.version', 'desc')
          .orderBy('h.at', 'desc')
          .limit(sql.lit(1))
          .as('history_latest'),
      ]);
  type ManagedRow = Awaited<ReturnType<ReturnType<typeof selectManaged>['execute']>>[number];

  const managedOf = (row: ManagedRow): ManagedEntry => {
    const latest = row.history_latest === null ? null : histories.read(parsed(row.history_latest));
    return {
      entry: { ...entries.read(row), destinations: parsed(row.destinations ?? []).map((d) => withoutPlace(destinations.read(d))) },
      history: { count: Number(row.history_count ?? 0), latest: latest && { id: latest.id, action: latest.action, at: latest.at, version: latest.version } },
    };
  };

  /** When an entry may be shown at all: active, not suspended, not past its expiry. */
  const showable = (now: Date) => (eb: Entries) =>
    eb.and([eb('e.status', '=', 'active'), eb.not(eb.ref('e.suspended')), eb.or([eb('e.expires_at', 'is', null), eb('e.expires_at', '>', now)])]);

  /** What a resolution shows of an entry; only these columns (whole rows cost the server and the process about twice as much). */
  const RESOLVED_COLUMNS = ['e.id', 'e.handle', 'e.display_name', 'e.entry_type', 'e.description', 'e.version', 'e.expires_at'] as const;
  /** The destinations a caller may see, in the owner's order, already in their public shape (`uri`), as one JSON list. */
  const shownList = (signedIn: boolean) =>
    sql<ResolvedRow['destinations'] | string>`coalesce(json_agg(json_build_object('id', d.id, 'type', d.type, 'uri', d.value, 'label', d.label, 'preferred', d.preferred) order by d.position)${
      signedIn ? sql`` : sql` filter (where d.audience = 'public')`
    }, json_build_array())`;
  const approvedOf = (eb: Entries) =>
    eb
      .selectFrom('directory_destinations as d')
      .whereRef('d.entry_id', '=', 'e.id')
      .where((inner) => inner.ref('d.approved_for_disclosure'));

  /**
   * One entry as a resolution shows it, with its destinations and, for a signed-out caller, how many
   * approved ones are kept for signed-in people (`withheld`), from one pass over its destinations.
   * (A lateral join is joined before any sort: fine for one entry, not for a page; see `discover`.)
   */
  const selectResolved = (signedIn: boolean) =>
    q
      .selectFrom('directory_entries as e')
      .innerJoinLateral(
        (eb) =>
          approvedOf(eb)
            .select([
              shownList(signedIn).as('destinations'),
              (signedIn ? sql<number | string>`0` : sql<number | string>`count(*) filter (where d.audience = 'signed_in')`).as('withheld'),
            ])
            .as('shown'),
        (join) => join.onTrue(),
      )
      .select([...RESOLVED_COLUMNS, 'shown.destinations', 'shown.withheld']);
  type ResolvedSqlRow = Awaited<ReturnType<ReturnType<typeof selectResolved>['execute']>>[number];

  /** The busiest read of the directory: built once per kind of caller (prepared), sent with each address. */
  const resolveFor = (signedIn: boolean) =>
    prepared((v: { handle: string; now: Date }) =>
      selectResolved(signedIn)
        .where('e.handle', '=', v.handle)
        .where(showable(v.now))
        .$if(!signedIn, (qb) => qb.where('e.visibility', '=', 'public')),
    );
  const resolveSignedIn = resolveFor(true);
  const resolveSignedOut = resolveFor(false);

  const resolvedOf = (row: Omit<ResolvedSqlRow, 'withheld' | 'destinations'> & { destinations: ResolvedSqlRow['destinations'] | null }): ResolvedRow => ({
    id: row.id,
    handle: row.handle,
    displayName: row.display_name,
    entryType: row.entry_type as ResolvedRow['entryType'],
    description: row.description,
    version: Number(row.version),
    expiresAt: row.expires_at === null ? null : dateOf(row.expires_at),
    destinations: parsed(row.destinations ?? []),
  });

  return {
    lockPrincipal: async (principalId) => {
      await db.query(sql`select pg_advisory_xact_lock(${sql.lit(REGISTRATION_LOCK_SPACE)}, hashtext(${principalId})) as locked`);
    },

    countCountedEntries: async (principalId) => {
      const [row] = await db.query(
        q.selectFrom('directory_entries').select((eb) => eb.fn.countAll().as('n')).where('owner_id', '=', principalId).where('status', '<>', 'retired'),
      );
      return Number(row?.n ?? 0);
    },

    insertEntry: async (entry) =>
      (
        await db.query(
          q
            .insertInto('directory_entries')
            .values(entries.values(entry))
            .onConflict((oc) => oc.column('handle').doNothing())
            .returning('id'),
        )
      ).length === 1,

    replaceDestinations: async (entryId, list) => {
      await db.query(q.deleteFrom('directory_destinations').where('entry_id', '=', entryId));
      await db.insert(
        DirectoryDestination,
        list.map((destination, position) => ({ ...destination, entryId, position })),
      );
    },

    findByHandle: async (handle, historySince) => {
      const [row] = await db.query(selectManaged(historySince).where('e.handle', '=', handle));
      return row ? managedOf(row) : null;
    },

    findByOwner: async (ownerId, historySince, paging) => {
      const page = selectManaged(historySince)
        .select(totalOverAll)
        .where('e.owner_id', '=', ownerId)
        .orderBy('e.created_at', 'desc')
        .orderBy('e.id', 'desc')
        .limit(paging.limit)
        .offset(paging.offset);
      const { rows, total } = await listPage(db, page, () => q.selectFrom('directory_entries').select(totalCount).where('owner_id', '=', ownerId), paging);
      return { rows: rows.map(managedOf), total };
    },

    findSuspended: async (paging) => {
      // A retired entry keeps its flag but has nothing left to suspend (retirement empties it).
      const held = q.selectFrom('directory_entries').where('suspended', '=', true).where('status', '<>', 'retired');
      const page = held.select([...entries.columns, totalOverAll]).orderBy('suspended_at', 'desc').orderBy('id', 'desc').limit(paging.limit).offset(paging.offset);
      const { rows, total } = await listPage(db, page, () => held.select(totalCount), paging);
      return { rows: rows.map(entries.read), total };
    },

    updateIfVersion: async (id, expectedVersion, changes) => {
      const [row] = await db.query(
        q
          .updateTable('directory_entries')
          .set(entries.updates(changes))
          .set((eb) => ({ version: eb('version', '+', eb.lit(1)) }))
          .where('id', '=', id)
          .where('version', '=', expectedVersion)
          .returning(entries.columns),
      );
      return row ? entries.read(row) : null;
    },

    insertHistory: (record) => db.insert(DirectoryHistory, record),

    listHistory: async (entryId, since, paging) => {
      const kept = q.selectFrom('directory_history').where('entry_id', '=', entryId).where('at', '>=', since);
      const page = kept.select([...histories.columns, totalOverAll]).orderBy('version', 'desc').orderBy('at', 'desc').orderBy('id', 'desc').limit(paging.limit).offset(paging.offset);
      const { rows, total } = await listPage(db, page, () => kept.select(totalCount), paging);
      return { rows: rows.map(histories.read), total };
    },

    findHistory: async (entryId, historyId, since) => {
      const [row] = await db.query(
        q.selectFrom('directory_history').select(histories.columns).where('id', '=', historyId).where('entry_id', '=', entryId).where('at', '>=', since),
      );
      return row ? histories.read(row) : null;
    },

    resolve: async (handle, signedIn, now) => {
      const [row] = await db.query((signedIn ? resolveSignedIn : resolveSignedOut)({ handle, now }));
      return row ? { ...resolvedOf(row), withheld: Number(row.withheld ?? 0) } : null;
    },

    discover: async (filter, paging, now) => {
      const words = filter.q?.trim() || undefined;
      const { entryType } = filter;
      /** Public, showable entries of the filter; with words, those the search matches (`query` is the parsed search). */
      const matching = <QB extends SelectQueryBuilder<Tables & { e: Tables['directory_entries'] }, 'e', object>>(qb: QB): QB =>
        qb
          .$if(words !== undefined, (inner) => inner.crossJoin(sql`websearch_to_tsquery('english', ${words})`.as('query')).where(sql<boolean>`e.search @@ query`))
          .where(showable(now))
          .where('e.visibility', '=', 'public')
          .$if(entryType !== undefined, (inner) => inner.where('e.entry_type', '=', entryType!)) as QB;
      // A list may be paged as deep as the caller likes: count at least one past the page asked for.
      const cap = countLimit(DISCOVERY_COUNT_CAP, paging);
      const capped = matching(q.selectFrom('directory_entries as e')).select((eb) => eb.lit(1).as('one')).limit(cap).as('capped');
      // Planned per call: how many entries a word matches decides between the GIN index and a scan.
      const rows = await db.query(
        matching(q.selectFrom('directory_entries as e'))
          .select(RESOLVED_COLUMNS)
          // A subquery in the select list runs for the page's rows only, after the sort and limit.
          .select((eb) => approvedOf(eb).select(shownList(false).as('list')).as('destinations'))
          // The capped count rides along as an uncorrelated subquery (run once): one round trip for the page and its total.
          .select((eb) => eb.selectFrom(capped).select(eb.fn.countAll().as('n')).as('capped_total'))
          .$if(words !== undefined, (qb) => qb.orderBy(sql`ts_rank(e.search, query)`, 'desc'))
          .orderBy('e.created_at', 'desc')
          .orderBy('e.id', 'desc')
          .limit(paging.limit)
          .offset(paging.offset),
        { planForValues: true },
      );
      let total = Number(rows[0]?.capped_total ?? 0);
      // A page past the end has no row to carry the count.
      if (rows.length === 0 && paging.offset > 0) {
        const [counted] = await db.query(q.selectFrom(capped).select((eb) => eb.fn.countAll().as('n')), { planForValues: true });
        total = Number(counted?.n ?? 0);
      }
      return { rows: rows.map(resolvedOf), total, totalIsLowerBound: total >= cap };
    },

    retireDue: async (now, removedBefore, expiredBefore, batch) => {
      // Locked first, emptied by the statements after: each statement sees what was committed before
      // it began, so the destinations and history an edit committed while the lock was being taken
      // go too (in one statement they stayed, on an entry cleanup never visits again).
      const due = await db.query(
        q
          .selectFrom('directory_entries')
          .select('id')
          .where((eb) =>
            eb.or([
              eb.and([eb('status', '=', 'removed'), eb('removed_at', '<', removedBefore)]),
              // A removed temporary entry too: its grace ends its restore window (directory.state.ts, restoreEndsAt).
              eb.and([eb('status', 'in', ['active', 'paused', 'removed']), eb('term', '=', 'temporary'), eb('expires_at', '<', expiredBefore)]),
            ]),
          )
          .orderBy('id')
          .limit(batch)
          .forUpdate()
          .skipLocked(),
      );
      const ids = due.map((row) => row.id);
      if (ids.length === 0) return 0;
      await db.query(q.deleteFrom('directory_destinations').where('entry_id', 'in', ids));
      await db.query(q.deleteFrom('directory_history').where('entry_id', 'in', ids));
      await db.query(
        q
          .updateTable('directory_entries')
          .set((eb) => ({
            status: 'retired',
            retired_at: now,
            display_name: '',
            description: '',
            agent_limit: null,
            suspension_reason: null,
            version: eb('version', '+', eb.lit(1)),
            updated_at: now,
          }))
          .where('id', 'in', ids),
      );
      return ids.length;
    },

    purgeHistory: async (before, batch) => {
      const [row] = await db.query(
        q
          .with('gone', (w) =>
            w
              .deleteFrom('directory_history')
              .where('id', 'in', w.selectFrom('directory_history').select('id').where('at', '<', before).orderBy('at').limit(batch).forUpdate().skipLocked())
              .returning('id'),
          )
          .selectFrom('gone')
          .select((eb) => eb.fn.countAll().as('n')),
      );
      return Number(row?.n ?? 0);
    },
  };
};

/** A stored destination as the domain holds it: its entry and place are the list's. */
const withoutPlace = <D extends { entryId: string; position: number }>({ entryId: _entry, position: _position, ...destination }: D) => destination;
