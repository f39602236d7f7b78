import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, type TestDatabase } from '@svc/db/testing';
import { manualClock, type Actor } from '@svc/kernel';
import type { SqlMigration } from '@svc/db';
import type { FeedbackJson, OffersModule, ServiceJson } from '../src/index.ts';
import { offersMigrations } from '../src/migrations.ts';
import { createPeople, createRelations, failure, offerInput, openOffersTestDatabase, testOffersModule } from '../src/testing.ts';

const ids = (list: { feedback: FeedbackJson[] }) => list.feedback.map((item) => item.id);

const setUp = (engine: 'postgresql' | 'pglite') => {
  const state = {} as { db: TestDatabase; module: OffersModule };
  const clock = manualClock('2026-11-22T12:00:00.000Z');
  const people = createPeople();
  const relations = createRelations();
  beforeAll(async () => {
    state.db = await openOffersTestDatabase(engine);
    state.module = testOffersModule(state.db, { clock, people, relations });
  });
  afterAll(() => state.db?.dispose());
  return { state, clock, people, relations };
};

describe.each(ENGINES)('feedback on %s', (engine) => {
  const { state, clock, people, relations } = setUp(engine);
  const provider = people.actor('Pat');
  const client = people.actor('Cleo');
  const other = people.actor('Otto');
  const support = people.actor('Sam', { isSupport: true, via: 'session', grantId: null, agentName: null });
  const feedback = () => state.module.feedback;

  /** A fresh offer with `clients` related to its provider through a thread. */
  const offerFor = async (...clients: Actor[]): Promise<ServiceJson> => {
    const offer = await state.module.offers.create(provider, offerInput());
    for (const actor of clients) relations.relate(actor, provider, offer.id);
    return offer;
  };
  const stored = async (id: string) =>
    (await state.db.query<{ version: number; removed_at: unknown; reply_text: string | null; hidden_at: unknown }>(
      'select version, removed_at, reply_text, hidden_at from offer_feedback where id = $1',
      [id],
    ))[0];

  describe('leave', () => {
    it('stops publishing e-mail addresses stored before the rule (migration 202612290100): each one replaced, the rest kept', async () => {
      const offer = await offerFor(client);
      const item = await feedback().leave(client, offer.id, { needs_met: 'yes' });
      await state.db.query('update offer_feedback set comment = $1, reply_text = $2 where id = $3', [
        'Write to Jo.Smith+party@Mail.Example.co.uk or ann@example.org; we met @home.',
        'Thanks! pat@example.net',
        item.id,
      ]);
      const migration = offersMigrations.find((m) => m.name === '202612290100_offers_feedback_without_email') as SqlMigration;
      for (const statement of migration.statements) await state.db.query(statement);
      const [row] = await state.db.query<{ comment: string; reply_text: string }>('select comment, reply_text from offer_feedback where id = $1', [item.id]);
      expect(row).toEqual({
        comment: 'Write to [e-mail address removed] or [e-mail address removed]; we met @home.',
        reply_text: 'Thanks! [e-mail address removed]',
      });
    });

    it('a related principal leaves private feedback at version 1: the exact JSON', async () => {
      const offer = await offerFor(client);
      const item = await feedback().leave(client, offer.id, {
        needs_met: 'partly',
        comment: ' Good plan, late delivery. ',
        source_links: ['https://example.org/plan'],
        capability: 'venue search',
      });
      expect(item.id).toMatch(/^fbk_[0-9a-z]{26}$/);
      expect(item).toEqual({
        id: item.id,
        service_id: offer.id,
        version: 1,
        status: 'active',
        needs_met: 'partly',
        comment: 'Good plan, late delivery.',
        source_links: ['https://example.org/plan'],
        capability: 'venue search',
        published: false,
        hidden: false,
        hidden_reason: null,
        author: { principal_id: client.principalId, display_name: 'Cleo' },
        reply: null,
        created_at: '2026-11-22T12:00:00.000Z',
        updated_at: '2026-11-22T12:00:00.000Z',
      });
      expect(await stored(item.id)).toMatchObject({ version: 1, removed_at: null });
    });

    it('the provider and unrelated principals get 403 not_related; nothing is stored', async () => {
      const offer = await offerFor(client);
      relations.relate(other, provider, 'svc_another_offer');
      expect(await failure(feedback().leave(provider, offer.id, { needs_met: 'yes' }))).toMatchObject({ code: 'not_related' });
      expect(await failure(feedback().leave(other, offer.id, { needs_met: 'yes' }))).toMatchObject({ code: 'not_related' });
      expect((await feedback().list(provider, offer.id)).feedback).toEqual([]);
    });

    it('a second active item by the same author is 409 limit_reached; after removing, a new one is allowed', async () => {
      const offer = await offerFor(client);
      const first = await feedback().leave(client, offer.id, { needs_met: 'yes' });
      expect(await failure(feedback().leave(client, offer.id, { needs_met: 'no' }))).toMatchObject({
        code: 'limit_reached',
        message: 'You already have feedback on this offer; edit it instead.',
      });
      await feedback().removeFeedback(client, first.id);
      const second = await feedback().leave(client, offer.id, { needs_met: 'no' });
      expect(second.id).not.toBe(first.id);
    });

    it('a comment or a reply holding a contact detail is 422 blocked_content, naming the field; nothing is stored or changed', async () => {
      const offer = await offerFor(client);
      const refused = await failure(feedback().leave(client, offer.id, { needs_met: 'yes', published: true, comment: 'write to jo\u200b@example.org' }));
      expect(refused).toMatchObject({ code: 'blocked_content', details: [{ path: 'comment', found: 'email_address' }] });
      expect((await feedback().list(provider, offer.id)).feedback).toEqual([]);

      const item = await feedback().leave(client, offer.id, { needs_met: 'yes', published: true, comment: 'Helpful.' });
      const edit = await failure(feedback().edit(client, item.id, { expected_version: 1, comment: 'Call 07700 900123' }));
      expect(edit).toMatchObject({ code: 'blocked_content', details: [{ path: 'comment', found: 'phone_number' }] });
      const reply = await failure(feedback().reply(provider, item.id, { text: 'Mail me: pat＠example.org' }));
      expect(reply).toMatchObject({ code: 'blocked_content', details: [{ path: 'text', found: 'email_address' }] });
      expect(await stored(item.id)).toMatchObject({ version: 1, reply_text: null });
      expect((await feedback().list(null, offer.id)).feedback.map((shown) => shown.comment)).toEqual(['Helpful.']);
    });

    it('a source link holding an e-mail address is 422 blocked_content too, naming the link; digits in a link are no phone number', async () => {
      const offer = await offerFor(client);
      const links = ['https://reviews.example/2026/11/07700900123', 'https://a.example/u/grace.hopper@example.com'];
      const refused = await failure(feedback().leave(client, offer.id, { needs_met: 'yes', published: true, source_links: links }));
      expect(refused).toMatchObject({ code: 'blocked_content', details: [{ path: 'source_links.1', found: 'email_address' }] });
      expect((await feedback().list(provider, offer.id)).feedback).toEqual([]);
      const item = await feedback().leave(client, offer.id, { needs_met: 'yes', published: true, source_links: [links[0]!] });
      const edit = await failure(feedback().edit(client, item.id, { expected_version: 1, source_links: ['https://a.example/?to=jo%40example.org'] }));
      expect(edit).toMatchObject({ code: 'blocked_content', details: [{ path: 'source_links.0', found: 'email_address' }] });
      expect(await stored(item.id)).toMatchObject({ version: 1 });
    });

    it('leaveStanding answers what leave would do: allowed, provider, not_related (awaiting_provider while the provider is only invited), already_left until the item is removed', async () => {
      const offer = await offerFor(client);
      relations.relate(other, provider, 'svc_another_offer');
      expect(await feedback().leaveStanding(client, offer.id)).toBe('allowed');
      expect(await feedback().leaveStanding(provider, offer.id)).toBe('provider');
      expect(await feedback().leaveStanding(other, offer.id)).toBe('not_related');
      // In a thread about this offer the provider is invited to but has not joined: leave still refuses.
      relations.invite(other, provider, offer.id);
      expect(await feedback().leaveStanding(other, offer.id)).toBe('awaiting_provider');
      expect(await failure(feedback().leave(other, offer.id, { needs_met: 'yes' }))).toMatchObject({ code: 'not_related' });
      const item = await feedback().leave(client, offer.id, { needs_met: 'yes' });
      expect(await feedback().leaveStanding(client, offer.id)).toBe('already_left');
      await feedback().removeFeedback(client, item.id);
      expect(await feedback().leaveStanding(client, offer.id)).toBe('allowed');
      expect(await failure(feedback().leaveStanding(client, 'svc_unknown'))).toMatchObject({ code: 'not_found' });
      await state.module.offers.remove(provider, offer.id);
      expect(await failure(feedback().leaveStanding(client, offer.id))).toMatchObject({ code: 'removed' });
    });

    it.each([
      ['a capability the offer does not list', { needs_met: 'yes', capability: 'juggling' }, 'capability'],
      ['an http link', { needs_met: 'yes', source_links: ['http://example.org'] }, 'source_links.0'],
      ['a rating', { needs_met: 'yes', rating: 5 }, 'rating'],
      ['no needs_met', { comment: 'x' }, 'needs_met'],
      ['a long comment', { needs_met: 'yes', comment: 'x'.repeat(2001) }, 'comment'],
    ])('400 validation_failed for %s', async (_what, body, path) => {
      const offer = await offerFor(client);
      expect(await failure(feedback().leave(client, offer.id, body))).toMatchObject({ code: 'validation_failed', details: [{ path }] });
    });

    it('unknown offer 404, removed offer 410', async () => {
      const offer = await offerFor(client);
      expect(await failure(feedback().leave(client, 'svc_unknown', { needs_met: 'yes' }))).toMatchObject({ code: 'not_found' });
      await state.module.offers.remove(provider, offer.id);
      expect(await failure(feedback().leave(client, offer.id, { needs_met: 'yes' }))).toMatchObject({ code: 'removed' });
      expect(await failure(feedback().list(null, offer.id))).toMatchObject({ code: 'removed' });
    });
  });

  describe('visibility', () => {
    let offer: ServiceJson;
    let privateItem: FeedbackJson;
    let publishedItem: FeedbackJson;
    let hiddenItem: FeedbackJson;
    const writer = people.actor('Wren');
    const hiddenWriter = people.actor('Hugo');

    beforeAll(async () => {
      offer = await offerFor(client, writer, hiddenWriter);
      privateItem = await feedback().leave(client, offer.id, { needs_met: 'no', comment: 'private' });
      clock.advance(1000);
      publishedItem = await feedback().leave(writer, offer.id, { needs_met: 'yes', published: true });
      clock.advance(1000);
      hiddenItem = await feedback().leave(hiddenWriter, offer.id, { needs_met: 'partly', published: true });
      hiddenItem = await feedback().hide(support, hiddenItem.id, { reason: 'Personal data in the comment.' });
    });

    it.each([
      ['anonymous', ['published'], 'anonymous'],
      ['a third principal', ['published'], 'other'],
      ['support', ['hidden', 'published'], 'support'],
      ['the private item’s author', ['published', 'private'], 'client'],
      ['the hidden item’s author', ['hidden', 'published'], 'hiddenWriter'],
      ['the provider', ['hidden', 'published', 'private'], 'provider'],
    ] as const)('%s sees %j (newest first)', async (_who, expected, reader) => {
      const readers: Record<string, Actor | null> = { anonymous: null, other, support, client, hiddenWriter, provider };
      const names = { [privateItem.id]: 'private', [publishedItem.id]: 'published', [hiddenItem.id]: 'hidden' };
      const list = await feedback().list(readers[reader] ?? null, offer.id);
      expect(ids(list).map((id) => names[id])).toEqual(expected);
      // Never a count: only whether another page has items.
      expect(list).not.toHaveProperty('total');
      expect(list.has_more).toBe(false);
    });

    it('a hidden item says so to those who see it', () => {
      expect(hiddenItem).toMatchObject({ hidden: true, hidden_reason: 'Personal data in the comment.', version: 2 });
    });

    it('changes to items the caller cannot see answer 404 not_found', async () => {
      expect(await failure(feedback().edit(other, privateItem.id, { expected_version: 1, comment: 'x' }))).toMatchObject({ code: 'not_found' });
      expect(await failure(feedback().reply(other, hiddenItem.id, { text: 'x' }))).toMatchObject({ code: 'not_found' });
      expect(await failure(feedback().hide(support, privateItem.id, { reason: 'x' }))).toMatchObject({ code: 'not_found' });
      expect(await failure(feedback().removeFeedback(other, 'fbk_unknown'))).toMatchObject({ code: 'not_found' });
    });

    it('the list pages with limit and offset', async () => {
      const page = await feedback().list(provider, offer.id, { limit: '1', offset: '1' });
      expect(page).toMatchObject({ has_more: true, limit: 1, offset: 1 });
      expect(ids(page)).toEqual([publishedItem.id]);
    });
  });

  describe('edit and remove', () => {
    it('the author edits with expected_version; a stale version is 409 with current; nothing changes', async () => {
      const offer = await offerFor(client);
      const item = await feedback().leave(client, offer.id, { needs_met: 'no' });
      clock.advance(1000);
      const edited = await feedback().edit(client, item.id, { expected_version: 1, needs_met: 'yes', published: true, capability: 'running order' });
      expect(edited).toMatchObject({ version: 2, needs_met: 'yes', published: true, capability: 'running order' });
      expect(ids(await feedback().list(null, offer.id))).toEqual([item.id]);
      const error = await failure(feedback().edit(client, item.id, { expected_version: 1, needs_met: 'no' }));
      expect(error).toMatchObject({ code: 'version_conflict', current: { id: item.id, version: 2, needs_met: 'yes' } });
      expect(await stored(item.id)).toMatchObject({ version: 2 });
    });

    it('writes nothing for fields sent as the item has them: same version, same updated_at; a stale version is still 409', async () => {
      const offer = await offerFor(client);
      const item = await feedback().leave(client, offer.id, { needs_met: 'no', comment: 'Fine work' });
      clock.advance(1000);
      const same = await feedback().edit(client, item.id, { expected_version: 1, needs_met: 'no', comment: 'Fine work', published: item.published });
      expect(same).toEqual(item);
      expect(await stored(item.id)).toMatchObject({ version: 1 });
      expect(await failure(feedback().edit(client, item.id, { expected_version: 7, comment: 'Fine work' }))).toMatchObject({ code: 'version_conflict', current: { version: 1 } });
      // One field that differs is a change, made at the version sent.
      expect(await feedback().edit(client, item.id, { expected_version: 1, needs_met: 'no', comment: 'Fine work, late' })).toMatchObject({ version: 2, comment: 'Fine work, late' });
    });

    it.each([
      ['expected_version_required', { comment: 'x' }],
      ['validation_failed', { expected_version: 1 }],
      ['validation_failed', { expected_version: 1, capability: 'juggling' }],
    ])('%s for %j', async (code, body) => {
      const offer = await offerFor(client);
      const item = await feedback().leave(client, offer.id, { needs_met: 'no' });
      expect(await failure(feedback().edit(client, item.id, body))).toMatchObject({ code });
    });

    it('the provider, who sees the item, gets not_owner when editing or removing it', async () => {
      const offer = await offerFor(client);
      const item = await feedback().leave(client, offer.id, { needs_met: 'no' });
      expect(await failure(feedback().edit(provider, item.id, { expected_version: 1, comment: 'x' }))).toMatchObject({ code: 'not_owner' });
      expect(await failure(feedback().removeFeedback(provider, item.id))).toMatchObject({ code: 'not_owner' });
    });

    it('removing hides the item from everyone and adds one to the version; removing again is 404', async () => {
      const offer = await offerFor(client);
      const item = await feedback().leave(client, offer.id, { needs_met: 'no', published: true });
      const removed = await feedback().removeFeedback(client, item.id);
      expect(removed).toMatchObject({ status: 'removed', version: 2 });
      expect((await feedback().list(provider, offer.id)).feedback).toEqual([]);
      expect(await failure(feedback().removeFeedback(client, item.id))).toMatchObject({ code: 'not_found' });
      expect(await failure(feedback().edit(client, item.id, { expected_version: 2, comment: 'x' }))).toMatchObject({ code: 'not_found' });
    });
  });

  describe('reply and moderation', () => {
    it('the provider replies once; a second reply is 409 invalid_state; others get not_owner', async () => {
      const offer = await offerFor(client);
      const item = await feedback().leave(client, offer.id, { needs_met: 'partly', published: true });
      expect(await failure(feedback().reply(client, item.id, { text: 'Me too' }))).toMatchObject({ code: 'not_owner' });
      expect(await failure(feedback().reply(other, item.id, { text: 'Hi' }))).toMatchObject({ code: 'not_owner' });
      clock.advance(5000);
      const replied = await feedback().reply(provider, item.id, { text: 'Thank you; we changed our schedule.' });
      expect(replied).toMatchObject({ version: 2, reply: { text: 'Thank you; we changed our schedule.', created_at: clock.now().toISOString() } });
      // The reply given refuses it, not a state of the item: the refusal names the change and no status.
      const again = await failure(feedback().reply(provider, item.id, { text: 'Again' }));
      expect(again).toMatchObject({ code: 'invalid_state', action: 'reply' });
      expect(again).not.toHaveProperty('status');
      expect(await failure(feedback().reply(provider, item.id, { text: '' }))).toMatchObject({ code: 'validation_failed' });
      expect((await feedback().list(null, offer.id)).feedback[0]!.reply?.text).toBe('Thank you; we changed our schedule.');
    });

    it('support hides and unhides published feedback; each adds one to the version; wrong states are invalid_state', async () => {
      const offer = await offerFor(client);
      const item = await feedback().leave(client, offer.id, { needs_met: 'no', published: true });
      const hidden = await feedback().hide(support, item.id, { reason: 'Abusive.' });
      expect(hidden).toMatchObject({ hidden: true, version: 2 });
      expect((await feedback().list(null, offer.id)).feedback).toEqual([]);
      expect(await failure(feedback().hide(support, item.id, { reason: 'Again.' }))).toMatchObject({ code: 'invalid_state', status: 'hidden', action: 'hide' });
      const shown = await feedback().unhide(support, item.id);
      expect(shown).toMatchObject({ hidden: false, hidden_reason: null, version: 3 });
      expect(ids(await feedback().list(null, offer.id))).toEqual([item.id]);
      expect(await failure(feedback().unhide(support, item.id))).toMatchObject({ code: 'invalid_state', status: 'published', action: 'unhide' });
      expect(await failure(feedback().hide(support, item.id, {}))).toMatchObject({ code: 'validation_failed' });
    });

    it('hidden feedback cannot be removed by its author, so it cannot come back shown as a new item; shown again, it can', async () => {
      const offer = await offerFor(client);
      const item = await feedback().leave(client, offer.id, { needs_met: 'no', published: true, comment: 'Rude words' });
      await feedback().hide(support, item.id, { reason: 'Abusive.' });
      for (const version of [undefined, 2]) {
        expect(await failure(feedback().removeFeedback(client, item.id, version))).toMatchObject({ code: 'invalid_state', status: 'hidden', action: 'remove' });
      }
      expect(await failure(feedback().leave(client, offer.id, { needs_met: 'no', published: true, comment: 'Rude words' }))).toMatchObject({ code: 'limit_reached' });
      expect(await stored(item.id)).toMatchObject({ removed_at: null, version: 2 });
      // The author may still change the text, and once support shows it again, remove it.
      await feedback().edit(client, item.id, { expected_version: 2, comment: 'Kinder words' });
      await feedback().unhide(support, item.id);
      expect(await feedback().removeFeedback(client, item.id, 4)).toMatchObject({ version: 5 });
    });

    it('hiding is support only: anyone else, provider included, gets not_found', async () => {
      const offer = await offerFor(client);
      const item = await feedback().leave(client, offer.id, { needs_met: 'no', published: true });
      expect(await failure(feedback().hide(provider, item.id, { reason: 'x' }))).toMatchObject({ code: 'not_found' });
      expect(await failure(feedback().unhide(client, item.id))).toMatchObject({ code: 'not_found' });
      expect(await stored(item.id)).toMatchObject({ hidden_at: null, version: 1 });
    });

    it('listHidden: support sees every hidden item, newest change first; anyone else gets not_found', async () => {
      const offer = await offerFor(client);
      const item = await feedback().leave(client, offer.id, { needs_met: 'no', published: true });
      await feedback().hide(support, item.id, { reason: 'Listed.' });
      const listed = await feedback().listHidden(support, { limit: '100' });
      expect(listed.feedback.map((entry) => entry.id)).toContain(item.id);
      expect(listed.feedback.every((entry) => entry.hidden)).toBe(true);
      expect(listed).toMatchObject({ limit: 100, offset: 0 });
      await feedback().unhide(support, item.id);
      expect((await feedback().listHidden(support, { limit: '100' })).feedback.map((entry) => entry.id)).not.toContain(item.id);
      expect(await failure(feedback().listHidden(provider))).toMatchObject({ code: 'not_found' });
      expect(await failure(feedback().listHidden(support, { limit: '0' }))).toMatchObject({ code: 'validation_failed' });
    });

    it('listHidden leaves out an item its author made private after it was hidden: its words are the author\'s and the provider\'s alone', async () => {
      const offer = await offerFor(client);
      const item = await feedback().leave(client, offer.id, { needs_met: 'no', published: true, comment: 'Rude words' });
      await feedback().hide(support, item.id, { reason: 'Abusive.' });
      const made = await feedback().edit(client, item.id, { expected_version: 2, published: false, comment: 'Private words now' });
      expect(made).toMatchObject({ published: false, hidden: true });
      const listed = await feedback().listHidden(support, { limit: '100' });
      expect(listed.feedback.map((entry) => entry.id)).not.toContain(item.id);
      expect(JSON.stringify(listed)).not.toContain('Private words now');
      expect(await failure(feedback().get(support, item.id))).toMatchObject({ code: 'not_found' });
      // Published again, it is still hidden, and support finds it again.
      await feedback().edit(client, item.id, { expected_version: 3, published: true });
      expect((await feedback().listHidden(support, { limit: '100' })).feedback.map((entry) => entry.id)).toContain(item.id);
    });

    it('a support principal who provides the offer cannot hide a private item: invalid_state', async () => {
      const supportProvider = people.actor('Sue', { isSupport: true });
      const offer = await state.module.offers.create(supportProvider, offerInput());
      relations.relate(client, supportProvider, offer.id);
      const item = await feedback().leave(client, offer.id, { needs_met: 'no' });
      expect(await failure(feedback().hide(supportProvider, item.id, { reason: 'x' }))).toMatchObject({ code: 'invalid_state', status: 'private', action: 'hide' });
      expect(await failure(feedback().unhide(supportProvider, item.id))).toMatchObject({ code: 'invalid_state', status: 'private', action: 'unhide' });
    });
  });
});

