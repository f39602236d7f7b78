import { createServer } from 'node:net';
import { SimpleSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace';
import { useTestPasswordCost } from '@svc/access/testing';
import { openTestDatabase, type TestDatabase } from '@svc/db/testing';
import { openChangeFeed, type Engine, type PoolMode } from '@svc/db';
import { manualClock, type Actor, type ManualClock } from '@svc/kernel';
import type { Scope } from '@svc/access';
import { createLogger, listen, type ErrorRenderer, type Logger, type RunningServer } from '@svc/http';
import { buildHttpApp, type RouteRegistrar } from './app.ts';
import { sessionCookieName } from './http/actor.ts';
import { createMetrics, noMetrics } from './metrics/metrics.ts';
import { DEFAULT_SERVICE_NAME } from './tracing/tracing-config.ts';
import { startTracing } from './tracing/tracing.ts';
import { createServices, schema, type Services } from './services.ts';

export { readScrape, type Scrape } from './metrics/scrape.ts';

export const TEST_BASE_URL = 'http://tasks.test';
/** The `/metrics` bearer secret of a test app started with `metrics: true`. */
export const TEST_METRICS_TOKEN = 'test-metrics-secret-0123456789';

/** A port nothing listens on now, for a server a test starts in another process. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

export interface TestResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export interface RequestOptions {
  body?: unknown;
  /** Sent as is, for bodies that are not JSON (bytes for a compressed one). */
  rawBody?: string | Uint8Array;
  token?: string;
  session?: string;
  headers?: Record<string, string>;
}

export interface Principal {
  id: string;
  displayName: string;
  email: string;
  session: string;
}

export interface TestApp {
  url: string;
  db: TestDatabase;
  clock: ManualClock;
  services: Services;
  request<T = any>(method: string, path: string, options?: RequestOptions): Promise<TestResponse<T>>;
  signUp(name?: string): Promise<Principal>;
  /** Runs the whole device flow for `principal` and returns the bearer token. */
  agentToken(principal: Principal, scopes: Scope[], days?: number): Promise<{ token: string; grantId: string }>;
  close(): Promise<void>;
}

/** A time as every JSON answer writes it: ISO 8601 in UTC, with milliseconds. */
export const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** The body of an error answer; `current` is the record as it is now, when a change was refused for it. */
export interface ApiErrorBody<Current = never> {
  error: string;
  message: string;
  details?: { path: string; message: string }[];
  current?: Current;
}

/** The actor `principal` is on the website: what its session resolves to. */
export const sessionActor = async (app: TestApp, principal: Principal): Promise<Actor> =>
  (await app.services.access.accounts.resolveSession(principal.session))!.actor;

/**
 * Signs up one person per entry, in the order given, makes support of those named in `support`
 * (before their sessions are read, so their actors carry it), and returns each one's principal and
 * the actor their session resolves to.
 */
export const signUpEach = async <Name extends string>(
  app: TestApp,
  names: Record<Name, string>,
  { support = [] }: { support?: NoInfer<Name>[] } = {},
): Promise<{ principals: Record<Name, Principal>; actors: Record<Name, Actor> }> => {
  const principals = {} as Record<Name, Principal>;
  const actors = {} as Record<Name, Actor>;
  for (const [name, displayName] of Object.entries(names) as [Name, string][]) principals[name] = await app.signUp(displayName);
  for (const name of support) await app.services.access.principals.grantSupport(principals[name].email);
  for (const name of Object.keys(names) as Name[]) actors[name] = await sessionActor(app, principals[name]);
  return { principals, actors };
};

/** The offers tests' people: Pat provides, Cleo is Pat's client, Otto is related to nothing, Sam is support. */
export const signUpOffersCast = (app: TestApp) =>
  signUpEach(app, { pat: 'Pat Provider', cleo: 'Cleo Client', otto: 'Otto Other', sam: 'Sam Support' }, { support: ['sam'] });
export type OffersCast = Awaited<ReturnType<typeof signUpOffersCast>>;

/** `client` becomes related to the offer, as feedback needs: the provider opens a thread linking it and `client` joins. */
export const relateToOffer = async (app: TestApp, provider: Actor, client: Actor, offerId: string): Promise<void> => {
  const thread = await app.services.threads.create(provider, { title: 'Working together', link: { kind: 'service', id: offerId } });
  const invite = await app.services.threads.createInvite(provider, thread.id, { invitee_principal_id: client.principalId });
  await app.services.threads.acceptInvite(client, invite.token!);
};

let counter = 0;

