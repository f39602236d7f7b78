import * as v from 'valibot';
import { idParam } from './path-params.ts';
import { NO_CONTACT_DETAILS } from './public-text.ts';
import { AFTER_TIMED_OUT_EDIT, myList, ownedRecord, OWNER_STATUS_ERRORS } from './owned-records.ts';
import { defineOperation } from '@svc/http';
import type { Scope } from '@svc/access';
import {
  jobCreateSchema,
  jobListQuerySchema,
  jobListSchema,
  jobPatchSchema,
  jobResponseSchema,
  jobResponsesQuerySchema,
  jobSchema,
  myJobsQuerySchema,
  myResponseListSchema,
  myResponsesQuerySchema,
  responseCreateSchema,
  responseListSchema,
  rtsTaskSchema,
} from '@svc/jobs';
import type { Services } from '@svc/runtime';

const op = defineOperation<Services, Scope>();
const jobId = v.object({ id: idParam('The job id (`job_…`)') });
const responseId = v.object({ id: idParam('The response id (`rsp_…`)') });
const write = { scopes: ['jobs:write'] } as const;
const respond = { scopes: ['responses:write'] } as const;
const job = ownedRecord({ group: 'jobs', path: '/api/v1/jobs/{id}', params: jobId, schema: jobSchema, auth: write });
/** What a public job answer is built from: the jobs and their posters' display names. */
const JOB_TABLES = ['jobs', 'principals'];

/** A public read of one job, in one of its forms, at `/api/v1/jobs/{id}{below}`: `not_found`, or 410 `removed` once removed. */
const jobRead = (name: string, below: string) => ({
  id: `jobs.${name}`,
  method: 'GET' as const,
  path: `/api/v1/jobs/{id}${below}`,
  auth: 'public' as const,
  request: { params: jobId },
  errors: ['not_found', 'removed'],
});

/** The date rules of a job (docs/jobs.md). */
const DEADLINE_RULES =
  'A response_deadline or delivery_deadline that is set or moved must not be in the past, and the delivery_deadline must not come before the response_deadline: 400 `validation_failed` naming the field.';

/** Jobs and responses: public reads; posting and changing by the owner; responses seen only by their participants. */
export const JOBS_OPERATIONS = [
  op({
    id: 'jobs.list',
    method: 'GET',
    path: '/api/v1/jobs',
    summary: 'Search and list jobs (open by default), newest first or by relevance with q',
    auth: 'public',
    request: { query: jobListQuerySchema },
    responses: { 200: jobListSchema },
    errors: [],
    cache: { tables: JOB_TABLES },
    listRead: true,
    handler: ({ services, query }) => services.jobs.list(query),
  }),
  op({
    id: 'jobs.create',
    method: 'POST',
    path: '/api/v1/jobs',
    summary: 'Post a job, or a template job with {template, details}',
    description: `${DEADLINE_RULES} ${NO_CONTACT_DETAILS}`,
    auth: write,
    idempotent: {},
    request: { body: jobCreateSchema },
    responses: { 201: jobSchema, 200: jobSchema },
    location: { read: '/api/v1/jobs/{id}' },
    errors: ['blocked_content'],
    refusesContent: true,
    handler: ({ services, actor, body }) => services.jobs.create(actor, body),
  }),
  op({
    ...jobRead('get', ''),
    summary: 'Read a job',
    responses: { 200: jobSchema },
    cache: { tables: JOB_TABLES },
    handler: ({ services, params }) => services.jobs.get(params.id),
  }),
  job.update(
    'Edit a job at the version you read (expected_version)',
    {
      body: jobPatchSchema,
      description:
        `${AFTER_TIMED_OUT_EDIT} Never retry blindly. ` +
        `${DEADLINE_RULES} A deadline sent again unchanged is kept even when it has passed. ${NO_CONTACT_DETAILS}`,
      errors: ['blocked_content'],
    },
    ({ jobs }, actor, id, patch) => jobs.update(actor, id, patch),
  ),
  job.remove('Remove a job listing (reads answer 410 afterwards)', OWNER_STATUS_ERRORS, ({ jobs }, actor, id, version) => jobs.remove(actor, id, version)),
  job.statusChange('close', 'Close an open job to new responses', ({ jobs }, actor, id, body) => jobs.close(actor, id, body)),
  job.statusChange('reopen', 'Reopen a closed job', ({ jobs }, actor, id, body) => jobs.reopen(actor, id, body)),
  op({
    ...jobRead('rts', '/rts'),
    summary: 'Read a job as an RTS 0.2 task (not an RTS agreement)',
    responses: { 200: rtsTaskSchema },
    handler: ({ services, params }) => services.jobs.getRts(params.id),
  }),
  myList(
    {
      group: 'jobs',
      summary: 'Your own jobs, newest first: open and closed ones, or only those of one status',
      description: 'Removed jobs are listed only with `status=removed`. The counts of `GET /api/v1/me` say how many there are of each status.',
      query: myJobsQuerySchema,
      answer: jobListSchema,
    },
    ({ jobs }, actor, query) => jobs.listMine(actor, query),
  ),
  op({
    id: 'responses.list',
    method: 'GET',
    path: '/api/v1/jobs/{id}/responses',
    summary: "List a job's responses, oldest first: all of them for its poster, only your own for anyone else",
    auth: { scopes: ['account:read'] },
    request: { params: jobId, query: jobResponsesQuerySchema },
    responses: { 200: responseListSchema },
    errors: ['not_found'],
    handler: ({ services, actor, params, query }) => services.responses.listForJob(actor, params.id, query),
  }),
  op({
    id: 'responses.create',
    method: 'POST',
    path: '/api/v1/jobs/{id}/responses',
    summary: 'Respond to a job with an offer of help or a question',
    auth: respond,
    idempotent: {},
    request: { params: jobId, body: responseCreateSchema },
    responses: { 201: jobResponseSchema, 200: jobResponseSchema },
    location: { none: 'a response has no address of its own; the job’s owner reads it in `GET /api/v1/jobs/{id}/responses`, its author in `GET /api/v1/me/responses`.' },
    // A removed job is closed to responses: 409 job_closed, as docs/jobs.md says, never 410.
    errors: ['not_found', 'job_closed', 'own_job', 'job_changed', 'expected_version_required'],
    handler: ({ services, actor, params, body }) => services.responses.create(actor, params.id, body),
  }),
  myList(
    {
      group: 'responses',
      summary: "Your own responses to other people's jobs, newest first, each with its job: active and withdrawn ones, or only those of one status",
      query: myResponsesQuerySchema,
      answer: myResponseListSchema,
    },
    ({ responses }, actor, query) => responses.listMine(actor, query),
  ),
  op({
    id: 'responses.withdraw',
    method: 'POST',
    path: '/api/v1/responses/{id}/withdraw',
    summary: 'Withdraw your response',
    auth: respond,
    request: { params: responseId },
    responses: { 200: jobResponseSchema },
    errors: ['not_found', 'not_owner', 'invalid_state'],
    handler: ({ services, actor, params }) => services.responses.withdraw(actor, params.id),
  }),
];
