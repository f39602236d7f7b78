import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '@svc/db/testing';
import { createServices, schema, type Services } from '@svc/runtime';
import {
  ADDRESSES_SQL,
  BENCH_PRINCIPAL,
  BENCH_THREAD_IDS_SQL,
  BENCH_THREADS,
  CLEAR_BENCH_ENTRIES_SQL,
  ENTRIES_PER_THREAD,
  OFFER_IDS_SQL,
  seedPlan,
  type SeedPlan,
} from '../src/seed.ts';

type Actor = Parameters<Services['threads']['get']>[0];

/** A principal signed in on the website, as the owner views need. */
const session = (principalId: string): Actor => ({
  principalId,
  displayName: '',
  via: 'session',
  grantId: null,
  agentName: null,
  scopes: [],
  isSupport: false,
});

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (error: { code?: string }) => error.code ?? String(error),
  );

// The seed writes rows with SQL, past the services: every row must be one the services can read,
// within the limits they keep, or the scenarios would measure errors.
describe('the seeded offers, directory entries and threads', () => {
  let db: TestDatabase;
  let services: Services;
  let plan: SeedPlan;
  let bench: Actor;
  const inContext = <T>(work: () => Promise<T>) => db.withContext(work);

  beforeAll(async () => {
    db = await openTestDatabase('postgresql', schema);
    plan = seedPlan(200);
    for (const statement of plan.statements) await db.query(statement);
    services = createServices({ db, baseUrl: 'http://bench.test' });
    const actor = await inContext(() => services.access.grants.resolveToken(plan.token));
    expect(actor).not.toBeNull();
    bench = actor!;
  });
  afterAll(() => db?.dispose());

  it('gives the bench token the scopes of every authenticated scenario', () => {
    expect(bench.principalId).toBe(BENCH_PRINCIPAL);
    expect([...bench.scopes].sort()).toEqual(['account:read', 'jobs:write', 'responses:write', 'threads:write']);
  });

  it('seeds offers the service reads: active and paused ones answer, removed ones are gone', async () => {
    const rows = await db.query<{ id: string; status: string }>('select id, status from offers order by id');
    expect(rows).toHaveLength(plan.offers);
    for (const row of rows) {
      if (row.status === 'removed') {
        expect(await codeOf(inContext(() => services.offers.get(row.id)))).toBe('removed');
        continue;
      }
      const offer = await inContext(() => services.offers.get(row.id));
      expect(offer).toMatchObject({ id: row.id, status: row.status });
      expect(offer.provider.display_name).not.toBe('Unknown principal');
      expect(offer.contact_url === null || offer.contact_url.startsWith('https://')).toBe(true);
    }
    const readIds = (await db.query<{ id: string }>(OFFER_IDS_SQL(1_000))).map((r) => r.id);
    expect(readIds.length).toBe(rows.filter((r) => r.status === 'active').length);
    // The search the offers page runs finds them too (the generated column was filled).
    expect((await inContext(() => services.offers.list({ q: 'wardrobe' }))).total).toBeGreaterThan(0);
  });

  it('lists addresses that resolve anonymously with public destinations, and with a token also the signed-in ones', async () => {
    const addresses = (await db.query<{ id: string }>(ADDRESSES_SQL(1_000))).map((r) => r.id);
    expect(addresses.length).toBeGreaterThan(plan.directoryEntries / 2);
    for (const address of addresses) {
      const anonymous = await inContext(() => services.directory.resolve(address, null));
      expect(anonymous.body.address).toBe(address);
      expect(anonymous.body.destinations.map((d) => d.type)).toContain('web');
      expect(anonymous.body.destinations.map((d) => d.type)).not.toContain('email');
      const signedIn = await inContext(() => services.directory.resolve(address, bench));
      expect(signedIn.body.destinations.map((d) => d.type)).toContain('email');
    }
  });

  it('gives every owner at most the 25 entries the service allows, each readable in the owner view', async () => {
    const owners = await db.query<{ owner_id: string; n: string }>('select owner_id, count(*) as n from directory_entries group by owner_id');
    expect(owners.reduce((sum, o) => sum + Number(o.n), 0)).toBe(plan.directoryEntries);
    for (const owner of owners) {
      expect(Number(owner.n)).toBeLessThanOrEqual(25);
      const { entries } = await inContext(() => services.directory.mine(session(owner.owner_id)));
      expect(entries).toHaveLength(Number(owner.n));
      for (const entry of entries) expect(entry.destinations.length).toBeGreaterThanOrEqual(2);
    }
    // Restricted and paused entries stay hidden from anonymous callers, as the service would hide them.
    const [hidden] = await db.query<{ handle: string }>("select handle from directory_entries where visibility = 'restricted' limit 1");
    expect(await codeOf(inContext(() => services.directory.resolve(`aar:${hidden!.handle}`, null)))).toBe('unavailable');
  });

  it('gives the bench principal its open threads, each readable and open to a new entry', async () => {
    const ids = (await db.query<{ id: string }>(BENCH_THREAD_IDS_SQL)).map((r) => r.id);
    expect(ids).toHaveLength(BENCH_THREADS);
    expect((await inContext(() => services.threads.list(bench, { limit: '100' }))).total).toBe(BENCH_THREADS);
    for (const id of ids) {
      const thread = await inContext(() => services.threads.get(bench, id));
      expect(thread.status).toBe('open');
      expect(thread.entries).toHaveLength(ENTRIES_PER_THREAD);
      expect(thread.participants).toHaveLength(2);
    }
    // No poster takes part in more threads than the service allows (100).
    const [busiest] = await db.query<{ n: string }>('select count(*) as n from thread_participants group by principal_id order by 1 desc limit 1');
    expect(Number(busiest!.n)).toBeLessThanOrEqual(100);

    const entry = await inContext(() => services.threads.addEntry(bench, ids[0]!, { kind: 'update', text: 'Bench update 1: the hall is booked.' }));
    expect(entry.kind).toBe('update');
    await db.query(CLEAR_BENCH_ENTRIES_SQL);
    expect((await inContext(() => services.threads.get(bench, ids[0]!))).entries).toHaveLength(ENTRIES_PER_THREAD);
  });
});
