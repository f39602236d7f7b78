import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedbackJson, ServiceJson } from '@svc/offers';
import { type OffersCast, type Principal, type TestApp, type ApiErrorBody, relateToOffer, signUpOffersCast } from '@svc/runtime/testing';
import { startApiTestApp } from './app.ts';

/**
 * Feedback over HTTP, on PostgreSQL: leaving, listing, editing, removing and replying; who sees
 * what (private, published, hidden); one active item per author and one reply per item under 20
 * concurrent requests.
 */

let app: TestApp;
/** Pat provides the offers; Cleo works with Pat in a thread linking each; Otto is related to nothing; Sam is support. */
let people: OffersCast['principals'];
let actors: OffersCast['actors'];
const tokens = {} as Record<'pat' | 'cleo' | 'otto' | 'patServices' | 'cleoRead', string>;

beforeAll(async () => {
  app = await startApiTestApp();
  ({ principals: people, actors } = await signUpOffersCast(app));
  tokens.pat = (await app.agentToken(people.pat, ['feedback:write'])).token;
  tokens.cleo = (await app.agentToken(people.cleo, ['feedback:write'])).token;
  tokens.otto = (await app.agentToken(people.otto, ['feedback:write', 'services:write'])).token;
  tokens.patServices = (await app.agentToken(people.pat, ['services:write'])).token;
  tokens.cleoRead = (await app.agentToken(people.cleo, ['account:read'])).token;
});
afterAll(() => app?.close());

type ErrorBody = ApiErrorBody<FeedbackJson>;
type Answer = FeedbackJson & ErrorBody;
type ListAnswer = { feedback: FeedbackJson[]; has_more: boolean; limit: number; offset: number } & ErrorBody;

/** A fresh offer by Pat with Cleo related to it. */
const newOffer = async (overrides: Record<string, unknown> = {}): Promise<ServiceJson> => {
  const offer = await app.services.offers.create(actors.pat, { title: 'Party planning', role: 'planner', industry: 'events', capabilities: ['Running orders'], ...overrides });
  await relateToOffer(app, actors.pat, actors.cleo, offer.id);
  return offer;
};

const leave = (offerId: string, body: unknown, token = tokens.cleo) => app.request<Answer>('POST', `/api/v1/services/${offerId}/feedback`, { token, body });
const edit = (id: string, body: unknown, token = tokens.cleo) => app.request<Answer>('PATCH', `/api/v1/feedback/${id}`, { token, body });
const removeItem = (id: string, token = tokens.cleo) => app.request<Answer>('DELETE', `/api/v1/feedback/${id}`, { token });
const reply = (id: string, body: unknown, token = tokens.pat) => app.request<Answer>('POST', `/api/v1/feedback/${id}/reply`, { token, body });
const listAs = (offerId: string, who: { token?: string; session?: string } = {}, query = '') =>
  app.request<ListAnswer>('GET', `/api/v1/services/${offerId}/feedback${query ? `?${query}` : ''}`, who);
const idsOf = (res: { body: { feedback: FeedbackJson[] } }) => res.body.feedback.map((item) => item.id);

