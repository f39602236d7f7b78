import { randomBytes, randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@svc/http';
import type { Principal, TestApp } from '@svc/runtime/testing';
import { startApiTestApp } from './app.ts';

// Traces (docs/operations.md, "Traces"): off by default with nothing registered; on, a request that
// comes with a W3C traceparent is a span of the caller's trace, named by its operation, with its
// statements as child spans whose text holds placeholders, never the request's values.

/** Log lines a test app writes, parsed. */
const captureLogs = () => {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).trim().split('\n')) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, logger: createLogger('info', sink) };
};

/** A caller's trace context: a new trace id and the caller's span id, sampled. */
const callerTrace = () => {
  const traceId = randomBytes(16).toString('hex');
  const parentSpanId = randomBytes(8).toString('hex');
  return { traceId, parentSpanId, traceparent: `00-${traceId}-${parentSpanId}-01` };
};

const requestLine = (lines: Record<string, unknown>[], requestId: string) => lines.find((line) => line.msg === 'request' && line.request_id === requestId);

/** Every attribute value of every span, as text. */
const attributeText = (spans: ReadableSpan[]) => spans.flatMap((span) => [span.name, ...Object.values(span.attributes).map(String)]).join('\n');

describe('tracing off (the default)', () => {
  const logs = captureLogs();
  let app: TestApp;
  beforeAll(async () => {
    app = await startApiTestApp({ logger: logs.logger });
  });
  afterAll(() => app?.close());

  it('registers no provider, context manager or propagator, and logs no trace id', async () => {
    const caller = callerTrace();
    const res = await app.request('GET', '/healthz', { headers: { traceparent: caller.traceparent, 'x-request-id': 'trace-off-1' } });
    expect(res.status).toBe(200);
    expect(app.services.tracer).toBeUndefined();
    // The API's no-op defaults: spans record nothing, a context is never made active, nothing is propagated.
    const span = trace.getTracer('probe').startSpan('probe');
    expect(span.isRecording()).toBe(false);
    expect(context.with(trace.setSpan(ROOT_CONTEXT, span), () => context.active())).toBe(ROOT_CONTEXT);
    expect(propagation.fields()).toEqual([]);
    const line = requestLine(logs.lines, 'trace-off-1');
    expect(line).toMatchObject({ route: '/healthz', status: 200 });
    expect(line).not.toHaveProperty('trace_id');
  });
});

describe('tracing on', () => {
  const logs = captureLogs();
  const exporter = new InMemorySpanExporter();
  let app: TestApp;
  let ada: Principal;
  let token: string;
  beforeAll(async () => {
    app = await startApiTestApp({ logger: logs.logger, traces: exporter });
    ada = await app.signUp('Ada Traces');
    token = (await app.agentToken(ada, ['jobs:write'])).token;
  });
  afterAll(() => app?.close());

  const spansOf = (traceId: string) => exporter.getFinishedSpans().filter((span) => span.spanContext().traceId === traceId);

  it('makes a request a span of the caller\'s trace, named by its operation, with its statements as children holding no values', async () => {
    const caller = callerTrace();
    const title = `Trace probe ${randomUUID()}`;
    const outcome = `An outcome nobody else writes ${randomUUID()}`;
    const res = await app.request('POST', '/api/v1/jobs', {
      token,
      body: { title, outcome },
      headers: { traceparent: caller.traceparent, 'x-request-id': 'trace-on-1', 'idempotency-key': `trace-${randomUUID()}` },
    });
    expect(res.status).toBe(201);

    const spans = spansOf(caller.traceId);
    const [request, ...others] = spans.filter((span) => span.kind === SpanKind.SERVER);
    expect(others).toEqual([]);
    expect(request).toBeDefined();
    expect(request!.name).toBe('jobs.create');
    expect(request!.parentSpanContext?.spanId).toBe(caller.parentSpanId);
    expect(request!.attributes).toMatchObject({ 'http.request.method': 'POST', 'http.route': '/api/v1/jobs', 'http.response.status_code': 201 });
    expect(request!.status.code).not.toBe(SpanStatusCode.ERROR);

    const statements = spans.filter((span) => span.kind === SpanKind.CLIENT);
    expect(statements.length).toBeGreaterThan(1);
    const requestSpanId = request!.spanContext().spanId;
    for (const statement of statements) {
      expect(statement.parentSpanContext?.spanId).toBe(requestSpanId);
      expect(statement.name).toMatch(/^db [a-z]+$/);
      expect(statement.attributes).toMatchObject({ 'db.system.name': 'postgresql', 'db.query.text': expect.any(String) });
      expect(statement.name).toBe(`db ${String(statement.attributes['db.operation.name'])}`);
    }
    // The job's insert is among them, as its text with placeholders.
    expect(statements.some((span) => span.name === 'db insert' && /insert into "?jobs"?/i.test(String(span.attributes['db.query.text'])))).toBe(true);
    // Its commit: the transaction's own, or its share of a write group.
    expect(statements.some((span) => span.name === 'db commit')).toBe(true);

    const recorded = attributeText(exporter.getFinishedSpans());
    for (const value of [title, outcome, token, ada.email, ada.session, res.body.id as string]) expect(recorded).not.toContain(value);

    expect(requestLine(logs.lines, 'trace-on-1')).toMatchObject({ route: '/api/v1/jobs', status: 201, trace_id: caller.traceId });
  });

  it('names a route that is no operation by its method and route template, and starts a trace when none came', async () => {
    const res = await app.request('GET', '/healthz', { headers: { 'x-request-id': 'trace-on-2' } });
    expect(res.status).toBe(200);
    const line = requestLine(logs.lines, 'trace-on-2');
    expect(line?.trace_id).toMatch(/^[0-9a-f]{32}$/);
    const [request] = spansOf(line!.trace_id as string).filter((span) => span.kind === SpanKind.SERVER);
    expect(request).toMatchObject({ name: 'GET /healthz', attributes: { 'http.route': '/healthz', 'http.response.status_code': 200 } });
    expect(request!.parentSpanContext).toBeUndefined();
  });

  it('keeps each request of a write group in its own trace, its commit span linked to the others of its group', async () => {
    const callers = Array.from({ length: 8 }, callerTrace);
    const answers = await Promise.all(
      callers.map((caller, i) =>
        app.request('POST', '/api/v1/jobs', {
          token,
          body: { title: `Grouped ${i} ${randomUUID()}`, outcome: 'Committed with others.' },
          headers: { traceparent: caller.traceparent, 'idempotency-key': `group-${randomUUID()}` },
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(callers.map(() => 201));
    const ids = new Set(callers.map((caller) => caller.traceId));
    for (const caller of callers) {
      const spans = spansOf(caller.traceId);
      const request = spans.find((span) => span.kind === SpanKind.SERVER)!;
      expect(request.name).toBe('jobs.create');
      // Every statement span of this trace hangs under this request's span, none under another's.
      for (const span of spans.filter((s) => s.kind === SpanKind.CLIENT)) expect(span.parentSpanContext?.spanId).toBe(request.spanContext().spanId);
      const commits = spans.filter((span) => span.name === 'db commit');
      expect(commits.length).toBeGreaterThan(0);
      for (const commit of commits) {
        const size = commit.attributes['svc.db.write_group.size'];
        // A grouped commit links to members of its group, which are requests of this test.
        if (typeof size === 'number' && size > 1) {
          expect(commit.links.length).toBeGreaterThan(0);
          for (const link of commit.links) expect(ids.has(link.context.traceId)).toBe(true);
        }
      }
    }
  });
});