describe('feedback under concurrency on postgresql', () => {
  const { state, people, relations } = setUp('postgresql');
  const provider = people.actor('Pat');
  const client = people.actor('Cleo');

  it('20 concurrent creates by one author leave exactly one active item', async () => {
    const offer = await state.module.offers.create(provider, offerInput());
    relations.relate(client, provider, offer.id);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => state.module.feedback.leave(client, offer.id, { needs_met: 'yes', comment: `try ${i}` })),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const refused = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as { code: string }] : []));
    expect(refused.map((error) => error.code)).toEqual(Array(19).fill('limit_reached'));
    const rows = await state.db.query('select id from offer_feedback where offer_id = $1 and removed_at is null', [offer.id]);
    expect(rows).toHaveLength(1);
  });

  it('20 concurrent replies leave exactly one reply and one version step', async () => {
    const offer = await state.module.offers.create(provider, offerInput());
    relations.relate(client, provider, offer.id);
    const item = await state.module.feedback.leave(client, offer.id, { needs_met: 'yes' });
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => state.module.feedback.reply(provider, item.id, { text: `reply ${i}` })),
    );
    const won = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    expect(won).toHaveLength(1);
    const refused = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as { code: string }] : []));
    expect(refused.map((error) => error.code)).toEqual(Array(19).fill('invalid_state'));
    const [row] = await state.db.query<{ reply_text: string; version: number }>(
      'select reply_text, version from offer_feedback where id = $1',
      [item.id],
    );
    expect(row).toEqual({ reply_text: won[0]!.reply!.text, version: 2 });
  });
});
