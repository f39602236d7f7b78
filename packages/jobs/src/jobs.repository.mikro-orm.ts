import { boundValue, selectColumns, sqlDate, sqlDateOrNull, textArray, type Database, type SelectColumns, type SqlOperand } from '@svc/db';
import type { Paging } from '@svc/kernel';
import { Job, JobResponse } from './entities.ts';
import type { JobStatus } from './job.state.ts';
import type { FeeTreatment, ResponseKind, ResponseStatus } from './jobs.schemas.ts';
import type { JobRecord, JobTemplateRef, ResponseRecord } from './jobs.records.ts';
import type { JobChanges, JobFilter, JobsRepository, PrincipalJobCounts } from './jobs.repository.ts';

/** Every column a job answer needs; never the search vector. */
const JOB_COLUMNS = [
  'id', 'status', 'version', 'title', 'outcome', 'scope', 'deliverables', 'constraints', 'budget_amount',
  'budget_currency', 'fee_treatment', 'response_deadline', 'delivery_deadline', 'timezone',
  'completion_checklist', 'tags', 'template', 'posted_by', 'created_at', 'updated_at',
].join(', ');

const RESPONSE_COLUMNS =
  'id, job_id, kind, message, status, responder_id, job_version_seen, created_at, updated_at';

interface JobRow {
  id: string;
  status: JobStatus;
  version: number | string;
  title: string;
  outcome: string;
  scope: string;
  deliverables: string;
  constraints: string;
  budget_amount: number | string | null;
  budget_currency: string | null;
  fee_treatment: FeeTreatment;
  response_deadline: Date | string | null;
  delivery_deadline: Date | string | null;
  timezone: string | null;
  completion_checklist: string[] | string;
  tags: string[];
  template: JobTemplateRef | string | null;
  posted_by: string;
  created_at: Date | string;
  updated_at: Date | string;
  /** Only when the app supplies `displayNameSql`. */
  poster_name?: string | null;
}

interface ResponseRow {
  id: string;
  job_id: string;
  kind: ResponseKind;
  message: string;
  status: ResponseStatus;
  responder_id: string;
  job_version_seen: number | string;
  created_at: Date | string;
  updated_at: Date | string;
  /** Only when the app supplies `displayNameSql`. */
  responder_name?: string | null;
}

// Drivers differ in what they hand back for numeric, json and timestamp columns; normalise once here.
const fromJson = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

const jobFromRow = (row: JobRow): JobRecord => ({
  id: row.id,
  status: row.status,
  version: Number(row.version),
  title: row.title,
  outcome: row.outcome,
  scope: row.scope,
  deliverables: row.deliverables,
  constraints: row.constraints,
  budget:
    row.budget_amount === null || row.budget_currency === null
      ? null
      : { amount: Number(row.budget_amount), currency: row.budget_currency },
  feeTreatment: row.fee_treatment,
  responseDeadline: sqlDateOrNull(row.response_deadline),
  deliveryDeadline: sqlDateOrNull(row.delivery_deadline),
  timezone: row.timezone,
  completionChecklist: fromJson(row.completion_checklist),
  tags: row.tags,
  template: row.template === null ? null : fromJson(row.template),
  postedBy: row.posted_by,
  createdAt: sqlDate(row.created_at),
  updatedAt: sqlDate(row.updated_at),
  ...(row.poster_name === undefined ? {} : { posterName: row.poster_name }),
});

const responseFromRow = (row: ResponseRow): ResponseRecord => ({
  id: row.id,
  jobId: row.job_id,
  kind: row.kind,
  message: row.message,
  status: row.status,
  responderId: row.responder_id,
  jobVersionSeen: Number(row.job_version_seen),
  createdAt: sqlDate(row.created_at),
  updatedAt: sqlDate(row.updated_at),
  ...(row.responder_name === undefined ? {} : { responderName: row.responder_name }),
});

/** The display name of the principal in a column, as SQL; supplied by the app (see `PrincipalDirectory`). */
export type DisplayNameSql = (column: string) => string;

/**
 * Extra select-list entries naming the principal in `column` (`, … as <alias>`), or nothing when
 * the app supplied no `displayNameSql`: the views then look names up in a second query.
 */
const nameColumn = (displayNameSql: DisplayNameSql | undefined, column: string, alias: string): string =>
  displayNameSql ? `, ${displayNameSql(column)} as ${alias}` : '';

