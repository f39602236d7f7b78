import * as v from 'valibot';
import { money, maxChars, trimmedText, pagingEntries, parseInput, parseVersioned, principalSummarySchema, validationFailed, versionSchema, describedIsoTimestamp, listEntries, pageEntries, recordVersionSchema } from '@svc/kernel';
import { JOB_STATUSES, type JobStatus } from './jobs.state.ts';

export const FEE_TREATMENTS = ['no_fee', 'fee_included', 'fee_extra'] as const;
export type FeeTreatment = (typeof FEE_TREATMENTS)[number];

export const RESPONSE_KINDS = ['offer', 'question'] as const;
export type ResponseKind = (typeof RESPONSE_KINDS)[number];

export const RESPONSE_STATUSES = ['active', 'withdrawn'] as const;
export type ResponseStatus = (typeof RESPONSE_STATUSES)[number];

export const LIMITS = {
  title: 200,
  text: 4000,
  checklistItems: 30,
  checklistItem: 500,
  tags: 10,
  tag: 40,
  message: 4000,
  budgetAmount: 1_000_000_000,
} as const;

/** Canonical IANA name of a time zone, or null when the runtime does not know it. */
const canonicalTimeZone = (name: string): string | null => {
  // Offsets such as "+01:00" are accepted by Intl but are not IANA names.
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/.test(name)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
};

const title = trimmedText(LIMITS.title, 1);

const budget = v.nullable(money(LIMITS.budgetAmount));

/** `Date.parse` quietly rolls 2026-02-30 over into March; refuse days that do not exist instead. */
const isRealDay = (text: string): boolean => {
  const [year, month, day] = text.slice(0, 10).split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  // PostgreSQL has no year 0 (1 BC comes before AD 1), so year 0000 cannot be stored.
  return year >= 1 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day && !Number.isNaN(Date.parse(text));
};

/** Deadlines the database and every client can hold: from 1900 to the end of 9999, in UTC. */
const EARLIEST = Date.UTC(1900, 0, 1);
const LATEST = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** An ISO 8601 timestamp with a time zone (`Z` or an offset), turned into a Date. */
const timestamp = v.nullable(
  v.pipe(
    v.string(),
    // The longest ISO 8601 form valibot accepts (nine fraction digits and an offset) is 35 characters.
    maxChars(40),
    v.isoTimestamp('must be an ISO 8601 timestamp such as 2026-12-01T18:00:00.000Z'),
    v.check(isRealDay, 'must be a real date and time'),
    v.transform((text) => new Date(text)),
    v.check((date) => date.getTime() >= EARLIEST && date.getTime() <= LATEST, 'must lie between 1900-01-01 and 9999-12-31 (UTC)'),
    v.description('ISO 8601 with a time zone, between 1900-01-01 and 9999-12-31 UTC'),
  ),
);

const timezone = v.nullable(
  v.pipe(
    v.string(),
    // The longest IANA name is 32 characters.
    maxChars(64),
    v.check((name) => canonicalTimeZone(name) !== null, 'must be an IANA time zone name such as Europe/London'),
    v.transform((name) => canonicalTimeZone(name) ?? name),
  ),
);

const checklist = v.pipe(
  v.array(trimmedText(LIMITS.checklistItem, 1)),
  v.maxLength(LIMITS.checklistItems, `must have at most ${LIMITS.checklistItems} items`),
);

const tags = v.pipe(
  v.array(
    v.pipe(
      v.string(),
      v.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be a lower-case slug such as party-planning'),
      maxChars(LIMITS.tag),
    ),
  ),
  v.maxLength(LIMITS.tags, `must have at most ${LIMITS.tags} tags`),
  // A repeated tag adds nothing; keep the first of each.
  v.transform((list) => [...new Set(list)]),
);

/** The writable job fields, every one optional: PATCH uses them as they are. */
const jobFieldEntries = {
  title: v.optional(title),
  outcome: v.optional(trimmedText(LIMITS.text)),
  scope: v.optional(trimmedText(LIMITS.text)),
  deliverables: v.optional(trimmedText(LIMITS.text)),
  constraints: v.optional(trimmedText(LIMITS.text)),
  budget: v.optional(budget),
  fee_treatment: v.optional(v.picklist(FEE_TREATMENTS, `must be one of ${FEE_TREATMENTS.join(', ')}`)),
  response_deadline: v.optional(timestamp),
  delivery_deadline: v.optional(timestamp),
  timezone: v.optional(timezone),
  completion_checklist: v.optional(checklist),
  tags: v.optional(tags),
};

/** POST body: job fields, optionally with `template` and `details` (a template job). */
export const jobCreateSchema = v.strictObject({
  ...jobFieldEntries,
  template: v.optional(v.pipe(v.string(), maxChars(100))),
  details: v.optional(v.unknown()),
});

/** PATCH body: any job fields plus the version the caller read (checked first by the kernel's `requireExpectedVersion`). */
export const jobPatchSchema = v.strictObject({
  ...jobFieldEntries,
  expected_version: versionSchema,
});

