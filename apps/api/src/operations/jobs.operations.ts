import * as v from 'valibot';
import { idParam } from './path-params.ts';
import { NO_CONTACT_DETAILS } from './public-text.ts';
import { OWNER_EDIT_ERRORS, OWNER_STATUS_ERRORS } from './owner-errors.ts';
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
import { optionalVersionQuerySchema, statusChangeSchema, versionFromQuery } from '@svc/kernel';
import type { Services } from '@svc/runtime';

const op = defineOperation<Services, Scope>();
const id = v.object({ id: idParam('The job id (`job_…`)') });
const responseId = v.object({ id: idParam('The response id (`rsp_…`)') });
const write = { scopes: ['jobs:write'] } as const;
/** What a public job answer is built from: the jobs and their posters' display names. */
const JOB_TABLES = ['jobs', 'principals'];

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
    errors: ['limit_reached', 'blocked_content'],
    handler: ({ services, actor, body }) => services.jobs.create(actor, body),
  }),
  op({
    id: 'jobs.get',
    method: 'GET',
    path: '/api/v1/jobs/{id}',
    summary: 'Read a job',
    auth: 'public',
    request: { params: id },
    responses: { 200: jobSchema },
    errors: ['not_found', 'removed'],
    cache: { tables: JOB_TABLES },
    handler: ({ services, params }) => services.jobs.get(params.id),
  }),
  op({
    id: 'jobs.update',
    method: 'PATCH',
    path: '/api/v1/jobs/{id}',
    summary: 'Edit a job at the version you read (expected_version)',
    description:
      'After a timed-out edit, re-read: if `version` is your expected_version + 1 and your change is there, it succeeded; otherwise reapply with the current version. Never retry blindly. ' +
      `${DEADLINE_RULES} A deadline sent again unchanged is kept even when it has passed. ${NO_CONTACT_DETAILS}`,
    auth: write,
    request: { params: id, body: jobPatchSchema },
    responses: { 200: jobSchema },
    errors: [...OWNER_EDIT_ERRORS, 'blocked_content'],
    handler: ({ services, actor, params, body }) => services.jobs.update(actor, params.id, body),
  }),
  op({
    id: 'jobs.remove',
    method: 'DELETE',
    path: '/api/v1/jobs/{id}',
    summary: 'Remove a job listing (reads answer 410 afterwards); query expected_version, when sent, must match',
    auth: write,
    request: { params: id, query: optionalVersionQuerySchema },
    responses: { 200: jobSchema },
    errors: OWNER_STATUS_ERRORS,
    handler: ({ services, actor, params, query }) => services.jobs.remove(actor, params.id, versionFromQuery(query)),
  }),
  op({
    id: 'jobs.close',
    method: 'POST',
    path: '/api/v1/jobs/{id}/close',
    summary: 'Close an open job to new responses; body expected_version, when sent, must match',
    auth: write,
    request: { params: id, body: statusChangeSchema },
    responses: { 200: jobSchema },
    errors: OWNER_STATUS_ERRORS,
    handler: ({ services, actor, params, body }) => services.jobs.close(actor, params.id, body),
  }),
  op({
    id: 'jobs.reopen',
    method: 'POST',
    path: '/api/v1/jobs/{id}/reopen',
    summary: 'Reopen a closed job; body expected_version, when sent, must match',
    auth: write,
    request: { params: id, body: statusChangeSchema },
    responses: { 200: jobSchema },
    errors: OWNER_STATUS_ERRORS,
    handler: ({ services, actor, params, body }) => services.jobs.reopen(actor, params.id, body),
  }),
  op({
    id: 'jobs.rts',
    method: 'GET',
    path: '/api/v1/jobs/{id}/rts',
    summary: 'Read a job as an RTS 0.2 task (not an RTS agreement)',
    auth: 'public',
    request: { params: id },
    responses: { 200: rtsTaskSchema },
    errors: ['not_found', 'removed'],
    handler: ({ services, params }) => services.jobs.getRts(params.id),
  }),
  op({
    id: 'jobs.mine',
    method: 'GET',
    path: '/api/v1/me/jobs',
    summary: 'Your own jobs, newest first: open and closed ones, or only those of one status',
    description: 'Removed jobs are not listed. The counts of `GET /api/v1/me` say how many there are of each status.',
    auth: { scopes: ['account:read', 'jobs:write'] },
    request: { query: myJobsQuerySchema },
    responses: { 200: jobListSchema },
    errors: [],
    handler: ({ services, actor, query }) => services.jobs.listMine(actor, query),
  }),
  op({
    id: 'responses.list',
    method: 'GET',
    path: '/api/v1/jobs/{id}/responses',
    summary: "List a job's responses, oldest first: all of them for its poster, only your own for anyone else",
    auth: { scopes: ['account:read'] },
    request: { params: id, query: jobResponsesQuerySchema },
    responses: { 200: responseListSchema },
    errors: ['not_found'],
    handler: ({ services, actor, params, query }) => services.responses.listForJob(actor, params.id, query),
  }),
  op({
    id: 'responses.create',
    method: 'POST',
    path: '/api/v1/jobs/{id}/responses',
    summary: 'Respond to a job with an offer of help or a question',
    auth: { scopes: ['responses:write'] },
    idempotent: {},
    request: { params: id, body: responseCreateSchema },
    responses: { 201: jobResponseSchema, 200: jobResponseSchema },
    errors: ['not_found', 'removed', 'job_closed', 'own_job', 'job_changed'],
    handler: ({ services, actor, params, body }) => services.responses.create(actor, params.id, body),
  }),
  op({
    id: 'responses.mine',
    method: 'GET',
    path: '/api/v1/me/responses',
    summary: "Your own responses to other people's jobs, newest first, each with its job: active and withdrawn ones, or only those of one status",
    auth: { scopes: ['account:read', 'responses:write'] },
    request: { query: myResponsesQuerySchema },
    responses: { 200: myResponseListSchema },
    errors: [],
    handler: ({ services, actor, query }) => services.responses.listMine(actor, query),
  }),
  op({
    id: 'responses.withdraw',
    method: 'POST',
    path: '/api/v1/responses/{id}/withdraw',
    summary: 'Withdraw your response',
    auth: { scopes: ['responses:write'] },
    request: { params: responseId },
    responses: { 200: jobResponseSchema },
    errors: ['not_found', 'not_owner', 'invalid_state'],
    handler: ({ services, actor, params }) => services.responses.withdraw(actor, params.id),
  }),
];
