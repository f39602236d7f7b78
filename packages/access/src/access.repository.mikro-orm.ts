import DataLoader from 'dataloader';
import { sqlDate, sqlDateOrNull, textArray, type Database, type SqlOperand } from '@svc/db';
import type { Scope } from '@svc/kernel';
import type { AccessRepository } from './access.repository.ts';
import type { DeviceRecord, GrantRecord, PrincipalRecord } from './access.records.ts';

type Row = Record<string, unknown>;

const maybeText = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));

const toPrincipal = (row: Row, prefix = ''): PrincipalRecord => ({
  id: String(row[`${prefix}id`]),
  email: String(row[`${prefix}email`]),
  passwordHash: String(row[`${prefix}password_hash`]),
  displayName: String(row[`${prefix}display_name`]),
  isSupport: Boolean(row[`${prefix}is_support`]),
  createdAt: sqlDate(row[`${prefix}created_at`]),
});

const agentDetails = (row: Row) => ({
  agentName: String(row.agent_name),
  description: maybeText(row.description),
  agentUrl: maybeText(row.agent_url),
  builtWith: maybeText(row.built_with),
  model: maybeText(row.model),
});

const toDevice = (row: Row): DeviceRecord => ({
  id: String(row.id),
  userCode: String(row.user_code),
  ...agentDetails(row),
  scopes: row.scopes as Scope[],
  days: Number(row.days),
  status: row.status as DeviceRecord['status'],
  principalId: maybeText(row.principal_id),
  grantId: maybeText(row.grant_id),
  createdAt: sqlDate(row.created_at),
  expiresAt: sqlDate(row.expires_at),
  decidedAt: sqlDateOrNull(row.decided_at),
  lastPollAt: sqlDateOrNull(row.last_poll_at),
});

const toGrant = (row: Row): GrantRecord => ({
  id: String(row.id),
  principalId: String(row.principal_id),
  ...agentDetails(row),
  scopes: row.scopes as Scope[],
  createdAt: sqlDate(row.created_at),
  expiresAt: sqlDate(row.expires_at),
  revokedAt: sqlDateOrNull(row.revoked_at),
  lastUsedAt: sqlDateOrNull(row.last_used_at),
});

const PRINCIPAL_AS_P = `p.id as p_id, p.email as p_email, p.password_hash as p_password_hash,
  p.display_name as p_display_name, p.is_support as p_is_support, p.created_at as p_created_at`;

const GRANT_COLUMNS = `id, principal_id, agent_name, description, agent_url, built_with, model, scopes,
  created_at, expires_at, revoked_at, last_used_at`;

/**
 * The display name of the principal whose id is in `column`, as a scalar subquery (one primary-key
 * lookup per row). `column` is a column reference written by the calling repository, never input.
 */
export const principalNameSql = (column: string): string =>
  `(select principal_names.display_name from principals as principal_names where principal_names.id = ${column})`;

/** One bearer-token lookup: the hash of the token, and the moment it must be live at. */
interface TokenLookup {
  tokenHash: string;
  now: Date;
}

/**
 * The live grant (with its principal and `alongside` columns) of every lookup in `t`, one row per
 * lookup that found one, numbered by its position (`lookup_n`, from 1). The text depends only on the
 * alongside columns, never on how many lookups it carries, so the driver keeps it prepared. Each
 * lookup brings its own `now`. The planner puts the short array outside and probes
 * `grants_token_hash_unique` once per element (a grants table of a few thousand rows or fewer may be
 * hashed whole instead, which costs about as much). `grants` comes first in the text only so that
 * the statement still reads as the grants lookup; the planner orders the joins itself.
 */
const liveGrantsSql = (alongsideSql: string | undefined): string =>
  `select t.n as lookup_n, g.*, ${PRINCIPAL_AS_P}${alongsideSql ? `, ${alongsideSql}` : ''}
   from grants g
   join unnest(?::text[], ?::timestamptz[]) with ordinality as t(hash, at, n) on g.token_hash = t.hash
   join principals p on p.id = g.principal_id
   where g.revoked_at is null and g.expires_at > t.at`;

/**
 * The parameters of a statement as a key: equal keys must mean equal values at the driver. Dates go
 * in as ISO text (as the driver sends them); bigints and non-finite numbers as the text the driver
 * sends for them, which JSON would otherwise refuse or write as null.
 */
const paramsKey = (params: readonly unknown[]): string =>
  JSON.stringify(params, (_key, value: unknown) =>
    typeof value === 'bigint' || (typeof value === 'number' && !Number.isFinite(value)) ? String(value) : value,
  );

/**
 * Token lookups of one turn of the event loop as one statement per distinct text: every request
 * whose socket was read in the same poll phase waits for `setImmediate` and goes in one round trip
 * (one socket write and read, one wake-up of a backend) instead of one each.
 */