export type JobCreateInput = v.InferOutput<typeof jobCreateSchema>;
export type JobPatchInput = v.InferOutput<typeof jobPatchSchema>;
/** The writable fields of a job, as the API names them. */
export type JobFields = {
  [K in keyof typeof jobFieldEntries]-?: Exclude<v.InferOutput<(typeof jobFieldEntries)[K]>, undefined>;
};

/** A blank title (empty or only spaces) on a template job is left for the template to fill. */
const withoutBlankTemplateTitle = (input: unknown): unknown => {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return input;
  const body = input as Record<string, unknown>;
  if (body.template === undefined || typeof body.title !== 'string' || body.title.trim() !== '') return input;
  const { title: _blank, ...rest } = body;
  return rest;
};

/** Parses a POST body: a template job may leave `title` to the template; others must give one. */
export const parseJobCreate = (input: unknown): JobCreateInput => {
  const parsed = parseInput(jobCreateSchema, withoutBlankTemplateTitle(input));
  if (parsed.template === undefined) {
    if (parsed.details !== undefined) {
      throw validationFailed([{ path: 'details', message: 'is only allowed together with template' }]);
    }
    if (parsed.title === undefined) throw validationFailed([{ path: 'title', message: 'is required' }]);
  } else if (parsed.details === undefined) {
    throw validationFailed([{ path: 'details', message: 'is required with template' }]);
  }
  return parsed;
};

/**
 * Parses a PATCH body: 428 `expected_version_required` when the version is missing (no body at all
 * included), then the fields.
 * An empty change is refused rather than counted as a new version.
 */
export const parseJobPatch = (input: unknown): { expectedVersion: number; patch: Omit<JobPatchInput, 'expected_version'> } => {
  const { expectedVersion, body } = parseVersioned(jobPatchSchema, input);
  const { expected_version: _version, ...patch } = body;
  if (Object.keys(patch).length === 0) {
    throw validationFailed([{ path: '', message: 'send at least one field to change' }]);
  }
  return { expectedVersion, patch };
};

const LISTED_STATUSES = ['open', 'closed'] as const satisfies readonly JobStatus[];

/**
 * A moment in a query string: a day (`2026-11-01`, its start in UTC) or an ISO 8601 timestamp with
 * a time zone, on a real date between 1900 and 9999 like every date the API takes.
 */
const moment = (description: string) =>
  v.pipe(
    v.string(),
    maxChars(40),
    v.check(
      (text) => /^\d{4}-\d{2}-\d{2}$/.test(text) || v.is(v.pipe(v.string(), v.isoTimestamp()), text),
      'must be a day (2026-11-01) or an ISO 8601 timestamp such as 2026-11-01T18:00:00.000Z',
    ),
    v.check(isRealDay, 'must be a real date and time'),
    v.transform((text) => new Date(text)),
    v.check((date) => date.getTime() >= EARLIEST && date.getTime() <= LATEST, 'must lie between 1900-01-01 and 9999-12-31 (UTC)'),
    v.description(description),
  );