const leaveOk = async (offerId: string, body: Record<string, unknown> = {}): Promise<FeedbackJson> => {
  const res = await leave(offerId, { needs_met: 'partly', comment: 'A clear plan.', ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

const stored = async (id: string) =>
  (await app.db.query<{ version: number; published: boolean; removed_at: unknown; reply_text: string | null; comment: string }>(
    'select version, published, removed_at, reply_text, comment from offer_feedback where id = $1',
    [id],
  ))[0];
const countFeedback = async (offerId: string) =>
  Number((await app.db.query<{ n: string }>('select count(*) as n from offer_feedback where offer_id = $1', [offerId]))[0]!.n);

describe('POST /api/v1/services/{id}/feedback', () => {
  it('answers 200 (the contract gives this create no other status) with the whole item: private by default, no reply, version 1; never a rating', async () => {
    const offer = await newOffer();
    const res = await leave(offer.id, {
      needs_met: 'partly',
      comment: '  Good plan, late shopping list.  ',
      source_links: ['https://cleo.example/party-notes'],
      capability: 'Running orders',
    });
    expect(res.status).toBe(200);
    const now = app.clock.now().toISOString();
    expect(res.body).toEqual({
      id: expect.stringMatching(/^fbk_/),
      service_id: offer.id,
      version: 1,
      status: 'active',
      needs_met: 'partly',
      comment: 'Good plan, late shopping list.',
      source_links: ['https://cleo.example/party-notes'],
      capability: 'Running orders',
      published: false,
      hidden: false,
      hidden_reason: null,
      author: { principal_id: people.cleo.id, display_name: 'Cleo Client' },
      reply: null,
      created_at: now,
      updated_at: now,
    });
    expect(JSON.stringify(res.body)).not.toMatch(/rating|score|average|@example/);
    expect(await stored(res.body.id)).toMatchObject({ version: 1, published: false });
  });

  it('lets a related principal’s session leave feedback too', async () => {
    const offer = await newOffer();
    const res = await app.request<Answer>('POST', `/api/v1/services/${offer.id}/feedback`, { session: people.cleo.session, body: { needs_met: 'yes' } });
    expect(res.status).toBe(200);
  });

  it.each([
    ['a principal who shares no thread linking the offer', () => tokens.otto],
    ['the provider themself', () => tokens.pat],
  ])('refuses %s with 403 not_related and stores nothing', async (_name, token) => {
    const offer = await newOffer();
    const res = await leave(offer.id, { needs_met: 'yes' }, token());
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('not_related');
    expect(await countFeedback(offer.id)).toBe(0);
  });

  it('does not count a thread linking another offer of the same provider', async () => {
    const related = await newOffer();
    const unrelated = await app.services.offers.create(actors.pat, { title: 'Another', role: 'planner', industry: 'events' });
    expect((await leave(related.id, { needs_met: 'yes' })).status).toBe(200);
    expect((await leave(unrelated.id, { needs_met: 'yes' })).body.error).toBe('not_related');
  });

  it('answers 409 limit_reached for a second active item, and allows a new one after removing the first', async () => {
    const offer = await newOffer();
    const first = await leaveOk(offer.id);
    const second = await leave(offer.id, { needs_met: 'yes' });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ error: 'limit_reached', limit: 'feedback', max: 1 });
    expect((await removeItem(first.id)).status).toBe(200);
    expect((await leave(offer.id, { needs_met: 'yes' })).status).toBe(200);
  });

  it.each([
    ['no needs_met', {}, 'needs_met'],
    ['a rating', { needs_met: 'yes', rating: 5 }, 'rating'],
    ['needs_met outside yes, partly, no', { needs_met: 'mostly' }, 'needs_met'],
    ['a plain-http source link', { needs_met: 'yes', source_links: ['http://cleo.example'] }, 'source_links.0'],
    ['six source links', { needs_met: 'yes', source_links: Array.from({ length: 6 }, (_, i) => `https://cleo.example/${i}`) }, 'source_links'],
    ['a capability the offer does not list', { needs_met: 'yes', capability: 'Juggling' }, 'capability'],
    ['a comment of 2,001 characters', { needs_met: 'yes', comment: 'x'.repeat(2001) }, 'comment'],
  ])('refuses %s with 400 validation_failed', async (_name, body, path) => {
    const offer = await newOffer();
    const res = await leave(offer.id, body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('validation_failed');
    expect(res.body.details!.map((detail) => detail.path)).toContain(path);
    expect(await countFeedback(offer.id)).toBe(0);
  });

  it('answers 404 for an unknown offer, 410 for a removed one, 401 without a token, 403 without feedback:write', async () => {
    expect((await leave('svc_unknown', { needs_met: 'yes' })).status).toBe(404);
    const offer = await newOffer();
    expect((await app.request('DELETE', `/api/v1/services/${offer.id}`, { token: tokens.patServices })).status).toBe(200);
    const removed = await leave(offer.id, { needs_met: 'yes' });
    expect(removed.status).toBe(410);
    expect(removed.body.error).toBe('removed');
    const live = await newOffer();
    expect((await app.request<ErrorBody>('POST', `/api/v1/services/${live.id}/feedback`, { body: { needs_met: 'yes' } })).body.error).toBe('unauthenticated');
    const scope = await leave(live.id, { needs_met: 'yes' }, tokens.cleoRead);
    expect(scope.status).toBe(403);
    expect(scope.body.error).toBe('insufficient_scope');
  });

  it('keeps one active item per author per offer under 20 concurrent requests', async () => {
    const offer = await newOffer();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => leave(offer.id, { needs_met: 'yes', comment: `Attempt ${i}` })));
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    expect(new Set(answers.filter((res) => res.status === 409).map((res) => res.body.error))).toEqual(new Set(['limit_reached']));
    expect(await countFeedback(offer.id)).toBe(1);
  });
});