/** `SET` fragments for each changeable field. Parameters are bound by `db.query` (`?`). */
const setters: { [K in keyof JobChanges]-?: (value: NonNullable<JobChanges[K]> | null) => [string, unknown[]] } = {
  status: (value) => ['status = ?', [value]],
  title: (value) => ['title = ?', [value]],
  outcome: (value) => ['outcome = ?', [value]],
  scope: (value) => ['scope = ?', [value]],
  deliverables: (value) => ['deliverables = ?', [value]],
  constraints: (value) => ['constraints = ?', [value]],
  budget: (value) => ['budget_amount = ?, budget_currency = ?', [value?.amount ?? null, value?.currency ?? null]],
  feeTreatment: (value) => ['fee_treatment = ?', [value]],
  responseDeadline: (value) => ['response_deadline = ?', [value]],
  deliveryDeadline: (value) => ['delivery_deadline = ?', [value]],
  timezone: (value) => ['timezone = ?', [value]],
  completionChecklist: (value) => ['completion_checklist = ?::jsonb', [JSON.stringify(value ?? [])]],
  tags: (value) => ['tags = ?::text[]', [textArray(value ?? [])]],
  template: (value) => ['template = ?::jsonb', [value === null ? null : JSON.stringify(value)]],
  updatedAt: (value) => ['updated_at = ?', [value]],
};

/**
 * Relevance is ranked over the newest this-many matches only, and totals stop counting one past it:
 * a common word matching a fifth of the table then costs the same as a rare one. Deeper pages of a
 * search come back empty; the total says it is a lower bound.
 *
 * The cost of a common word (and of a list's capped count) is linear in this number: the planner
 * walks the (status, created_at, id) index until it has found this many matches. 300 is fifteen
 * pages of twenty; 1,000 cost about three times as much for pages few callers reach (see
 * docs/performance.md, "What changed").
 */
export const SEARCH_CANDIDATES = 300;

/**
 * The SQL texts for a page of jobs and its capped count, shared with the EXPLAIN test so it checks
 * what runs. A search takes the newest `SEARCH_CANDIDATES` matches (the planner reads a rare word's
 * matches from the GIN index, and walks the (status, created_at, id) index for a common one, where
 * a thousand matches come within a few thousand rows), ranks only those with `ts_rank`, and counts
 * them. A list counts with a cap (`select count(*) from (select 1 … limit n)`), never every row.
 */
export const buildSearchQuery = (filter: JobFilter, paging: Paging, displayNameSql?: DisplayNameSql) => {
  const where = ['status = ?'];
  const params: unknown[] = [filter.status];
  const q = filter.q?.trim();
  if (q) {
    where.push("search @@ websearch_to_tsquery('english', ?)");
    params.push(q);
  }
  if (filter.tag) {
    where.push('tags @> array[?]::text[]');
    params.push(filter.tag);
  }
  if (filter.postedBy) {
    where.push('posted_by = ?');
    params.push(filter.postedBy);
  }
  // Both bounds ride on the (status, created_at, id) index: a search for older matches walks it from there.
  if (filter.postedAfter) {
    where.push('created_at >= ?');
    params.push(filter.postedAfter);
  }
  if (filter.postedBefore) {
    where.push('created_at < ?');
    params.push(filter.postedBefore);
  }
  const condition = where.join(' and ');
  const newest = 'order by created_at desc, id desc';
  // A search counts its candidates: SEARCH_CANDIDATES of them means there may be more. A list (no q)
  // may be paged as deep as the caller likes: count at least past the page asked for.
  const countCap = q ? SEARCH_CANDIDATES : Math.max(SEARCH_CANDIDATES + 1, paging.offset + paging.limit + 1);
  const counted = `select count(*) from (select 1 from jobs where ${condition} limit ${countCap}) as capped`;
  // A search's past-the-end page also needs where its ranked window ended, so it reads the candidates in order.
  const countedSearch = `select count(*) as total, min(created_at) as oldest
    from (select created_at from jobs where ${condition} ${newest} limit ${SEARCH_CANDIDATES}) as candidates`;
  const page = q
    ? {
        // Candidates carry only what ranking needs; their count (over the window) is the capped
        // total; the full columns are read for the one page that is answered.
        sql: `with ranked as (
            select id, created_at, ts_rank(search, websearch_to_tsquery('english', ?)) as rank, count(*) over () as capped_total,
              min(created_at) over () as oldest_candidate
            from (select id, created_at, search from jobs where ${condition} ${newest} limit ${SEARCH_CANDIDATES}) as candidates
            order by rank desc, created_at desc, id desc
            limit ? offset ?
          )
          select ${JOB_COLUMNS.split(', ').map((c) => `jobs.${c}`).join(', ')}, ranked.capped_total, ranked.oldest_candidate${nameColumn(displayNameSql, 'jobs.posted_by', 'poster_name')}
          from ranked join jobs on jobs.id = ranked.id
          order by ranked.rank desc, ranked.created_at desc, ranked.id desc`,
        params: [q, ...params, paging.limit, paging.offset],
      }
    : {
        // The capped count rides along as an uncorrelated subquery (run once, as an InitPlan): one
        // round trip for the page and its total.
        sql: `select ${JOB_COLUMNS}, (${counted}) as capped_total${nameColumn(displayNameSql, 'jobs.posted_by', 'poster_name')} from jobs where ${condition} ${newest} limit ? offset ?`,
        params: [...params, ...params, paging.limit, paging.offset],
      };
  return {
    page,
    /** The count alone (with a search, where its window ended), for a page past the end (which has no row to carry it). */
    count: { sql: q ? countedSearch : counted.replace('count(*)', 'count(*) as total'), params },
    countCap,
  };
};

