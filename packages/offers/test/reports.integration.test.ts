import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '@svc/db';
import { ENGINES, TEST_DATABASE_URL, type TestDatabase } from '@svc/db/testing';
import { DAY_MS, manualClock, type Actor } from '@svc/kernel';
import type { OffersModule } from '../src/index.ts';
import {
  OFFERS_TEST_SCHEMA,
  createPeople,
  createPublicTargets,
  createRelations,
  failure,
  offerInput,
  openOffersTestDatabase,
  testOffersModule,
} from '../src/testing.ts';

describe.each(ENGINES)('reports and site feedback on %s', (engine) => {
  let db: TestDatabase;
  let module: OffersModule;
  const clock = manualClock('2026-11-22T12:00:00.000Z');
  const people = createPeople();
  const relations = createRelations();
  const targets = createPublicTargets();
  const provider = people.actor('Pat');
  const client = people.actor('Cleo');
  const support = people.actor('Sam', { isSupport: true });
  let client_n = 0;
  /** A fresh client address, so tests do not share a rate-limit window unless they mean to. */
  const newClient = () => `203.0.113.${++client_n}`;

  beforeAll(async () => {
    db = await openOffersTestDatabase(engine);
    module = testOffersModule(db, { clock, people, relations, targets });
    targets.add('job', 'job_public');
    targets.add('directory_entry', 'dst_public');
  });
  afterAll(() => db?.dispose());

  const reportRows = async () => db.query<Record<string, unknown>>('select * from reports order by created_at, id');

  describe('report', () => {
    it('stores a report of a public offer for support, without the client address, and answers its JSON', async () => {
      const offer = await module.offers.create(provider, offerInput());
      const address = newClient();
      const report = await module.reports.report(
        { target_kind: 'service', target_id: offer.id, reason: 'spam', details: 'Copies another listing.' },
        address,
      );
      expect(report).toEqual({
        id: report.id,
        target_kind: 'service',
        target_id: offer.id,
        reason: 'spam',
        details: 'Copies another listing.',
        status: 'open',
        resolution: null,
        resolved_at: null,
        created_at: '2026-11-22T12:00:00.000Z',
      });
      expect(report.id).toMatch(/^rep_[0-9a-z]{26}$/);
      const rows = await reportRows();
      expect(JSON.stringify(rows)).not.toContain(address);
      expect(JSON.stringify(await db.query('select * from rate_limit_windows'))).not.toContain(address);
      // The target is untouched.
      expect(await module.offers.get(offer.id)).toEqual(offer);
    });

    it.each([
      ['a public job', { target_kind: 'job', target_id: 'job_public' }],
      ['a public directory entry', { target_kind: 'directory_entry', target_id: 'dst_public' }],
      ['a paused offer', { target_kind: 'service', target_id: 'PAUSED' }],
      ['published feedback', { target_kind: 'feedback', target_id: 'PUBLISHED' }],
    ])('accepts %s', async (_what, target) => {
      const offer = await module.offers.create(provider, offerInput());
      relations.relate(client, provider, offer.id);
      const item = await module.feedback.leave(client, offer.id, { needs_met: 'yes', published: true });
      await module.offers.pause(provider, offer.id);
      const id = target.target_id === 'PAUSED' ? offer.id : target.target_id === 'PUBLISHED' ? item.id : target.target_id;
      const report = await module.reports.report({ ...target, target_id: id, reason: 'Misleading' }, newClient());
      expect(report).toMatchObject({ target_id: id, status: 'open' });
    });

    it.each([
      ['an unknown job', 'job', 'job_unknown'],
      ['an unknown directory entry', 'directory_entry', 'dst_unknown'],
      ['an unknown offer', 'service', 'svc_unknown'],
      ['a removed offer', 'service', 'REMOVED'],
      ['private feedback', 'feedback', 'PRIVATE'],
      ['hidden feedback', 'feedback', 'HIDDEN'],
    ])('404 not_found for %s; nothing stored', async (_what, kind, targetId) => {
      const offer = await module.offers.create(provider, offerInput());
      const author = people.actor('Author');
      relations.relate(author, provider, offer.id);
      const privateItem = await module.feedback.leave(author, offer.id, { needs_met: 'no' });
      const hiddenAuthor = people.actor('Hidden author');
      relations.relate(hiddenAuthor, provider, offer.id);
      const hiddenItem = await module.feedback.leave(hiddenAuthor, offer.id, { needs_met: 'no', published: true });
      await module.feedback.hide(support, hiddenItem.id, { reason: 'x' });
      const removedOffer = await module.offers.create(provider, offerInput());
      await module.offers.remove(provider, removedOffer.id);
      const id = { REMOVED: removedOffer.id, PRIVATE: privateItem.id, HIDDEN: hiddenItem.id }[targetId] ?? targetId;
      const before = (await reportRows()).length;
      expect(await failure(module.reports.report({ target_kind: kind, target_id: id, reason: 'spam' }, newClient()))).toMatchObject({
        code: 'not_found',
      });
      expect(await reportRows()).toHaveLength(before);
    });

    it.each([
      [{ target_kind: 'thread', target_id: 'thr_1', reason: 'spam' }, 'target_kind'],
      [{ target_kind: 'job', target_id: 'job_public', reason: '' }, 'reason'],
      [{ target_kind: 'job', target_id: 'job_public', reason: 'x'.repeat(101) }, 'reason'],
      [{ target_kind: 'job', target_id: 'job_public', reason: 'spam', details: 'x'.repeat(2001) }, 'details'],
      [{ target_kind: 'job', target_id: 'job_public', reason: 'spam', reporter: 'me' }, 'reporter'],
    ])('400 validation_failed for %j', async (body, path) => {
      expect(await failure(module.reports.report(body, newClient()))).toMatchObject({ code: 'validation_failed', details: [{ path }] });
    });

    it('the 11th report in an hour from one client is 429 rate_limited with retry_after; another client is not limited', async () => {
      const address = newClient();
      clock.set('2026-11-22T15:10:00.000Z');
      const body = { target_kind: 'job', target_id: 'job_public', reason: 'spam' };
      for (let i = 0; i < 10; i++) await module.reports.report(body, address);
      const before = (await reportRows()).length;
      expect(await failure(module.reports.report(body, address))).toMatchObject({ code: 'rate_limited', retry_after: 50 * 60 });
      expect(await reportRows()).toHaveLength(before);
      await expect(module.reports.report(body, newClient())).resolves.toMatchObject({ status: 'open' });
      clock.set('2026-11-22T16:00:00.000Z');
      await expect(module.reports.report(body, address)).resolves.toMatchObject({ status: 'open' });
    });
  });

  describe('support: list and resolve reports', () => {
    it('support lists open reports oldest first and resolves them; resolving twice is invalid_state', async () => {
      clock.set('2026-11-24T08:00:00.000Z');
      const first = await module.reports.report({ target_kind: 'job', target_id: 'job_public', reason: 'support-list-1' }, newClient());
      clock.advance(1000);
      const second = await module.reports.report({ target_kind: 'job', target_id: 'job_public', reason: 'support-list-2' }, newClient());
      const open = await module.reports.listReports(support, { limit: '100' });
      const openIds = open.reports.map((report) => report.id);
      expect(openIds.indexOf(first.id)).toBeLessThan(openIds.indexOf(second.id));
      expect(open).toMatchObject({ limit: 100, offset: 0, total: open.reports.length });

      clock.advance(1000);
      const resolved = await module.reports.resolveReport(support, first.id, { resolution: 'Checked; nothing wrong.' });
      expect(resolved).toMatchObject({ status: 'resolved', resolution: 'Checked; nothing wrong.', resolved_at: clock.now().toISOString() });
      expect(await failure(module.reports.resolveReport(support, first.id, { resolution: 'Again.' }))).toMatchObject({ code: 'invalid_state' });
      expect((await module.reports.listReports(support, { status: 'resolved' })).reports.map((r) => r.id)).toContain(first.id);
      expect((await module.reports.listReports(support, { limit: '100' })).reports.map((r) => r.id)).not.toContain(first.id);
      expect(await failure(module.reports.resolveReport(support, 'rep_unknown', { resolution: 'x' }))).toMatchObject({ code: 'not_found' });
      expect(await failure(module.reports.resolveReport(support, second.id, {}))).toMatchObject({ code: 'validation_failed' });
      expect(await failure(module.reports.listReports(support, { status: 'closed' }))).toMatchObject({ code: 'validation_failed' });
    });

    it.each([
      ['listReports', (actor: Actor) => module.reports.listReports(actor)],
      ['resolveReport', (actor: Actor) => module.reports.resolveReport(actor, 'rep_any', { resolution: 'x' })],
      ['listSiteFeedback', (actor: Actor) => module.siteFeedback.listSiteFeedback(actor)],
      ['getSiteFeedback', (actor: Actor) => module.siteFeedback.getSiteFeedback(actor, 'sfb_any')],
    ])('%s is support only: anyone else gets not_found', async (_name, call) => {
      expect(await failure(call(client))).toMatchObject({ code: 'not_found' });
    });

    it('the cleanup deletes reports resolved more than a year ago, and nothing else', async () => {
      clock.set('2025-01-01T00:00:00.000Z');
      const old = await module.reports.report({ target_kind: 'job', target_id: 'job_public', reason: 'old' }, newClient());
      await module.reports.resolveReport(support, old.id, { resolution: 'Done.' });
      const oldOpen = await module.reports.report({ target_kind: 'job', target_id: 'job_public', reason: 'old open' }, newClient());
      const [job] = module.cleanupJobs;
      expect(await job!.run(new Date(Date.parse('2026-01-01T00:00:00.000Z') + DAY_MS))).toEqual({ deleted: 1 });
      const left = (await reportRows()).map((row) => row.id);
      expect(left).not.toContain(old.id);
      expect(left).toContain(oldOpen.id);
    });
  });

  describe('site feedback', () => {
    it('anonymous feedback is stored with no principal; a token attaches its grant id and agent name, never a secret', async () => {
      clock.set('2026-11-25T10:00:00.000Z');
      const anonymous = await module.siteFeedback.submit(null, { kind: 'feedback', message: ' Lovely site. ' }, newClient());
      expect(anonymous).toEqual({
        id: anonymous.id,
        kind: 'feedback',
        message: 'Lovely site.',
        contact_ok: false,
        principal_id: null,
        grant_id: null,
        agent_name: null,
        created_at: '2026-11-25T10:00:00.000Z',
      });
      expect(anonymous.id).toMatch(/^sfb_[0-9a-z]{26}$/);
      clock.advance(1000);
      const fromAgent = await module.siteFeedback.submit(
        client,
        { kind: 'capability_request', message: 'Please add a wedding template.', contact_ok: true },
        newClient(),
      );
      expect(fromAgent).toMatchObject({ principal_id: client.principalId, grant_id: client.grantId, agent_name: 'Test agent', contact_ok: true });
      const listed = await module.siteFeedback.listSiteFeedback(support);
      expect(listed.site_feedback.slice(0, 2).map((item) => item.id)).toEqual([fromAgent.id, anonymous.id]);
      const requests = await module.siteFeedback.listSiteFeedback(support, { kind: 'capability_request' });
      expect(requests.site_feedback.map((item) => item.id)).toEqual([fromAgent.id]);
      // Support reads one item as the list shows it (to answer its sender); an unknown id is not_found.
      expect(await module.siteFeedback.getSiteFeedback(support, fromAgent.id)).toEqual(fromAgent);
      expect(await failure(module.siteFeedback.getSiteFeedback(support, 'sfb_unknown'))).toMatchObject({ code: 'not_found' });
      const columns = Object.keys((await db.query<Record<string, unknown>>('select * from site_feedback limit 1'))[0]!);
      expect(columns.sort()).toEqual(['agent_name', 'contact_ok', 'created_at', 'grant_id', 'id', 'kind', 'message', 'principal_id']);
    });

    it.each([
      [{ kind: 'praise', message: 'x' }, 'kind'],
      [{ kind: 'feedback', message: '' }, 'message'],
      [{ kind: 'feedback', message: 'x'.repeat(4001) }, 'message'],
      [{ kind: 'feedback', message: 'x', contact_ok: 'yes' }, 'contact_ok'],
      [{ kind: 'feedback', message: 'x', email: 'a@example.org' }, 'email'],
    ])('400 validation_failed for %j', async (body, path) => {
      expect(await failure(module.siteFeedback.submit(null, body, newClient()))).toMatchObject({ code: 'validation_failed', details: [{ path }] });
    });

    it('is rate limited per client: the 11th in an hour is 429 with retry_after', async () => {
      clock.set('2026-11-25T11:30:00.000Z');
      const address = newClient();
      for (let i = 0; i < 10; i++) await module.siteFeedback.submit(null, { kind: 'feedback', message: `note ${i}` }, address);
      expect(await failure(module.siteFeedback.submit(null, { kind: 'feedback', message: 'one more' }, address))).toMatchObject({
        code: 'rate_limited',
        retry_after: 30 * 60,
      });
    });
  });
});