describe('who sees feedback: GET /api/v1/services/{id}/feedback', () => {
  let offer: ServiceJson;
  let privateItem: FeedbackJson;
  let publishedItem: FeedbackJson;
  let hiddenItem: FeedbackJson;
  /** Otto's own private item (Otto related too, so he has one of his own). */
  let ottoItem: FeedbackJson;
  let dana: Principal;

  beforeAll(async () => {
    offer = await newOffer();
    dana = await app.signUp('Dana Client');
    const danaActor = (await app.services.access.accounts.resolveSession(dana.session))!.actor;
    await relateToOffer(app, actors.pat, danaActor, offer.id);
    await relateToOffer(app, actors.pat, actors.otto, offer.id);
    privateItem = await leaveOk(offer.id, { comment: 'Private to Pat and me.' });
    app.clock.advance(1_000);
    publishedItem = (await app.services.feedback.leave(danaActor, offer.id, { needs_met: 'yes', comment: 'Published.', published: true }));
    app.clock.advance(1_000);
    ottoItem = (await leave(offer.id, { needs_met: 'no', comment: 'Otto’s own.', published: true }, tokens.otto)).body;
    await app.services.feedback.hide(actors.sam, ottoItem.id, { reason: 'Personal details' });
    hiddenItem = ottoItem;
  });

  it('shows anonymous readers only published, unhidden items', async () => {
    const res = await listAs(offer.id);
    expect(res.status).toBe(200);
    expect(idsOf(res)).toEqual([publishedItem.id]);
    expect(res.body).toEqual({ feedback: [expect.objectContaining({ id: publishedItem.id })], has_more: false, limit: 20, offset: 0 });
  });

  it('shows a third principal (token) what anyone sees, plus only their own items', async () => {
    const stranger = await app.signUp('Sid Stranger');
    const sidToken = (await app.agentToken(stranger, ['feedback:write'])).token;
    expect(idsOf(await listAs(offer.id, { token: sidToken }))).toEqual([publishedItem.id]);
    // Otto is related and wrote the hidden item: he sees it, but never Cleo's private one.
    expect(idsOf(await listAs(offer.id, { token: tokens.otto }))).toEqual([hiddenItem.id, publishedItem.id]);
  });

  it('shows the author their private item and the provider every item, hidden ones with the reason', async () => {
    expect(idsOf(await listAs(offer.id, { token: tokens.cleo }))).toEqual([publishedItem.id, privateItem.id]);
    const provider = await listAs(offer.id, { token: tokens.pat });
    expect(idsOf(provider)).toEqual([hiddenItem.id, publishedItem.id, privateItem.id]);
    expect(provider.body.feedback[0]).toMatchObject({ hidden: true, hidden_reason: 'Personal details' });
  });

  it('shows support published items, hidden ones included, never private ones', async () => {
    expect(idsOf(await listAs(offer.id, { session: people.sam.session }))).toEqual([hiddenItem.id, publishedItem.id]);
  });

  it('answers 404 not_found to anyone who may not see an item, for every operation on it', async () => {
    const stranger = await app.signUp('Vic Stranger');
    const vicToken = (await app.agentToken(stranger, ['feedback:write'])).token;
    for (const res of [
      await edit(privateItem.id, { expected_version: 1, comment: 'x' }, vicToken),
      await removeItem(privateItem.id, vicToken),
      await reply(privateItem.id, { text: 'x' }, vicToken),
      await edit(hiddenItem.id, { expected_version: hiddenItem.version + 1, comment: 'x' }, vicToken),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('not_found');
    }
  });

  it('pages with limit and offset, refuses bad paging, answers 404 for an unknown offer and 410 for a removed one', async () => {
    const page = await listAs(offer.id, { token: tokens.pat }, 'limit=1&offset=1');
    expect(idsOf(page)).toEqual([publishedItem.id]);
    expect(page.body).toMatchObject({ has_more: true, limit: 1, offset: 1 });
    expect(page.body).not.toHaveProperty('total');
    const last = await listAs(offer.id, { token: tokens.pat }, 'limit=1&offset=2');
    expect(idsOf(last)).toEqual([privateItem.id]);
    expect(last.body.has_more).toBe(false);
    const bad = await listAs(offer.id, {}, 'limit=0');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('validation_failed');
    expect((await listAs(offer.id, {}, 'sort=best')).status).toBe(400);
    expect((await listAs('svc_unknown')).status).toBe(404);
    const gone = await newOffer();
    await app.services.offers.remove(actors.pat, gone.id);
    const removed = await listAs(gone.id);
    expect(removed.status).toBe(410);
    expect(removed.body.error).toBe('removed');
  });
});

describe('PATCH /api/v1/feedback/{id}', () => {
  it('edits at the expected version (version + 1) and publishes: anonymous readers see it then', async () => {
    const offer = await newOffer();
    const item = await leaveOk(offer.id);
    const res = await edit(item.id, { expected_version: 1, published: true, needs_met: 'yes' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ version: 2, published: true, needs_met: 'yes', comment: 'A clear plan.' });
    expect(await stored(item.id)).toMatchObject({ version: 2, published: true });
    expect(idsOf(await listAs(offer.id))).toEqual([item.id]);
  });

  it.each([
    ['no expected_version', { comment: 'x' }, 428, 'expected_version_required'],
    ['nothing but expected_version', { expected_version: 1 }, 400, 'validation_failed'],
    ['an unknown field', { expected_version: 1, rating: 4 }, 400, 'validation_failed'],
  ])('answers %s with %i %s and changes nothing', async (_name, body, status, code) => {
    const item = await leaveOk((await newOffer()).id);
    const res = await edit(item.id, body);
    expect(res.status).toBe(status);
    expect(res.body.error).toBe(code);
    expect(await stored(item.id)).toMatchObject({ version: 1 });
  });

  it('answers 409 version_conflict with the current item for a stale version', async () => {
    const item = await leaveOk((await newOffer()).id);
    expect((await edit(item.id, { expected_version: 1, comment: 'Second' })).status).toBe(200);
    const stale = await edit(item.id, { expected_version: 1, comment: 'Third' });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toBe('version_conflict');
    expect(stale.body.current).toMatchObject({ id: item.id, version: 2, comment: 'Second' });
    expect(await stored(item.id)).toMatchObject({ comment: 'Second' });
  });

  it('refuses the provider (who sees the item) with 403 not_owner, and answers 410 once the offer is removed', async () => {
    const offer = await newOffer();
    const item = await leaveOk(offer.id);
    const provider = await edit(item.id, { expected_version: 1, comment: 'Rewritten' }, tokens.pat);
    expect(provider.status).toBe(403);
    expect(provider.body.error).toBe('not_owner');
    await app.services.offers.remove(actors.pat, offer.id);
    const removed = await edit(item.id, { expected_version: 1, comment: 'x' });
    expect(removed.status).toBe(410);
    expect(removed.body.error).toBe('removed');
    expect((await edit('fbk_unknown', { expected_version: 1, comment: 'x' })).status).toBe(404);
  });
});

describe('DELETE /api/v1/feedback/{id}', () => {
  it('removes the author’s item (version + 1) for everyone; removing again is 404', async () => {
    const offer = await newOffer();
    const item = await leaveOk(offer.id, { published: true });
    const provider = await removeItem(item.id, tokens.pat);
    expect(provider.status).toBe(403);
    expect(provider.body.error).toBe('not_owner');
    const res = await removeItem(item.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: item.id, status: 'removed', version: 2 });
    expect((await stored(item.id))!.removed_at).not.toBeNull();
    expect(idsOf(await listAs(offer.id, { token: tokens.pat }))).toEqual([]);
    expect((await removeItem(item.id)).status).toBe(404);
  });
});

