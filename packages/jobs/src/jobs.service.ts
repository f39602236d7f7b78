import {
  optionalExpectedVersion,
  parseInput,
  parseStatusChange,
  validationFailed,
  versionConflict,
  type Actor,
  type Clock,
} from '@svc/kernel';
import { nextStatus, type JobAction } from './jobs.state.ts';
import { jobErrors } from './jobs.errors.ts';
import {
  jobListQuerySchema,
  myJobsQuerySchema,
  parseJobCreate,
  parseJobPatch,
  type JobCreateInput,
  type JobFields,
} from './jobs.schemas.ts';
import type { JobRecord, JobTemplateRef } from './jobs.records.ts';
import type { JobChanges, JobsRepository, PrincipalJobCounts } from './jobs.repository.ts';
import type { JobsIdGenerator, PrincipalDirectory, TemplateExpander } from './jobs.deps.ts';
import type { JobJson, JobList, RtsTask } from './jobs.schemas.ts';
import { createJobViews } from './job.views.ts';
import { deadlineProblems } from './job.deadlines.ts';
import { refuseContactDetailsIn } from './job.public-text.ts';
import { toRtsTask } from './rts.ts';

export interface JobsServiceDeps {
  repo: JobsRepository;
  clock: Clock;
  ids: JobsIdGenerator;
  principals: PrincipalDirectory;
  templates: TemplateExpander;
  /** The public origin, without a trailing slash (`https://example.org`). */
  baseUrl: string;
}

/**
 * Posting, reading, editing and closing jobs. Writes take the calling `Actor` and check ownership
 * here; scopes are the HTTP layer's job.
 *
 * @example
 * ```ts
 * const job = await jobs.create(actor, { template: 'birthday-party', details: { date: '2026-12-05', guest_count: 12, general_area: 'north Leeds' } });
 * const edited = await jobs.update(actor, job.id, { expected_version: job.version, budget: { amount: 80, currency: 'GBP' } });
 * ```
 */
export interface JobsService {
  /**
   * Posts a job (status open, version 1); a template fills the fields left blank. Deadlines follow
   * the date rules (`job.deadlines.ts`, 400), and public text holding a contact detail is 422
   * `blocked_content` (`job.public-text.ts`).
   */
  create(actor: Actor, input: unknown): Promise<JobJson>;
  /** Public read: 404 `not_found` when unknown, 410 `removed` when removed. */
  get(id: string): Promise<JobJson>;
  /**
   * The read of a job's page by a visitor (null: signed out). As `get`, except that a removed job
   * stays readable (status `removed`) by the participants of its responses: its poster and each
   * person who responded to it. Everyone else gets 410 `removed`.
   */
  readAs(actor: Actor | null, id: string): Promise<JobJson>;
  /**
   * The poster's read before a change (the website's edit and remove pages): as `get`, and 403
   * `not_owner` for anyone else, so no page shows a stranger the form to change someone's job.
   */
  getOwn(actor: Actor, id: string): Promise<JobJson>;
  /** The job as an RTS 0.2 task; same rules as `get`. */
  getRts(id: string): Promise<RtsTask>;
  /** Public list from query strings (`q`, `tag`, `status`, `limit`, `offset`); removed jobs never appear. */
  list(query: unknown): Promise<JobList>;
  /**
   * Owner-only versioned edit: 428 without `expected_version`, 409 `version_conflict` with `current`
   * on mismatch; the date rules and the contact-detail check as on `create`, for what is sent.
   */
  update(actor: Actor, id: string, patch: unknown): Promise<JobJson>;
  /**
   * open → closed. The body may name the version it was made against (`{expected_version}`): then a
   * mismatch is 409 `version_conflict` with `current` and nothing changes. Without one, the version
   * read is used.
   */
  close(actor: Actor, id: string, body?: unknown): Promise<JobJson>;
  /** closed → open; the body as for `close`. */
  reopen(actor: Actor, id: string, body?: unknown): Promise<JobJson>;
  /**
   * Removes the listing (status removed); public reads answer 410 afterwards. `expectedVersion` is
   * the query's `expected_version` as sent, checked as `close` checks its body's.
   */
  remove(actor: Actor, id: string, expectedVersion?: unknown): Promise<JobJson>;
  /** A principal's open jobs, newest first, `limit` from `offset` (public: their profile page lists them). */
  openByPoster(principalId: string, limit?: number, offset?: number): Promise<JobJson[]>;
  /**
   * The caller's own jobs, newest first, from query strings (`status` open, closed or removed, else
   * open and closed; `limit`, `offset`). Removed jobs appear only when asked for.
   */
  listMine(actor: Actor, query: unknown): Promise<JobList>;
  /** How many open and closed jobs and active responses a principal has (for `/api/v1/me`). */
  countsFor(principalId: string): Promise<{ open_jobs: number; closed_jobs: number; active_responses: number }>;
}

/** A principal's job counts as `/api/v1/me` shows them. */
export const accountCounts = (counts: PrincipalJobCounts) => ({
  open_jobs: counts.openJobs,
  closed_jobs: counts.closedJobs,
  active_responses: counts.activeResponses,
});

