import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, type Principal, type TestApp } from '@svc/runtime/testing';
import { startApiTestApp } from './app.ts';

/**
 * The contract checked by a third party: Stoplight's Prism, run as a validating proxy in front of the
 * API with the OpenAPI document the API serves. With `--errors`, Prism turns any request or response
 * that disagrees with the document into an error answer (a `sl-violations` header or an
 * `application/problem+json` body of its own); every call below goes through it and must come back
 * as the API's own answer (its `X-Request-Id`), with no violation. Error cases are chosen so that the
 * request itself is one the document allows: the API, not Prism, refuses it.
 */

const PRISM = fileURLToPath(new URL('../node_modules/.bin/prism', import.meta.url));

let app: TestApp;
let prism: ChildProcess;
let prismUrl = '';
let prismLog = '';
let workDir = '';
/** The OpenAPI document the API serves. */
let served: OpenApiDocument;

interface OpenApiDocument {
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: { $ref?: string } }> }> }>>;
  components: { schemas: Record<string, { required?: string[] }> };
}

let ada: Principal;
let bob: Principal;
/** Ada's agent with every scope it needs below. */
let token = '';
/** Ada's agent that may only read her account. */
let narrowToken = '';
/** Bob's agent, for calls that need another principal. */
let bobToken = '';

