import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbEntities, dbMigrations } from '../src/index.ts';
import { openTestDatabase, recordQueries, type TestDatabase } from '../src/testing.ts';

/**
 * Transactions that send nothing before their `commit` are committed together on PostgreSQL
 * (group-commit.ts): many at once share messages, each still all or nothing, and one member's
 * failure is its own.
 */
describe('group commit on PostgreSQL', () => {
  let db: TestDatabase;
  const at = new Date('2026-11-24T12:00:00.000Z');

  beforeAll(async () => {
    db = await openTestDatabase('postgresql', { entities: dbEntities, migrations: dbMigrations });
  });
  afterAll(() => db?.dispose());

  /** A transaction of two deferred inserts, the second with `returning`; resolves with its rows. */
  const create = (scope: string, key: string) =>
    db.transaction(async () => {
      db.queryDeferred('insert into idempotency_keys (scope, route, key, fingerprint, created_at) values ($1, $2, $3, $4, $5)', [scope, 'POST /a', key, 'f', at]);
      return db.queryDeferred<{ key: string }>(
        'insert into idempotency_keys (scope, route, key, fingerprint, created_at) values ($1, $2, $3, $4, $5) returning key',
        [scope, 'POST /b', key, 'f', at],
      );
    });

  const stored = async (scope: string) =>
    (await db.query<{ route: string; key: string }>('select route, key from idempotency_keys where scope = $1 order by key, route', [scope])).map(
      (row) => `${row.route} ${row.key}`,
    );

  /** How often `key` went to the server in `sent`, as a bound value. */
  const sendsOf = (sent: { values: unknown[] }[], key: string) => sent.reduce((count, statement) => count + statement.values.filter((value) => value === key).length, 0);

  const keys = (count: number) => Array.from({ length: count }, (_, i) => `k${String(i).padStart(2, '0')}`);

  it('commits many concurrent transactions in fewer messages, each with its own rows', async () => {
    const wanted = keys(40);
    let deferred: Awaited<ReturnType<typeof create>>[] = [];
    const sent = await recordQueries(async () => {
      deferred = await Promise.all(wanted.map((key) => create('group-many', key)));
    });
    // Every transaction's `returning` gives its own key.
    expect(await Promise.all(deferred.map(async (statement) => (await statement.rows())[0]?.key))).toEqual(wanted);
    expect(await stored('group-many')).toEqual(wanted.flatMap((key) => [`POST /a ${key}`, `POST /b ${key}`]));
    const commits = sent.filter((statement) => statement.text.includes('; commit;'));
    expect(commits.length).toBeLessThan(wanted.length);
    // Two statements a member: a message with more than two inserts holds several members.
    expect(commits.some((statement) => (statement.text.match(/insert into idempotency_keys/g) ?? []).length > 2)).toBe(true);
  });

  it('fails only the member whose statement fails, and keeps nothing of it', async () => {
    await create('group-fail', 'k07');
    let results: PromiseSettledResult<unknown>[] = [];
    const sent = await recordQueries(async () => {
      results = await Promise.allSettled(keys(20).map((key) => create('group-fail', key)));
    });
    // Once the group failed, each member went once more, in a transaction of its own: no member's
    // statements were sent more than twice, the failing one's included.
    for (const key of keys(20)) expect(sendsOf(sent, key), key).toBeGreaterThanOrEqual(2);
    for (const key of keys(20)) expect(sendsOf(sent, key), key).toBeLessThanOrEqual(4);
    // k07 was taken: that transaction fails on the unique index; the 19 others commit.
    expect(results.map((result) => result.status)).toEqual(keys(20).map((key) => (key === 'k07' ? 'rejected' : 'fulfilled')));
    expect(results[7]).toMatchObject({ status: 'rejected', reason: { code: '23505' } });
    expect(await stored('group-fail')).toEqual(keys(20).flatMap((key) => [`POST /a ${key}`, `POST /b ${key}`]));
  });

  it('finds several failing members of one group in one more message, and commits all the others', async () => {
    const taken = ['k03', 'k09', 'k15'];
    for (const key of taken) await create('group-several', key);
    let results: PromiseSettledResult<unknown>[] = [];
    const sent = await recordQueries(async () => {
      results = await Promise.allSettled(keys(20).map((key) => create('group-several', key)));
    });
    expect(results.map((result) => result.status)).toEqual(keys(20).map((key) => (taken.includes(key) ? 'rejected' : 'fulfilled')));
    for (const i of [3, 9, 15]) expect(results[i]).toMatchObject({ status: 'rejected', reason: { code: '23505' } });
    // However many failed, no member went more than twice: once in its group, once on its own.
    for (const key of keys(20)) expect(sendsOf(sent, key), key).toBeLessThanOrEqual(4);
    expect(await stored('group-several')).toEqual(keys(20).flatMap((key) => [`POST /a ${key}`, `POST /b ${key}`]));
  });

  it('keeps every statement of a failing member out, also the ones before its failure', async () => {
    // The first insert of each would succeed; the second collides with a row made beforehand.
    await db.query('insert into idempotency_keys (scope, route, key, fingerprint, created_at) values ($1, $2, $3, $4, $5)', ['group-half', 'POST /b', 'k03', 'f', at]);
    const results = await Promise.allSettled(keys(6).map((key) => create('group-half', key)));
    expect(results.filter((result) => result.status === 'rejected')).toHaveLength(1);
    expect(await stored('group-half')).toEqual(
      keys(6).flatMap((key) => (key === 'k03' ? ['POST /b k03'] : [`POST /a ${key}`, `POST /b ${key}`])),
    );
  });

  it('sends a text in common use under the name the driver prepares it by, with the same rows', async () => {
    // A text of its own (columns in another order), so that it starts unnamed.
    const insert = (key: string) =>
      db.transaction(async () =>
        db.queryDeferred<{ key: string }>('insert into idempotency_keys (route, scope, key, fingerprint, created_at) values ($1, $2, $3, $4, $5) returning key', [
          'POST /p',
          'group-prepared',
          key,
          'f',
          at,
        ]),
      );
    const sent = await recordQueries(async () => {
      for (const key of keys(8)) {
        const inserted = await insert(key);
        expect((await inserted.rows())[0]?.key).toBe(key);
      }
    });
    const commits = sent.filter((statement) => statement.text.startsWith('begin;'));
    // The first commits go unnamed; once the text is in common use, under one name (the driver
    // prepares it once per connection), its values bound.
    expect(commits[0]!.names).toEqual([]);
    expect(commits.at(-1)!.names).toEqual([expect.stringMatching(/^svc_\d+_\d+$/)]);
    expect(new Set(commits.flatMap((commit) => commit.names)).size).toBe(1);
    expect(commits.at(-1)!.values).toEqual(['POST /p', 'group-prepared', 'k07', 'f', at.toISOString()]);
    expect(await stored('group-prepared')).toEqual(keys(8).map((key) => `POST /p ${key}`));
  });

  it('names afresh when a table changed under a prepared statement, and loses no commit', async () => {
    await db.query('create table group_stale (id text primary key, note text)');
    const insert = (id: string) => db.transaction(async () => db.queryDeferred<Record<string, unknown>>('insert into group_stale (id, note) values ($1, $2) returning *', [id, 'n']));
    for (const id of ['s1', 's2', 's3', 's4']) await insert(id);
    // `returning *` now answers another row type: PostgreSQL refuses the prepared plan (0A000).
    await db.query('alter table group_stale add column extra text');
    let after!: Awaited<ReturnType<typeof insert>>;
    const sent = await recordQueries(async () => {
      after = await insert('s5');
      for (const id of ['s6', 's7', 's8']) await insert(id);
    });
    expect(await after.rows()).toEqual([{ id: 's5', note: 'n', extra: null }]);
    // Refused under its old name, committed again on its own unnamed; its text counts its uses from
    // zero again and is named anew on the third.
    const names = sent.filter((statement) => statement.text.startsWith('begin;')).map((statement) => statement.names[0]);
    expect(names.slice(0, 3)).toEqual([expect.stringMatching(/^svc_0_/), undefined, undefined]);
    expect(names.at(-1)).toMatch(/^svc_1_/);
    expect((await db.query<{ id: string }>('select id from group_stale order by id')).map((row) => row.id)).toEqual(['s1', 's2', 's3', 's4', 's5', 's6', 's7', 's8']);
  });

  it('lets unrelated writes commit while one member waits on a row lock held elsewhere, and commits that member once the lock goes', async () => {
    await db.query('create table group_locked (id text primary key, n int not null)');
    await db.query("insert into group_locked (id, n) values ('held', 0), ('free', 0)");
    const bump = (id: string) => db.write<{ n: number }>('update group_locked set n = n + 1 where id = $1 returning n', [id]);
    const holder = new pg.Client({ connectionString: (db.orm.config.get('clientUrl') as string) });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query("select n from group_locked where id = 'held' for update");
      const waiting = bump('held');
      let waitingDone = false;
      void waiting.then(() => (waitingDone = true));
      // Twenty unrelated edits, one after another, each through a group while the lock is held.
      for (let i = 1; i <= 20; i++) expect(await bump('free')).toEqual([{ n: i }]);
      expect(waitingDone).toBe(false);
      await holder.query('commit');
      expect(await waiting).toEqual([{ n: 1 }]);
    } finally {
      await holder.end();
    }
    expect(await db.query('select id, n from group_locked order by id')).toEqual([
      { id: 'free', n: 20 },
      { id: 'held', n: 1 },
    ]);
  });

  // Last: it turns naming off for this pool.
  it('commits unnamed from then on when a prepared name is unknown to the connection, as behind a pooler in transaction mode', async () => {
    await db.query('create table group_pooled (id text primary key)');
    const insert = (id: string) => db.transaction(async () => db.queryDeferred<{ id: string }>('insert into group_pooled (id) values ($1) returning id', [id]));
    for (const id of ['p1', 'p2', 'p3', 'p4']) await insert(id);
    // What a pooler does: the next transaction runs on a server connection that never saw the name.
    await db.transaction(async () => db.queryDeferred('deallocate all'));
    const sent = await recordQueries(async () => {
      for (const id of ['p5', 'p6']) expect(await (await insert(id)).rows()).toEqual([{ id }]);
    });
    // Refused once under its name, then committed unnamed, and unnamed afterwards.
    expect(sent.filter((statement) => statement.text.startsWith('begin;')).map((statement) => statement.names.length > 0)).toEqual([true, false, false]);
    expect((await db.query<{ id: string }>('select id from group_pooled order by id')).map((row) => row.id)).toEqual(['p1', 'p2', 'p3', 'p4', 'p5', 'p6']);
  });
});
