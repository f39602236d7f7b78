import { validationFailed, type Clock } from '@svc/kernel';
import { createPeople as createKernelPeople } from '@svc/kernel/testing';
import { dbEntities, dbMigrations, type Engine } from '@svc/db';
import { openTestDatabase, type TestDatabase } from '@svc/db/testing';
import type { TemplateExpander } from './jobs.deps.ts';
import type { JobRecord } from './jobs.records.ts';
import { createJobsModule, jobsEntities, jobsMigrations, type JobsModule } from './index.ts';

export const BASE_URL = 'https://jobs.example.org';

/** People who act in a test and the directory that knows them, shared by every domain's tests. */
export const createPeople = () => createKernelPeople({ scopes: ['jobs:write', 'responses:write'] });

export const PLANNING_CLAUSE =
  'Planning only: the planner must not contact suppliers, make bookings or purchases, or send invitations without the host’s explicit approval.';

/** What the fake `birthday-party` template fills in for a party in `area`. */
export const birthdayPartyFill = (area: string) => ({
  title: `Plan a birthday party in ${area}`,
  outcome: 'A ready-to-use party plan.',
  scope: 'Venues, running order, food.',
  deliverables: 'A written plan.',
  completion_checklist: ['Venue shortlisted', 'Running order drafted'],
  tags: ['birthday-party', 'party-planning'],
});

/**
 * A stand-in for the templates package (which the jobs package must not import): one template,
 * `birthday-party`, that needs `general_area` and fills every blank field.
 */
export const fakeTemplates: TemplateExpander = {
  expand: (id, details) => {
    if (id !== 'birthday-party') throw validationFailed([{ path: 'template', message: 'unknown template' }]);
    const area = (details as { general_area?: unknown } | null)?.general_area;
    if (typeof area !== 'string') throw validationFailed([{ path: 'details.general_area', message: 'is required' }]);
    return { details: { ...(details as object) }, fill: birthdayPartyFill(area), constraintsClause: PLANNING_CLAUSE };
  },
};

/** A valid job body for POST; override what a test is about. */
export const jobInput = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  title: 'Plan a party',
  outcome: 'A plan for a small garden party.',
  scope: 'Food, music and a running order.',
  deliverables: 'A one-page plan.',
  constraints: 'No glitter.',
  budget: { amount: 120.5, currency: 'GBP' },
  fee_treatment: 'fee_included',
  response_deadline: '2026-12-01T18:00:00.000Z',
  delivery_deadline: '2026-12-10T12:00:00.000Z',
  timezone: 'Europe/London',
  completion_checklist: ['Menu agreed', 'Playlist ready'],
  tags: ['party-planning', 'events'],
  ...overrides,
});

/** A stored job record for pure tests. */
export const jobRecord = (overrides: Partial<JobRecord> = {}): JobRecord => ({
  id: 'job_0123456789abcdefghjkmnpqrs',
  status: 'open',
  version: 3,
  title: 'Plan a party',
  outcome: 'A plan',
  scope: 'Food',
  deliverables: 'A page',
  constraints: 'No glitter',
  budget: { amount: 120.5, currency: 'GBP' },
  feeTreatment: 'no_fee',
  responseDeadline: new Date('2026-12-01T18:00:00Z'),
  deliveryDeadline: null,
  timezone: 'Europe/London',
  completionChecklist: ['Menu agreed'],
  tags: ['party-planning'],
  template: null,
  postedBy: 'prn_poster',
  createdAt: new Date('2026-11-21T12:00:00Z'),
  updatedAt: new Date('2026-11-21T13:30:00.250Z'),
  ...overrides,
});

/** A migrated scratch database with the jobs tables, for one test file. */
export const openJobsTestDatabase = (engine: Engine): Promise<TestDatabase> =>
  openTestDatabase(engine, { entities: [...dbEntities, ...jobsEntities], migrations: [...dbMigrations, ...jobsMigrations] });

/**
 * A migrated scratch database and the jobs module on it, with `people` as its directory and the
 * fake templates: what most jobs tests start from. Dispose of `db` afterwards.
 */
export const openJobsHarness = async (engine: Engine, { clock, people }: { clock: Clock; people: ReturnType<typeof createPeople> }): Promise<JobsModule & { db: TestDatabase }> => {
  const db = await openJobsTestDatabase(engine);
  return { db, ...createJobsModule({ db, clock, principals: people.directory, templates: fakeTemplates, baseUrl: BASE_URL }) };
};