/**
 * Where the matches older than a search's ranked window begin, as a `posted_before`: one millisecond
 * after the oldest ranked match, so a match posted in that same millisecond but left out of the
 * window is ranked next time (and one inside it may show twice) rather than skipped. When that would
 * not move past the `posted_before` already sent (a whole window posted in one millisecond), the
 * rest of that millisecond is given up instead, so following the pointer always ends.
 */
const olderMatchesBefore = (oldestRanked: Date, sentBefore: Date | undefined): Date => {
  const after = new Date(oldestRanked.getTime() + 1);
  return sentBefore && after.getTime() >= sentBefore.getTime() ? oldestRanked : after;
};

/** A lost race on a status change is retried from a fresh read this many times before giving up. */
const TRANSITION_ATTEMPTS = 5;

const isBlank = (value: string | readonly string[] | undefined): boolean => value === undefined || value.length === 0;

/**
 * The template's clause is always part of the constraints, added once, after the poster's own text.
 * It does not count towards the poster's 4,000 characters.
 */
const withClause = (constraints: string, clause: string): string => {
  if (constraints.includes(clause)) return constraints;
  return constraints ? `${constraints}\n\n${clause}` : clause;
};

/** Job fields (snake_case input) → record changes (camelCase), leaving out what was not sent. */
const toChanges = (fields: Partial<JobFields>): Omit<JobChanges, 'updatedAt'> => {
  const changes: Omit<JobChanges, 'updatedAt'> = {
    title: fields.title,
    outcome: fields.outcome,
    scope: fields.scope,
    deliverables: fields.deliverables,
    constraints: fields.constraints,
    budget: fields.budget,
    feeTreatment: fields.fee_treatment,
    responseDeadline: fields.response_deadline,
    deliveryDeadline: fields.delivery_deadline,
    timezone: fields.timezone,
    completionChecklist: fields.completion_checklist,
    tags: fields.tags,
  };
  return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
};