/** `GET /api/v1/jobs` query strings. */
export const jobListQuerySchema = v.strictObject({
  q: v.optional(trimmedText(200)),
  tag: v.optional(v.pipe(v.string(), maxChars(LIMITS.tag), v.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be a lower-case slug'))),
  // Removed jobs are never listed, so `removed` is not a value a caller may ask for.
  status: v.optional(v.picklist(LISTED_STATUSES, 'must be open or closed'), 'open'),
  posted_after: v.optional(moment('Only jobs posted at or after this moment (a day means its start, UTC)')),
  posted_before: v.optional(
    moment('Only jobs posted before this moment (a day means its start, UTC). A search ranks the newest 300 matches: send `older_matches_before` here to rank older ones'),
  ),
  ...pagingEntries,
});
export type JobListQuery = v.InferOutput<typeof jobListQuerySchema>;

/** The caller's own jobs: open and closed ones unless `status` picks one; removed ones only when asked for. */
export const myJobsQuerySchema = v.strictObject({
  status: v.optional(v.picklist(JOB_STATUSES, 'must be open, closed or removed')),
  ...pagingEntries,
});
export type MyJobsQuery = v.InferOutput<typeof myJobsQuerySchema>;

/** The caller's own responses: active and withdrawn ones unless `status` picks one. */
export const myResponsesQuerySchema = v.strictObject({
  status: v.optional(v.picklist(RESPONSE_STATUSES, 'must be active or withdrawn')),
  ...pagingEntries,
});

/** A job's responses: paging only. */
export const jobResponsesQuerySchema = v.strictObject({ ...pagingEntries });
export type MyResponsesQuery = v.InferOutput<typeof myResponsesQuerySchema>;

/** `POST /api/v1/jobs/{id}/responses` body. */
export const responseCreateSchema = v.strictObject({
  kind: v.picklist(RESPONSE_KINDS, `must be one of ${RESPONSE_KINDS.join(', ')}`),
  message: trimmedText(LIMITS.message, 1),
  expected_version: v.optional(versionSchema),
});
export type ResponseCreateInput = v.InferOutput<typeof responseCreateSchema>;

// ---- Output: the public shapes of the API, with the TypeScript types inferred from them. ----

const budgetOut = v.object({ amount: v.number(), currency: v.pipe(v.string(), v.regex(/^[A-Z]{3}$/)) });
const templateRefOut = v.object({ id: v.string(), details: v.record(v.string(), v.unknown()) });

/** A principal as other people see them: never an e-mail address. */
export { principalSummarySchema };

export const JOB_STATUS_VALUES = ['open', 'closed', 'removed'] as const satisfies readonly JobStatus[];

/** The Job of the API. */
export const jobSchema = v.object({
  id: v.string(),
  url: v.pipe(v.string(), v.url()),
  rts_url: v.pipe(v.string(), v.url()),
  status: v.picklist(JOB_STATUS_VALUES),
  version: recordVersionSchema,
  title: v.string(),
  outcome: v.string(),
  scope: v.string(),
  deliverables: v.string(),
  constraints: v.string(),
  budget: v.nullable(budgetOut),
  fee_treatment: v.picklist(FEE_TREATMENTS),
  response_deadline: v.nullable(describedIsoTimestamp),
  delivery_deadline: v.nullable(describedIsoTimestamp),
  timezone: v.nullable(v.string()),
  completion_checklist: v.array(v.string()),
  tags: v.array(v.string()),
  template: v.nullable(templateRefOut),
  posted_by: v.object({ ...principalSummarySchema.entries, profile: v.pipe(v.string(), v.url()) }),
  created_at: describedIsoTimestamp,
  updated_at: describedIsoTimestamp,
  notice: v.string(),
});
export type JobJson = v.InferOutput<typeof jobSchema>;

export const jobListSchema = v.object({
  jobs: v.array(jobSchema),
  total: v.pipe(v.number(), v.integer(), v.description('Counted up to a cap (see total_is_lower_bound)')),
  /** Counting every match would grow with the table: past the cap, `total` says "at least". */
  total_is_lower_bound: v.pipe(v.boolean(), v.description('True when there are at least `total` matches, possibly more')),
  /** A search ranks its newest matches only: this is where the older ones begin. */
  older_matches_before: v.pipe(
    v.nullable(describedIsoTimestamp),
    v.description(
      'With q: when more matches exist than the newest 300 ranked here, send this as posted_before to rank the older ones ' +
        '(a match posted in the boundary millisecond may show in both). Null when every match was ranked, and for lists without q.',
    ),
  ),
  limit: pageEntries.limit,
  offset: pageEntries.offset,
});
export type JobList = v.InferOutput<typeof jobListSchema>;

/** A response to a job; visible only to the job's poster and the responder. */
export const jobResponseSchema = v.object({
  id: v.string(),
  job_id: v.string(),
  kind: v.picklist(RESPONSE_KINDS),
  message: v.string(),
  status: v.picklist(RESPONSE_STATUSES),
  responder: principalSummarySchema,
  job_version_seen: v.pipe(v.number(), v.integer()),
  created_at: describedIsoTimestamp,
  updated_at: describedIsoTimestamp,
});
export type JobResponseJson = v.InferOutput<typeof jobResponseSchema>;

export const responseListSchema = v.object(listEntries('responses', jobResponseSchema));
export type ResponseList = v.InferOutput<typeof responseListSchema>;

/** One of the caller's own responses, with the job it answers (which may since be closed or removed). */
export const myResponseSchema = v.object({
  ...jobResponseSchema.entries,
  job: v.object({ id: v.string(), title: v.string(), url: v.pipe(v.string(), v.url()), status: v.picklist(JOB_STATUS_VALUES) }),
});
export type MyResponseJson = v.InferOutput<typeof myResponseSchema>;

export const myResponseListSchema = v.object(listEntries('responses', myResponseSchema));
export type MyResponseList = v.InferOutput<typeof myResponseListSchema>;

/** A job as an RTS 0.2 task (docs/rts.md); not an RTS agreement. */
export const rtsTaskSchema = v.object({
  rts_version: v.literal('0.2'),
  type: v.literal('task'),
  id: v.string(),
  status: v.picklist(JOB_STATUS_VALUES),
  version: recordVersionSchema,
  title: v.string(),
  objective: v.string(),
  scope: v.string(),
  deliverables: v.string(),
  constraints: v.string(),
  acceptance_criteria: v.array(v.string()),
  budget: v.nullable(budgetOut),
  fee_treatment: v.picklist(FEE_TREATMENTS),
  deadlines: v.object({ respond_by: v.nullable(describedIsoTimestamp), deliver_by: v.nullable(describedIsoTimestamp) }),
  timezone: v.nullable(v.string()),
  tags: v.array(v.string()),
  template: v.nullable(templateRefOut),
  requester: v.object({ id: v.string(), name: v.string(), profile: v.string() }),
  source: v.object({ url: v.string(), rts_url: v.string() }),
  created_at: describedIsoTimestamp,
  updated_at: describedIsoTimestamp,
  agreement: v.literal(false),
  notice: v.string(),
});
export type RtsTask = v.InferOutput<typeof rtsTaskSchema>;
