import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, type TestDatabase } from '@svc/db/testing';
import { manualClock, type Actor } from '@svc/kernel';
import type { SqlMigration } from '@svc/db';
import type { OffersModule, ServiceJson } from '../src/index.ts';
import { offersMigrations } from '../src/migrations.ts';
import { BASE_URL, createPeople, failure, offerInput, openOffersTestDatabase, testOffersModule } from '../src/testing.ts';

const ids = (list: { services: ServiceJson[] }) => list.services.map((offer) => offer.id);

describe.each(ENGINES)('offers on %s', (engine) => {
  let db: TestDatabase;
  let offers: OffersModule['offers'];
  const clock = manualClock('2026-11-22T12:00:00.000Z');
  const people = createPeople();
  const pat = people.actor('Pat');
  const quinn = people.actor('Quinn');

  beforeAll(async () => {
    db = await openOffersTestDatabase(engine);
    ({ offers } = testOffersModule(db, { clock, people }));
  });
  afterAll(() => db?.dispose());

  const stored = async (id: string) =>
    (await db.query<{ status: string; version: number; contact_url: string | null }>(
      'select status, version, contact_url from offers where id = $1',
      [id],
    ))[0];
  const count = async () => Number((await db.query<{ n: string }>('select count(*) as n from offers'))[0]!.n);
  const publish = (actor: Actor = pat, overrides: Record<string, unknown> = {}) => offers.create(actor, offerInput(overrides));

  describe('create and get', () => {
    it('stops publishing e-mail addresses stored before the rule (migration 202612290200): each one replaced, the rest kept', async () => {
      const offer = await publish();
      await db.query('update offers set summary = $1, pricing_note = $2 where id = $3', ['Plans parties. Mail pat@example.org.', 'Quotes from quotes@pat.example.com', offer.id]);
      const migration = offersMigrations.find((m) => m.name === '202612290200_offers_text_without_email') as SqlMigration;
      for (const statement of migration.statements) await db.query(statement);
      expect(await offers.get(offer.id)).toMatchObject({
        summary: 'Plans parties. Mail [e-mail address removed].',
        pricing_note: 'Quotes from [e-mail address removed]',
        title: offer.title,
      });
    });

    it('publishes an active offer at version 1 and returns the exact Service JSON', async () => {
      const offer = await publish();
      expect(offer.id).toMatch(/^svc_[0-9a-z]{26}$/);
      // Every field of the body comes back as it was sent (offerInput's are already in their stored form).
      expect(offer).toEqual({
        ...offerInput(),
        id: offer.id,
        url: `${BASE_URL}/services/${offer.id}`,
        status: 'active',
        version: 1,
        provider: { principal_id: pat.principalId, display_name: 'Pat', profile: `${BASE_URL}/principals/${pat.principalId}` },
        created_at: '2026-11-22T12:00:00.000Z',
        updated_at: '2026-11-22T12:00:00.000Z',
      });
      expect(await offers.get(offer.id)).toEqual(offer);
      expect(await stored(offer.id)).toMatchObject({ status: 'active', version: 1 });
    });

    it('fills the optional fields with empty values', async () => {
      const offer = await offers.create(quinn, { title: 'Catering', role: 'caterer', industry: 'food' });
      expect(offer).toMatchObject({ summary: '', capabilities: [], contact_url: null, pricing_note: '', tags: [], templates: [] });
    });

    it('refuses an unknown template naming templates.N, and stores nothing', async () => {
      const before = await count();
      const error = await failure(publish(pat, { templates: ['birthday-party', 'wedding'] }));
      expect(error).toMatchObject({ code: 'validation_failed', details: [{ path: 'templates.1' }] });
      expect(await count()).toBe(before);
    });

    it('rolls back with the caller’s transaction (an idempotent create joins it)', async () => {
      const before = await count();
      await expect(
        db.transaction(async () => {
          await publish();
          throw new Error('the wrapper failed after the create');
        }),
      ).rejects.toThrow('the wrapper failed');
      expect(await count()).toBe(before);
    });

    it.each([['svc_unknown'], ['job_something']])('reading %s is 404 not_found', async (id) => {
      expect(await failure(offers.get(id))).toMatchObject({ code: 'not_found' });
    });
  });

  describe('update', () => {
    it('changes what was sent, adds one to the version and keeps the rest', async () => {
      const offer = await publish();
      clock.advance(1000);
      const edited = await offers.update(pat, offer.id, { expected_version: 1, pricing_note: 'From 50 GBP.', tags: ['kids'] });
      expect(edited).toMatchObject({ version: 2, pricing_note: 'From 50 GBP.', tags: ['kids'], title: offer.title });
      expect(edited.updated_at).not.toBe(offer.updated_at);
      expect(await stored(offer.id)).toMatchObject({ version: 2 });
      const cleared = await offers.update(pat, offer.id, { expected_version: 2, contact_url: null });
      expect(cleared.contact_url).toBeNull();
    });

    it('writes nothing for fields sent as the offer has them: same version, same updated_at; a stale version is still 409', async () => {
      const offer = await publish();
      clock.advance(1000);
      const same = await offers.update(pat, offer.id, { expected_version: 1, title: offer.title, tags: offer.tags, pricing_note: offer.pricing_note });
      expect(same).toEqual(offer);
      expect(await stored(offer.id)).toMatchObject({ version: 1 });
      expect(await failure(offers.update(pat, offer.id, { expected_version: 7, title: offer.title }))).toMatchObject({ code: 'version_conflict', current: { version: 1 } });
      // One field that differs is a change, made at the version sent.
      expect(await offers.update(pat, offer.id, { expected_version: 1, title: offer.title, pricing_note: 'From 60 GBP.' })).toMatchObject({ version: 2 });
    });

    it('409 version_conflict with current on a stale version; nothing changes', async () => {
      const offer = await publish();
      await offers.update(pat, offer.id, { expected_version: 1, title: 'First' });
      const error = await failure(offers.update(pat, offer.id, { expected_version: 1, title: 'Second' }));
      expect(error).toMatchObject({ code: 'version_conflict', current: { id: offer.id, version: 2, title: 'First' } });
      expect((await offers.get(offer.id)).title).toBe('First');
    });

    it.each([
      ['expected_version_required', { title: 'x' }],
      ['validation_failed', { expected_version: 1 }],
      ['validation_failed', { expected_version: 1, title: '' }],
      ['validation_failed', { expected_version: 1, templates: ['wedding'] }],
      ['validation_failed', { expected_version: 'one', title: 'x' }],
    ])('%s for %j', async (code, body) => {
      const offer = await publish();
      expect(await failure(offers.update(pat, offer.id, body))).toMatchObject({ code });
      expect(await stored(offer.id)).toMatchObject({ version: 1 });
    });

    it('another principal gets 403 not_owner; unknown 404; removed 410', async () => {
      const offer = await publish();
      expect(await failure(offers.update(quinn, offer.id, { expected_version: 1, title: 'Mine' }))).toMatchObject({ code: 'not_owner' });
      expect(await failure(offers.update(pat, 'svc_unknown', { expected_version: 1, title: 'x' }))).toMatchObject({ code: 'not_found' });
      await offers.remove(pat, offer.id);
      expect(await failure(offers.update(pat, offer.id, { expected_version: 2, title: 'x' }))).toMatchObject({ code: 'removed' });
    });
  });

  describe('pause, resume, remove', () => {
    it('pause hides the contact link but keeps the page; resume shows it again; each adds one to the version', async () => {
      const offer = await publish();
      const paused = await offers.pause(pat, offer.id);
      expect(paused).toMatchObject({ status: 'paused', version: 2, contact_url: null });
      expect(await offers.get(offer.id)).toMatchObject({ status: 'paused', contact_url: null });
      // The link is kept, only hidden.
      expect(await stored(offer.id)).toMatchObject({ status: 'paused', contact_url: 'https://planner.example.org/contact' });
      const resumed = await offers.resume(pat, offer.id);
      expect(resumed).toMatchObject({ status: 'active', version: 3, contact_url: 'https://planner.example.org/contact' });
    });

    it('remove makes reads answer 410 removed and the offer leaves every list', async () => {
      const offer = await publish(pat, { title: 'Removable zebra offer' });
      const removed = await offers.remove(pat, offer.id);
      expect(removed).toMatchObject({ status: 'removed', version: 2 });
      expect(await failure(offers.get(offer.id))).toMatchObject({ code: 'removed' });
      expect(ids(await offers.list({ q: 'zebra' }))).toEqual([]);
      expect(ids(await offers.list({ q: 'zebra', status: 'paused' }))).toEqual([]);
    });

    it.each([
      ['resume', 'an active offer', []],
      ['pause', 'a paused offer', ['pause']],
      ['pause', 'a removed offer', ['remove']],
      ['remove', 'a removed offer', ['remove']],
    ] as const)('%s on %s is 409 invalid_state for the owner', async (action, _what, before) => {
      const offer = await publish();
      for (const step of before) await offers[step](pat, offer.id);
      const version = (await stored(offer.id))!.version;
      expect(await failure(offers[action](pat, offer.id))).toMatchObject({ code: 'invalid_state' });
      expect((await stored(offer.id))!.version).toBe(version);
    });

    it('anyone else: not_owner on a live offer, removed on a removed one, not_found on an unknown one', async () => {
      const offer = await publish();
      expect(await failure(offers.pause(quinn, offer.id))).toMatchObject({ code: 'not_owner' });
      expect(await failure(offers.remove(quinn, offer.id))).toMatchObject({ code: 'not_owner' });
      await offers.remove(pat, offer.id);
      expect(await failure(offers.resume(quinn, offer.id))).toMatchObject({ code: 'removed' });
      expect(await failure(offers.pause(quinn, 'svc_unknown'))).toMatchObject({ code: 'not_found' });
    });
  });

  describe('list and search', () => {
    let planner: ServiceJson;
    let caterer: ServiceJson;
    let pausedOffer: ServiceJson;
    let titleMatch: ServiceJson;
    let summaryMatch: ServiceJson;

    beforeAll(async () => {
      clock.set('2026-11-23T09:00:00.000Z');
      summaryMatch = await publish(quinn, {
        title: 'Garden design',
        summary: 'Sometimes I also plan a quokka picnic.',
        role: 'designer',
        industry: 'gardens',
        capabilities: [],
        tags: [],
      });
      clock.advance(1000);
      titleMatch = await publish(quinn, { title: 'Quokka picnic planning', role: 'planner', industry: 'outdoors' });
      clock.advance(1000);
      planner = await publish(pat, { title: 'Walrus party planning', role: 'planner', industry: 'walrus-events' });
      clock.advance(1000);
      caterer = await publish(pat, { title: 'Walrus catering', role: 'caterer', industry: 'walrus-events' });
      clock.advance(1000);
      pausedOffer = await publish(pat, { title: 'Walrus music', role: 'musician', industry: 'walrus-events' });
      await offers.pause(pat, pausedOffer.id);
    });

    it('ranks a title match above a summary match for q, whatever their age', async () => {
      const result = await offers.list({ q: 'quokka picnic' });
      expect(ids(result)).toEqual([titleMatch.id, summaryMatch.id]);
      expect(result).toMatchObject({ total: 2, limit: 20, offset: 0 });
    });

    it('newest first on equal rank, and without q', async () => {
      expect(ids(await offers.list({ q: 'walrus', industry: 'walrus-events' }))).toEqual([caterer.id, planner.id]);
      expect(ids(await offers.list({ industry: 'walrus-events' }))).toEqual([caterer.id, planner.id]);
    });

    it('filters by role and industry', async () => {
      expect(ids(await offers.list({ industry: 'walrus-events', role: 'planner' }))).toEqual([planner.id]);
      expect(ids(await offers.list({ industry: 'walrus-events', role: 'nobody' }))).toEqual([]);
    });

    it('a paused offer leaves the default list and can be listed explicitly, without its contact link', async () => {
      expect(ids(await offers.list({ industry: 'walrus-events' }))).not.toContain(pausedOffer.id);
      const paused = await offers.list({ industry: 'walrus-events', status: 'paused' });
      expect(ids(paused)).toEqual([pausedOffer.id]);
      expect(paused.services[0]!.contact_url).toBeNull();
    });

    it('pages with limit and offset, total counting every match', async () => {
      const page = await offers.list({ industry: 'walrus-events', limit: '1', offset: '1' });
      expect(page).toMatchObject({ total: 2, limit: 1, offset: 1 });
      expect(ids(page)).toEqual([planner.id]);
    });

    it.each([[{ status: 'removed' }], [{ limit: '0' }], [{ limit: '101' }], [{ offset: '-1' }], [{ tag: 'kids' }], [{ role: 'Not A Slug' }]])(
      '400 validation_failed for %j',
      async (query) => {
        expect(await failure(offers.list(query))).toMatchObject({ code: 'validation_failed' });
      },
    );

    it('websearch syntax never fails', async () => {
      for (const q of ['"unclosed', 'or', '-', 'walrus -catering', '!!!&&||']) {
        await expect(offers.list({ q })).resolves.toBeDefined();
      }
      expect(ids(await offers.list({ q: 'walrus -catering', industry: 'walrus-events' }))).toEqual([planner.id]);
    });

    it('activeByProvider and countsFor', async () => {
      const someone = people.actor('Someone');
      const a = await publish(someone);
      clock.advance(1000);
      const b = await publish(someone);
      clock.advance(1000);
      const c = await publish(someone);
      await offers.pause(someone, b.id);
      await offers.remove(someone, c.id);
      expect((await offers.activeByProvider(someone.principalId)).map((offer) => offer.id)).toEqual([a.id]);
      expect(await offers.countsFor(someone.principalId)).toEqual({ active_services: 1, paused_services: 1 });
      expect(await offers.countsFor('prn_nobody')).toEqual({ active_services: 0, paused_services: 0 });
      const mine = await offers.mine(someone);
      expect(mine.active.map((offer) => offer.id)).toEqual([a.id]);
      expect(mine.paused.map((offer) => offer.id)).toEqual([b.id]);
      expect(mine.paused[0]!.contact_url).toBeNull();
    });
  });
});
