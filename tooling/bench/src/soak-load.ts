import { SESSION_COOKIE } from '@svc/runtime';
import { fillPath } from '@svc/stack/src/workload/http.ts';
import type { Person } from '@svc/stack/src/workload/people.ts';
import { ENTRIES_PER_REGISTRAR, type Registrars } from './soak-registrars.ts';

/** One request of the load and how it ended. */
export interface Outcome {
  /** What was asked (`PATCH /api/v1/jobs/{id}`); reads that differ by query or caller are told apart. */
  kind: string;
  /** 0 when no answer came. */
  status: number;
  /** From sending the request to having read the whole answer. */
  ms: number;
  /** `Date.now()` when it was sent. */
  sentAt: number;
  /** Whether the status is the one this step expects; anything else is an error of the soak. */
  expected: boolean;
  /** For an unexpected answer: its start, or why none came. */
  detail?: string;
}

export interface SoakLoadOptions {
  /** The balancer. */
  baseUrl: string;
  /** One person per connection: each lane sends one request at a time as its person. */
  people: Person[];
  /** The owners of the directory entries the lanes register. */
  registrars: Registrars;
  /** A word unique to this run (lower-case letters), part of every key and handle. */
  run: string;
  /** `Date.now()` after which no lane sends another request. */
  until: number;
  record(outcome: Outcome): void;
}

/** The fields of an answer the load reads. */
interface AnswerBody {
  id?: string;
  version?: number;
  summary_version?: number;
  error?: string;
}

type Caller = { token: string } | { session: string } | null;

/** Far beyond any healthy answer: a request this slow counts as unanswered. */
const REQUEST_TIMEOUT_MS = 20_000;

/** Words put in job titles and searched for: each matches a growing eighth of the jobs the soak posts. */
const WORDS = ['garden', 'harbour', 'ledger', 'orchard', 'pottery', 'quarry', 'tannery', 'violin'];

/** How many of its latest jobs a lane reads again, so most job reads find a warm answer cache. */
const RECENT_JOBS = 50;

/** Thrown by a request the deadline has passed for: the lane ends there, mid-round. */
class LoadOver extends Error {}

const describeError = (error: unknown) => (error instanceof Error ? `${error.message}${error.cause instanceof Error ? `: ${error.cause.message}` : ''}` : String(error));

/**
 * A duration-driven mixed load through the balancer, in the spirit of `startMixedWrites` of
 * @svc/stack (which runs a fixed number of rounds, bounded by the directory's 25 entries a person).
 * Each lane repeats a round, as its own person, until `until`: a keyed create and a versioned change
 * in every domain (job, with a response from the neighbouring lane's person; offer; directory entry,
 * registered by a registrar that is replaced every 25 entries; thread, with its summary, two entries
 * and a checklist item, deleted at the end of the round so no one nears the 100 threads a person may
 * take part in; and the lane's feedback on its neighbour's offer), between the reads people make most:
 * a job by id, the front page, a search, an address resolved anonymously and with a token. Nothing is
 * retried; every request's outcome goes to `record`.
 */
