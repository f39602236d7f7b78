import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRateLimiter, dbEntities, dbMigrations, type Database, type RateLimit } from '@svc/db';
import { ENGINES, openTestDatabase, recordStatements, type TestDatabase } from '@svc/db/testing';
import { manualClock } from '@svc/kernel';
import { accessSchema, type AccessRepository, type TokenAlongside } from '../src/index.ts';
import { accessClient, createMikroOrmAccessRepository } from '../src/access.repository.mikro-orm.ts';
import { hashSecret, newSecret } from '../src/secrets.ts';
import type { GrantRecord } from '../src/access.records.ts';

/**
 * Bearer-token lookups requested in the same turn of the event loop go to the database as one
 * statement per distinct text, and each still gets exactly its own answer: this is the
 * authorisation of every request, so every case checks who got which row.
 */
describe.each(ENGINES)('token lookups batched per turn on %s', (engine) => {
  let db: TestDatabase;
  let repo: AccessRepository;
  /** The SQL of every statement the repository's client sent: one entry is one statement, on either engine. */
  const queried: string[] = [];
  const clock = manualClock('2026-11-21T12:00:00.000Z');
  const now = () => clock.now();
  const limiterCounter: RateLimit = { name: 'agent-writes', limit: 100, windowSeconds: 60 };
  let serial = 0;

  /** A live grant with `account:read` and nothing optional filled in. */
  type StoredGrant = GrantRecord & { tokenHash: string };
  const grantRecord = (grant: Pick<StoredGrant, 'id' | 'principalId' | 'agentName' | 'expiresAt' | 'tokenHash'>): StoredGrant => ({
    description: null,
    agentUrl: null,
    builtWith: null,
    model: null,
    scopes: ['account:read'],
    createdAt: now(),
    revokedAt: null,
    lastUsedAt: null,
    ...grant,
  });

  /** A principal with one grant whose token is returned (live unless `expiresAt` or `revoke` says otherwise). */
  const tokenOf = async (name: string, { expiresAt = new Date(now().getTime() + 86_400_000), revoke = false } = {}) => {
    serial += 1;
    const principalId = `prn_batch_${serial}`;
    const grantId = `grt_batch_${serial}`;
    const token = newSecret('tds');
    await repo.insertPrincipal({
      id: principalId,
      email: `${name.toLowerCase()}.${serial}@example.test`,
      passwordHash: 'scrypt$unused$unused',
      displayName: name,
      isSupport: false,
      createdAt: now(),
    });
    await repo.insertGrant(grantRecord({ id: grantId, principalId, agentName: `${name}'s agent`, expiresAt, tokenHash: hashSecret(token) }));
    if (revoke) await repo.revokeGrant(grantId, principalId, now());
    return { token, hash: hashSecret(token), principalId, grantId, name };
  };

  /** `work`'s result and the statements it sent: at the client on both engines, and at the driver on PostgreSQL. */
  const sentWhile = async <T>(work: () => Promise<T>) => {
    queried.length = 0;
    let result!: T;
    const driver = await recordStatements(async () => {
      result = await work();
    });
    const statements = [...queried];
    if (engine === 'postgresql') expect(driver).toEqual(statements.map((sql) => expect.stringContaining(sql.slice(-40))));
    return { result, statements };
  };

  const writesCounted: TokenAlongside<{ remaining: number }> = ({ grant }) => createRateLimiter(db, clock).hitColumn(limiterCounter, grant);
  /** A column of the grants table, read for the token's principal: as `/api/v1/me`'s counts are. */
  const grantsOfPrincipal: TokenAlongside<number> = ({ principal }) => ({
    sql: sql`(select count(*) from grants where principal_id = ${principal}) as principal_grants`,
    read: (row) => Number(row.principal_grants),
  });
  /** A column that echoes a bound value, so that two lookups with different values need two statements. */
  const echo =
    (word: string): TokenAlongside<string> =>
    () => ({ sql: sql`${word}::text as echoed`, read: (row) => String(row.echoed) });

  beforeAll(async () => {
    db = await openTestDatabase(engine, { entities: [...dbEntities, ...accessSchema.entities], migrations: [...dbMigrations, ...accessSchema.migrations] });
    const watched: Database = {
      ...db,
      compiled: {
        ...db.compiled,
        query: (statement, options) => {
          queried.push(statement.sql);
          return db.compiled.query(statement, options);
        },
      },
    };
    repo = createMikroOrmAccessRepository(accessClient(watched));
  });
  afterAll(() => db?.dispose());

  it('looks several tokens up in one statement, each getting its own principal and grant', async () => {
    const tokens = await Promise.all(['Ada', 'Grace', 'Edsger', 'Barbara'].map((name) => tokenOf(name)));
    const { result, statements } = await sentWhile(() => Promise.all(tokens.map((t) => repo.findLiveGrantByTokenHash(t.hash, now()))));
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/unnest\(\$1::text\[\], \$2::timestamptz\[\]\) with ordinality/);
    expect(result).toHaveLength(tokens.length);
    for (const [i, found] of result.entries()) {
      expect(found?.principal).toMatchObject({ id: tokens[i]!.principalId, displayName: tokens[i]!.name });
      expect(found?.grant).toMatchObject({ id: tokens[i]!.grantId, principalId: tokens[i]!.principalId, agentName: `${tokens[i]!.name}'s agent` });
      expect(found?.alongside).toBeUndefined();
    }
  });

  it('answers null for an unknown, a revoked and an expired token while the others in the batch resolve', async () => {
    const live = await tokenOf('Live');
    const revoked = await tokenOf('Revoked', { revoke: true });
    const expired = await tokenOf('Expired', { expiresAt: new Date(now().getTime() - 1) });
    const otherLive = await tokenOf('AlsoLive');
    const hashes = [hashSecret(newSecret('tds')), live.hash, revoked.hash, expired.hash, otherLive.hash];
    const { result, statements } = await sentWhile(() => Promise.all(hashes.map((hash) => repo.findLiveGrantByTokenHash(hash, now()))));
    expect(statements).toHaveLength(1);
    expect(result.map((found) => found?.grant.id ?? null)).toEqual([null, live.grantId, null, null, otherLive.grantId]);
    expect(result[4]?.principal.id).toBe(otherLive.principalId);
  });

  it('checks each lookup against its own moment, even for the same token in one batch', async () => {
    const t = await tokenOf('Timed', { expiresAt: new Date(now().getTime() + 1_000) });
    const { result, statements } = await sentWhile(() =>
      Promise.all([
        repo.findLiveGrantByTokenHash(t.hash, new Date(now().getTime() + 2_000)),
        repo.findLiveGrantByTokenHash(t.hash, now()),
        repo.findLiveGrantByTokenHash(t.hash, new Date(now().getTime() + 1_000)),
      ]),
    );
    expect(statements).toHaveLength(1);
    expect(result.map((found) => found?.grant.id ?? null)).toEqual([null, t.grantId, null]);
  });

  it('counts the same token twice when it comes twice in one batch, each lookup reading its own count', async () => {
    const t = await tokenOf('Writer');
    const before = await createRateLimiter(db, clock).peek(limiterCounter, t.grantId);
    const { result, statements } = await sentWhile(() =>
      Promise.all([repo.findLiveGrantByTokenHash(t.hash, now(), writesCounted), repo.findLiveGrantByTokenHash(t.hash, now(), writesCounted)]),
    );
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/rate_limit_hit\(.*from grants/s);
    expect(result.map((found) => found?.grant.id)).toEqual([t.grantId, t.grantId]);
    // Counts 1 and 2, in whichever order the rows were made: each lookup reads its own.
    expect(before.remaining).toBe(limiterCounter.limit);
    const remaining = result.map((found) => found!.alongside!.remaining);
    expect(remaining.toSorted((x, y) => x - y)).toEqual([limiterCounter.limit - 2, limiterCounter.limit - 1]);
    const after = await createRateLimiter(db, clock).peek(limiterCounter, t.grantId);
    expect(before.remaining - after.remaining).toBe(2);
  });

  it('still looks a token up alone, with the same text as a batch of several', async () => {
    const t = await tokenOf('Alone');
    const alone = await sentWhile(() => repo.findLiveGrantByTokenHash(t.hash, now()));
    expect(alone.statements).toHaveLength(1);
    expect(alone.result).toMatchObject({ grant: { id: t.grantId }, principal: { id: t.principalId, displayName: 'Alone' } });
    const several = await sentWhile(() => Promise.all([t.hash, t.hash, t.hash].map((hash) => repo.findLiveGrantByTokenHash(hash, now()))));
    expect(several.statements).toEqual(alone.statements);
    expect(await repo.findLiveGrantByTokenHash(hashSecret('tds_unknown'), now())).toBeNull();
  });

  it('sends lookups with different alongside columns or values in separate statements, each reading its own columns', async () => {
    const [a, b, c, d] = await Promise.all(['Plain', 'Counted', 'Counter', 'Echo'].map((name) => tokenOf(name)));
    const { result, statements } = await sentWhile(() =>
      Promise.all([
        repo.findLiveGrantByTokenHash(a!.hash, now()),
        repo.findLiveGrantByTokenHash(b!.hash, now(), writesCounted),
        repo.findLiveGrantByTokenHash(c!.hash, now(), grantsOfPrincipal),
        repo.findLiveGrantByTokenHash(d!.hash, now(), echo('first')),
        repo.findLiveGrantByTokenHash(a!.hash, now(), echo('second')),
        repo.findLiveGrantByTokenHash(c!.hash, now()),
      ]),
    );
    // Plain (twice, one statement), counted, the principal's grants, and the echo with each of its two values.
    expect(statements).toHaveLength(5);
    const [plainA, counted, grants, first, second, plainC] = result;
    expect(plainA).toMatchObject({ grant: { id: a!.grantId }, alongside: undefined });
    expect(plainC).toMatchObject({ grant: { id: c!.grantId }, alongside: undefined });
    expect(counted).toMatchObject({ grant: { id: b!.grantId }, alongside: { remaining: limiterCounter.limit - 1, allowed: true } });
    expect(grants).toMatchObject({ grant: { id: c!.grantId }, alongside: 1 });
    expect(first).toMatchObject({ grant: { id: d!.grantId }, alongside: 'first' });
    expect(second).toMatchObject({ grant: { id: a!.grantId }, alongside: 'second' });
  });

  it('fails every lookup of a batch whose statement fails, and only those', async () => {
    const [a, b, c] = await Promise.all(['Doomed', 'AlsoDoomed', 'Spared'].map((name) => tokenOf(name)));
    const failing: TokenAlongside<number> = ({ grant }) => ({
      sql: sql`(1 / (length(${grant}) - length(${grant}) + ${0}::int)) as broken`,
      read: (row) => Number(row.broken),
    });
    const settled = await Promise.allSettled([
      repo.findLiveGrantByTokenHash(a!.hash, now(), failing),
      repo.findLiveGrantByTokenHash(b!.hash, now(), failing),
      repo.findLiveGrantByTokenHash(c!.hash, now()),
    ]);
    expect(settled[0]).toMatchObject({ status: 'rejected', reason: { message: expect.stringMatching(/division by zero/) } });
    expect(settled[1]).toMatchObject({ status: 'rejected', reason: { message: expect.stringMatching(/division by zero/) } });
    expect(settled[2]).toMatchObject({ status: 'fulfilled', value: { grant: { id: c!.grantId } } });
    // Nothing is left behind: the next batch of the same text is a batch of its own.
    expect(await repo.findLiveGrantByTokenHash(a!.hash, now())).toMatchObject({ grant: { id: a!.grantId } });
  });

  it('looks a token up inside a transaction in that transaction, never batched with lookups outside it', async () => {
    const principal = await tokenOf('Insider');
    const token = newSecret('tds');
    const rollback = new Error('roll back');
    let insideAsked!: () => void;
    const asked = new Promise<void>((resolve) => (insideAsked = resolve));
    const transaction = db.transaction(async () => {
      await repo.insertGrant(
        grantRecord({
          id: 'grt_batch_uncommitted',
          principalId: principal.principalId,
          agentName: 'Uncommitted',
          expiresAt: new Date(now().getTime() + 60_000),
          tokenHash: hashSecret(token),
        }),
      );
      const inside = repo.findLiveGrantByTokenHash(hashSecret(token), now());
      insideAsked();
      expect(await inside).toMatchObject({ grant: { id: 'grt_batch_uncommitted' }, principal: { id: principal.principalId } });
      throw rollback;
    });
    // The same turn as the lookup inside (the continuation of `asked` is a microtask of it), from outside the transaction.
    await asked;
    const outside = repo.findLiveGrantByTokenHash(hashSecret(token), now());
    await expect(transaction).rejects.toBe(rollback);
    // Had it joined the lookup inside, it would have read the grant that transaction never committed.
    expect(await outside).toBeNull();
    expect(await repo.findLiveGrantByTokenHash(hashSecret(token), now())).toBeNull();
  });
});
