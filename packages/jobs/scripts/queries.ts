// `pnpm --filter @svc/jobs queries`: rewrites src/queries/jobs.sql, the SQL each repository
// method sends (test/queries.integration.test.ts fails while the checked-in file differs).
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { boundValue, dbSchema } from '@svc/db';
import { generateQueryReport, type QueryReport } from '@svc/db/testing';
import { jobsSchema } from '../src/index.ts';
import type { JobRecord, ResponseRecord } from '../src/jobs.records.ts';
import { createMikroOrmJobsRepository, jobsClient } from '../src/jobs.repository.mikro-orm.ts';
import type { JobsRepository } from '../src/jobs.repository.ts';

export const QUERIES_FILE = new URL('../src/queries/jobs.sql', import.meta.url);

const at = new Date('2026-11-22T09:00:00.000Z');
const later = new Date('2026-11-29T09:00:00.000Z');
const paging = { limit: 20, offset: 0 };
const pastTheEnd = { limit: 20, offset: 400 };
const job: JobRecord = {
  id: 'job_report',
  status: 'open',
  version: 1,
  title: 'Plan a party',
  outcome: 'A plan',
  scope: 'Forty guests.',
  deliverables: 'A list.',
  constraints: '',
  budget: { amount: 120, currency: 'EUR' },
  feeTreatment: 'no_fee',
  responseDeadline: later,
  deliveryDeadline: null,
  timezone: 'Europe/Berlin',
  completionChecklist: ['Venue booked'],
  tags: ['party'],
  template: { id: 'event', details: { guests: 40 } },
  postedBy: 'prn_poster',
  createdAt: at,
  updatedAt: at,
};
const response: ResponseRecord = {
  id: 'rsp_report',
  jobId: job.id,
  kind: 'offer',
  message: 'I can help.',
  status: 'active',
  responderId: 'prn_responder',
  jobVersionSeen: 1,
  createdAt: at,
  updatedAt: at,
};

/** Every repository method, called in an order that finds rows to read, change and then withdraw. */
export const jobsQueries: QueryReport<JobsRepository> = {
  command: 'pnpm --filter @svc/jobs queries',
  title: 'JobsRepository',
  schema: {
    entities: [...dbSchema.entities, ...jobsSchema.entities],
    migrations: [...dbSchema.migrations, ...jobsSchema.migrations],
    routines: [...dbSchema.routines, ...jobsSchema.routines],
  },
  repository: (db) => createMikroOrmJobsRepository(jobsClient(db)),
  calls: [
    { name: 'insert', run: (repo) => repo.insert(job) },
    { name: 'findById', run: (repo) => repo.findById(job.id) },
    {
      name: 'updateIfVersion (every change, guarded for its poster)',
      run: (repo) =>
        repo.updateIfVersion(
          job.id,
          1,
          {
            status: 'open',
            title: 'Plan a garden party',
            outcome: 'A plan',
            scope: 'Fifty guests.',
            deliverables: 'A list.',
            constraints: 'Outdoors.',
            budget: null,
            feeTreatment: 'no_fee',
            responseDeadline: null,
            deliveryDeadline: later,
            timezone: null,
            completionChecklist: ['Venue booked', 'Food ordered'],
            tags: ['party', 'garden'],
            template: null,
            updatedAt: at,
          },
          { postedBy: job.postedBy },
        ),
    },
    { name: 'updateIfVersion (one change)', run: (repo) => repo.updateIfVersion(job.id, 2, { status: 'closed', updatedAt: at }) },
    { name: 'search (the newest, with a capped total)', run: (repo) => repo.search({ status: 'closed' }, paging) },
    {
      name: 'search (every filter but words)',
      run: (repo) => repo.search({ status: 'closed', tag: 'party', postedBy: job.postedBy, postedAfter: at, postedBefore: later }, paging),
    },
    { name: 'search (a list past its last page: the count alone)', run: (repo) => repo.search({ status: 'closed' }, pastTheEnd) },
    { name: 'search (words, ranked among the newest candidates)', run: (repo) => repo.search({ q: 'garden party', status: 'closed' }, paging) },
    { name: 'search (words past the last page: the count alone)', run: (repo) => repo.search({ q: 'garden party', status: 'closed' }, pastTheEnd) },
    { name: 'countsFor', run: (repo) => repo.countsFor(job.postedBy) },
    { name: 'countsColumns (columns for another statement: it sends none)', run: async (repo) => repo.countsColumns(boundValue(job.postedBy)) },
    { name: 'listByPoster (open and closed)', run: (repo) => repo.listByPoster(job.postedBy, undefined, paging) },
    { name: 'listByPoster (one status)', run: (repo) => repo.listByPoster(job.postedBy, 'removed', paging) },
    { name: 'withJobLocked', run: (repo) => repo.withJobLocked(job.id, async (locked) => locked) },
    { name: 'insertResponse', run: (repo) => repo.insertResponse(response) },
    { name: 'findResponseById', run: (repo) => repo.findResponseById(response.id) },
    { name: 'listResponses (every responder)', run: (repo) => repo.listResponses(job.id, undefined, paging) },
    { name: 'listResponses (one responder, past the last page)', run: (repo) => repo.listResponses(job.id, response.responderId, pastTheEnd) },
    { name: 'listByResponder (any status)', run: (repo) => repo.listByResponder(response.responderId, undefined, paging) },
    { name: 'listByResponder (one status)', run: (repo) => repo.listByResponder(response.responderId, 'active', paging) },
    { name: 'waitingResponsesColumns (columns for another statement: it sends none)', run: async (repo) => repo.waitingResponsesColumns(boundValue(job.postedBy)) },
    { name: 'activeResponseCounts', run: (repo) => repo.activeResponseCounts(job.postedBy, [job.id, 'job_other']) },
    { name: 'withdrawResponse', run: (repo) => repo.withdrawResponse(response.id, at) },
  ],
};

if (import.meta.main) {
  await writeFile(QUERIES_FILE, await generateQueryReport(jobsQueries));
  console.log(`Wrote ${fileURLToPath(QUERIES_FILE)}`);
}
