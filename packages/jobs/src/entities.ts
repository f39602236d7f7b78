import { defineEntity, p, Routine } from '@mikro-orm/core';
import { announceChangesTrigger } from '@svc/db';
import { JOB_STATUSES } from './jobs.state.ts';
import { FEE_TREATMENTS, RESPONSE_KINDS, RESPONSE_STATUSES } from './jobs.schemas.ts';
import type { JobTemplateRef } from './jobs.records.ts';

/**
 * The text the search column indexes, weighted so a match in the title or tags ranks above one in
 * the body. Tags go through `jobs_tags_text` because `array_to_string` is only STABLE, and a
 * generated column needs IMMUTABLE parts (see migrations.ts).
 */
export const JOB_SEARCH_EXPRESSION =
  "setweight(to_tsvector('english', title), 'A') || " +
  "setweight(to_tsvector('english', jobs_tags_text(tags)), 'B') || " +
  "setweight(to_tsvector('english', outcome || ' ' || scope || ' ' || deliverables), 'C')";

/**
 * A job. The table is created by `jobsMigrations`; this mapping must describe the same columns.
 * `version` is bumped only by the repository's conditional UPDATE, never by the unit of work.
 */
export const Job = defineEntity({
  name: 'Job',
  tableName: 'jobs',
  properties: {
    id: p.text().primary(),
    status: p.enum(JOB_STATUSES),
    version: p.integer(),
    title: p.text(),
    outcome: p.text(),
    scope: p.text(),
    deliverables: p.text(),
    constraints: p.text(),
    budgetAmount: p.decimal('number').columnType('numeric').nullable(),
    budgetCurrency: p.text().nullable(),
    feeTreatment: p.enum(FEE_TREATMENTS),
    responseDeadline: p.datetime().nullable(),
    deliveryDeadline: p.datetime().nullable(),
    timezone: p.text().nullable(),
    completionChecklist: p.json<string[]>(),
    tags: p.array().columnType('text[]'),
    template: p.json<JobTemplateRef>().nullable(),
    postedBy: p.text(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
    // Written by PostgreSQL; never selected by default (lazy) and never sent on insert.
    search: p
      .text()
      .columnType('tsvector')
      .generated(`(${JOB_SEARCH_EXPRESSION}) stored`)
      .lazy()
      .nullable(),
  },
  indexes: [
    { name: 'jobs_search_index', properties: ['search'], type: 'gin' },
    { name: 'jobs_tags_index', properties: ['tags'], type: 'gin' },
    {
      name: 'jobs_status_created_at_id_index',
      columns: [{ name: 'status' }, { name: 'created_at', sort: 'desc' }, { name: 'id', sort: 'desc' }],
    },
    {
      name: 'jobs_posted_by_status_created_at_index',
      columns: [{ name: 'posted_by' }, { name: 'status' }, { name: 'created_at', sort: 'desc' }],
    },
  ],
  // Public job answers are cached per process: every change is announced to every process.
  triggers: [announceChangesTrigger('jobs')],
});

/** A response (an offer of help or a question) to a job. */
export const JobResponse = defineEntity({
  name: 'JobResponse',
  tableName: 'job_responses',
  properties: {
    id: p.text().primary(),
    jobId: p.manyToOne(Job).mapToPk().fieldName('job_id').foreignKeyName('job_responses_job_id_foreign'),
    kind: p.enum(RESPONSE_KINDS),
    message: p.text(),
    status: p.enum(RESPONSE_STATUSES),
    responderId: p.text(),
    jobVersionSeen: p.integer(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
  indexes: [
    { name: 'job_responses_job_id_created_at_index', properties: ['jobId', 'createdAt'] },
    { name: 'job_responses_responder_id_index', properties: ['responderId'] },
  ],
});

/**
 * The IMMUTABLE wrapper the search column calls (created by `jobsMigrations`). Declared so the
 * comparison knows it instead of offering to drop it; Its body is
 * not compared: PostgreSQL gives a SQL-standard body (`return …`) back as the whole definition,
 * which MikroORM cannot tell apart from a changed one. `strict parallel safe` has no declaration.
 */
export const jobsTagsText = new Routine({
  name: 'jobs_tags_text',
  type: 'function',
  language: 'sql',
  deterministic: true,
  params: { tags: { type: 'text[]' } },
  returns: { runtimeType: 'string', columnType: 'text' },
  body: "return array_to_string(tags, ' ')",
  ignoreSchemaChanges: ['body'],
});

export const jobsEntities = [Job, JobResponse];
export const jobsRoutines = [jobsTagsText];
