import { expressionBuilder, sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { columnsOf, createQueryClient, listPage, prepared, preparedShapes, searchMatches, searchPage, type ClientDatabase, type DisplayNameSql, type EntityTable, type EntityTables, type QueryClient, type SearchTotals, type SqlOperand, totalCount, totalOverAll } from '@svc/db';
import type { Paging } from '@svc/kernel';
import { Job, JobResponse, jobsEntities } from './entities.ts';
import type { JobRecord, ResponseRecord } from './jobs.records.ts';
import type { JobChanges, JobFilter, JobsRepository, PrincipalJobCounts } from './jobs.repository.ts';

type JobsEntity = (typeof jobsEntities)[number];

/** What the jobs repository may run: statements on the jobs tables, typed from their entities, and transactions. */
export type JobsClient = QueryClient<JobsEntity>;

export const jobsClient = (db: ClientDatabase): JobsClient => createQueryClient(db, jobsEntities);

/**
 * The select-list entry naming the principal in `column` (`… as <alias>`), or none when the app
 * supplied no `displayNameSql`: the views then look names up in a second query. The app's
 * expression is a scalar subquery on a column this file names, never input.
 */
const nameColumn = <A extends string>(displayNameSql: DisplayNameSql | undefined, column: string, alias: A) =>
  displayNameSql ? [displayNameSql(column).as(alias)] : [];

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

/** The filter as one condition on `jobs`. Both time bounds ride on the (status, created_at, id) index. */
const matching =
  (filter: JobFilter, q: string | undefined) =>
  (eb: ExpressionBuilder<EntityTables<JobsEntity>, 'jobs'>): Expression<SqlBool> =>
    eb.and([
      eb('status', '=', filter.status),
      ...(q ? [searchMatches(q)] : []),
      ...(filter.tag ? [sql<SqlBool>`tags @> array[${filter.tag}]::text[]`] : []),
      ...(filter.postedBy ? [eb('posted_by', '=', filter.postedBy)] : []),
      ...(filter.postedAfter ? [eb('created_at', '>=', filter.postedAfter)] : []),
      ...(filter.postedBefore ? [eb('created_at', '<', filter.postedBefore)] : []),
    ]);

/** A job's row, with its poster's name when the statement read it. */
type JobRow = Parameters<EntityTable<typeof Job>['read']>[0] & { poster_name?: string | null };

/**
 * The statements for a page of jobs and its capped count (`searchPage`), shared with the EXPLAIN test
 * so it checks what runs. A search also says where its ranked window ended (`oldestRanked`).
 */
export const buildSearchQuery = (db: JobsClient, filter: JobFilter, paging: Paging, displayNameSql?: DisplayNameSql) => {
  const q = filter.q?.trim();
  return searchPage<JobRow>(db.builder, db.table(Job), {
    where: matching(filter, q),
    q,
    paging,
    candidates: SEARCH_CANDIDATES,
    extra: nameColumn(displayNameSql, 'jobs.posted_by', 'poster_name'),
    windowEnd: true,
  });
};

/** Jobs counted per state, read back from the columns `countsOf` names. */
const readCounts = (row: Record<string, unknown>): PrincipalJobCounts => ({
  openJobs: Number(row.jobs_open ?? 0),
  closedJobs: Number(row.jobs_closed ?? 0),
  activeResponses: Number(row.jobs_active_responses ?? 0),
});

/**
 * Jobs storage: every statement built with Kysely on the tables the entities describe
 * (src/queries/jobs.sql shows each method's SQL); the versioned update is one conditional
 * statement, search ranks and counts with a cap.
 *
 * With `displayNameSql` every job and response it reads carries its poster's or responder's display
 * name from the same statement (`posterName`, `responderName`): one round trip per read, not two.
 */
export const createMikroOrmJobsRepository = (db: JobsClient, { displayNameSql }: { displayNameSql?: DisplayNameSql | undefined } = {}): JobsRepository => {
  const { builder: q } = db;
  const jobs = db.table(Job);
  const responses = db.table(JobResponse);

  type ResponseRow = Parameters<typeof responses.read>[0] & { responder_name?: string | null };

  /** The two `budget_*` columns are one budget, or none; the poster's name when it was read. */
  const jobOf = (row: JobRow): JobRecord => {
    const { budgetAmount: amount, budgetCurrency: currency, ...job } = jobs.read(row);
    return {
      ...job,
      budget: amount === null || currency === null ? null : { amount, currency },
      ...(row.poster_name === undefined ? {} : { posterName: row.poster_name }),
    };
  };
  const responseOf = (row: ResponseRow): ResponseRecord => ({
    ...responses.read(row),
    ...(row.responder_name === undefined ? {} : { responderName: row.responder_name }),
  });

  const jobColumns = [...jobs.columns, ...nameColumn(displayNameSql, 'jobs.posted_by', 'poster_name')];
  const responseColumns = [...responses.columnsOf('r'), ...nameColumn(displayNameSql, 'r.responder_id', 'responder_name')];
  const selectJob = (id: string) => q.selectFrom('jobs').select(jobColumns).where('id', '=', id);
  /** The busiest read of all: built once (prepared), sent with each id. */
  const jobById = prepared((v: { id: string }) => selectJob(v.id));

  const expr = expressionBuilder<EntityTables<JobsEntity>, never>();

  /** A principal's counts, each a scalar subquery comparing with `principal`; states as literals, as the planner should see them. */
  const countsOf = (principal: SqlOperand) => [
    expr.selectFrom('jobs').select(expr.fn.countAll().as('n')).where('posted_by', '=', principal).where('status', '=', sql.lit('open')).as('jobs_open'),
    expr.selectFrom('jobs').select(expr.fn.countAll().as('n')).where('posted_by', '=', principal).where('status', '=', sql.lit('closed')).as('jobs_closed'),
    expr
      .selectFrom('job_responses')
      .select(expr.fn.countAll().as('n'))
      .where('responder_id', '=', principal)
      .where('status', '=', sql.lit('active'))
      .as('jobs_active_responses'),
  ];

  /** Active responses on the principal's open jobs: the poster's index finds the jobs, the responses' index their responses. */
  const waitingResponsesOf = (principal: SqlOperand) =>
    expr
      .selectFrom('job_responses as r')
      .innerJoin('jobs as j', 'j.id', 'r.job_id')
      .select(expr.fn.countAll().as('n'))
      .where('j.posted_by', '=', principal)
      .where('j.status', '=', sql.lit('open'))
      .where('r.status', '=', sql.lit('active'))
      .as('jobs_waiting_responses');

  /** The columns a change writes (the two `budget_*` columns are its budget); the fields it leaves alone are not there. */
  const changedColumns = ({ budget, ...changes }: JobChanges) =>
    jobs.updates(budget === undefined ? changes : { ...changes, budgetAmount: budget?.amount ?? null, budgetCurrency: budget?.currency ?? null });
  type ChangedColumns = ReturnType<typeof changedColumns>;
  type ChangedColumn = keyof ChangedColumns;

  /**
   * The versioned update of these columns (and, when the poster guards it, only of their live job),
   * built once per set of columns (prepared): an edit changes a handful of field sets again and again.
   * Only a row where one of them differs is written: an edit re-sending what the job says writes
   * nothing (no new version), and the caller learns that from the job as it is.
   */
  const updateOf = preparedShapes(
    ({ columns, guarded }: { columns: readonly ChangedColumn[]; guarded: boolean }) => `${columns.join(',')} ${guarded}`,
    ({ columns, guarded }) =>
      prepared((v: ChangedColumns & { id: string; expectedVersion: number; postedBy: string }) =>
        q
          .updateTable('jobs')
          .set((eb) => ({ ...Object.fromEntries(columns.map((column) => [column, v[column]])), version: eb('version', '+', eb.lit(1)) }))
          .where('id', '=', v.id)
          .where('version', '=', v.expectedVersion)
          .$if(guarded, (qb) => qb.where('posted_by', '=', v.postedBy).where('status', '<>', 'removed'))
          .where((eb) => eb.or(columns.filter((column) => column !== 'updated_at').map((column) => eb(column, 'is distinct from', v[column] as never))))
          .returning(jobColumns),
      ),
  );

  return {
    insert: ({ budget, ...job }) =>
      db.insert(Job, { ...job, budgetAmount: budget?.amount ?? null, budgetCurrency: budget?.currency ?? null }),

    findById: async (id) => {
      const [row] = await db.query(jobById({ id }));
      return row ? jobOf(row) : null;
    },

    updateIfVersion: async (id, expectedVersion, changes, guard) => {
      const columns = changedColumns(changes);
      const given = { ...columns, id, expectedVersion, postedBy: guard?.postedBy ?? '' };
      // A transaction of its own, committed with other writes of the moment (db.write).
      const [row] = await db.write(updateOf({ columns: Object.keys(columns) as ChangedColumn[], guarded: guard !== undefined })(given));
      return row ? jobOf(row) : null;
    },

    search: async (filter, paging) => {
      const { page, count, countCap } = buildSearchQuery(db, filter, paging, displayNameSql);
      // Planned per call: a rare word reads the GIN index, a common one walks the newest jobs.
      const found = await db.query(page, { planForValues: true });
      let summary: SearchTotals | undefined = found[0];
      if (found.length === 0 && paging.offset > 0) [summary] = await db.query(count, { planForValues: true });
      const total = Number(summary?.capped_total ?? summary?.total ?? 0);
      const totalIsLowerBound = total >= countCap;
      const oldest = summary?.oldest_candidate ?? summary?.oldest ?? null;
      return {
        rows: found.map(jobOf),
        total,
        totalIsLowerBound,
        // PGlite hands the timestamp over as a Date, PostgreSQL as text (`2026-11-21 12:00:00.123+00`): Date reads both.
        oldestRanked: filter.q?.trim() && totalIsLowerBound && oldest !== null ? new Date(oldest) : null,
      };
    },

    /** The counts as columns of a shared select: `/api/v1/me` runs them with other domains'. */
    countsColumns: (principal) => ({ sql: columnsOf(countsOf(principal)), read: readCounts }),

    waitingResponsesColumns: (principal) => ({
      sql: columnsOf([waitingResponsesOf(principal)]),
      read: (row) => ({ waitingResponses: Number(row.jobs_waiting_responses ?? 0) }),
    }),

    activeResponseCounts: async (posterId, jobIds) => {
      if (jobIds.length === 0) return new Map();
      const rows = await db.query(
        q
          .selectFrom('job_responses as r')
          .innerJoin('jobs as j', 'j.id', 'r.job_id')
          .select((eb) => ['r.job_id', eb.fn.countAll<number | string>().as('n')])
          .where('j.posted_by', '=', posterId)
          .where('r.job_id', 'in', [...jobIds])
          .where('r.status', '=', sql.lit('active'))
          .groupBy('r.job_id'),
      );
      return new Map(rows.map((row) => [row.job_id, Number(row.n)]));
    },

    countsFor: async (principalId) => readCounts((await db.query(q.selectNoFrom(countsOf(sql.val(principalId)))))[0] ?? {}),

    listByPoster: async (principalId, status, paging) => {
      const mine = q
        .selectFrom('jobs')
        .where('posted_by', '=', principalId)
        .$if(status === undefined, (qb) => qb.where('status', 'in', ['open', 'closed']))
        .$if(status !== undefined, (qb) => qb.where('status', '=', status!));
      const page = mine.select([...jobColumns, totalOverAll]).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(paging.limit).offset(paging.offset);
      const { rows, total } = await listPage(db, page, () => mine.select(totalCount), paging);
      return { rows: rows.map(jobOf), total };
    },

    withJobLocked: (id, work) =>
      db.transaction(async () => {
        const [row] = await db.query(selectJob(id).forShare());
        return work(row ? jobOf(row) : null);
      }),

    insertResponse: (response) => db.insert(JobResponse, response),

    findResponseById: async (id) => {
      const [row] = await db.query(q.selectFrom('job_responses as r').select(responseColumns).where('r.id', '=', id));
      return row ? responseOf(row) : null;
    },

    listResponses: async (jobId, responderId, paging) => {
      const of = q
        .selectFrom('job_responses as r')
        .where('r.job_id', '=', jobId)
        .$if(responderId !== undefined, (qb) => qb.where('r.responder_id', '=', responderId!));
      const page = of.select([...responseColumns, totalOverAll]).orderBy('r.created_at').orderBy('r.id').limit(paging.limit).offset(paging.offset);
      const { rows, total } = await listPage(db, page, () => of.select(totalCount), paging);
      return { rows: rows.map(responseOf), total };
    },

    listByResponder: async (responderId, status, paging) => {
      const theirs = q
        .selectFrom('job_responses as r')
        .where('r.responder_id', '=', responderId)
        .$if(status !== undefined, (qb) => qb.where('r.status', '=', status!));
      const page = theirs
        .innerJoin('jobs as j', 'j.id', 'r.job_id')
        .select([...responseColumns, 'j.title as job_title', 'j.status as job_status', totalOverAll])
        .orderBy('r.created_at', 'desc')
        .orderBy('r.id', 'desc')
        .limit(paging.limit)
        .offset(paging.offset);
      const { rows, total } = await listPage(db, page, () => theirs.select(totalCount), paging);
      return { rows: rows.map((row) => ({ response: responseOf(row), job: { id: row.job_id, title: row.job_title, status: row.job_status } })), total };
    },

    withdrawResponse: async (id, at) => {
      const [row] = await db.query(
        q
          .updateTable('job_responses as r')
          .set({ status: 'withdrawn', updated_at: at })
          .where('r.id', '=', id)
          .where('r.status', '=', 'active')
          .returning(responseColumns),
      );
      return row ? responseOf(row) : null;
    },
  };
};
