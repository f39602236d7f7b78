import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceJson } from '@svc/offers';
import { TEST_BASE_URL, ISO_MS, type Principal, type TestApp, type ApiErrorBody } from '@svc/runtime/testing';
import { startApiTestApp } from './app.ts';

/** Offers (services) over HTTP, on PostgreSQL: every endpoint of the Offers table, its errors, and what the database holds. */

let app: TestApp;
let pat: Principal;
let otto: Principal;
/** Pat's agent: may publish and change offers. */
let patToken: string;
/** Otto's agent with the same scope: scope alone never lets it change Pat's offers. */
let ottoToken: string;
/** Pat's agent that may only read the account. */
let patReadOnly: string;

beforeAll(async () => {
  app = await startApiTestApp();
  pat = await app.signUp('Pat Planner');
  otto = await app.signUp('Otto Other');
  patToken = (await app.agentToken(pat, ['services:write', 'account:read'])).token;
  ottoToken = (await app.agentToken(otto, ['services:write'])).token;
  patReadOnly = (await app.agentToken(pat, ['account:read'])).token;
});
afterAll(() => app?.close());

type ErrorBody = ApiErrorBody<ServiceJson>;
type Answer = ServiceJson & ErrorBody & { replayed?: boolean };

const offerInput = (overrides: Record<string, unknown> = {}) => ({
  title: 'Children’s party planning',
  role: 'planner',
  industry: 'events',
  contact_url: 'https://planner.example/contact',
  ...overrides,
});

const post = (body: unknown, options: { token?: string; session?: string; headers?: Record<string, string> } = {}) =>
  app.request<Answer>('POST', '/api/v1/services', { token: patToken, ...options, body });

const createOffer = async (overrides: Record<string, unknown> = {}, token = patToken): Promise<ServiceJson> => {
  const res = await post(offerInput(overrides), { token });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
};

const stored = async (id: string) =>
  (await app.db.query<{ status: string; version: number; title: string; contact_url: string | null }>(
    'select status, version, title, contact_url from offers where id = $1',
    [id],
  ))[0];
const countOffers = async (): Promise<number> => Number((await app.db.query<{ n: string }>('select count(*) as n from offers'))[0]!.n);

const patch = (id: string, body: unknown, token = patToken) => app.request<Answer>('PATCH', `/api/v1/services/${id}`, { token, body });
const act = (method: 'POST' | 'DELETE', path: string, token = patToken) => app.request<Answer>(method, path, { token });
const pause = (id: string, token?: string) => act('POST', `/api/v1/services/${id}/pause`, token);
const resume = (id: string, token?: string) => act('POST', `/api/v1/services/${id}/resume`, token);
const remove = (id: string, token?: string) => act('DELETE', `/api/v1/services/${id}`, token);
const list = (query = '') =>
  app.request<{ services: ServiceJson[]; total: number; limit: number; offset: number } & ErrorBody>('GET', `/api/v1/services${query ? `?${query}` : ''}`);