describe('POST /api/v1/feedback/{id}/reply', () => {
  it('lets the provider reply once, publicly; the answer is the item with its reply', async () => {
    const offer = await newOffer();
    const item = await leaveOk(offer.id, { published: true });
    const res = await reply(item.id, { text: '  Thank you; lists now go out two days ahead.  ' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: item.id,
      version: 2,
      reply: { text: 'Thank you; lists now go out two days ahead.', created_at: app.clock.now().toISOString() },
    });
    expect((await listAs(offer.id)).body.feedback[0]!.reply!.text).toBe('Thank you; lists now go out two days ahead.');
    const again = await reply(item.id, { text: 'Another' });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('invalid_state');
  });

  it('refuses the author with 403 not_owner, an empty text with 400, and a session-less caller with 401', async () => {
    const item = await leaveOk((await newOffer()).id);
    const author = await reply(item.id, { text: 'I reply to myself' }, tokens.cleo);
    expect(author.status).toBe(403);
    expect(author.body.error).toBe('not_owner');
    const empty = await reply(item.id, { text: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe('validation_failed');
    expect((await app.request('POST', `/api/v1/feedback/${item.id}/reply`, { body: { text: 'x' } })).status).toBe(401);
    expect((await reply('fbk_unknown', { text: 'x' })).status).toBe(404);
  });

  it('stores one reply per item under 20 concurrent requests', async () => {
    const item = await leaveOk((await newOffer()).id);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => reply(item.id, { text: `Reply ${i}` })));
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    const winner = answers.find((res) => res.status === 200)!.body.reply!.text;
    expect(await stored(item.id)).toMatchObject({ reply_text: winner, version: 2 });
  });
});
