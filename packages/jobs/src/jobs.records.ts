import type { JobStatus } from './jobs.state.ts';
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
  /**
   * The poster's display name when it was read with the job (null: no such principal). Not
   * stored: absent means it was not read, and presenting the job looks it up.
   */
  posterName?: string | null;
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
  /** The responder's display name when it was read with the response; see `JobRecord.posterName`. */
  responderName?: string | null;
}