export const createJobsService = ({ repo, clock, ids, principals, templates, baseUrl }: JobsServiceDeps): JobsService => {
  const views = createJobViews(principals, baseUrl.replace(/\/+$/, ''));

  /** A job the public may read: unknown is 404, removed is 410. */
  const readable = async (id: string): Promise<JobRecord> => {
    const job = await repo.findById(id);
    if (!job) throw jobErrors.notFound();
    if (job.status === 'removed') throw jobErrors.removed();
    return job;
  };

  /** Applies a template: validated details, blank fields filled, the clause added to constraints. */
  const applyTemplate = (input: JobCreateInput): { fields: Partial<JobFields>; template: JobTemplateRef | null } => {
    const { template: templateId, details, ...fields } = input;
    if (templateId === undefined) return { fields, template: null };
    const expansion = templates.expand(templateId, details);
    const filled: Partial<JobFields> = { ...fields };
    for (const key of ['title', 'outcome', 'scope', 'deliverables', 'completion_checklist', 'tags'] as const) {
      if (isBlank(fields[key]) && expansion.fill[key] !== undefined) Object.assign(filled, { [key]: expansion.fill[key] });
    }
    filled.constraints = withClause(fields.constraints ?? '', expansion.constraintsClause);
    return { fields: filled, template: { id: templateId, details: expansion.details as Record<string, unknown> } };
  };

  /**
   * A status change. With `expectedVersion` the caller's version must be the job's (409
   * `version_conflict` otherwise, before the state rules); without it the version read is used,
   * and a race lost to another change is retried from a fresh read.
   */
  const transition = async (actor: Actor, id: string, action: JobAction, expectedVersion: number | null): Promise<JobJson> => {
    for (let attempt = 1; ; attempt++) {
      const job = await repo.findById(id);
      if (!job) throw jobErrors.notFound();
      if (job.postedBy !== actor.principalId) throw job.status === 'removed' ? jobErrors.removed() : jobErrors.notOwner();
      if (expectedVersion !== null && job.version !== expectedVersion) throw versionConflict(await views.job(job));
      const status = nextStatus(job.status, action);
      // Same conditional update as an edit: if someone else changed the job meanwhile, nothing
      // happens here and the state check is made again against what they left.
      const updated = await repo.updateIfVersion(id, job.version, { status, updatedAt: clock.now() });
      if (updated) return views.job(updated);
      if (expectedVersion !== null || attempt >= TRANSITION_ATTEMPTS) {
        const current = await repo.findById(id);
        throw versionConflict(current ? await views.job(current) : null);
      }
    }
  };

  return {
    create: async (actor, input) => {
      const parsed = parseJobCreate(input);
      const now = clock.now();
      const dateProblems = deadlineProblems(parsed, { response: null, delivery: null }, now);
      if (dateProblems.length > 0) throw validationFailed(dateProblems);
      const { fields, template } = applyTemplate(parsed);
      if (isBlank(fields.title)) throw validationFailed([{ path: 'title', message: 'is required' }]);
      // The poster's own text and the template's details; the text a template fills comes from those details.
      const { template: _id, details: _details, ...own } = parsed;
      refuseContactDetailsIn(own, template?.details);
      const job: JobRecord = {
        id: ids('job'),
        status: 'open',
        version: 1,
        title: fields.title ?? '',
        outcome: fields.outcome ?? '',
        scope: fields.scope ?? '',
        deliverables: fields.deliverables ?? '',
        constraints: fields.constraints ?? '',
        budget: fields.budget ?? null,
        feeTreatment: fields.fee_treatment ?? 'no_fee',
        responseDeadline: fields.response_deadline ?? null,
        deliveryDeadline: fields.delivery_deadline ?? null,
        timezone: fields.timezone ?? null,
        completionChecklist: fields.completion_checklist ?? [],
        tags: fields.tags ?? [],
        template,
        postedBy: actor.principalId,
        createdAt: now,
        updatedAt: now,
      };
      await repo.insert(job);
      // The poster is the caller, whose display name was read with their token or session.
      return views.job({ ...job, posterName: actor.displayName });
    },

    get: async (id) => views.job(await readable(id)),

    getOwn: async (actor, id) => {
      const job = await readable(id);
      if (job.postedBy !== actor.principalId) throw jobErrors.notOwner();
      return views.job(job);
    },

    readAs: async (actor, id) => {
      const job = await repo.findById(id);
      if (!job) throw jobErrors.notFound();
      if (job.status === 'removed') {
        // Its responses stay visible to their participants, and a response is read beside its job.
        const participant =
          actor !== null && (job.postedBy === actor.principalId || (await repo.listResponses(id, actor.principalId, { limit: 1, offset: 0 })).total > 0);
        if (!participant) throw jobErrors.removed();
      }
      return views.job(job);
    },

    openByPoster: async (principalId, limit = 20, offset = 0) => {
      const { rows } = await repo.search({ status: 'open', postedBy: principalId }, { limit, offset });
      return views.jobs(rows);
    },

    listMine: async (actor, query) => {
      const { status, limit, offset } = parseInput(myJobsQuerySchema, query ?? {});
      const { rows, total } = await repo.listByPoster(actor.principalId, status, { limit, offset });
      // One person's jobs are few: their count is exact.
      return { jobs: await views.jobs(rows), total, total_is_lower_bound: false, older_matches_before: null, limit, offset };
    },

    countsFor: async (principalId) => accountCounts(await repo.countsFor(principalId)),

    getRts: async (id) => toRtsTask(await views.job(await readable(id))),

    list: async (query) => {
      const { q, tag, status, posted_after: postedAfter, posted_before: postedBefore, limit, offset } = parseInput(jobListQuerySchema, query ?? {});
      const filter = { q: q || undefined, tag, status, postedAfter, postedBefore };
      const { rows, total, totalIsLowerBound, oldestRanked } = await repo.search(filter, { limit, offset });
      return {
        jobs: await views.jobs(rows),
        total,
        total_is_lower_bound: totalIsLowerBound,
        older_matches_before: oldestRanked ? olderMatchesBefore(oldestRanked, postedBefore).toISOString() : null,
        limit,
        offset,
      };
    },

    update: async (actor, id, body) => {
      const { expectedVersion, patch } = parseJobPatch(body);
      const fields: Partial<JobFields> = { ...patch };
      refuseContactDetailsIn(fields);
      const datesSent = fields.response_deadline !== undefined || fields.delivery_deadline !== undefined;
      if (fields.constraints !== undefined || datesSent) {
        // New constraints keep a template's clause, and new deadlines are checked against the saved
        // ones: only then is the job read before the change, at the version the caller read.
        const job = await readable(id);
        if (job.postedBy !== actor.principalId) throw jobErrors.notOwner();
        if (job.version !== expectedVersion) throw versionConflict(await views.job(job));
        const dateProblems = deadlineProblems(fields, { response: job.responseDeadline, delivery: job.deliveryDeadline }, clock.now());
        if (dateProblems.length > 0) throw validationFailed(dateProblems);
        if (fields.constraints !== undefined && job.template) {
          const { constraintsClause } = templates.expand(job.template.id, job.template.details);
          fields.constraints = withClause(fields.constraints, constraintsClause);
        }
      }
      // One conditional statement checks version, owner and removal together.
      const updated = await repo.updateIfVersion(id, expectedVersion, { ...toChanges(fields), updatedAt: clock.now() }, { postedBy: actor.principalId });
      if (updated) return views.job(updated);
      // Nothing written: say why (unknown, removed, someone else's, or stale), with the job as it is
      // now; at the version sent, every field already said what was sent, and the job is the answer.
      const current = await readable(id);
      if (current.postedBy !== actor.principalId) throw jobErrors.notOwner();
      if (current.version === expectedVersion) return views.job(current);
      throw versionConflict(await views.job(current));
    },

    close: async (actor, id, body) => transition(actor, id, 'close', parseStatusChange(body)),
    reopen: async (actor, id, body) => transition(actor, id, 'reopen', parseStatusChange(body)),
    remove: async (actor, id, expectedVersion) => transition(actor, id, 'remove', optionalExpectedVersion(expectedVersion)),
  };
};