/** Starts `prism proxy <document> <the API> --errors` on a free port and waits until it listens. */
const startPrism = async (document: string, onLog: (chunk: string) => void): Promise<{ process: ChildProcess; url: string }> => {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  const child = spawn(PRISM, ['proxy', document, app.url, '--errors', '--port', String(port), '--host', '127.0.0.1', '--cors=false'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    log += chunk.toString();
    onLog(chunk.toString());
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  await waitForPrism(url, child, () => log);
  return { process: child, url };
};

const stopPrism = async (child: ChildProcess | undefined) => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
};

const waitForPrism = async (url: string, child: ChildProcess, log: () => string) => {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Prism exited (${child.exitCode}):\n${log()}`);
    try {
      // Any answer at all means it listens; the health check is not in the document.
      await fetch(`${url}/api/v1/openapi.json`);
      return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`Prism did not start in time:\n${log()}`);
};

beforeAll(async () => {
  app = await startApiTestApp();
  ada = await app.signUp('Ada Contract');
  bob = await app.signUp('Bob Contract');
  token = (await app.agentToken(ada, ['jobs:write', 'responses:write', 'services:write', 'account:read', 'directory:write', 'threads:write', 'feedback:write'])).token;
  narrowToken = (await app.agentToken(ada, ['account:read'])).token;
  bobToken = (await app.agentToken(bob, ['responses:write', 'feedback:write'])).token;

  const document = await app.request('GET', '/api/v1/openapi.json');
  expect(document.status).toBe(200);
  workDir = await mkdtemp(join(tmpdir(), 'svc-prism-'));
  served = document.body as OpenApiDocument;
  const file = join(workDir, 'openapi.json');
  await writeFile(file, JSON.stringify(served));

  ({ process: prism, url: prismUrl } = await startPrism(file, (chunk) => (prismLog += chunk)));
}, 120_000);

afterAll(async () => {
  await stopPrism(prism);
  await app?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: Headers;
  /** The JSON body (an object for every call below). */
  body: Record<string, unknown>;
}

interface CallOptions {
  token?: string;
  body?: unknown;
  form?: Record<string, string>;
  headers?: Record<string, string>;
}

/** One call through Prism, failing the test when Prism reports a violation or answers instead of the API. */
const through = async (method: string, path: string, options: CallOptions = {}): Promise<Answer> => {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  } else if (options.form) {
    body = new URLSearchParams(options.form).toString();
    headers['content-type'] = 'application/x-www-form-urlencoded';
  }
  const logBefore = prismLog.length;
  const res = await fetch(prismUrl + path, { method, headers, body, redirect: 'manual' });
  const text = await res.text();
  const type = res.headers.get('content-type') ?? '';
  const parsed = type.includes('json') && text ? JSON.parse(text) : text;
  const where = `${method} ${path} → ${res.status} ${text.slice(0, 600)}\n${prismLog.slice(logBefore).slice(0, 2000)}`;
  expect(res.headers.get('sl-violations'), where).toBeNull();
  expect(type, where).not.toContain('application/problem+json');
  // The API's own answer, passed on: Prism's answers carry no request id of ours.
  expect(res.headers.get('x-request-id'), where).toMatch(/\S/);
  return { status: res.status, headers: res.headers, body: parsed as Record<string, unknown> };
};

const job = { title: 'Plan a garden party', outcome: 'A plan the host can follow.' };

describe('the API through Prism (validating proxy, --errors)', { timeout: 30_000 }, () => {
  const state = { jobId: '', offerId: '', threadId: '', handle: 'contract-ada' };

  it('serves the OpenAPI document', async () => {
    const res = await through('GET', '/api/v1/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\.1/);
  });

  it('runs the form-encoded device flow up to authorization_pending', async () => {
    const started = await through('POST', '/api/v1/oauth/device_authorization', { form: { client_id: 'Contract agent', scope: 'jobs:write' } });
    expect(started.status).toBe(200);
    const pending = await through('POST', '/api/v1/oauth/token', {
      form: { grant_type: 'urn:ietf:params:oauth:grant-type:device_code', device_code: String(started.body.device_code) },
    });
    expect(pending.status).toBe(400);
    expect(pending.body.error).toBe('authorization_pending');
  });

  it('lists, creates, reads and updates jobs, with a stale version answered 409', async () => {
    const listed = await through('GET', '/api/v1/jobs?limit=5');
    expect(listed.status).toBe(200);
    const created = await through('POST', '/api/v1/jobs', { token, body: job, headers: { 'idempotency-key': 'contract-job-1' } });
    expect(created.status).toBe(201);
    state.jobId = String(created.body.id);
    // The address the document declares on a 201, where the created job is read.
    expect(created.headers.get('location')).toMatch(new RegExp(`/api/v1/jobs/${state.jobId}$`));
    const replayed = await through('POST', '/api/v1/jobs', { token, body: job, headers: { 'idempotency-key': 'contract-job-1' } });
    expect(replayed.status).toBe(200);
    expect(replayed.body.replayed).toBe(true);
    const read = await through('GET', `/api/v1/jobs/${state.jobId}`);
    expect(read.status).toBe(200);
    const updated = await through('PATCH', `/api/v1/jobs/${state.jobId}`, { token, body: { expected_version: 1, title: 'Plan a garden party for forty' } });
    expect(updated.status).toBe(200);
    expect(updated.body.version).toBe(2);
    const stale = await through('PATCH', `/api/v1/jobs/${state.jobId}`, { token, body: { expected_version: 1, title: 'Too late' } });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toBe('version_conflict');
  });

  it('takes a response to the job and lists it for the owner', async () => {
    const responded = await through('POST', `/api/v1/jobs/${state.jobId}/responses`, {
      token: bobToken,
      body: { kind: 'offer', message: 'I can plan this for you.' },
      headers: { 'idempotency-key': 'contract-response-1' },
    });
    expect(responded.status).toBe(201);
    const listed = await through('GET', `/api/v1/jobs/${state.jobId}/responses`, { token });
    expect(listed.status).toBe(200);
    expect(listed.body.responses).toHaveLength(1);
  });

  it('closes the job', async () => {
    const closed = await through('POST', `/api/v1/jobs/${state.jobId}/close`, { token });
    expect(closed.status).toBe(200);
    expect(closed.body.status).toBe('closed');
  });

  it('registers a directory entry, resolves it, and answers 404 unavailable for an unknown address', async () => {
    const registered = await through('POST', '/api/v1/directory', {
      token,
      headers: { 'idempotency-key': 'contract-directory-1' },
      body: {
        handle: state.handle,
        display_name: 'Ada Contract',
        description: 'Contracts, checked.',
        entry_type: 'person',
        destinations: [{ type: 'web', value: 'https://ada.example', label: 'Site', audience: 'public', approved_for_disclosure: true }],
      },
    });
    expect(registered.status).toBe(201);
    expect(registered.headers.get('location')).toMatch(new RegExp(`/api/v1/directory/aar:${state.handle}$`));
    const resolved = await through('GET', `/api/v1/directory/aar:${state.handle}`);
    expect(resolved.status).toBe(200);
    expect(resolved.body.address).toBe(`aar:${state.handle}`);
    const missing = await through('GET', '/api/v1/directory/aar:nobody-registered-this');
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('unavailable');
  });

  it('creates a thread and writes an entry in it', async () => {
    const thread = await through('POST', '/api/v1/threads', { token, body: { title: 'Garden party', summary: 'We plan it together.' } });
    expect(thread.status).toBe(200);
    state.threadId = String(thread.body.id);
    const entry = await through('POST', `/api/v1/threads/${state.threadId}/entries`, { token, body: { kind: 'next_step', text: 'Call the hall.' } });
    expect(entry.status).toBe(200);
  });

  it('creates an offer and lists its feedback', async () => {
    const offer = await through('POST', '/api/v1/services', {
      token,
      body: { title: 'Children’s party planning', role: 'planner', industry: 'events', contact_url: 'https://planner.example/contact' },
    });
    expect(offer.status).toBe(201);
    state.offerId = String(offer.body.id);
    expect(offer.headers.get('location')).toMatch(new RegExp(`/api/v1/services/${state.offerId}$`));
    const feedback = await through('GET', `/api/v1/services/${state.offerId}/feedback`);
    expect(feedback.status).toBe(200);
  });

  it('answers 400 for input the document allows and the API refuses', async () => {
    const empty = await through('PATCH', `/api/v1/threads/${state.threadId}`, { token, body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe('validation_failed');
    const unknownScope = await through('POST', '/api/v1/oauth/device_authorization', { form: { client_id: 'Contract agent', scope: 'jobs:write tea:make' } });
    expect(unknownScope.status).toBe(400);
    expect(unknownScope.body.error).toBe('invalid_scope');
  });

  it('answers 401 to an unknown token, with the challenge', async () => {
    // Without any Authorization header Prism answers 401 itself (the document requires bearer);
    // an unknown token passes Prism and reaches the API's own challenge.
    const res = await through('GET', '/api/v1/me', { token: 'tds_not_a_real_token' });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('invalid_token');
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer realm="task-and-directory", error="invalid_token", resource_metadata="/);
  });

  it('answers 403 to a token without the scope', async () => {
    const res = await through('POST', '/api/v1/jobs', { token: narrowToken, body: job });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('insufficient_scope');
    // The challenge the document declares on this 403, naming the scope the operation takes.
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer realm="task-and-directory", error="insufficient_scope", scope="jobs:write", resource_metadata="/);
  });

  it('answers 404 for an unknown job', async () => {
    const res = await through('GET', '/api/v1/jobs/job_unknown');
    expect(res.status).toBe(404);
  });

  it('answers 428 to a summary change without expected_version', async () => {
    // Where the document requires expected_version (PATCH /api/v1/jobs/{id}), Prism refuses its
    // absence before the API sees it; a thread's summary needs it only when the summary changes.
    const res = await through('PATCH', `/api/v1/threads/${state.threadId}`, { token, body: { summary: 'A new plan.' } });
    expect(res.status).toBe(428);
    expect(res.body.error).toBe('expected_version_required');
  });
});

describe('the proxy itself', { timeout: 90_000 }, () => {
  it('reports a violation when the document and the answer disagree', async () => {
    // The same document, except that a job must carry a member the API never sends.
    const wrong = structuredClone(served);
    const ref = wrong.paths['/api/v1/jobs/{id}']!.get!.responses['200']!.content!['application/json']!.schema.$ref!;
    const jobSchema = wrong.components.schemas[ref.split('/').pop()!]!;
    jobSchema.required = [...(jobSchema.required ?? []), 'never_sent'];
    const file = join(workDir, 'openapi.wrong.json');
    await writeFile(file, JSON.stringify(wrong));
    const created = await app.request('POST', '/api/v1/jobs', { token, body: job });
    const control = await startPrism(file, () => {});
    try {
      const res = await fetch(`${control.url}/api/v1/jobs/${created.body.id}`);
      expect(res.status).toBe(500);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect(res.headers.get('sl-violations')).toContain('never_sent');
    } finally {
      await stopPrism(control.process);
    }
  });
});
