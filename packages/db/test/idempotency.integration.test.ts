import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '@svc/kernel';
import { ENGINES, openTestDatabase, recordQueries, type TestDatabase } from '../src/testing.ts';
import { createIdempotencyStore, dbEntities, dbMigrations, type IdempotencyStore } from '../src/index.ts';
import { sqlMigration } from '../src/index.ts';

describe.each(ENGINES)('idempotency store on %s', (engine) => {
  let db: TestDatabase;
  let store: IdempotencyStore;
  const clock = manualClock('2026-11-21T12:00:00.000Z');

  beforeAll(async () => {
    db = await openTestDatabase(engine, {
      entities: dbEntities,
      migrations: [...dbMigrations, sqlMigration('209901010000_test_widgets', ['create table widgets (id serial primary key, name text not null)'])],
    });
    store = createIdempotencyStore(db, clock);
  });
  afterAll(() => db?.dispose());

  const createWidget = (name: string) => async () => {
    const [row] = await db.query<{ id: number }>('insert into widgets (name) values ($1) returning id', [name]);
    return { status: 201, body: { id: row!.id, name } };
  };
  const widgets = async (name: string) => (await db.query('select id from widgets where name = $1', [name])).length;

  it('creates once and replays the first answer for the same key and body', async () => {
    const request = { scope: 'prn_a', route: 'POST /w', key: 'k-1', body: { name: 'one', n: 1 } };
    const first = await store.run(request, createWidget('one'));
    const second = await store.run({ ...request, body: { n: 1, name: 'one' } }, createWidget('one'));
    expect(first).toMatchObject({ status: 201, replayed: false });
    expect(second).toEqual({ status: 201, body: first.body, replayed: true });
    expect(await widgets('one')).toBe(1);
  });

  it('refuses the same key with another body and keeps the first record alone', async () => {
    const request = { scope: 'prn_a', route: 'POST /w', key: 'k-2', body: { name: 'two' } };
    await store.run(request, createWidget('two'));
    await expect(store.run({ ...request, body: { name: 'other' } }, createWidget('other'))).rejects.toMatchObject({
      code: 'idempotency_conflict',
    });
    expect(await widgets('other')).toBe(0);
  });

  it('scopes keys to caller and route', async () => {
    const body = { name: 'scoped' };
    await store.run({ scope: 'prn_a', route: 'POST /w', key: 'k-3', body }, createWidget('scoped'));
    const otherCaller = await store.run({ scope: 'prn_b', route: 'POST /w', key: 'k-3', body }, createWidget('scoped'));
    const otherRoute = await store.run({ scope: 'prn_a', route: 'POST /x', key: 'k-3', body }, createWidget('scoped'));
    expect([otherCaller.replayed, otherRoute.replayed]).toEqual([false, false]);
    expect(await widgets('scoped')).toBe(3);
  });

  it('stores nothing when the create fails, so a corrected retry with the same key works', async () => {
    const request = { scope: 'prn_a', route: 'POST /w', key: 'k-4', body: { name: 'retry' } };
    await expect(
      store.run(request, async () => {
        await createWidget('retry')();
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await widgets('retry')).toBe(0);
    const retried = await store.run(request, createWidget('retry'));
    expect(retried.replayed).toBe(false);
    expect(await widgets('retry')).toBe(1);
  });

  it('replays the first answer when a retry\'s create can no longer run, and rolls back what it wrote', async () => {
    const request = { scope: 'prn_a', route: 'POST /w', key: 'k-once', body: { name: 'once' } };
    const first = await store.run(request, createWidget('once'));
    const again = await store.run(request, async () => {
      await createWidget('once')();
      throw new Error('a second one is refused');
    });
    expect(again).toEqual({ status: 201, body: first.body, replayed: true });
    expect(await widgets('once')).toBe(1);
  });

  it.each<[string, { knownKeys?: number }]>([
    ['a process that saw the key stored', {}],
    ['a process that did not (the create is tried first)', { knownKeys: 0 }],
  ])('answers a replay only after its recheck passes, on %s: the recheck’s refusal comes instead, also for another body', async (_case, options) => {
    const local = createIdempotencyStore(db, clock, options);
    const name = `rechecked-${options.knownKeys ?? 'known'}`;
    const request = { scope: 'prn_a', route: 'POST /w', key: `k-${name}`, body: { name } };
    let allowed = true;
    const recheck = async () => {
      if (!allowed) throw new Error('no longer yours');
    };
    const first = await local.run({ ...request, recheck }, createWidget(name));
    expect(await local.run({ ...request, recheck }, createWidget(name))).toEqual({ ...first, replayed: true });
    allowed = false;
    await expect(local.run({ ...request, recheck }, createWidget(name))).rejects.toThrow('no longer yours');
    await expect(local.run({ ...request, body: { name: 'other' }, recheck }, createWidget('other'))).rejects.toThrow('no longer yours');
    expect(await widgets(name)).toBe(1);
  });

  it('costs a fresh key two round trips on PostgreSQL, and runs only in a transaction of its own', async () => {
    const sent = await recordQueries(() => store.run({ scope: 'prn_a', route: 'POST /w', key: 'k-cheap', body: { name: 'cheap' } }, createWidget('cheap')));
    if (engine === 'postgresql') expect(sent).toHaveLength(2);
    expect(await widgets('cheap')).toBe(1);
    await expect(db.transaction(() => store.run({ scope: 'prn_a', route: 'POST /w', key: 'k-inner', body: {} }, createWidget('inner')))).rejects.toThrow(
      /transaction of its own/,
    );
  });

  it('answers a replay of a key it saw stored with one read, not a create that must fail', async () => {
    const request = { scope: 'prn_a', route: 'POST /w', key: 'k-known', body: { name: 'known' } };
    const first = await store.run(request, createWidget('known'));
    let tried = 0;
    const sent = await recordQueries(() =>
      store.run(request, async () => {
        tried++;
        return createWidget('known')();
      }),
    );
    if (engine === 'postgresql') expect(sent).toHaveLength(1);
    expect(tried).toBe(0);
    // Another process knows nothing of the key: its create fails at the key and it replays all the same.
    const elsewhere = createIdempotencyStore(db, clock);
    expect(await elsewhere.run(request, createWidget('known'))).toEqual({ status: 201, body: first.body, replayed: true });
    await expect(store.run({ ...request, body: { name: 'changed' } }, createWidget('changed'))).rejects.toMatchObject({ code: 'idempotency_conflict' });
    expect(await widgets('known')).toBe(1);
    expect(await widgets('changed')).toBe(0);
  });

  it('creates anew under a known key once the key was purged', async () => {
    clock.set('2026-11-18T00:00:00.000Z');
    const request = { scope: 'prn_purged', route: 'POST /w', key: 'k-purged', body: { name: 'purged' } };
    await store.run(request, createWidget('purged'));
    clock.set('2026-11-21T12:00:00.000Z');
    await store.purge(new Date('2026-11-19T00:00:00.000Z'));
    const again = await store.run(request, createWidget('purged'));
    expect(again.replayed).toBe(false);
    expect(await widgets('purged')).toBe(2);
  });

  it('creates exactly one record for 20 concurrent identical requests', async () => {
    const request = { scope: 'prn_c', route: 'POST /w', key: 'k-race', body: { name: 'race' } };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => db.withContext(() => store.run(request, createWidget('race')))),
    );
    expect(await widgets('race')).toBe(1);
    expect(answers.filter((a) => !a.replayed)).toHaveLength(1);
    const ids = new Set(answers.map((a) => (a.body as { id: number }).id));
    expect(ids.size).toBe(1);
  });

  it('purges keys older than the retention', async () => {
    clock.set('2026-11-19T00:00:00.000Z');
    await store.run({ scope: 'prn_old', route: 'POST /w', key: 'old', body: {} }, createWidget('old'));
    clock.set('2026-11-21T12:00:00.000Z');
    const purged = await store.purge(new Date('2026-11-20T12:00:00.000Z'));
    expect(purged).toBe(1);
    const rows = await db.query("select key from idempotency_keys where scope = 'prn_old'");
    expect(rows).toHaveLength(0);
  });
});
