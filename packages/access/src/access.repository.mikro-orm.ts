import DataLoader from 'dataloader';
import { sql, type AliasedRawBuilder, type RawBuilder } from 'kysely';
import { createQueryClient, prepared, textArray, type ClientDatabase, type QueryClient } from '@svc/db';
import type { AccessRepository } from './access.repository.ts';
import type { DeviceRecord, GrantRecord, PrincipalRecord, RecoveryCodeRecord } from './access.records.ts';
import { accessEntities, DeviceAuthorization, Grant, Introduction, Principal, RecoveryCode, Session } from './entities.ts';
import type { Scope } from './scopes.ts';

/** What the access repository may run: statements on the access tables, typed from their entities, and transactions. */
export type AccessClient = QueryClient<(typeof accessEntities)[number]>;

export const accessClient = (db: ClientDatabase): AccessClient => createQueryClient(db, accessEntities);

type Row = Record<string, unknown>;

const one = <R, T>(rows: R[], read: (row: R) => T): T | null => (rows[0] ? read(rows[0]) : null);

/** One bearer-token lookup: the hash of the token, and the moment it must be live at. */
interface TokenLookup {
  tokenHash: string;
  now: Date;
}

/** What alongside columns compare with: the principal and grant of the token's row (one object, so sources may build their columns once per operand). */
const TOKEN_OPERANDS = { principal: sql.ref<string>('g.principal_id'), grant: sql.ref<string>('g.id') };

/** What JSON cannot write as the driver sends it: a bigint, a non-finite number, as their text. */
const driverText = (_key: string, value: unknown) =>
  typeof value === 'bigint' || (typeof value === 'number' && !Number.isFinite(value)) ? String(value) : value;

/**
 * One parameter as part of a key, tagged by kind so that no two values the driver sends differently
 * meet: a Date as its instant, a number or bigint as its digits, anything else as its JSON.
 */
const paramKey = (value: unknown): string =>
  value instanceof Date
    ? `t${value.getTime()}`
    : typeof value === 'bigint' || typeof value === 'number'
      ? `n${String(value)}`
      : typeof value === 'object' && value !== null
        ? `o${JSON.stringify(value, driverText)}`
        : `j${JSON.stringify(value) ?? ''}`;

/**
 * The parameters of a statement as a key: equal keys must mean equal values at the driver. Built per
 * parameter rather than by one `JSON.stringify` with a replacer, which cost several microseconds on
 * every authorised request.
 */
const paramsKey = (params: readonly unknown[]): string => params.map(paramKey).join(',');

/**
 * Access storage: every statement built with Kysely on the tables the entities describe
 * (src/queries/access.sql shows each method's SQL). Single use and "at most once a minute" are
 * conditional updates, so of two concurrent requests one wins; bearer-token lookups of one turn of
 * the event loop share a statement.
 */