describe('POST /api/v1/services', () => {
  it('answers 201 with every field of the Service, as stored and as a public read shows it', async () => {
    const sent = {
      title: '  Children’s party planning  ',
      summary: 'A running order, a shopping list and a plan B for rain.',
      role: 'planner',
      industry: 'events',
      capabilities: ['Running orders', 'Shopping lists', 'Running orders'],
      contact_url: 'https://planner.example/contact',
      pricing_note: 'From 40 GBP a party.',
      tags: ['birthday', 'children'],
      templates: ['birthday-party'],
    };
    const res = await post(sent);
    expect(res.status).toBe(201);
    const now = app.clock.now().toISOString();
    // Every field comes back as sent, but for the trimmed title and the capabilities without the repeat.
    expect(res.body).toEqual({
      ...sent,
      id: expect.stringMatching(/^svc_[0-9a-z]+$/),
      url: `${TEST_BASE_URL}/services/${res.body.id}`,
      status: 'active',
      version: 1,
      title: 'Children’s party planning',
      capabilities: ['Running orders', 'Shopping lists'],
      provider: { principal_id: pat.id, display_name: 'Pat Planner', profile: `${TEST_BASE_URL}/principals/${pat.id}` },
      created_at: now,
      updated_at: now,
    });
    expect(res.body.created_at).toMatch(ISO_MS);
    expect(JSON.stringify(res.body)).not.toContain(pat.email);
    expect(await stored(res.body.id)).toMatchObject({ status: 'active', version: 1, title: 'Children’s party planning' });
    const read = await app.request<ServiceJson>('GET', `/api/v1/services/${res.body.id}`);
    expect(read.body).toEqual(res.body);
  });

  it('lets a signed-in session publish (same origin) as the website does', async () => {
    const res = await post(offerInput({ title: 'Session offer' }), { token: undefined, session: pat.session });
    expect(res.status).toBe(201);
    expect(res.body.provider.principal_id).toBe(pat.id);
  });

  it.each([
    ['no token', undefined, 401, 'unauthenticated'],
    ['an unknown token', 'tds_not-a-real-token', 401, 'invalid_token'],
  ])('refuses %s with %i %s and a Bearer challenge', async (_name, token, status, code) => {
    const before = await countOffers();
    const res = await app.request<ErrorBody>('POST', '/api/v1/services', { ...(token ? { token } : {}), body: offerInput() });
    expect(res.status).toBe(status);
    expect(res.body.error).toBe(code);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer realm="[^"]+"/);
    expect(await countOffers()).toBe(before);
  });

  it('refuses a token without services:write with 403 insufficient_scope and stores nothing', async () => {
    const before = await countOffers();
    const res = await post(offerInput(), { token: patReadOnly });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('insufficient_scope');
    expect(await countOffers()).toBe(before);
  });

  it('refuses a session change from another site with 403 csrf_failed', async () => {
    const res = await post(offerInput(), { token: undefined, session: pat.session, headers: { origin: 'https://evil.example' } });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('csrf_failed');
  });

  it.each([
    ['a missing title', { title: undefined }, 'title'],
    ['a missing role', { role: undefined }, 'role'],
    ['an industry that is not a slug', { industry: 'Events & Parties' }, 'industry'],
    ['a plain-http contact link', { contact_url: 'http://planner.example' }, 'contact_url'],
    ['a contact link with a password', { contact_url: 'https://a:b@planner.example' }, 'contact_url'],
    ['an unknown template', { templates: ['birthday-party', 'wedding'] }, 'templates.1'],
    ['21 capabilities', { capabilities: Array.from({ length: 21 }, (_, i) => `Capability ${i}`) }, 'capabilities'],
    ['an unknown field', { colour: 'red' }, 'colour'],
    ['a title of 201 characters', { title: 'x'.repeat(201) }, 'title'],
  ])('refuses %s with 400 validation_failed naming the field, storing nothing', async (_name, overrides, path) => {
    const before = await countOffers();
    const res = await post(offerInput(overrides));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('validation_failed');
    expect(res.body.details!.map((detail) => detail.path)).toContain(path);
    expect(await countOffers()).toBe(before);
  });

  it.each([
    ['malformed JSON', { rawBody: '{"title": ', headers: { 'content-type': 'application/json' } }, 400, 'invalid_json'],
    ['a form body', { rawBody: 'title=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } }, 415, 'unsupported_media_type'],
    ['a body over 256 KiB', { body: offerInput({ summary: 'x'.repeat(300 * 1024) }) }, 413, 'body_too_large'],
    ['a NUL character', { body: offerInput({ title: 'Party\u0000' }) }, 400, 'validation_failed'],
  ])('refuses %s with %i %s', async (_name, options, status, code) => {
    const res = await app.request<ErrorBody>('POST', '/api/v1/services', { token: patToken, ...options });
    expect(res.status).toBe(status);
    expect(res.body.error).toBe(code);
  });

  describe('with an Idempotency-Key', () => {
    it('replays the same key and body with 200, replayed: true and the same offer; one record exists', async () => {
      const before = await countOffers();
      const headers = { 'idempotency-key': 'offer-key-1' };
      const first = await post(offerInput({ title: 'Once only' }), { headers });
      const again = await post(offerInput({ title: 'Once only' }), { headers });
      expect(first.status).toBe(201);
      expect(first.body.replayed).toBeUndefined();
      expect(again.status).toBe(200);
      expect(again.body).toEqual({ ...first.body, replayed: true });
      expect(await countOffers()).toBe(before + 1);
    });

    it('refuses the same key with another body (409 idempotency_conflict) and a key over 100 characters (400)', async () => {
      const headers = { 'idempotency-key': 'offer-key-2' };
      expect((await post(offerInput({ title: 'First' }), { headers })).status).toBe(201);
      const other = await post(offerInput({ title: 'Second' }), { headers });
      expect(other.status).toBe(409);
      expect(other.body.error).toBe('idempotency_conflict');
      const tooLong = await post(offerInput(), { headers: { 'idempotency-key': 'k'.repeat(101) } });
      expect(tooLong.status).toBe(400);
      expect(tooLong.body.error).toBe('invalid_idempotency_key');
    });

    it('scopes a key to its caller: the same key from Otto creates Otto’s own offer', async () => {
      const headers = { 'idempotency-key': 'offer-key-shared' };
      const mine = await post(offerInput(), { headers });
      const theirs = await post(offerInput(), { token: ottoToken, headers });
      expect([mine.status, theirs.status]).toEqual([201, 201]);
      expect(theirs.body.id).not.toBe(mine.body.id);
      expect(theirs.body.provider.principal_id).toBe(otto.id);
    });

    it('creates exactly one offer for ten concurrent requests with one key', async () => {
      const before = await countOffers();
      const headers = { 'idempotency-key': 'offer-key-race' };
      const answers = await Promise.all(Array.from({ length: 10 }, () => post(offerInput({ title: 'Raced' }), { headers })));
      expect(answers.map((res) => res.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
      expect(new Set(answers.map((res) => res.body.id)).size).toBe(1);
      expect(await countOffers()).toBe(before + 1);
    });
  });
});

describe('GET /api/v1/services/{id}', () => {
  it('answers 404 not_found for an unknown id and 410 removed for a removed offer', async () => {
    const unknown = await app.request<ErrorBody>('GET', '/api/v1/services/svc_unknown');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('not_found');
    const offer = await createOffer();
    expect((await remove(offer.id)).status).toBe(200);
    const gone = await app.request<ErrorBody>('GET', `/api/v1/services/${offer.id}`);
    expect(gone.status).toBe(410);
    expect(gone.body.error).toBe('removed');
  });
});

describe('PATCH /api/v1/services/{id}', () => {
  it('changes the fields sent at the expected version, adds exactly 1 to it, and null clears the contact link', async () => {
    const offer = await createOffer();
    app.clock.advance(60_000);
    const res = await patch(offer.id, { expected_version: 1, title: 'Party planning, any age', contact_url: null });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ version: 2, title: 'Party planning, any age', contact_url: null, role: 'planner' });
    expect(res.body.updated_at).toBe(app.clock.now().toISOString());
    expect(res.body.created_at).toBe(offer.created_at);
    expect(await stored(offer.id)).toMatchObject({ version: 2, title: 'Party planning, any age', contact_url: null });
  });

  it('answers 409 version_conflict with the current offer for a stale version, and changes nothing', async () => {
    const offer = await createOffer();
    expect((await patch(offer.id, { expected_version: 1, title: 'Second' })).status).toBe(200);
    const stale = await patch(offer.id, { expected_version: 1, title: 'Third' });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toBe('version_conflict');
    expect(stale.body.current).toMatchObject({ id: offer.id, version: 2, title: 'Second' });
    expect(await stored(offer.id)).toMatchObject({ version: 2, title: 'Second' });
  });

  it.each([
    ['no expected_version', { title: 'x' }, 428, 'expected_version_required'],
    ['nothing but expected_version', { expected_version: 1 }, 400, 'validation_failed'],
    ['an invalid field', { expected_version: 1, role: 'Not a slug' }, 400, 'validation_failed'],
  ])('answers %s with %i %s and changes nothing', async (_name, body, status, code) => {
    const offer = await createOffer();
    const res = await patch(offer.id, body);
    expect(res.status).toBe(status);
    expect(res.body.error).toBe(code);
    expect(await stored(offer.id)).toMatchObject({ version: 1 });
  });

  it('refuses another principal’s token with 403 not_owner, a read-only token with 403 insufficient_scope', async () => {
    const offer = await createOffer();
    const other = await patch(offer.id, { expected_version: 1, title: 'Mine now' }, ottoToken);
    expect(other.status).toBe(403);
    expect(other.body.error).toBe('not_owner');
    const readOnly = await patch(offer.id, { expected_version: 1, title: 'Mine now' }, patReadOnly);
    expect(readOnly.status).toBe(403);
    expect(readOnly.body.error).toBe('insufficient_scope');
    expect(await stored(offer.id)).toMatchObject({ version: 1, title: 'Children’s party planning' });
  });

  it('answers 404 for an unknown offer and 410 for a removed one', async () => {
    expect((await patch('svc_unknown', { expected_version: 1, title: 'x' })).body.error).toBe('not_found');
    const offer = await createOffer();
    await remove(offer.id);
    const res = await patch(offer.id, { expected_version: 2, title: 'x' });
    expect(res.status).toBe(410);
    expect(res.body.error).toBe('removed');
  });
});

describe('pause, resume and remove', () => {
  it('pauses: still readable with contact_url null; resumes: the stored link shows again; each adds 1 to the version', async () => {
    const offer = await createOffer();
    const paused = await pause(offer.id);
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({ status: 'paused', version: 2, contact_url: null });
    const read = await app.request<ServiceJson>('GET', `/api/v1/services/${offer.id}`);
    expect(read.body).toMatchObject({ status: 'paused', contact_url: null });
    // The link is kept in storage, only hidden.
    expect(await stored(offer.id)).toMatchObject({ status: 'paused', contact_url: 'https://planner.example/contact' });
    const resumed = await resume(offer.id);
    expect(resumed.body).toMatchObject({ status: 'active', version: 3, contact_url: 'https://planner.example/contact' });
  });

  it('removes an active or paused offer (version + 1); reads answer 410 afterwards', async () => {
    const offer = await createOffer();
    await pause(offer.id);
    const removed = await remove(offer.id);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ status: 'removed', version: 3 });
    expect(await stored(offer.id)).toMatchObject({ status: 'removed', version: 3 });
  });

  it.each([
    ['pausing a paused offer', async (id: string) => (await pause(id), pause(id))],
    ['resuming an active offer', (id: string) => resume(id)],
    ['pausing a removed offer', async (id: string) => (await remove(id), pause(id))],
    ['removing a removed offer', async (id: string) => (await remove(id), remove(id))],
  ])('answers %s with 409 invalid_state for the owner', async (_name, run) => {
    const offer = await createOffer();
    const res = await run(offer.id);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('invalid_state');
  });

  it.each([
    ['pause', pause],
    ['resume', resume],
    ['remove', remove],
  ])('%s: another principal gets 403 not_owner, 410 removed once removed; 404 for an unknown offer', async (_name, run) => {
    const offer = await createOffer();
    const other = await run(offer.id, ottoToken);
    expect(other.status).toBe(403);
    expect(other.body.error).toBe('not_owner');
    await remove(offer.id);
    const gone = await run(offer.id, ottoToken);
    expect(gone.status).toBe(410);
    expect(gone.body.error).toBe('removed');
    expect((await run('svc_unknown')).status).toBe(404);
    const anonymous = await app.request<ErrorBody>('POST', `/api/v1/services/${offer.id}/pause`);
    expect(anonymous.status).toBe(401);
    const readOnly = await run(offer.id, patReadOnly);
    expect(readOnly.body.error).toBe('insufficient_scope');
  });
});