/**
 * Jobs storage on MikroORM: plain inserts go through the entity manager (no unit of work, so nothing
 * is tracked); the versioned update, the locked read and search are single SQL statements.
 *
 * With `displayNameSql` every job and response it reads carries its poster's or responder's display
 * name from the same statement (`posterName`, `responderName`): one round trip per read, not two.
 */
/** A principal's job counts as columns of a shared select (`/api/v1/me` runs them with other domains'). */
const countsColumns = (principal: SqlOperand): SelectColumns<PrincipalJobCounts> => ({
  sql: `(select count(*) from jobs where posted_by = ${principal.sql} and status = 'open') as jobs_open,
    (select count(*) from jobs where posted_by = ${principal.sql} and status = 'closed') as jobs_closed,
    (select count(*) from job_responses where responder_id = ${principal.sql} and status = 'active') as jobs_active_responses`,
  params: [...principal.params, ...principal.params, ...principal.params],
  read: (row) => ({
    openJobs: Number(row.jobs_open ?? 0),
    closedJobs: Number(row.jobs_closed ?? 0),
    activeResponses: Number(row.jobs_active_responses ?? 0),
  }),
});

export const createMikroOrmJobsRepository = (db: Database, { displayNameSql }: { displayNameSql?: DisplayNameSql | undefined } = {}): JobsRepository => {
  const jobColumns = `${JOB_COLUMNS}${nameColumn(displayNameSql, 'jobs.posted_by', 'poster_name')}`;
  const responseColumns = (table: string) =>
    `${RESPONSE_COLUMNS.split(', ').map((column) => `${table}.${column}`).join(', ')}${nameColumn(displayNameSql, `${table}.responder_id`, 'responder_name')}`;

  const selectJob = async (id: string, lock = ''): Promise<JobRecord | null> => {
    const [row] = await db.query<JobRow>(`select ${jobColumns} from jobs where id = ?${lock}`, [id]);
    return row ? jobFromRow(row) : null;
  };

  return {
    insert: async (job) => {
      await db.insert(Job, {
        id: job.id,
        status: job.status,
        version: job.version,
        title: job.title,
        outcome: job.outcome,
        scope: job.scope,
        deliverables: job.deliverables,
        constraints: job.constraints,
        budgetAmount: job.budget?.amount ?? null,
        budgetCurrency: job.budget?.currency ?? null,
        feeTreatment: job.feeTreatment,
        responseDeadline: job.responseDeadline,
        deliveryDeadline: job.deliveryDeadline,
        timezone: job.timezone,
        completionChecklist: job.completionChecklist,
        tags: job.tags,
        template: job.template,
        postedBy: job.postedBy,
        createdAt: job.createdAt,
        updatedAt: job.updatedAt,
      });
    },

    findById: (id) => selectJob(id),

    updateIfVersion: async (id, expectedVersion, changes, guard) => {
      const sets: string[] = [];
      const params: unknown[] = [];
      for (const [field, value] of Object.entries(changes) as [keyof JobChanges, never][]) {
        if (value === undefined || field === 'updatedAt') continue;
        const [fragment, values] = setters[field](value);
        sets.push(fragment);
        params.push(...values);
      }
      const owned = guard ? ' and posted_by = ? and status <> ?' : '';
      // A transaction of its own, committed with other writes of the moment (db.write).
      const [row] = await db.write<JobRow>(
        `update jobs set ${[...sets, 'version = version + 1', 'updated_at = ?'].join(', ')}
         where id = ? and version = ?${owned} returning ${jobColumns}`,
        [...params, changes.updatedAt, id, expectedVersion, ...(guard ? [guard.postedBy, 'removed'] : [])],
      );
      return row ? jobFromRow(row) : null;
    },

    search: async (filter, paging) => {
      const { page, count, countCap } = buildSearchQuery(filter, paging, displayNameSql);
      // Planned per call: a rare word reads the GIN index, a common one walks the newest jobs.
      type Counted = { capped_total?: number | string; total?: number | string; oldest_candidate?: Date | string | null; oldest?: Date | string | null };
      const found = await db.query<JobRow & Counted>(page.sql, page.params, { planForValues: true });
      let summary: Counted | undefined = found[0];
      if (found.length === 0 && paging.offset > 0) {
        [summary] = await db.query<Counted>(count.sql, count.params, { planForValues: true });
      }
      const total = Number(summary?.capped_total ?? summary?.total ?? 0);
      const totalIsLowerBound = total >= countCap;
      const oldest = summary?.oldest_candidate ?? summary?.oldest ?? null;
      return {
        rows: found.map(jobFromRow),
        total,
        totalIsLowerBound,
        oldestRanked: filter.q?.trim() && totalIsLowerBound && oldest !== null ? sqlDate(oldest) : null,
      };
    },

    countsColumns,

    countsFor: async (principalId) => (await selectColumns(db, [countsColumns(boundValue(principalId))]))[0],

    listByPoster: async (principalId, status, paging) => {
      const where = status === undefined ? "posted_by = ? and status in ('open', 'closed')" : 'posted_by = ? and status = ?';
      const params = status === undefined ? [principalId] : [principalId, status];
      const rows = await db.query<JobRow>(
        `select ${jobColumns} from jobs where ${where} order by created_at desc, id desc limit ? offset ?`,
        [...params, paging.limit, paging.offset],
      );
      const [counted] = await db.query<{ total: number | string }>(`select count(*) as total from jobs where ${where}`, params);
      return { rows: rows.map(jobFromRow), total: Number(counted?.total ?? 0) };
    },

    withJobLocked: (id, work) => db.transaction(async () => work(await selectJob(id, ' for share'))),

    insertResponse: async (response) => {
      await db.insert(JobResponse, { ...response });
    },

    findResponseById: async (id) => {
      const [row] = await db.query<ResponseRow>(`select ${responseColumns('job_responses')} from job_responses where id = ?`, [id]);
      return row ? responseFromRow(row) : null;
    },

    listResponses: async (jobId, responderId, paging) => {
      const where = `job_id = ?${responderId === undefined ? '' : ' and responder_id = ?'}`;
      const params = responderId === undefined ? [jobId] : [jobId, responderId];
      // The total rides on the page (a window over every match, before the limit): one statement,
      // and a second only for a page past the end, which has no row to carry it.
      const rows = await db.query<ResponseRow & { total: number | string }>(
        `select ${responseColumns('job_responses')}, count(*) over () as total from job_responses where ${where}
         order by created_at, id limit ? offset ?`,
        [...params, paging.limit, paging.offset],
      );
      let total = Number(rows[0]?.total ?? 0);
      if (rows.length === 0 && paging.offset > 0) {
        const [counted] = await db.query<{ total: number | string }>(`select count(*) as total from job_responses where ${where}`, params);
        total = Number(counted?.total ?? 0);
      }
      return { rows: rows.map(responseFromRow), total };
    },

    listByResponder: async (responderId, status, paging) => {
      const columns = responseColumns('r');
      const where = `r.responder_id = ?${status === undefined ? '' : ' and r.status = ?'}`;
      const params = status === undefined ? [responderId] : [responderId, status];
      const rows = await db.query<ResponseRow & { job_title: string; job_status: JobStatus }>(
        `select ${columns}, j.title as job_title, j.status as job_status
         from job_responses r join jobs j on j.id = r.job_id
         where ${where} order by r.created_at desc, r.id desc limit ? offset ?`,
        [...params, paging.limit, paging.offset],
      );
      const [counted] = await db.query<{ total: number | string }>(`select count(*) as total from job_responses r where ${where}`, params);
      return {
        rows: rows.map((row) => ({ response: responseFromRow(row), job: { id: row.job_id, title: row.job_title, status: row.job_status } })),
        total: Number(counted?.total ?? 0),
      };
    },

    withdrawResponse: async (id, at) => {
      const [row] = await db.query<ResponseRow>(
        `update job_responses set status = 'withdrawn', updated_at = ? where id = ? and status = 'active'
         returning ${responseColumns('job_responses')}`,
        [at, id],
      );
      return row ? responseFromRow(row) : null;
    },
  };
};