export const createMikroOrmAccessRepository = (db: AccessClient): AccessRepository => {
  const { builder: q } = db;
  const principals = db.table(Principal);
  const sessions = db.table(Session);
  const devices = db.table(DeviceAuthorization);
  const grants = db.table(Grant);
  const recoveryCodes = db.table(RecoveryCode);
  /** A recovery code is read without its hash: nothing but the one statement that uses it up compares it. */
  const recoveryCodeColumns = recoveryCodes.columns.filter((column): column is Exclude<typeof column, 'code_hash'> => column !== 'code_hash');
  const recoveryCodeOf = (row: object): RecoveryCodeRecord => {
    const { codeHash: _hash, ...code } = recoveryCodes.read(row as Parameters<typeof recoveryCodes.read>[0]);
    return code;
  };

  /** The principal in a statement that joins it as `p`, each column as `p_<column>`: grants and sessions have an `id` and a `created_at` of their own. */
  const principalColumns = principals.columns.map((column) => `p.${column} as p_${column}` as const);
  const principalOf = (row: object): PrincipalRecord =>
    principals.read(
      Object.fromEntries(principals.columns.map((column) => [column, (row as Row)[`p_${column}`]])) as Parameters<typeof principals.read>[0],
    );

  const deviceOf = (row: Parameters<typeof devices.read>[0]): DeviceRecord => {
    const { deviceCodeHash: _hash, ...device } = devices.read(row);
    return { ...device, scopes: device.scopes as Scope[] };
  };
  /** A grant is read without its token's hash, except where a lookup by that hash checks it. */
  const grantColumns = grants.columns.filter((column): column is Exclude<typeof column, 'token_hash'> => column !== 'token_hash');
  const grantOf = (row: object): GrantRecord => {
    const { tokenHash: _hash, ...grant } = grants.read(row as Parameters<typeof grants.read>[0]);
    return { ...grant, scopes: grant.scopes as Scope[] };
  };

  /**
   * The live grant (with its principal and `alongside` columns) of every lookup in `lookups`, one
   * row per lookup that found one, numbered by its position (`lookup_n`, from 1). The text depends
   * only on the alongside columns, never on how many lookups it carries, so the driver keeps it
   * prepared. Each lookup brings its own `now`. The planner puts the short array outside and probes
   * `grants_token_hash_unique` once per element (a grants table of a few thousand rows or fewer may
   * be hashed whole instead, which costs about as much). `grants` comes first in the text only so
   * that the statement still reads as the grants lookup; the planner orders the joins itself.
   */
  const liveGrantsWith = (alongside: RawBuilder<unknown> | undefined) =>
    prepared((v: { hashes: string; nows: string }) => {
      const numbered = sql<{ hash: string; at: Date; n: number | string }>`unnest(${v.hashes}::text[], ${v.nows}::timestamptz[]) with ordinality`.as<'t'>(
        sql`t(hash, at, n)`,
      );
      return (
        q
          .selectFrom('grants as g')
          .innerJoin(numbered, (join) => join.onRef('g.token_hash', '=', 't.hash'))
          .innerJoin('principals as p', 'p.id', 'g.principal_id')
          .select(['t.n as lookup_n', ...grants.columnsOf('g'), ...principalColumns])
          // Another domain's columns name themselves (`… as x`, read back by its `read`), where
          // Kysely's types want one aliased expression.
          .$if(alongside !== undefined, (qb) => qb.select(alongside! as unknown as AliasedRawBuilder<unknown, 'alongside'>))
          .where('g.revoked_at', 'is', null)
          .whereRef('g.expires_at', '>', 't.at')
      );
    });
  /**
   * The statement built once per alongside columns (prepared): those of `/api/v1/me` are the same
   * object on every request (their source builds them once per operand), while columns made per
   * request (a write's count of its window) are a new object, hence a statement of their own.
   */
  const withoutAlongside = liveGrantsWith(undefined);
  const statementsByAlongside = new WeakMap<RawBuilder<unknown>, ReturnType<typeof liveGrantsWith>>();
  const liveGrants = (lookups: readonly TokenLookup[], alongside: RawBuilder<unknown> | undefined) => {
    let statement = alongside ? statementsByAlongside.get(alongside) : withoutAlongside;
    if (!statement) statementsByAlongside.set(alongside!, (statement = liveGrantsWith(alongside)));
    return statement({
      hashes: textArray(lookups.map((lookup) => lookup.tokenHash)),
      nows: textArray(lookups.map((lookup) => lookup.now.toISOString())),
    });
  };
  /** Compiled alongside columns, by the same object identity (a RawBuilder never changes). */
  const compiledAlongside = new WeakMap<RawBuilder<unknown>, { sql: string; parameters: readonly unknown[] }>();
  const compileAlongside = (alongside: RawBuilder<unknown>) => {
    let compiled = compiledAlongside.get(alongside);
    if (!compiled) compiledAlongside.set(alongside, (compiled = alongside.compile(q)));
    return compiled;
  };

  /**
   * Token lookups of one turn of the event loop as one statement per distinct text: every request
   * whose socket was read in the same poll phase waits for `setImmediate` and goes in one round trip
   * (one socket write and read, one wake-up of a backend) instead of one each.
   */
  const liveGrant = (() => {
    /** The batch still gathering lookups, by alongside text and values. */
    const gathering = new Map<string, DataLoader<TokenLookup, Row | null>>();

    const run = async (alongside: RawBuilder<unknown> | undefined, lookups: readonly TokenLookup[]): Promise<(Row | null)[]> => {
      const rows: Row[] = await db.query(liveGrants(lookups, alongside));
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

    return (lookup: TokenLookup, alongside: RawBuilder<unknown> | undefined): Promise<Row | null> => {
      // A batch runs in the async context of the lookup that opened it: one made in a transaction would
      // take the others into that transaction, and must itself see what its transaction wrote.
      if (db.inTransaction()) return run(alongside, [lookup]).then(([row]) => row ?? null);
      const columns = alongside && compileAlongside(alongside);
      const key = `${columns?.sql ?? ''}\n${paramsKey(columns?.parameters ?? [])}`;
      let loader = gathering.get(key);
      if (!loader) {
        const opened: DataLoader<TokenLookup, Row | null> = new DataLoader(
          (lookups) => {
            // Dispatched: later lookups open a new batch, and keys of past minutes do not pile up.
            if (gathering.get(key) === opened) gathering.delete(key);
            return run(alongside, lookups);
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
  })();

  return {
    insertPrincipal: async (principal) =>
      (await db.query(q.insertInto('principals').values(principals.values(principal)).onConflict((oc) => oc.column('email').doNothing()).returning('id')))
        .length === 1,

    findPrincipalByEmail: async (email) => one(await db.query(q.selectFrom('principals').select(principals.columns).where('email', '=', email)), principals.read),

    /**
     * The display name of the principal whose id is in `column`, as a scalar subquery (one primary-key
     * lookup per row). `column` is a column reference written by the calling repository, never input.
     */
    displayNameSql: (column) =>
      sql<string | null>`${q.selectFrom('principals as principal_names').select('principal_names.display_name').where('principal_names.id', '=', sql.ref<string>(column))}`,

    // One array parameter, not a list: the text is the same for any number of ids, so it stays prepared.
    findPrincipals: async (ids) =>
      ids.length === 0
        ? []
        : (await db.query(q.selectFrom('principals').select(principals.columns).where('id', '=', sql<string>`any(${textArray(ids)}::text[])`))).map(
            principals.read,
          ),

    setSupport: async (email, isSupport) =>
      one(await db.query(q.updateTable('principals').set({ is_support: isSupport }).where('email', '=', email).returning(principals.columns)), principals.read),

    setDisplayName: async (id, displayName) =>
      one(await db.query(q.updateTable('principals').set({ display_name: displayName }).where('id', '=', id).returning(principals.columns)), principals.read),

    setPasswordHash: async (id, passwordHash) =>
      one(await db.query(q.updateTable('principals').set({ password_hash: passwordHash }).where('id', '=', id).returning(principals.columns)), principals.read),

    replacePasswordHash: async (id, expected, passwordHash) =>
      (
        await db.query(
          q.updateTable('principals').set({ password_hash: passwordHash }).where('id', '=', id).where('password_hash', '=', expected).returning('id'),
        )
      ).length > 0,

    insertSession: async (session) => {
      await db.query(q.insertInto('sessions').values(sessions.values(session)));
    },

    findSession: async (idHash, now, idleSince) =>
      one(
        await db.query(
          q
            .selectFrom('sessions as s')
            .innerJoin('principals as p', 'p.id', 's.principal_id')
            .select([...sessions.columnsOf('s'), ...principalColumns])
            .where('s.id_hash', '=', idHash)
            .where('s.expires_at', '>', now)
            .where('s.last_seen_at', '>', idleSince),
        ),
        (row) => {
          const { csrfToken, expiresAt, lastSeenAt } = sessions.read(row);
          return { principal: principalOf(row), csrfToken, expiresAt, lastSeenAt };
        },
      ),

    touchSession: async (idHash, at, minGapMs) => {
      await db.query(
        q
          .updateTable('sessions')
          .set({ last_seen_at: at })
          .where('id_hash', '=', idHash)
          .where('last_seen_at', '<=', new Date(at.getTime() - minGapMs)),
      );
    },

    deleteSession: async (idHash) => {
      await db.query(q.deleteFrom('sessions').where('id_hash', '=', idHash));
    },

    deleteSessionsOf: async (principalId, keepIdHash) =>
      (await db.query(q.deleteFrom('sessions').where('principal_id', '=', principalId).where('id_hash', 'is distinct from', keepIdHash).returning('id_hash')))
        .length,

    insertDevice: async (device) =>
      (await db.query(q.insertInto('device_authorizations').values(devices.values(device)).onConflict((oc) => oc.doNothing()).returning('id'))).length === 1,

    findDeviceByCodeHash: async (hash) =>
      one(await db.query(q.selectFrom('device_authorizations').select(devices.columns).where('device_code_hash', '=', hash)), deviceOf),

    findDeviceByUserCode: async (userCode) =>
      one(await db.query(q.selectFrom('device_authorizations').select(devices.columns).where('user_code', '=', userCode)), deviceOf),

    decideDevice: async (id, { status, principalId, at }, now) =>
      one(
        await db.query(
          q
            .updateTable('device_authorizations')
            .set({ status, principal_id: principalId, decided_at: at })
            .where('id', '=', id)
            .where('status', '=', 'pending')
            .where('expires_at', '>', now)
            .returning(devices.columns),
        ),
        deviceOf,
      ),

    listUncollectedDevices: async (principalId, now) =>
      (
        await db.query(
          q
            .selectFrom('device_authorizations')
            .select(devices.columns)
            .where('principal_id', '=', principalId)
            .where('status', '=', 'approved')
            .where('expires_at', '>', now)
            .orderBy('decided_at', 'desc'),
        )
      ).map(deviceOf),

    cancelUncollectedDevice: async (id, principalId, now) =>
      (
        await db.query(
          q
            .updateTable('device_authorizations')
            .set({ status: 'denied' })
            .where('id', '=', id)
            .where('principal_id', '=', principalId)
            .where('status', '=', 'approved')
            .where('expires_at', '>', now)
            .returning('id'),
        )
      ).length === 1,

    acceptPoll: async (id, now, minGapMs) =>
      (
        await db.query(
          q
            .updateTable('device_authorizations')
            .set({ last_poll_at: now })
            .where('id', '=', id)
            .where((eb) => eb.or([eb('last_poll_at', 'is', null), eb('last_poll_at', '<=', new Date(now.getTime() - minGapMs))]))
            .returning('id'),
        )
      ).length === 1,

    consumeDevice: async (id, grantId) =>
      (
        await db.query(
          q.updateTable('device_authorizations').set({ status: 'consumed', grant_id: grantId }).where('id', '=', id).where('status', '=', 'approved').returning('id'),
        )
      ).length === 1,

    insertGrant: async (grant) => {
      await db.query(q.insertInto('grants').values(grants.values(grant)));
    },

    findLiveGrantByTokenHash: async (tokenHash, now, alongside) => {
      const extra = alongside?.(TOKEN_OPERANDS);
      // Batched with the other lookups of this turn; `extra.read` is this lookup's own.
      const row = await liveGrant({ tokenHash, now }, extra?.sql);
      return row ? { grant: grantOf(row), principal: principalOf(row), alongside: extra?.read(row) } : null;
    },

    findGrant: async (id) => one(await db.query(q.selectFrom('grants').select(grantColumns).where('id', '=', id)), grantOf),

    // A grant ends at its revocation or its expiry, whichever came first (`least` skips a null revoked_at).
    listGrants: async (principalId, endedSince) =>
      (
        await db.query(
          q
            .selectFrom('grants')
            .select(grantColumns)
            .where('principal_id', '=', principalId)
            .where(sql<Date>`least(revoked_at, expires_at)`, '>', endedSince)
            .orderBy('created_at', 'desc'),
        )
      ).map(grantOf),

    narrowGrant: async (id, principalId, scopes, now) =>
      one(
        await db.query(
          q
            .updateTable('grants')
            .set({ scopes: sql<string>`${textArray(scopes)}::text[]` })
            .where('id', '=', id)
            .where('principal_id', '=', principalId)
            .where('revoked_at', 'is', null)
            .where('expires_at', '>', now)
            .where(sql<boolean>`scopes @> ${textArray(scopes)}::text[]`)
            .returning(grantColumns),
        ),
        grantOf,
      ),

    revokeGrant: async (id, principalId, at) =>
      one(
        await db.query(
          q
            .updateTable('grants')
            .set((eb) => ({ revoked_at: eb.fn.coalesce('revoked_at', eb.val(at)) }))
            .where('id', '=', id)
            .where('principal_id', '=', principalId)
            .returning(grantColumns),
        ),
        grantOf,
      ),

    revokeAllGrants: async (principalId, at) => {
      // The approvals first: their rows stay locked until the commit, so a poll that would turn one into a grant waits, then finds it denied.
      const approvals = await db.query(
        q
          .updateTable('device_authorizations')
          .set({ status: 'denied' })
          .where('principal_id', '=', principalId)
          .where('status', '=', 'approved')
          .where('expires_at', '>', at)
          .returning('id'),
      );
      const revoked = await db.query(
        q.updateTable('grants').set({ revoked_at: at }).where('principal_id', '=', principalId).where('revoked_at', 'is', null).where('expires_at', '>', at).returning('id'),
      );
      return approvals.length + revoked.length;
    },

    touchGrant: async (id, at) => {
      await db.query(
        q
          .updateTable('grants')
          .set({ last_used_at: at })
          .where('id', '=', id)
          .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', new Date(at.getTime() - 60_000))])),
      );
    },

    insertIntroduction: async (introduction) => {
      await db.query(q.insertInto('agent_introductions').values(db.table(Introduction).values(introduction)));
    },

    putRecoveryCode: async (code) => {
      await db.query(
        q
          .insertInto('recovery_codes')
          .values(recoveryCodes.values(code))
          .onConflict((oc) =>
            oc.columns(['principal_id', 'issued_by']).doUpdateSet((eb) => ({
              code_hash: eb.ref('excluded.code_hash'),
              created_at: eb.ref('excluded.created_at'),
              expires_at: eb.ref('excluded.expires_at'),
            })),
          ),
      );
    },

    listRecoveryCodes: async (principalId, now) =>
      (
        await db.query(
          q
            .selectFrom('recovery_codes')
            .select(recoveryCodeColumns)
            .where('principal_id', '=', principalId)
            .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
            .orderBy('issued_by'),
        )
      ).map(recoveryCodeOf),

    // The same statement whether or not the e-mail has an account, so the time taken tells nothing.
    useRecoveryCode: async (email, codeHash, now) =>
      one(
        await db.query(
          q
            .deleteFrom('recovery_codes')
            .where('code_hash', '=', codeHash)
            .where('principal_id', '=', (eb) => eb.selectFrom('principals').select('principals.id').where('principals.email', '=', email))
            .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
            .returning(['principal_id', 'issued_by']),
        ),
        (row) => {
          const { principalId, issuedBy } = recoveryCodeOf(row);
          return { principalId, issuedBy };
        },
      ),

    purgeExpired: async (now, before, idleSince) => {
      const purgedSessions = await db.query(
        q
          .deleteFrom('sessions')
          .where((eb) => eb.or([eb('expires_at', '<', now), eb('last_seen_at', '<', idleSince)]))
          .returning('id_hash'),
      );
      const purgedDevices = await db.query(q.deleteFrom('device_authorizations').where('expires_at', '<', before).returning('id'));
      const purgedIntroductions = await db.query(q.deleteFrom('agent_introductions').where('expires_at', '<', now).returning('id'));
      const purgedRecoveryCodes = await db.query(q.deleteFrom('recovery_codes').where('expires_at', '<', now).returning('principal_id'));
      return {
        sessions: purgedSessions.length,
        devices: purgedDevices.length,
        introductions: purgedIntroductions.length,
        recovery_codes: purgedRecoveryCodes.length,
      };
    },
  };
};