const createLiveGrantLookups = (db: Database) => {
  /** The batch still gathering lookups, by statement text and alongside values. */
  const gathering = new Map<string, DataLoader<TokenLookup, Row | null>>();

  const run = async (sql: string, params: readonly unknown[], lookups: readonly TokenLookup[]): Promise<(Row | null)[]> => {
    const rows = await db.query<Row>(sql, [
      ...params,
      textArray(lookups.map((lookup) => lookup.tokenHash)),
      textArray(lookups.map((lookup) => lookup.now.toISOString())),
    ]);
    const found: (Row | null)[] = lookups.map(() => null);
    for (const row of rows) {
      const at = Number(row.lookup_n) - 1;
      // Each row is the authorisation of one request: one that names no waiting lookup, a second one
      // for a lookup, or one for another token fails the whole batch rather than be handed on.
      if (!Number.isInteger(at) || at < 0 || at >= lookups.length || found[at] !== null || row.token_hash !== lookups[at]!.tokenHash) {
        throw new Error(`The batched token lookup returned a row that answers none of its ${lookups.length} lookups`);
      }
      found[at] = row;
    }
    return found;
  };

  return (lookup: TokenLookup, alongside: SqlOperand | undefined): Promise<Row | null> => {
    const sql = liveGrantsSql(alongside?.sql);
    const params = alongside?.params ?? [];
    // A batch runs in the async context of the lookup that opened it: one made in a transaction would
    // take the others into that transaction, and must itself see what its transaction wrote.
    if (db.inTransaction()) return run(sql, params, [lookup]).then(([row]) => row ?? null);
    const key = `${sql}\n${paramsKey(params)}`;
    let loader = gathering.get(key);
    if (!loader) {
      const opened: DataLoader<TokenLookup, Row | null> = new DataLoader(
        (lookups) => {
          // Dispatched: later lookups open a new batch, and keys of past minutes do not pile up.
          if (gathering.get(key) === opened) gathering.delete(key);
          return run(sql, params, lookups);
        },
        // No cache (the same token twice is two lookups: a write counted twice); setImmediate so
        // that the batch takes the whole poll phase rather than one callback's nextTick.
        { cache: false, batchScheduleFn: (callback) => setImmediate(callback) },
      );
      gathering.set(key, opened);
      loader = opened;
    }
    return loader.load(lookup);
  };
};

