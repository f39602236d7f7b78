import type { JobStatus } from './job.state.ts';
import type { FeeTreatment, ResponseKind, ResponseStatus } from './jobs.schemas.ts';

export interface Budget {
  amount: number;
  currency: string;
}

export interface JobTemplateRef {
  id: string;
  details: Record<string, unknown>;
}

/** A job as stored. */
export interface JobRecord {
  id: string;
  status: JobStatus;
  version: number;
  title: string;
  outcome: string;
  scope: string;
  deliverables: string;
  constraints: string;
  budget: Budget | null;
  feeTreatment: FeeTreatment;
  responseDeadline: Date | null;
  deliveryDeadline: Date | null;
  timezone: string | null;
  completionChecklist: string[];
  tags: string[];
  template: JobTemplateRef | null;
  /** The poster's principal id. */
  postedBy: string;
  createdAt: Date;
  updatedAt: Date;
}

/** A response to a job, as stored. */
export interface ResponseRecord {
  id: string;
  jobId: string;
  kind: ResponseKind;
  message: string;
  status: ResponseStatus;
  /** The responder's principal id. */
  responderId: string;
  jobVersionSeen: number;
  createdAt: Date;
  updatedAt: Date;
}
