import { toIso, toIsoOrNull, type PrincipalSummary } from '@svc/kernel';
import type { JobJson, JobResponseJson } from './jobs.schemas.ts';
import type { JobRecord, ResponseRecord } from './jobs.records.ts';

export type { PrincipalSummary };

/** The fixed disclaimer every job carries. */
export const JOB_NOTICE =
  'This job is working information supplied by its poster. Posting or responding creates no agreement ' +
  'or contract, authorises no spending, and no payment happens through this service; any payment ' +
  'happens elsewhere, between the people involved.';

export const presentJob = (job: JobRecord, poster: PrincipalSummary, baseUrl: string): JobJson => ({
  id: job.id,
  url: `${baseUrl}/jobs/${job.id}`,
  rts_url: `${baseUrl}/jobs/${job.id}?format=rts`,
  status: job.status,
  version: job.version,
  title: job.title,
  outcome: job.outcome,
  scope: job.scope,
  deliverables: job.deliverables,
  constraints: job.constraints,
  budget: job.budget ? { amount: job.budget.amount, currency: job.budget.currency } : null,
  fee_treatment: job.feeTreatment,
  response_deadline: toIsoOrNull(job.responseDeadline),
  delivery_deadline: toIsoOrNull(job.deliveryDeadline),
  timezone: job.timezone,
  completion_checklist: [...job.completionChecklist],
  tags: [...job.tags],
  template: job.template ? { id: job.template.id, details: job.template.details } : null,
  posted_by: {
    principal_id: poster.principal_id,
    display_name: poster.display_name,
    profile: `${baseUrl}/principals/${poster.principal_id}`,
  },
  created_at: toIso(job.createdAt),
  updated_at: toIso(job.updatedAt),
  notice: JOB_NOTICE,
});

export const presentResponse = (response: ResponseRecord, responder: PrincipalSummary): JobResponseJson => ({
  id: response.id,
  job_id: response.jobId,
  kind: response.kind,
  message: response.message,
  status: response.status,
  responder: { principal_id: responder.principal_id, display_name: responder.display_name },
  job_version_seen: response.jobVersionSeen,
  created_at: toIso(response.createdAt),
  updated_at: toIso(response.updatedAt),
});