describe('GET /api/v1/services', () => {
  let party: ServiceJson;
  let catering: ServiceJson;
  let pausedOne: ServiceJson;

  beforeAll(async () => {
    party = await createOffer({ title: 'Magician for birthday parties', role: 'entertainer', industry: 'listing-events', capabilities: ['Card tricks'] });
    app.clock.advance(1_000);
    catering = await createOffer({ title: 'Vegan catering', role: 'caterer', industry: 'listing-food', summary: 'Birthday cakes too.' }, ottoToken);
    app.clock.advance(1_000);
    pausedOne = await createOffer({ title: 'Paused balloon artist', role: 'entertainer', industry: 'listing-events' });
    await pause(pausedOne.id);
    const removed = await createOffer({ title: 'Removed clown', role: 'entertainer', industry: 'listing-events' });
    await remove(removed.id);
  });

  it('lists active offers newest first with total, limit and offset; never paused or removed ones', async () => {
    const res = await list('industry=listing-events');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 1, limit: 20, offset: 0 });
    expect(res.body.services.map((offer) => offer.id)).toEqual([party.id]);
    const both = await list('q=birthday');
    expect(both.body.services.map((offer) => offer.id)).toEqual(expect.arrayContaining([party.id, catering.id]));
  });

  it('filters by role and industry exactly, searches with q, and lists paused offers with status=paused', async () => {
    expect((await list('role=caterer&industry=listing-food')).body.services.map((offer) => offer.id)).toEqual([catering.id]);
    expect((await list('q=magician')).body.services.map((offer) => offer.id)).toEqual([party.id]);
    const paused = await list('status=paused&industry=listing-events');
    expect(paused.body.services.map((offer) => offer.id)).toEqual([pausedOne.id]);
    expect(paused.body.services[0]!.contact_url).toBeNull();
  });

  it('pages with limit and offset', async () => {
    const first = await list('industry=listing-events&role=entertainer&limit=1');
    expect(first.body).toMatchObject({ total: 1, limit: 1, offset: 0 });
    const second = await list('industry=listing-events&limit=1&offset=1');
    expect(second.body.services).toEqual([]);
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['offset=-1', 'offset'],
    ['limit=ten', 'limit'],
    ['status=removed', 'status'],
    ['role=Not%20a%20slug', 'role'],
    ['colour=red', 'colour'],
  ])('refuses %s with 400 validation_failed naming %s', async (query, path) => {
    const res = await list(query);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('validation_failed');
    expect(res.body.details!.map((detail) => detail.path)).toContain(path);
  });

  it('is public: an unknown token is still 401 invalid_token', async () => {
    const res = await app.request<ErrorBody>('GET', '/api/v1/services', { token: 'tds_nope' });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('invalid_token');
  });
});

describe('the OpenAPI document', () => {
  it('declares every offers operation with its named schemas', async () => {
    const res = await app.request<{ paths: Record<string, Record<string, { operationId: string }>>; components: { schemas: Record<string, unknown> } }>(
      'GET',
      '/api/v1/openapi.json',
    );
    expect(res.status).toBe(200);
    const ids = Object.values(res.body.paths).flatMap((methods) => Object.values(methods).map((operation) => operation.operationId));
    expect(ids).toEqual(
      expect.arrayContaining([
        'services.list', 'services.create', 'services.get', 'services.update', 'services.remove', 'services.pause', 'services.resume',
        'feedback.list', 'feedback.create', 'feedback.update', 'feedback.remove', 'feedback.reply',
        'reports.create', 'site_feedback.create', 'journal.list',
      ]),
    );
    expect(Object.keys(res.body.components.schemas)).toEqual(expect.arrayContaining(['Service', 'ServiceList', 'Feedback', 'FeedbackList', 'Report', 'SiteFeedback']));
  });
});
