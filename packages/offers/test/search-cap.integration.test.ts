import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, type TestDatabase } from '@svc/db/testing';
import { manualClock } from '@svc/kernel';
import type { OffersModule } from '../src/index.ts';
import { OFFER_SEARCH_CANDIDATES } from '../src/offers.repository.mikro-orm.ts';
import { createPeople, openOffersTestDatabase, testOffersModule } from '../src/testing.ts';

/**
 * A public offer search costs the same however many offers match: it ranks the newest 300 matches
 * and counts no further, and says so (`total_is_lower_bound`), as job search does.
 */
describe.each(ENGINES)('the bounded offer search on %s', (engine) => {
  let db: TestDatabase;
  let offers: OffersModule['offers'];
  const clock = manualClock('2026-11-22T12:00:00.000Z');
  const people = createPeople();

  beforeAll(async () => {
    db = await openOffersTestDatabase(engine);
    ({ offers } = testOffersModule(db, { clock, people }));
    // 700 active offers, one a minute: every 7th plans parties (100 of them), the others mow lawns.
    await db.query(
      `insert into offers (id, status, version, title, summary, role, industry, capabilities, pricing_note, tags, templates, provider_id, created_at, updated_at)
       select 'svc_' || lpad(n::text, 4, '0'), 'active', 1,
         case when n % 7 = 0 then 'Party planning ' || n else 'Lawn mowing ' || n end, 'summary',
         case when n % 7 = 0 then 'planner' else 'gardener' end, 'home', '{}', '', '{}', '{}', 'prn_seed',
         timestamptz '2026-11-01T00:00:00Z' + n * interval '1 minute', timestamptz '2026-11-01T00:00:00Z' + n * interval '1 minute'
       from generate_series(1, 700) as n`,
    );
    await db.query('analyze offers');
  });
  afterAll(() => db?.dispose());

  it('ranks and counts only the newest 300 matches of a common word, and says the total is a lower bound', async () => {
    const lawns = await offers.list({ q: 'lawn' });
    expect(lawns).toMatchObject({ total: OFFER_SEARCH_CANDIDATES, total_is_lower_bound: true, limit: 20, offset: 0 });
    expect(lawns.services).toHaveLength(20);
    // Every match ranks the same, so the newest come first: the 300 ranked are the newest 300 lawns.
    expect(lawns.services[0]!.title).toBe('Lawn mowing 699');
    const last = await offers.list({ q: 'lawn', offset: String(OFFER_SEARCH_CANDIDATES - 20) });
    expect(last.services).toHaveLength(20);
    expect(last).toMatchObject({ total: OFFER_SEARCH_CANDIDATES, total_is_lower_bound: true });
    // Past the ranked window a search has no more pages; its total still says "300+".
    const past = await offers.list({ q: 'lawn', offset: String(OFFER_SEARCH_CANDIDATES) });
    expect(past).toMatchObject({ services: [], total: OFFER_SEARCH_CANDIDATES, total_is_lower_bound: true });
  });

  it('counts a rarer word exactly, below the cap', async () => {
    const parties = await offers.list({ q: 'party', limit: '100' });
    expect(parties).toMatchObject({ total: 100, total_is_lower_bound: false });
    expect(parties.services.every((offer) => offer.title.startsWith('Party planning'))).toBe(true);
  });

  it('counts a list past the page asked for, never the whole table', async () => {
    expect(await offers.list({})).toMatchObject({ total: OFFER_SEARCH_CANDIDATES + 1, total_is_lower_bound: true });
    const deep = await offers.list({ offset: '500' });
    expect(deep.services).toHaveLength(20);
    expect(deep).toMatchObject({ total: 521, total_is_lower_bound: true });
    // A filter with fewer matches than the cap is counted exactly.
    expect(await offers.list({ role: 'planner' })).toMatchObject({ total: 100, total_is_lower_bound: false });
    expect(await offers.list({ role: 'planner', offset: '100' })).toMatchObject({ services: [], total: 100, total_is_lower_bound: false });
  });
});
