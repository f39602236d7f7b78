import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL } from '@svc/db/testing';
import type { Database } from '@svc/db';
import { createLogger, listen, type RunningServer } from '@svc/http';
import type { Actor } from '@svc/kernel';
import type { FeedbackJson, ReportJson, ServiceJson, SiteFeedbackJson } from '@svc/offers';
import { buildHttpApp, createServices, openServiceDatabase, type Services } from '@svc/runtime';
import { TEST_BASE_URL, type Principal, type TestApp, type ApiErrorBody, relateToOffer } from '@svc/runtime/testing';
import { registerApiRoutes } from '../src/index.ts';
import { startApiTestApp } from './app.ts';

/**
 * Reports, site feedback and the journal over HTTP, on PostgreSQL. The per-address rate limits are
 * checked across two server instances on one database, as production runs several processes.
 */

let app: TestApp;
/** A second API process on the same database (its own pool, services and usage counter). */
let second: { url: string; db: Database; services: Services; server: RunningServer };
let pat: Principal;
let cleo: Principal;
let patActor: Actor;
let cleoActor: Actor;

beforeAll(async () => {
  app = await startApiTestApp();
  const [{ name }] = (await app.db.query<{ name: string }>('select current_database() as name')) as [{ name: string }];
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  const db = await openServiceDatabase({ databaseUrl: url.toString() });
  const services = createServices({ db, clock: app.clock, baseUrl: TEST_BASE_URL });
  const server = await listen(buildHttpApp(services, createLogger('silent'), [registerApiRoutes], { trustedProxies: 1 }), {
    port: 0,
    host: '127.0.0.1',
    logger: createLogger('silent'),
  });
  second = { url: `http://127.0.0.1:${server.port}`, db, services, server };
  pat = await app.signUp('Pat Provider');
  cleo = await app.signUp('Cleo Client');
  patActor = (await app.services.access.accounts.resolveSession(pat.session))!.actor;
  cleoActor = (await app.services.access.accounts.resolveSession(cleo.session))!.actor;
});
afterAll(async () => {
  await second?.server.close();
  await second?.db.close();
  await app?.close();
});

interface ErrorBody extends ApiErrorBody {
  retry_after?: number;
}

let addressCounter = 0;
/** A client address of its own (the test app trusts X-Forwarded-For), so limits of one test never touch another's. */
const newAddress = () => `198.51.100.${++addressCounter}`;