/** Starts the service on a scratch database and a free port, with a clock the test moves. */
export const startTestApp = async ({
  engine = 'postgresql',
  registrars,
  now = '2026-11-21T12:00:00.000Z',
  logger = createLogger('silent'),
  renderError,
  baseUrl = TEST_BASE_URL,
  statementTimeoutMs,
  poolMode,
  poolMax,
  trustedProxies = 1,
  metrics = false,
  slowRequestMs,
  traces,
}: {
  engine?: Engine;
  registrars: RouteRegistrar[];
  now?: string;
  logger?: Logger;
  renderError?: ErrorRenderer;
  /** The public URL the service believes it has (`https://…` to see what changes over TLS). */
  baseUrl?: string;
  /** `DATABASE_STATEMENT_TIMEOUT_MS` as production sets it; unset, statements run unlimited. */
  statementTimeoutMs?: number;
  /** How connections reach PostgreSQL (`transaction`: as behind PgBouncer in transaction mode); unset, found out. */
  poolMode?: PoolMode;
  /** Pooled connections (production's default is 10; tests take 25 unless told). */
  poolMax?: number;
  /**
   * `TRUST_PROXY`. By default 1: trusting X-Forwarded-For lets tests speak as several client
   * addresses. 0 to see that a forged header then changes nothing.
   */
  trustedProxies?: number;
  /** Count for Prometheus, with `/metrics` read with `TEST_METRICS_TOKEN`. */
  metrics?: boolean;
  slowRequestMs?: number;
  /**
   * Tracing on, every span handed to this exporter as it ends (an `InMemorySpanExporter`), instead of
   * the OTLP exporter production batches to. Unset: tracing off, as in production by default.
   */
  traces?: SpanExporter;
}): Promise<TestApp> => {
  // Tests sign many people up; the hashing itself is tested at OWASP's cost in @svc/access.
  useTestPasswordCost();
  const counted = metrics ? createMetrics() : noMetrics;
  const tracing = traces
    ? startTracing({ serviceName: DEFAULT_SERVICE_NAME, sampler: { parentBased: true, ratio: 1 }, exportTimeoutMs: 10_000 }, { processor: new SimpleSpanProcessor({ exporter: traces }) })
    : undefined;
  const tracer = tracing?.tracer;
  const db = await openTestDatabase(engine, { ...schema, statementTimeoutMs, poolMode, ...(poolMax ? { poolMax } : {}), observer: counted.database, tracer });
  const clock = manualClock(now);
  // The change feed as in production, so public answers are cached and must stay right.
  const changes = await openChangeFeed(db);
  const services = createServices({ db, clock, baseUrl, changes, metrics: counted, tracer });
  const app = buildHttpApp(services, logger, registrars, {
    trustedProxies,
    renderError,
    metricsToken: metrics ? TEST_METRICS_TOKEN : undefined,
    slowRequestMs,
  });
  const server: RunningServer = await listen(app, { port: 0, host: '127.0.0.1', logger: createLogger('silent') });
  const url = `http://127.0.0.1:${server.port}`;

  const request = async (method: string, path: string, options: RequestOptions = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.session) {
      headers.cookie = `${sessionCookieName(baseUrl)}=${options.session}`;
      headers.origin ??= baseUrl;
    }
    // Bytes copied into a plain Uint8Array: fetch's BodyInit takes no Buffer over a shared ArrayBuffer.
    let body: string | Uint8Array<ArrayBuffer> | undefined = typeof options.rawBody === 'string' || options.rawBody === undefined ? options.rawBody : new Uint8Array(options.rawBody);
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(url + path, { method, headers, body, redirect: 'manual' });
    const text = await response.text();
    const type = response.headers.get('content-type') ?? '';
    return { status: response.status, headers: response.headers, body: type.includes('json') && text ? JSON.parse(text) : text };
  };

  const signUp = async (name = `Person ${++counter}`): Promise<Principal> => {
    const email = `person${Date.now()}${++counter}@example.test`;
    const session = await services.access.accounts.signup({ email, password: 'correct horse battery', display_name: name });
    return { id: session.principal.principal_id, displayName: name, email, session: session.sessionId };
  };

  const agentToken = async (principal: Principal, scopes: Scope[], days?: number) => {
    const connect = await services.access.deviceFlow.connect({ agent_name: 'Test agent', scopes, ...(days ? { days } : {}) });
    const resolved = await services.access.accounts.resolveSession(principal.session);
    await services.access.deviceFlow.approve(resolved!.actor, { user_code: connect.user_code });
    const issued = await services.access.deviceFlow.poll({ device_code: connect.device_code });
    return { token: issued.access_token, grantId: issued.grant_id };
  };

  return {
    url,
    db,
    clock,
    services,
    request,
    signUp,
    agentToken,
    close: async () => {
      await server.close();
      await changes.close();
      await db.dispose();
      await tracing?.stop();
    },
  };
};
