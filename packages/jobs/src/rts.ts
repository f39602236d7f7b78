import type { JobJson, RtsTask } from './jobs.schemas.ts';

export const RTS_NOTICE =
  'This RTS task describes a job as its poster wrote it. It is not an RTS agreement: it creates no ' +
  'agreement or contract, authorises no spending, and any payment happens elsewhere.';

/** Maps the public Job JSON to its RTS 0.2 task form; nothing private goes in that the job lacks. */
export const toRtsTask = (job: JobJson): RtsTask => ({
  rts_version: '0.2',
  type: 'task',
  id: job.id,
  status: job.status,
  version: job.version,
  title: job.title,
  objective: job.outcome,
  scope: job.scope,
  deliverables: job.deliverables,
  constraints: job.constraints,
  acceptance_criteria: [...job.completion_checklist],
  budget: job.budget ? { ...job.budget } : null,
  fee_treatment: job.fee_treatment,
  deadlines: { respond_by: job.response_deadline, deliver_by: job.delivery_deadline },
  timezone: job.timezone,
  tags: [...job.tags],
  template: job.template,
  requester: { id: job.posted_by.principal_id, name: job.posted_by.display_name, profile: job.posted_by.profile },
  source: { url: job.url, rts_url: job.rts_url },
  created_at: job.created_at,
  updated_at: job.updated_at,
  agreement: false,
  notice: RTS_NOTICE,
});