/** Sends to the first instance or, with `onSecond`, to the second one. */
const send = async <T>(method: string, path: string, options: { body?: unknown; address?: string; token?: string; session?: string; onSecond?: boolean } = {}) => {
  const headers: Record<string, string> = { 'x-forwarded-for': options.address ?? newAddress() };
  if (options.onSecond) {
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const res = await fetch(second.url + path, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
    return { status: res.status, headers: res.headers, body: (await res.json()) as T };
  }
  return app.request<T>(method, path, { ...(options.body === undefined ? {} : { body: options.body }), headers, ...(options.token ? { token: options.token } : {}), ...(options.session ? { session: options.session } : {}) });
};
const report = (body: unknown, options: Parameters<typeof send>[2] = {}) => send<ReportJson & ErrorBody>('POST', '/api/v1/reports', { ...options, body });
const siteFeedback = (body: unknown, options: Parameters<typeof send>[2] = {}) => send<SiteFeedbackJson & ErrorBody>('POST', '/api/v1/site-feedback', { ...options, body });

const newOffer = (): Promise<ServiceJson> => app.services.offers.create(patActor, { title: 'Party planning', role: 'planner', industry: 'events' });
const countRows = async (table: string) => Number((await app.db.query<{ n: string }>(`select count(*) as n from ${table}`))[0]!.n);

/** Feedback by Cleo on a fresh offer of Pat's. */
const feedbackItem = async (published: boolean): Promise<{ offer: ServiceJson; item: FeedbackJson }> => {
  const offer = await newOffer();
  await relateToOffer(app, patActor, cleoActor, offer.id);
  return { offer, item: await app.services.feedback.leave(cleoActor, offer.id, { needs_met: 'yes', published }) };
};

describe('POST /api/v1/reports', () => {
  it('stores an open report of a public offer without credentials and answers 200; the target is unchanged', async () => {
    const offer = await newOffer();
    const res = await report({ target_kind: 'service', target_id: offer.id, reason: 'spam', details: 'Looks copied.' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^rep_/),
      target_kind: 'service',
      target_id: offer.id,
      reason: 'spam',
      details: 'Looks copied.',
      status: 'open',
      resolution: null,
      resolved_at: null,
      created_at: app.clock.now().toISOString(),
    });
    const [row] = await app.db.query<Record<string, unknown>>('select * from reports where id = $1', [res.body.id]);
    // Nothing about the reporter: no address, no principal.
    expect(JSON.stringify(row)).not.toMatch(/198\.51\.100|127\.0\.0\.1|prn_/);
    expect((await app.services.offers.get(offer.id)).version).toBe(offer.version);
  });

  it('accepts every public kind of target: a job, a paused offer, published feedback and a directory entry', async () => {
    const job = await app.services.jobs.create(patActor, { title: 'Plan a garden party' });
    const paused = await newOffer();
    await app.services.offers.pause(patActor, paused.id);
    const { item } = await feedbackItem(true);
    const entry = await app.services.directory.register(patActor, {
      handle: 'report-target-entry',
      display_name: 'Report target',
      description: 'An entry to report.',
      entry_type: 'person',
      visibility: 'public',
      term: 'temporary',
      destinations: [{ type: 'web', value: 'https://target.example', label: 'Site', audience: 'public', preferred: true, approved_for_disclosure: true }],
    });
    for (const [kind, id] of [
      ['job', job.id],
      ['service', paused.id],
      ['feedback', item.id],
      ['directory_entry', entry.address],
    ] as const) {
      const res = await report({ target_kind: kind, target_id: id, reason: 'misleading' });
      expect(res.status, `${kind}: ${JSON.stringify(res.body)}`).toBe(200);
    }
  });

  it.each([
    ['an unknown offer', async () => ({ target_kind: 'service', target_id: 'svc_unknown' })],
    ['a removed offer', async () => {
      const offer = await newOffer();
      await app.services.offers.remove(patActor, offer.id);
      return { target_kind: 'service', target_id: offer.id };
    }],
    ['private feedback', async () => ({ target_kind: 'feedback', target_id: (await feedbackItem(false)).item.id })],
    ['hidden feedback', async () => {
      const sam = await app.signUp('Sam Support');
      await app.services.access.principals.grantSupport(sam.email);
      const support = (await app.services.access.accounts.resolveSession(sam.session))!.actor;
      const { item } = await feedbackItem(true);
      await app.services.feedback.hide(support, item.id, { reason: 'Abusive' });
      return { target_kind: 'feedback', target_id: item.id };
    }],
    ['an unknown job', async () => ({ target_kind: 'job', target_id: 'job_unknown' })],
    ['an unknown directory address', async () => ({ target_kind: 'directory_entry', target_id: 'aar:no-such-entry' })],
  ])('answers 404 not_found for %s and stores nothing', async (_name, target) => {
    const before = await countRows('reports');
    const res = await report({ ...(await target()), reason: 'spam' });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('not_found');
    expect(await countRows('reports')).toBe(before);
  });

  it.each([
    ['an unknown kind', { target_kind: 'thread', target_id: 'thr_1', reason: 'spam' }, 'target_kind'],
    ['no reason', { target_kind: 'service', target_id: 'svc_1' }, 'reason'],
    ['a reason of 101 characters', { target_kind: 'service', target_id: 'svc_1', reason: 'x'.repeat(101) }, 'reason'],
    ['an unknown field', { target_kind: 'service', target_id: 'svc_1', reason: 'spam', email: 'me' }, 'email'],
  ])('refuses %s with 400 validation_failed', async (_name, body, path) => {
    const res = await report(body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('validation_failed');
    expect(res.body.details!.map((detail) => detail.path)).toContain(path);
  });

  it('refuses a signed-in browser’s report from another site with 403 csrf_failed', async () => {
    const offer = await newOffer();
    const res = await app.request<ErrorBody>('POST', '/api/v1/reports', {
      session: cleo.session,
      headers: { origin: 'https://evil.example', 'x-forwarded-for': newAddress() },
      body: { target_kind: 'service', target_id: offer.id, reason: 'spam' },
    });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('csrf_failed');
  });
});

describe('the report limit across two server instances', () => {
  it('counts one window for an address on both instances: the 11th report is 429 rate_limited with Retry-After', async () => {
    const offer = await newOffer();
    const address = newAddress();
    const body = { target_kind: 'service', target_id: offer.id, reason: 'spam' };
    for (let i = 0; i < 10; i++) {
      const res = await report(body, { address, onSecond: i % 2 === 1 });
      expect(res.status, `report ${i + 1}`).toBe(200);
    }
    for (const onSecond of [false, true]) {
      const limited = await report(body, { address, onSecond });
      expect(limited.status).toBe(429);
      expect(limited.body.error).toBe('rate_limited');
      expect(limited.body.retry_after).toBeGreaterThan(0);
      expect(limited.headers.get('retry-after')).toBe(String(limited.body.retry_after));
    }
    // Another address is not affected.
    expect((await report(body, { onSecond: true })).status).toBe(200);
  });

  it('counts a well-formed report of an unknown target, but not a malformed body', async () => {
    const address = newAddress();
    for (let i = 0; i < 5; i++) expect((await report({ target_kind: 'job' }, { address })).status).toBe(400);
    for (let i = 0; i < 10; i++) {
      expect((await report({ target_kind: 'service', target_id: `svc_probe${i}`, reason: 'spam' }, { address, onSecond: i % 2 === 0 })).status).toBe(404);
    }
    expect((await report({ target_kind: 'service', target_id: 'svc_probe', reason: 'spam' }, { address })).status).toBe(429);
  });

  it('opens a new window after the hour; the limiter keeps only hashes of (limit, address)', async () => {
    const offer = await newOffer();
    const address = newAddress();
    const body = { target_kind: 'service', target_id: offer.id, reason: 'spam' };
    for (let i = 0; i < 10; i++) await report(body, { address });
    expect((await report(body, { address, onSecond: true })).status).toBe(429);
    app.clock.advance(60 * 60 * 1000);
    expect((await report(body, { address, onSecond: true })).status).toBe(200);
    const windows = await app.db.query<{ bucket: string }>('select bucket from rate_limit_windows');
    expect(windows.length).toBeGreaterThan(0);
    expect(JSON.stringify(windows)).not.toMatch(/198\.51\.100|reports/);
  });
});

describe('POST /api/v1/site-feedback', () => {
  it('stores anonymous feedback with no principal, grant or agent (200)', async () => {
    const res = await siteFeedback({ kind: 'capability_request', message: 'Please add a wedding template.', contact_ok: true });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^sfb_/),
      kind: 'capability_request',
      message: 'Please add a wedding template.',
      contact_ok: true,
      principal_id: null,
      grant_id: null,
      agent_name: null,
      created_at: app.clock.now().toISOString(),
    });
  });

  it('attaches the agent’s grant and principal for a token, never the token itself', async () => {
    const { token, grantId } = await app.agentToken(pat, ['account:read']);
    const res = await siteFeedback({ kind: 'feedback', message: 'The search is quick.' }, { token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ principal_id: pat.id, grant_id: grantId, agent_name: 'Test agent', contact_ok: false });
    const [row] = await app.db.query<Record<string, unknown>>('select * from site_feedback where id = $1', [res.body.id]);
    expect(JSON.stringify(row)).not.toContain(token);
    expect(JSON.stringify(row)).not.toMatch(/198\.51\.100/);
  });

  it('attaches the principal for a signed-in session, without a grant', async () => {
    const res = await siteFeedback({ kind: 'feedback', message: 'Nice pages.' }, { session: cleo.session });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ principal_id: cleo.id, grant_id: null, agent_name: null });
  });

  it.each([
    ['an unknown kind', { kind: 'complaint', message: 'x' }, 'kind'],
    ['an empty message', { kind: 'feedback', message: '  ' }, 'message'],
    ['a message of 4,001 characters', { kind: 'feedback', message: 'x'.repeat(4001) }, 'message'],
    ['an unknown field', { kind: 'feedback', message: 'x', email: 'me' }, 'email'],
  ])('refuses %s with 400 validation_failed', async (_name, body, path) => {
    const res = await siteFeedback(body);
    expect(res.status).toBe(400);
    expect(res.body.details!.map((detail) => detail.path)).toContain(path);
  });

  it('refuses an unknown token with 401 invalid_token', async () => {
    const res = await siteFeedback({ kind: 'feedback', message: 'x' }, { token: 'tds_nope' });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('invalid_token');
  });

  it('limits an address to 10 an hour across both instances (429 with Retry-After)', async () => {
    const address = newAddress();
    for (let i = 0; i < 10; i++) {
      expect((await siteFeedback({ kind: 'feedback', message: `Note ${i}` }, { address, onSecond: i % 2 === 0 })).status).toBe(200);
    }
    const limited = await siteFeedback({ kind: 'feedback', message: 'One more' }, { address, onSecond: true });
    expect(limited.status).toBe(429);
    expect(limited.body.error).toBe('rate_limited');
    expect(limited.headers.get('retry-after')).toBe(String(limited.body.retry_after));
    // Reports from the same address have a window of their own.
    const offer = await newOffer();
    expect((await report({ target_kind: 'service', target_id: offer.id, reason: 'spam' }, { address })).status).toBe(200);
  });
});

