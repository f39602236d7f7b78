import { afterEach, describe, expect, it, vi } from 'vitest';
import { withAdmin } from '@svc/db/testing';
import { startTestApp, type TestApp } from '../src/testing.ts';

// /healthz says the process answers; /readyz says a balancer may send it traffic: the database
// answers and, where public answers are cached, the change feed hears (docs/operations.md).

let app: TestApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const databaseName = async (test: TestApp) => (await test.db.query<{ name: string }>('select current_database() as name'))[0]!.name;

describe('/readyz', () => {
  it('is ready while the database answers and the change feed hears', async () => {
    app = await startTestApp({ registrars: [] });
    await vi.waitFor(() => expect(app!.services.changes.state().hearing).toBe(true), { timeout: 10_000, interval: 20 });
    expect(await app.request('GET', '/readyz')).toMatchObject({ status: 200, body: { status: 'ready', checks: { database: 'ok', change_feed: 'ok' } } });
  });

  it('answers 503 once the change feed no longer hears, while /healthz stays 200', async () => {
    app = await startTestApp({ registrars: [] });
    await app.services.changes.close();
    expect(await app.request('GET', '/readyz')).toMatchObject({ status: 503, body: { status: 'unavailable', checks: { database: 'ok', change_feed: 'deaf' } } });
    expect(await app.request('GET', '/healthz')).toMatchObject({ status: 200, body: { status: 'ok' } });
  });

  it('stays ready while the feed reconnects after its listening connection was cut (reads bypass the cache meanwhile)', async () => {
    app = await startTestApp({ registrars: [] });
    await vi.waitFor(() => expect(app!.services.changes.state().hearing).toBe(true), { timeout: 10_000, interval: 20 });
    const name = await databaseName(app);
    await withAdmin((admin) => admin.query("select pg_terminate_backend(pid) from pg_stat_activity where application_name like 'svc-changes%' and datname = $1", [name]));
    await vi.waitFor(() => expect(app!.services.changes.state().hearing).toBe(false), { timeout: 10_000, interval: 5 });
    expect(await app.request('GET', '/readyz')).toMatchObject({ status: 200, body: { status: 'ready', checks: { database: 'ok', change_feed: 'deaf' } } });
    await vi.waitFor(() => expect(app!.services.changes.state().hearing).toBe(true), { timeout: 15_000, interval: 20 });
    expect(await app.request('GET', '/readyz')).toMatchObject({ status: 200, body: { checks: { change_feed: 'ok' } } });
  });

  it('stays ready while every connection of the request pool is busy: the database answers on a connection of its own', async () => {
    app = await startTestApp({ registrars: [] });
    const { db } = app.services;
    const { max } = await db.poolStats();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // Every pooled connection held in a transaction, as by slow requests.
    const holding = Array.from({ length: max }, () =>
      db.transaction(async () => {
        await db.query('select 1');
        await gate;
      }),
    );
    try {
      await vi.waitFor(async () => expect((await db.poolStats()).idle).toBe(0), { timeout: 10_000, interval: 20 });
      expect(await app.request('GET', '/readyz')).toMatchObject({ status: 200, body: { checks: { database: 'ok' } } });
    } finally {
      release();
      await Promise.all(holding);
    }
  });

  it('answers 503 while the database refuses connections, and ready again once it takes them', async () => {
    app = await startTestApp({ registrars: [] });
    const name = await databaseName(app);
    try {
      await withAdmin(async (admin) => {
        await admin.query(`alter database ${name} with allow_connections false`);
        await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);
      });
      await vi.waitFor(
        async () => expect(await app!.request('GET', '/readyz')).toMatchObject({ status: 503, body: { status: 'unavailable', checks: { database: 'unreachable' } } }),
        { timeout: 10_000, interval: 50 },
      );
      expect((await app.request('GET', '/healthz')).status).toBe(200);
    } finally {
      await withAdmin((admin) => admin.query(`alter database ${name} with allow_connections true`));
    }
    await vi.waitFor(async () => expect(await app!.request('GET', '/readyz')).toMatchObject({ status: 200, body: { status: 'ready' } }), { timeout: 15_000, interval: 50 });
  });
});
