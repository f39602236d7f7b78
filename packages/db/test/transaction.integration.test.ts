import { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createQueryClient, dbEntities, dbMigrations, type QueryClient } from '../src/index.ts';
import { IdempotencyKey } from '../src/entities.ts';
import { countSyncs, ENGINES, openTestDatabase, recordQueries, type TestDatabase } from '../src/testing.ts';

/** A statement's text without what every transaction sends to announce its changes (change-feed.integration.test.ts). */
const shape = (text: string) =>
  text.replace("begin; set local svc.announce = 'after_commit'; ", 'begin; ').replace("set local lock_timeout = '50ms'; ", '').replace(/; select pg_notify\(.*$/s, '');

/**
 * `db.transaction`, `db.queryDeferred` and a client's `insert`: the same outcome on both engines; on
 * PostgreSQL the `begin` and deferred statements travel with the next statement, or the `commit`.
 */
describe.each(ENGINES)('transactions on %s', (engine) => {
  let db: TestDatabase;
  /** Inserts go through a query client, as a repository's do. */
  let client: QueryClient<(typeof dbEntities)[number]>;
  const at = new Date('2026-11-22T12:00:00.000Z');

  beforeAll(async () => {
    db = await openTestDatabase(engine, { entities: dbEntities, migrations: dbMigrations });
    client = createQueryClient(db, dbEntities);
  });
  afterAll(() => db?.dispose());

  /** How many writes reach the connections' sockets while `work` runs (a buffered batch is one `_writev`). */
  const socketWrites = async (work: () => Promise<unknown>): Promise<number> => {
    const prototype = Socket.prototype as unknown as Record<'_write' | '_writev', (...args: unknown[]) => unknown>;
    const original = { _write: prototype._write, _writev: prototype._writev };
    let writes = 0;
    for (const method of ['_write', '_writev'] as const)
      prototype[method] = function (this: unknown, ...args: unknown[]) {
        writes += 1;
        return original[method].apply(this, args);
      };
    try {
      await work();
    } finally {
      Object.assign(prototype, original);
    }
    return writes;
  };

  const claim = (scope: string, key: string) =>
    db.queryDeferred<{ key: string }>(
      'insert into idempotency_keys (scope, route, key, fingerprint, created_at) values ($1, $2, $3, $4, $5) on conflict do nothing returning key',
      [scope, 'POST /tx', key, 'f', at],
    );
  const answer = (scope: string, key: string, body: unknown) =>
    db.queryDeferred('update idempotency_keys set status = $1, body = $2 where scope = $3 and route = $4 and key = $5', [
      201,
      JSON.stringify(body),
      scope,
      'POST /tx',
      key,
    ]);
  const stored = (scope: string) =>
    db.query<{ key: string; status: number | null; body: unknown }>('select key, status, body from idempotency_keys where scope = $1 order by key', [
      scope,
    ]);

  it('commits the claim, the record and the answer in two round trips on PostgreSQL', async () => {
    const body = { title: "O'Brien's \\ \"party\" $1 ?", n: 12 };
    const sent = await recordQueries(() =>
      db.transaction(async () => {
        // The key is the caller's: quotes, backslashes and placeholders in it stay text.
        const claimed = claim('tx-three', "k'1 $1 \\");
        await client.insert(IdempotencyKey, { scope: 'tx-three', route: 'POST /tx', key: 'record', fingerprint: 'r', createdAt: at });
        expect(await claimed.rows()).toEqual([{ key: "k'1 $1 \\" }]);
        answer('tx-three', "k'1 $1 \\", body);
      }),
    );
    expect(await stored('tx-three')).toEqual([
      { key: "k'1 $1 \\", status: 201, body },
      { key: 'record', status: null, body: null },
    ]);
    if (engine === 'postgresql') {
      expect(sent).toHaveLength(2);
      // The claim's rows were read, so it went at once; the record (an insert) waited for the commit.
      expect(shape(sent[0]!.text)).toMatch(/^begin; insert into idempotency_keys .* returning key$/s);
      expect(shape(sent[1]!.text)).toMatch(/^insert into idempotency_keys .*; update idempotency_keys .*; commit$/s);
    }
  });

  it('writes each message to the socket once, however many statements it holds, on PostgreSQL', async () => {
    let sent: Awaited<ReturnType<typeof recordQueries>> = [];
    const writes = await socketWrites(async () => {
      sent = await recordQueries(() =>
        db.transaction(async () => {
          const claimed = claim('tx-writes', 'a');
          await client.insert(IdempotencyKey, { scope: 'tx-writes', route: 'POST /tx', key: 'b', fingerprint: 'b', createdAt: at });
          expect(await claimed.rows()).toEqual([{ key: 'a' }]);
          answer('tx-writes', 'a', { ok: true });
        }),
      );
    });
    expect((await stored('tx-writes')).map((row) => [row.key, row.status])).toEqual([
      ['a', 201],
      ['b', null],
    ]);
    // Two messages (begin with the claim; the insert, the answer and the commit), each several
    // queries of five protocol messages: one write each, not one per query.
    if (engine === 'postgresql') {
      expect(sent).toHaveLength(2);
      expect(writes).toBe(2);
    }
  });

  it('asks PostgreSQL for one answer per message, however many statements it holds, on PostgreSQL', async () => {
    const work = (key: string) =>
      db.transaction(async () => {
        const claimed = claim('tx-syncs', key);
        await client.insert(IdempotencyKey, { scope: 'tx-syncs', route: 'POST /tx', key: `${key}-record`, fingerprint: 'r', createdAt: at });
        expect(await claimed.rows()).toEqual([{ key }]);
        answer('tx-syncs', key, { key });
      });
    // The first time, the connection prepares the names it has not met yet, one query (and Sync) each.
    await work('a');
    let sent: Awaited<ReturnType<typeof recordQueries>> = [];
    const count = await countSyncs(async () => {
      sent = await recordQueries(() => work('b'));
    });
    expect((await stored('tx-syncs')).map((row) => [row.key, row.status])).toEqual([
      ['a', 201],
      ['a-record', null],
      ['b', 201],
      ['b-record', null],
    ]);
    if (engine === 'postgresql') {
      expect(sent).toHaveLength(2);
      expect(count).toBe(2);
    }
  });

  it('sends a deferred statement at once when its rows are wanted before anything else goes out', async () => {
    const sent = await recordQueries(() =>
      db.transaction(async () => {
        expect(await claim('tx-now', 'a').rows()).toEqual([{ key: 'a' }]);
        expect(await claim('tx-now', 'a').rows()).toEqual([]);
      }),
    );
    expect((await stored('tx-now')).map((row) => row.key)).toEqual(['a']);
    if (engine === 'postgresql') expect(sent.map((statement) => shape(statement.text).slice(0, 30))).toEqual([
      'begin; insert into idempotency',
      'insert into idempotency_keys (',
      'commit',
    ]);
  });

  it('keeps deferred statements in the order they were made when one is read early', async () => {
    await db.transaction(async () => {
      const first = claim('tx-order', 'a');
      const second = claim('tx-order', 'b');
      const third = claim('tx-order', 'b');
      // Reading the second sends the first with it, before it; the third waits, and finds b taken.
      expect(await second.rows()).toEqual([{ key: 'b' }]);
      expect(await first.rows()).toEqual([{ key: 'a' }]);
      expect(await third.rows()).toEqual([]);
    });
    expect((await stored('tx-order')).map((row) => row.key)).toEqual(['a', 'b']);
  });

  it('sends a deferred statement with the next one after the transaction has begun', async () => {
    const sent = await recordQueries(() =>
      db.transaction(async () => {
        expect(await claim('tx-later', 'a').rows()).toEqual([{ key: 'a' }]);
        const second = claim('tx-later', 'b');
        await db.query('insert into idempotency_keys (scope, route, key, fingerprint, created_at) values ($1, $2, $3, $4, $5)', [
          'tx-later',
          'POST /tx',
          'c',
          'c',
          at,
        ]);
        expect(await second.rows()).toEqual([{ key: 'b' }]);
      }),
    );
    expect((await stored('tx-later')).map((row) => row.key)).toEqual(['a', 'b', 'c']);
    if (engine === 'postgresql') {
      expect(sent).toHaveLength(3);
      expect(sent[1]!.text).toMatch(/^insert into idempotency_keys .* returning key; insert into idempotency_keys /s);
    }
  });

  it('sends an insert with the commit, and fails the transaction when the insert fails', async () => {
    const record = (key: string) => ({ scope: 'tx-insert', route: 'POST /tx', key, fingerprint: "it's", createdAt: at });
    const sent = await recordQueries(() => db.transaction(() => client.insert(IdempotencyKey, [record('a'), record('b')])));
    expect((await stored('tx-insert')).map((row) => row.key)).toEqual(['a', 'b']);
    if (engine === 'postgresql') {
      expect(sent.map((statement) => shape(statement.text))).toEqual([expect.stringMatching(/^begin; insert into idempotency_keys .*; commit$/s)]);
      expect(sent[0]!.values).toContain("it's");
    }

    // A key already there: the unique index refuses the insert, and nothing of the transaction is kept.
    await expect(
      db.transaction(async () => {
        await client.insert(IdempotencyKey, record('c'));
        await client.insert(IdempotencyKey, record('a'));
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect((await stored('tx-insert')).map((row) => row.key)).toEqual(['a', 'b']);

    // Outside a transaction an insert is sent and awaited on its own.
    await client.insert(IdempotencyKey, record('d'));
    expect((await stored('tx-insert')).map((row) => row.key)).toEqual(['a', 'b', 'd']);
  });

  it('defers a statement holding quotes, its values bound, on every engine', async () => {
    const rows = await db.transaction(async () => db.queryDeferred<{ said: string }>("select 'it''s' || $1::text as said", [" $1 'quoted'"]).rows());
    expect(rows).toEqual([{ said: "it's $1 'quoted'" }]);
  });

  it('keeps nothing when the statement sent with the commit fails, and the connection goes on working', async () => {
    await expect(
      db.transaction(async () => {
        await claim('tx-late-failure', 'a').rows();
        // A second row with the same key: the unique index refuses it at commit time.
        db.queryDeferred('insert into idempotency_keys (scope, route, key, fingerprint, created_at) values ($1, $2, $3, $4, $5)', [
          'tx-late-failure',
          'POST /tx',
          'a',
          'f',
          at,
        ]);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await stored('tx-late-failure')).toEqual([]);
    // Every connection of the pool still works (none was left inside the failed transaction).
    const again = await Promise.all(Array.from({ length: 12 }, (_, i) => db.transaction(() => claim('tx-late-failure', `after-${i}`).rows())));
    expect(again.flat()).toHaveLength(12);
  });

  it('rolls back what ran before work threw, and sends nothing for a transaction that ran nothing', async () => {
    await expect(
      db.transaction(async () => {
        await claim('tx-thrown', 'a').rows();
        answer('tx-thrown', 'a', { queued: true });
        throw new Error('refused after the claim');
      }),
    ).rejects.toThrow('refused after the claim');
    expect(await stored('tx-thrown')).toEqual([]);

    const sent = await recordQueries(async () => expect(await db.transaction(async () => 'nothing to write')).toBe('nothing to write'));
    if (engine === 'postgresql') expect(sent).toEqual([]);
  });

  it('joins an outer transaction, which commits the answer of the inner one', async () => {
    await expect(
      db.transaction(async () => {
        await db.transaction(async () => {
          await claim('tx-nested', 'a').rows();
          answer('tx-nested', 'a', { inner: true });
        });
        // The inner transaction's claim is the outer one's: visible here, gone with it.
        expect((await stored('tx-nested')).map((row) => row.key)).toEqual(['a']);
        throw new Error('the outer one fails');
      }),
    ).rejects.toThrow('the outer one fails');
    expect(await stored('tx-nested')).toEqual([]);
  });

  it('inserts several rows of an entity in one statement, JSON included', async () => {
    const rows = ['b', 'a'].map((key) => ({ scope: 'tx-many', route: 'POST /tx', key, fingerprint: key, createdAt: at, status: 200, body: { key, list: [1, "it's"] } }));
    const sent = await recordQueries(() => client.insert(IdempotencyKey, rows));
    expect(await stored('tx-many')).toEqual([
      { key: 'a', status: 200, body: { key: 'a', list: [1, "it's"] } },
      { key: 'b', status: 200, body: { key: 'b', list: [1, "it's"] } },
    ]);
    if (engine === 'postgresql') expect(sent).toHaveLength(1);
  });
});