describe('GET /api/v1/journal', () => {
  it('lists the journal newest first, each entry with its page and its Markdown', async () => {
    const res = await app.request<{ entries: { slug: string; title: string; url: string; markdown_url: string; published_at: string }[]; total: number; limit: number; offset: number }>(
      'GET',
      '/api/v1/journal',
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ limit: 20, offset: 0 });
    expect(res.body.total).toBeGreaterThanOrEqual(1);
    const first = res.body.entries.find((entry) => entry.slug === 'what-this-service-is')!;
    expect(first).toMatchObject({
      url: `${TEST_BASE_URL}/journal/what-this-service-is`,
      markdown_url: `${TEST_BASE_URL}/journal/what-this-service-is?format=md`,
      published_at: '2026-11-21T00:00:00.000Z',
    });
    expect(first.title).toMatch(/What this service is/);
  });

  it('pages, and refuses bad paging and unknown query keys with 400', async () => {
    const page = await app.request<{ entries: unknown[]; offset: number }>('GET', '/api/v1/journal?limit=1&offset=50');
    expect(page.body).toMatchObject({ entries: [], offset: 50 });
    for (const query of ['limit=0', 'limit=101', 'offset=x', 'tag=news']) {
      const res = await app.request<ErrorBody>('GET', `/api/v1/journal?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error).toBe('validation_failed');
    }
  });
});

describe('usage counts', () => {
  it('count offers routes by template and outcome only: no ids, addresses or content', async () => {
    const offer = await newOffer();
    await report({ target_kind: 'service', target_id: offer.id, reason: 'secret-reason-text' }, { onSecond: true });
    await send('GET', `/api/v1/services/${offer.id}`);
    await send('GET', `/api/v1/services/${offer.id}/feedback`, { onSecond: true });
    await siteFeedback({ kind: 'feedback', message: 'content that must not be counted' });
    await app.services.usage.flush();
    await second.services.usage.flush();
    const rows = await app.db.query<Record<string, unknown>>('select * from usage_counts');
    const routes = rows.map((row) => String(row.route));
    expect(routes).toEqual(expect.arrayContaining(['POST /api/v1/reports reports.create', 'GET /api/v1/services/:id services.get']));
    expect(Object.keys(rows[0]!).sort()).toEqual(['count', 'day', 'outcome', 'route']);
    const text = JSON.stringify(rows);
    expect(text).not.toContain(offer.id);
    expect(text).not.toMatch(/svc_|prn_|fbk_|rep_|198\.51\.100|127\.0\.0\.1|secret-reason-text|must not be counted/);
  });
});
