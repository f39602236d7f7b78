import { SESSION_COOKIE } from '@svc/runtime';
import { fillPath } from './http.ts';
import type { Person } from './people.ts';

/** A first create's answer: 201, or 200 where the contract gives a create no status (threads, entries, feedback…). */
const isCreated = (status: number) => status === 201 || status === 200;

/** What a keyed create makes; each kind has one table and one column that names the key (see `write-checks.ts`). */
export type CreateKind = 'job' | 'response' | 'offer' | 'directory_entry' | 'thread' | 'thread_entry';
/** What a versioned change changes. */
export type ChangeKind = 'job' | 'offer' | 'directory_entry' | 'thread' | 'feedback';

/** A create sent with an `Idempotency-Key`, kept whole so that it can be sent again as it was. */
export interface KeyedCreate {
  kind: CreateKind;
  key: string;
  path: string;
  params: Record<string, string>;
  body: Record<string, unknown>;
  /** Whose token sent it: a replay must come from the same caller. */
  person: Person;
  /** The record's id (a directory entry's handle), once the service acknowledged it (201, or 200 for a create the contract gives no status). */
  id?: string;
  acknowledged: boolean;
}

/** A versioned change the service acknowledged: the record reached at least this version. */
export interface AcknowledgedChange {
  kind: ChangeKind;
  id: string;
  version: number;
}

/** A checklist item the service acknowledged (checklist creates take no key, so they are never replayed). */
export interface AcknowledgedItem {
  threadId: string;
  id: string;
  text: string;
}

/** A request that got no answer, or the balancer's 502/503: no acknowledged write. */
export interface Disruption {
  method: string;
  path: string;
  /** 0 when no answer came at all. */
  status: number;
  error?: string;
  startedAt: number;
  endedAt: number;
}

export interface MixedWritesLog {
  creates: KeyedCreate[];
  changes: AcknowledgedChange[];
  items: AcknowledgedItem[];
  disruptions: Disruption[];
  /** Answers no client should ever get: a 500, a refusal of a well-formed write, a version that went backwards. */
  surprises: string[];
  /** Every answer by status (0: none), for the report. */
  statuses: Record<number, number>;
}

export interface MixedWritesOptions {
  /** The balancer. */
  baseUrl: string;
  /** One person per lane; each lane sends one request at a time, so this is the concurrency. */
  people: Person[];
  /** A word unique to this run (lower-case letters), part of every key and handle. */
  run: string;
  /** Rounds per lane; each round sends every kind of write once. Bounded by 25 directory entries per person. */
  rounds?: number;
  timeoutMs?: number;
}

/** The feedback each lane edits: left in the setup, on an offer of the lane's neighbour. */
interface LaneFeedback {
  id: string;
  version: number;
}

/** The fields of an answer the load reads. */
interface AnswerBody {
  id?: string;
  handle?: string;
  version?: number;
  summary_version?: number;
  error?: string;
  current?: AnswerBody;
}

type Sent = { status: number; body: AnswerBody } | null;

/** How long one request may take before it counts as unanswered (far beyond any healthy answer). */
const REQUEST_TIMEOUT_MS = 20_000;

/**
 * A mixed write load through the balancer: each lane, as its own person, repeats a round of every
 * keyed create (job, response from the neighbouring lane's person, offer, directory entry, thread,
 * thread entries) and every versioned change (job, offer, directory entry, thread summary, feedback),
 * plus a checklist item. Every answer is logged by what it acknowledged; nothing is retried here
 * (a create left unanswered is replayed with its key afterwards, which is what clients are told to do).
 */
