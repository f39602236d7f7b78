import { createServer, connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dbEntities, dbMigrations, openChangeFeed, type ChangeFeed } from '../src/index.ts';
import { attachAnnounceChangesSql } from '../src/announce.ts';
import { ENGINES, openTestDatabase, recordQueries, type TestDatabase } from '../src/testing.ts';

// A table announcing its changes as the domain tables do (their migrations attach the same function).
const ANNOUNCING_TABLE = ['create table notes (id text primary key, body text not null)', attachAnnounceChangesSql('notes')];

describe.each(ENGINES)('the change feed on %s', (engine) => {
  let db: TestDatabase;
  let feed: ChangeFeed;

  beforeAll(async () => {
    db = await openTestDatabase(engine, { entities: dbEntities, migrations: dbMigrations });
    for (const statement of ANNOUNCING_TABLE) await db.query(statement);
    feed = await openChangeFeed(db);
    // Stamps are given once the feed has heard its own heartbeat.
    expect(await feed.settled(5_000)).toEqual({ hearing: true });
  });
  afterAll(async () => {
    await feed?.close();
    await db?.dispose();
  });

  it('gives a new stamp once a change to the table is committed, and only for that table', async () => {
    const before = feed.stamp(['notes']);
    const other = feed.stamp(['elsewhere']);
    expect(before).not.toBeNull();
    await db.query("insert into notes (id, body) values ('n1', 'first')");
    await vi.waitFor(() => expect(feed.stamp(['notes'])).not.toBe(before), { timeout: 10_000, interval: 5 });
    expect(feed.stamp(['elsewhere'])).toBe(other);
  });

  it('announces nothing for a transaction that rolls back', async () => {
    const before = feed.stamp(['notes']);
    await expect(
      db.transaction(async () => {
        await db.query("update notes set body = 'changed' where id = 'n1'");
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    // A committed change afterwards is heard; the rolled-back one before it was not.
    await db.query("insert into notes (id, body) values ('n2', 'second')");
    await vi.waitFor(() => expect(feed.stamp(['notes'])).not.toBe(before), { timeout: 10_000, interval: 5 });
    const [stampBefore, stampAfter] = [before!.split('.'), feed.stamp(['notes'])!.split('.')];
    expect(Number(stampAfter[1]) - Number(stampBefore[1])).toBe(1);
  });

  it('announces a transaction\'s changes once it has committed, from the same message on PostgreSQL', async () => {
    const before = feed.stamp(['notes']);
    const sent = await recordQueries(() =>
      db.transaction(async () => {
        await db.query("insert into notes (id, body) values ('n3', 'third')");
        await db.query("update notes set body = 'third, changed' where id = 'n3'");
        if (engine === 'postgresql') {
          // The trigger noted the table instead of notifying inside the transaction.
          const [noted] = await db.query<{ changed: string }>("select current_setting('svc.changed', true) as changed");
          expect(noted?.changed).toBe('notes,notes');
        }
      }),
    );
    await vi.waitFor(() => expect(feed.stamp(['notes'])).not.toBe(before), { timeout: 10_000, interval: 5 });
    const [stampBefore, stampAfter] = [before!.split('.'), feed.stamp(['notes'])!.split('.')];
    // One notification for the transaction, however many statements it ran.
    expect(Number(stampAfter[1]) - Number(stampBefore[1])).toBe(1);
    if (engine === 'postgresql') {
      expect(sent[0]?.text).toMatch(/^begin; set local svc\.announce = 'after_commit'; /);
      expect(sent.at(-1)?.text).toMatch(/^commit; select pg_notify\('svc_changes', changed\)/);
    }

    // The note went with the announcement: a later transaction that changes nothing announces nothing.
    await db.transaction(() => db.query("select body from notes where id = 'n3'"));
    await db.query("insert into notes (id, body) values ('n4', 'fourth')");
    await vi.waitFor(() => expect(Number(feed.stamp(['notes'])!.split('.')[1])).toBeGreaterThan(Number(stampAfter[1])), { timeout: 10_000, interval: 5 });
    expect(Number(feed.stamp(['notes'])!.split('.')[1]) - Number(stampAfter[1])).toBe(1);
  });

  it('changes every stamp when this process says it wrote', () => {
    const before = feed.stamp(['notes', 'elsewhere']);
    feed.bumpAll();
    expect(feed.stamp(['notes', 'elsewhere'])).not.toBe(before);
  });

  it('answers null stamps once closed', async () => {
    const second = await openChangeFeed(db);
    await second.settled(5_000);
    expect(second.stamp(['notes'])).not.toBeNull();
    await second.close();
    expect(second.stamp(['notes'])).toBeNull();
  });
});

describe("the change feed's evidence on PostgreSQL", () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await openTestDatabase('postgresql', { entities: dbEntities, migrations: dbMigrations });
  });
  afterAll(() => db?.dispose());

  it('hears its own heartbeat through the pool, and steps aside (no stamps) once it goes unheard past the bound', async () => {
    // One heartbeat at connect, then none for a minute: the evidence runs out 3 s after it was
    // sent (long enough that a loaded machine still hears it in time).
    const feed = await openChangeFeed(db, { heartbeatMs: 60_000, silenceMs: 3_000 });
    try {
      expect(await feed.settled(10_000)).toEqual({ hearing: true });
      expect(feed.stamp(['notes'])).not.toBeNull();
      await vi.waitFor(() => expect(feed.stamp(['notes'])).toBeNull(), { timeout: 15_000, interval: 20 });
      expect(feed.state()).toMatchObject({ hearing: false, reason: expect.stringContaining('heartbeat') });
    } finally {
      await feed.close();
    }
  });

  it('steps aside while its listening connection is gone, and hears again with every stamp new', async () => {
    const feed = await openChangeFeed(db, { heartbeatMs: 50 });
    try {
      await feed.settled(5_000);
      const before = feed.stamp(['notes']);
      expect(before).not.toBeNull();
      await db.query("select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = current_database()", [`svc-changes ${process.pid}`]);
      await vi.waitFor(() => expect(feed.stamp(['notes'])).toBeNull(), { timeout: 10_000, interval: 5 });
      await vi.waitFor(() => expect(feed.stamp(['notes'])).not.toBeNull(), { timeout: 20_000, interval: 20 });
      expect(feed.stamp(['notes'])).not.toBe(before);
    } finally {
      await feed.close();
    }
  });

  it('replaces a listening connection that went silent without failing (a vanished route), and hears again', async () => {
    // A TCP relay to PostgreSQL that can swallow the traffic of the connections it has, without closing them.
    const target = new URL(db.url!);
    const relayed: { sockets: readonly Socket[]; silent: boolean }[] = [];
    const relay = createServer((inbound) => {
      const outbound = connect(Number(target.port || 5432), target.hostname);
      const pair = [inbound, outbound] as const;
      const relaying = { sockets: pair, silent: false };
      relayed.push(relaying);
      inbound.on('data', (chunk) => !relaying.silent && outbound.write(chunk));
      outbound.on('data', (chunk) => !relaying.silent && inbound.write(chunk));
      for (const socket of pair) {
        socket.on('error', () => {});
        socket.on('close', () => pair.forEach((other) => other.destroy()));
      }
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    const listenUrl = new URL(db.url!);
    listenUrl.host = `127.0.0.1:${(relay.address() as { port: number }).port}`;
    const feed = await openChangeFeed(db, { listenUrl: listenUrl.toString(), heartbeatMs: 50, silenceMs: 500 });
    try {
      await feed.settled(5_000);
      expect(feed.stamp(['notes'])).not.toBeNull();
      // The connections open now go silent for good, neither failing nor closing; new ones go through.
      for (const relaying of relayed) relaying.silent = true;
      await vi.waitFor(() => expect(feed.stamp(['notes'])).toBeNull(), { timeout: 10_000, interval: 10 });
      await vi.waitFor(() => expect(feed.stamp(['notes'])).not.toBeNull(), { timeout: 30_000, interval: 20 });
      expect(feed.state()).toEqual({ hearing: true });
    } finally {
      await feed.close();
      for (const relaying of relayed) for (const socket of relaying.sockets) socket.destroy();
      await new Promise((resolve) => relay.close(resolve));
    }
  });

  it('knows a direct connection keeps its session', () => {
    expect(db.pool).toEqual({ mode: 'session', source: 'detected' });
  });

  it('knows it with a pool of one connection too (the probe’s second client stands beside the pool)', async () => {
    const one = await openTestDatabase('postgresql', { entities: dbEntities, migrations: dbMigrations, poolMax: 1 });
    try {
      expect(one.pool).toEqual({ mode: 'session', source: 'detected' });
    } finally {
      await one.dispose();
    }
  });
});