export const runSoakLoad = async ({ baseUrl, people, registrars, run, until, record }: SoakLoadOptions): Promise<void> => {
  const origin = new URL(baseUrl).origin;

  const send = async (
    caller: Caller,
    method: string,
    path: string,
    { params = {}, query, body, key, expect, kind = `${method} ${path}` }: { params?: Record<string, string>; query?: Record<string, string>; body?: unknown; key?: string; expect: number; kind?: string },
  ): Promise<AnswerBody | undefined> => {
    if (Date.now() >= until) throw new LoadOver();
    const headers: Record<string, string> = { accept: 'application/json' };
    if (caller && 'token' in caller) headers.authorization = `Bearer ${caller.token}`;
    // A session's change carries the service's own Origin, as a browser sends it (the website refuses it otherwise).
    if (caller && 'session' in caller) Object.assign(headers, { cookie: `${SESSION_COOKIE}=${caller.session}`, origin });
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (key !== undefined) headers['idempotency-key'] = key;
    const url = `${baseUrl}${fillPath(path, params)}${query ? `?${new URLSearchParams(query)}` : ''}`;
    const sentAt = Date.now();
    const started = performance.now();
    let status = 0;
    let text = '';
    let detail: string | undefined;
    try {
      const response = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
      text = await response.text();
      status = response.status;
    } catch (error) {
      detail = describeError(error);
    }
    const expected = status === expect;
    if (!expected) detail ??= text.slice(0, 300);
    record({ kind, status, ms: performance.now() - started, sentAt, expected, ...(detail === undefined ? {} : { detail }) });
    if (!expected) return undefined;
    try {
      return text ? (JSON.parse(text) as AnswerBody) : {};
    } catch {
      return {};
    }
  };

  const agent = (person: Person) => ({ token: person.token });
  const signedIn = (person: Person) => ({ session: person.session });

  /** The feedback a lane edits every round: left on an offer of the next lane's person, which needs a thread between them. */
  const setUpFeedback = async (lane: number) => {
    const author = people[lane]!;
    const provider = people[(lane + 1) % people.length]!;
    const key = (what: string) => `${run}-s${lane}-${what}`;
    const offer = await send(agent(provider), 'POST', '/api/v1/services', {
      key: key('offer'),
      body: { title: `Soak offer ${key('offer')}`, role: 'painter', industry: 'maritime', capabilities: ['Exterior painting'] },
      expect: 201,
    });
    if (!offer?.id) return undefined;
    const thread = await send(agent(provider), 'POST', '/api/v1/threads', { key: key('thread'), body: { title: `Soak thread ${key('thread')}`, link: { kind: 'service', id: offer.id } }, expect: 200 });
    if (!thread?.id) return undefined;
    const invite = await send(agent(provider), 'POST', '/api/v1/threads/{id}/invites', { params: { id: thread.id }, body: { invitee_principal_id: author.principalId }, expect: 200 });
    if (!invite?.id) return undefined;
    const accepted = await send(signedIn(author), 'POST', '/api/v1/threads/invitations/{invite_id}/accept', { params: { invite_id: invite.id }, expect: 200 });
    if (!accepted) return undefined;
    const left = await send(agent(author), 'POST', '/api/v1/services/{id}/feedback', { params: { id: offer.id }, body: { needs_met: 'yes', comment: 'Round 0' }, expect: 200 });
    return left?.id && left.version ? { id: left.id, version: left.version } : undefined;
  };

  const lane = async (index: number) => {
    const person = people[index]!;
    const neighbour = people[(index + 1) % people.length]!;
    const recentJobs: string[] = [];
    let registrar = await registrars.take();
    let registered = 0;
    let feedback = await setUpFeedback(index);

    for (let round = 0; ; round++) {
      const key = (what: string) => `${run}-${index}-${round}-${what}`;
      const word = WORDS[(index + round) % WORDS.length]!;

      // Jobs: post, read it back, change it, a response from the neighbour; the front page and a search.
      const job = await send(agent(person), 'POST', '/api/v1/jobs', { key: key('job'), body: { title: `Soak job about the ${word} ${key('job')}`, outcome: 'Version 1' }, expect: 201 });
      if (job?.id) {
        const params = { id: job.id };
        recentJobs.push(job.id);
        if (recentJobs.length > RECENT_JOBS) recentJobs.shift();
        await send(null, 'GET', '/api/v1/jobs/{id}', { params, expect: 200 });
        const edited = await send(agent(person), 'PATCH', '/api/v1/jobs/{id}', { params, body: { expected_version: 1, outcome: 'Version 2' }, expect: 200 });
        await send(agent(neighbour), 'POST', '/api/v1/jobs/{id}/responses', {
          params,
          key: key('response'),
          body: { kind: 'offer', message: `Soak response ${key('response')}`, ...(edited?.version ? { expected_version: edited.version } : {}) },
          expect: 201,
        });
      }
      await send(null, 'GET', '/api/v1/jobs', { expect: 200, kind: 'GET /api/v1/jobs (front page)' });
      await send(null, 'GET', '/api/v1/jobs', { query: { q: word }, expect: 200, kind: 'GET /api/v1/jobs?q={word}' });
      const older = recentJobs[Math.floor(Math.random() * recentJobs.length)];
      if (older) await send(null, 'GET', '/api/v1/jobs/{id}', { params: { id: older }, expect: 200 });

      // Offers.
      const offer = await send(agent(person), 'POST', '/api/v1/services', { key: key('offer'), body: { title: `Soak offer ${key('offer')}`, role: 'painter', industry: 'maritime' }, expect: 201 });
      if (offer?.id) await send(agent(person), 'PATCH', '/api/v1/services/{id}', { params: { id: offer.id }, body: { expected_version: 1, summary: 'Version 2' }, expect: 200 });

      // The directory: register an address (a handle is lower-case letters, digits and single hyphens), change it, resolve it.
      if (registered === ENTRIES_PER_REGISTRAR) {
        registrar = await registrars.take();
        registered = 0;
      }
      const handle = `${run}-${index}-${round}`;
      const entry = await send(agent(registrar), 'POST', '/api/v1/directory', {
        key: handle,
        body: {
          handle,
          display_name: `Soak entry ${handle}`,
          entry_type: 'agent',
          destinations: [{ type: 'web', value: 'https://soak.example', label: 'Site', approved_for_disclosure: true }],
        },
        expect: 201,
      });
      registered += 1;
      if (entry) {
        const params = { address: `aar:${handle}` };
        await send(agent(registrar), 'PATCH', '/api/v1/directory/{address}', { params, body: { expected_version: 1, description: 'Version 2' }, expect: 200 });
        await send(null, 'GET', '/api/v1/directory/{address}', { params, expect: 200, kind: 'GET /api/v1/directory/{address} (anonymous)' });
        await send(agent(person), 'GET', '/api/v1/directory/{address}', { params, expect: 200, kind: 'GET /api/v1/directory/{address} (token)' });
      }

      // Threads: open one, change its summary, write two entries and a checklist item, then delete it.
      const thread = await send(agent(person), 'POST', '/api/v1/threads', { key: key('thread'), body: { title: `Soak thread ${key('thread')}`, summary: 'Version 1' }, expect: 200 });
      if (thread?.id) {
        const params = { id: thread.id };
        await send(agent(person), 'PATCH', '/api/v1/threads/{id}', { params, body: { expected_version: 1, summary: 'Version 2' }, expect: 200 });
        for (const what of ['entry-a', 'entry-b']) {
          await send(agent(person), 'POST', '/api/v1/threads/{id}/entries', { params, key: key(what), body: { kind: 'update', text: `Soak entry ${key(what)}` }, expect: 200 });
        }
        await send(agent(person), 'POST', '/api/v1/threads/{id}/checklist', { params, body: { text: `Soak item ${key('item')}` }, expect: 200 });
        await send(signedIn(person), 'DELETE', '/api/v1/threads/{id}', { params, expect: 200, kind: 'DELETE /api/v1/threads/{id} (session)' });
      }

      // Feedback: the lane's one item, at the version its last change answered.
      if (feedback) {
        const edited = await send(agent(person), 'PATCH', '/api/v1/feedback/{id}', { params: { id: feedback.id }, body: { expected_version: feedback.version, comment: `Round ${round + 1}` }, expect: 200 });
        // After a failed change its version is unknown: the lane stops editing it rather than count one error a round.
        if (edited?.version) feedback.version = edited.version;
        else feedback = undefined;
      }
    }
  };

  await Promise.all(
    people.map((_, index) =>
      lane(index).catch((error: unknown) => {
        if (!(error instanceof LoadOver)) throw error;
      }),
    ),
  );
};