export const startMixedWrites = (options: MixedWritesOptions) => {
  const { baseUrl, people, run, rounds = 20, timeoutMs = 120_000 } = options;
  const log: MixedWritesLog = { creates: [], changes: [], items: [], disruptions: [], surprises: [], statuses: {} };
  let acknowledged = 0;
  let stopped = false;
  const deadline = Date.now() + timeoutMs;
  const waiters: { count: number; resolve: () => void }[] = [];
  /** Rounds wait here once `count` writes are acknowledged, until released (`holdAt`). */
  let hold: { count: number; released: Promise<void> } | undefined;

  const acknowledge = () => {
    acknowledged += 1;
    for (const waiter of waiters.filter((candidate) => acknowledged >= candidate.count)) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  };

  /** Sends as the person's agent, or as the person signed in (`asPerson`) for what only people may do. */
  const send = async (person: Person, method: string, path: string, params: Record<string, string>, body: unknown, key?: string, asPerson = false): Promise<Sent> => {
    const headers: Record<string, string> = asPerson
      ? { cookie: `${SESSION_COOKIE}=${person.session}`, origin: new URL(baseUrl).origin }
      : { authorization: `Bearer ${person.token}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (key) headers['idempotency-key'] = key;
    const startedAt = Date.now();
    let status = 0;
    let error: string | undefined;
    let parsed: AnswerBody = {};
    try {
      const response = await fetch(baseUrl + fillPath(path, params), { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
      status = response.status;
      const text = await response.text();
      if (text && response.headers.get('content-type')?.includes('json')) parsed = JSON.parse(text);
    } catch (failure) {
      error = failure instanceof Error ? `${failure.message}${failure.cause instanceof Error ? `: ${failure.cause.message}` : ''}` : String(failure);
      status = 0;
    }
    log.statuses[status] = (log.statuses[status] ?? 0) + 1;
    if (status === 0 || status === 502 || status === 503) {
      log.disruptions.push({ method, path, status, ...(error ? { error } : {}), startedAt, endedAt: Date.now() });
      return null;
    }
    return { status, body: parsed };
  };

  const surprise = (what: string, sent: Sent) => {
    if (sent) log.surprises.push(`${what}: ${sent.status} ${JSON.stringify(sent.body).slice(0, 300)}`);
  };

  /** Sends a keyed create once; answers the record's id when the service acknowledged it. */
  const create = async (person: Person, kind: CreateKind, path: string, params: Record<string, string>, key: string, body: Record<string, unknown>, idOf = (answer: AnswerBody) => answer.id) => {
    const entry: KeyedCreate = { kind, key, path, params, body, person, acknowledged: false };
    log.creates.push(entry);
    const sent = await send(person, 'POST', path, params, body, key);
    const id = sent && isCreated(sent.status) ? idOf(sent.body) : undefined;
    if (!id) {
      surprise(`POST ${path} (${key})`, sent);
      return undefined;
    }
    entry.id = id;
    entry.acknowledged = true;
    acknowledge();
    return entry.id;
  };

  /** Sends a versioned change at `version`; answers the version reached when acknowledged. */
  const change = async (person: Person, kind: ChangeKind, path: string, id: string, params: Record<string, string>, body: Record<string, unknown>, versionOf = (answer: AnswerBody) => answer.version) => {
    const sent = await send(person, 'PATCH', path, params, body);
    if (sent?.status === 409 && sent.body.error === 'version_conflict' && sent.body.current) return { conflict: versionOf(sent.body.current) };
    if (sent?.status !== 200) {
      surprise(`PATCH ${path} (${id})`, sent);
      return undefined;
    }
    const version = versionOf(sent.body);
    if (version === undefined || version <= (body.expected_version as number)) surprise(`PATCH ${path} (${id}) went from ${body.expected_version} to ${version}`, sent);
    log.changes.push({ kind, id, version: version ?? 0 });
    acknowledge();
    return { version };
  };

  const setUpFeedback = async (lane: number): Promise<LaneFeedback | undefined> => {
    const author = people[lane]!;
    const provider = people[(lane + 1) % people.length]!;
    const offerId = await create(provider, 'offer', '/api/v1/services', {}, `${run}-s${lane}-offer`, {
      title: `Load offer ${run}-s${lane}-offer`,
      role: 'painter',
      industry: 'maritime',
      capabilities: ['Exterior painting'],
    });
    if (!offerId) return undefined;
    const threadId = await create(provider, 'thread', '/api/v1/threads', {}, `${run}-s${lane}-thread`, {
      title: `Load thread ${run}-s${lane}-thread`,
      link: { kind: 'service', id: offerId },
    });
    if (!threadId) return undefined;
    const invite = await send(provider, 'POST', '/api/v1/threads/{id}/invites', { id: threadId }, { invitee_principal_id: author.principalId });
    if (invite?.status !== 200 || !invite.body.id) {
      surprise('invite for the feedback author', invite);
      return undefined;
    }
    const accepted = await send(author, 'POST', '/api/v1/threads/invitations/{invite_id}/accept', { invite_id: invite.body.id }, undefined, undefined, true);
    if (accepted?.status !== 200) {
      surprise('accepting the invitation', accepted);
      return undefined;
    }
    const left = await send(author, 'POST', '/api/v1/services/{id}/feedback', { id: offerId }, { needs_met: 'yes', comment: 'Round 0' });
    if (left?.status !== 200 || !left.body.id || !left.body.version) {
      surprise('feedback', left);
      return undefined;
    }
    return { id: left.body.id, version: left.body.version };
  };

  const round = async (lane: number, index: number, feedback: LaneFeedback | undefined) => {
    const person = people[lane]!;
    const neighbour = people[(lane + 1) % people.length]!;
    const key = (kind: string) => `${run}-${lane}-${index}-${kind}`;

    const jobId = await create(person, 'job', '/api/v1/jobs', {}, key('job'), { title: `Load job ${key('job')}`, outcome: 'Version 1' });
    if (jobId) {
      const edited = await change(person, 'job', '/api/v1/jobs/{id}', jobId, { id: jobId }, { expected_version: 1, outcome: 'Version 2' });
      const version = edited?.version ?? edited?.conflict;
      await create(neighbour, 'response', '/api/v1/jobs/{id}/responses', { id: jobId }, key('response'), {
        kind: 'offer',
        message: `Load response ${key('response')}`,
        ...(version ? { expected_version: version } : {}),
      });
    }

    const offerId = await create(person, 'offer', '/api/v1/services', {}, key('offer'), { title: `Load offer ${key('offer')}`, role: 'painter', industry: 'maritime' });
    if (offerId) await change(person, 'offer', '/api/v1/services/{id}', offerId, { id: offerId }, { expected_version: 1, summary: 'Version 2' });

    // A handle: lower-case letters, digits and single hyphens, the key itself.
    const handle = `${run}-${lane}-${index}`;
    const registered = await create(person, 'directory_entry', '/api/v1/directory', {}, handle, { handle, display_name: `Load entry ${handle}`, entry_type: 'agent' }, (answer) => answer.handle);
    if (registered) {
      await change(person, 'directory_entry', '/api/v1/directory/{address}', handle, { address: `aar:${handle}` }, { expected_version: 1, description: 'Version 2' });
    }

    const threadId = await create(person, 'thread', '/api/v1/threads', {}, key('thread'), { title: `Load thread ${key('thread')}`, summary: 'Version 1' });
    if (threadId) {
      await change(person, 'thread', '/api/v1/threads/{id}', threadId, { id: threadId }, { expected_version: 1, summary: 'Version 2' }, (answer) => answer.summary_version);
      for (const entry of ['entry-a', 'entry-b']) {
        await create(person, 'thread_entry', '/api/v1/threads/{id}/entries', { id: threadId }, key(entry), { kind: 'update', text: `Load entry ${key(entry)}` });
      }
      const text = `Load item ${key('item')}`;
      const item = await send(person, 'POST', '/api/v1/threads/{id}/checklist', { id: threadId }, { text });
      if (item?.status === 200 && item.body.id) {
        log.items.push({ threadId, id: item.body.id, text });
        acknowledge();
      } else surprise('POST /api/v1/threads/{id}/checklist', item);
    }

    if (feedback) {
      const body = { expected_version: feedback.version, comment: `Round ${index + 1}` };
      const edited = await change(person, 'feedback', '/api/v1/feedback/{id}', feedback.id, { id: feedback.id }, body);
      // After an unanswered edit the version is unknown: the next edit's conflict tells it.
      if (edited?.version) feedback.version = edited.version;
      if (edited?.conflict) feedback.version = edited.conflict;
    }
  };

  const lane = async (index: number) => {
    const feedback = await setUpFeedback(index);
    const going = () => !stopped && Date.now() < deadline;
    for (let count = 0; count < rounds && going(); count++) {
      if (hold && acknowledged >= hold.count) await hold.released;
      await round(index, count, feedback);
    }
  };

  const finished = Promise.all(people.map((_, index) => lane(index))).then(() => {
    stopped = true;
    for (const waiter of waiters.splice(0)) waiter.resolve();
    return log;
  });

  return {
    log,
    /** How many writes the service has acknowledged so far. */
    acknowledged: () => acknowledged,
    /** Resolves once `count` writes are acknowledged, or the load has ended. */
    reached: (count: number) => new Promise<void>((resolve) => (acknowledged >= count || stopped ? resolve() : waiters.push({ count, resolve }))),
    /** How many writes it would see acknowledged at most (setup included), for placing disruptions in the load. */
    planned: people.length * (2 + rounds * 13),
    /**
     * From `count` acknowledged writes on, no lane starts another round until `release()`: a
     * disruption that takes a while (a restart) then still has load after it, however fast the rest
     * of the load would have gone. Below `count` the load runs as it would without.
     */
    holdAt: (count: number) => {
      let release!: () => void;
      hold = { count, released: new Promise<void>((resolve) => (release = resolve)) };
      return () => {
        hold = undefined;
        release();
      };
    },
    /** Ends the rounds after the current one. */
    stop: () => {
      stopped = true;
    },
    finished,
  };
};

export type MixedWrites = ReturnType<typeof startMixedWrites>;