describe('the report limit is shared by processes using one database (postgresql)', () => {
  let db: TestDatabase;
  let second: Database;
  const clock = manualClock('2026-11-22T12:00:00.000Z');

  beforeAll(async () => {
    db = await openOffersTestDatabase('postgresql');
    const [{ name }] = (await db.query<{ name: string }>('select current_database() as name')) as [{ name: string }];
    const url = new URL(TEST_DATABASE_URL);
    url.pathname = `/${name}`;
    second = await openDatabase({ ...OFFERS_TEST_SCHEMA, url: url.toString() });
  });
  afterAll(async () => {
    await second?.close();
    await db?.dispose();
  });

  it('two modules over two database handles count one limit: 5 + 5 pass, the 11th is refused by either', async () => {
    const targets = createPublicTargets();
    targets.add('job', 'job_public');
    const people = createPeople();
    const build = (handle: Database) => testOffersModule(handle, { clock, people, targets });
    const one = build(db);
    const two = build(second);
    const body = { target_kind: 'job', target_id: 'job_public', reason: 'spam' };
    const address = '198.51.100.7';
    await Promise.all(Array.from({ length: 5 }, () => one.reports.report(body, address)));
    await Promise.all(Array.from({ length: 5 }, () => two.reports.report(body, address)));
    expect(await failure(one.reports.report(body, address))).toMatchObject({ code: 'rate_limited' });
    expect(await failure(two.reports.report(body, address))).toMatchObject({ code: 'rate_limited' });
    expect(await db.query('select id from reports')).toHaveLength(10);
  });

  it('20 concurrent reports from one client through two processes store exactly 10', async () => {
    clock.set('2026-11-22T13:00:00.000Z');
    const targets = createPublicTargets();
    targets.add('job', 'job_public');
    const modules = [testOffersModule(db, { clock, targets }), testOffersModule(second, { clock, targets })];
    const before = (await db.query('select id from reports')).length;
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        modules[i % 2]!.reports.report({ target_kind: 'job', target_id: 'job_public', reason: 'burst' }, '198.51.100.8'),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(10);
    expect((await db.query('select id from reports')).length - before).toBe(10);
  });
});