export const createMikroOrmAccessRepository = (db: Database): AccessRepository => {
  const one = async (sql: string, params: unknown[]) => (await db.query<Row>(sql, params))[0] ?? null;
  const liveGrant = createLiveGrantLookups(db);

  return {
    insertPrincipal: async (principal) => {
      const rows = await db.query(
        `insert into principals (id, email, password_hash, display_name, is_support, created_at)
         values (?, ?, ?, ?, ?, ?) on conflict (email) do nothing returning id`,
        [principal.id, principal.email, principal.passwordHash, principal.displayName, principal.isSupport, principal.createdAt],
      );
      return rows.length === 1;
    },
    findPrincipalByEmail: async (email) => {
      const row = await one('select * from principals where email = ?', [email]);
      return row ? toPrincipal(row) : null;
    },
    displayNameSql: principalNameSql,
    findPrincipals: async (ids) =>
      ids.length === 0 ? [] : (await db.query<Row>('select * from principals where id = any(?::text[])', [textArray(ids)])).map((row) => toPrincipal(row)),
    setSupport: async (email, isSupport) => {
      const row = await one('update principals set is_support = ? where email = ? returning *', [isSupport, email]);
      return row ? toPrincipal(row) : null;
    },

    setDisplayName: async (id, displayName) => {
      const row = await one('update principals set display_name = ? where id = ? returning *', [displayName, id]);
      return row ? toPrincipal(row) : null;
    },

    setPasswordHash: async (id, passwordHash) => {
      const row = await one('update principals set password_hash = ? where id = ? returning *', [passwordHash, id]);
      return row ? toPrincipal(row) : null;
    },

    insertSession: async (s) => {
      await db.query('insert into sessions (id_hash, principal_id, csrf_token, created_at, expires_at, last_seen_at) values (?, ?, ?, ?, ?, ?)', [
        s.idHash,
        s.principalId,
        s.csrfToken,
        s.createdAt,
        s.expiresAt,
        s.lastSeenAt,
      ]);
    },
    findSession: async (idHash, now, idleSince) => {
      const row = await one(
        `select s.csrf_token, s.expires_at, s.last_seen_at, ${PRINCIPAL_AS_P}
         from sessions s join principals p on p.id = s.principal_id
         where s.id_hash = ? and s.expires_at > ? and s.last_seen_at > ?`,
        [idHash, now, idleSince],
      );
      return row
        ? { principal: toPrincipal(row, 'p_'), csrfToken: String(row.csrf_token), expiresAt: sqlDate(row.expires_at), lastSeenAt: sqlDate(row.last_seen_at) }
        : null;
    },
    touchSession: async (idHash, at, minGapMs) => {
      await db.query('update sessions set last_seen_at = ? where id_hash = ? and last_seen_at <= ?', [at, idHash, new Date(at.getTime() - minGapMs)]);
    },
    deleteSession: async (idHash) => {
      await db.query('delete from sessions where id_hash = ?', [idHash]);
    },
    deleteSessionsOf: async (principalId, keepIdHash) =>
      (await db.query('delete from sessions where principal_id = ? and id_hash is distinct from ? returning id_hash', [principalId, keepIdHash])).length,

    insertDevice: async (d) => {
      const rows = await db.query(
        `insert into device_authorizations
           (id, device_code_hash, user_code, agent_name, description, agent_url, built_with, model, scopes, days, status, created_at, expires_at)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?::text[], ?, ?, ?, ?) on conflict do nothing returning id`,
        [d.id, d.deviceCodeHash, d.userCode, d.agentName, d.description, d.agentUrl, d.builtWith, d.model, textArray(d.scopes), d.days, d.status, d.createdAt, d.expiresAt],
      );
      return rows.length === 1;
    },
    findDeviceByCodeHash: async (hash) => {
      const row = await one('select * from device_authorizations where device_code_hash = ?', [hash]);
      return row ? toDevice(row) : null;
    },
    findDeviceByUserCode: async (userCode) => {
      const row = await one('select * from device_authorizations where user_code = ?', [userCode]);
      return row ? toDevice(row) : null;
    },
    decideDevice: async (id, { status, principalId, at }, now) => {
      const row = await one(
        `update device_authorizations set status = ?, principal_id = ?, decided_at = ?
         where id = ? and status = 'pending' and expires_at > ? returning *`,
        [status, principalId, at, id, now],
      );
      return row ? toDevice(row) : null;
    },
    acceptPoll: async (id, now, minGapMs) => {
      const rows = await db.query(
        `update device_authorizations set last_poll_at = ?
         where id = ? and (last_poll_at is null or last_poll_at <= ?) returning id`,
        [now, id, new Date(now.getTime() - minGapMs)],
      );
      return rows.length === 1;
    },
    consumeDevice: async (id, grantId) => {
      const rows = await db.query(
        `update device_authorizations set status = 'consumed', grant_id = ? where id = ? and status = 'approved' returning id`,
        [grantId, id],
      );
      return rows.length === 1;
    },

    insertGrant: async (g) => {
      await db.query(
        `insert into grants (id, principal_id, agent_name, description, agent_url, built_with, model, scopes, token_hash, created_at, expires_at)
         values (?, ?, ?, ?, ?, ?, ?, ?::text[], ?, ?, ?)`,
        [g.id, g.principalId, g.agentName, g.description, g.agentUrl, g.builtWith, g.model, textArray(g.scopes), g.tokenHash, g.createdAt, g.expiresAt],
      );
    },
    findLiveGrantByTokenHash: async (tokenHash, now, alongside) => {
      const extra = alongside?.({ principal: { sql: 'g.principal_id', params: [] }, grant: { sql: 'g.id', params: [] } });
      // Batched with the other lookups of this turn; `extra.read` is this lookup's own.
      const row = await liveGrant({ tokenHash, now }, extra);
      return row ? { grant: toGrant(row), principal: toPrincipal(row, 'p_'), alongside: extra?.read(row) } : null;
    },
    findGrant: async (id) => {
      const row = await one(`select ${GRANT_COLUMNS} from grants where id = ?`, [id]);
      return row ? toGrant(row) : null;
    },
    listGrants: async (principalId) =>
      (await db.query<Row>(`select ${GRANT_COLUMNS} from grants where principal_id = ? order by created_at desc`, [principalId])).map(toGrant),
    revokeGrant: async (id, principalId, at) => {
      const row = await one(
        `update grants set revoked_at = coalesce(revoked_at, ?) where id = ? and principal_id = ? returning ${GRANT_COLUMNS}`,
        [at, id, principalId],
      );
      return row ? toGrant(row) : null;
    },
    revokeAllGrants: async (principalId, at) =>
      (await db.query('update grants set revoked_at = ? where principal_id = ? and revoked_at is null and expires_at > ? returning id', [at, principalId, at])).length,
    touchGrant: async (id, at) => {
      await db.query('update grants set last_used_at = ? where id = ? and (last_used_at is null or last_used_at < ?)', [
        at,
        id,
        new Date(at.getTime() - 60_000),
      ]);
    },

    insertIntroduction: async (i) => {
      await db.query('insert into agent_introductions (id, agent_name, details, created_at, expires_at) values (?, ?, ?, ?, ?)', [
        i.id,
        i.agentName,
        JSON.stringify(i.details),
        i.createdAt,
        i.expiresAt,
      ]);
    },

    purgeExpired: async (now, before, idleSince) => {
      const sessions = await db.query('delete from sessions where expires_at < ? or last_seen_at < ? returning id_hash', [now, idleSince]);
      const devices = await db.query('delete from device_authorizations where expires_at < ? returning id', [before]);
      const introductions = await db.query('delete from agent_introductions where expires_at < ? returning id', [now]);
      return { sessions: sessions.length, devices: devices.length, introductions: introductions.length };
    },
  };
};
