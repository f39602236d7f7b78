import { refuseContactDetails } from '@svc/kernel';
import type { JobFields } from './jobs.schemas.ts';

/** The job fields everyone reads as text: the page, the API, the RTS form and search all publish them. */
export const PUBLIC_TEXT_FIELDS = ['title', 'outcome', 'scope', 'deliverables', 'constraints', 'completion_checklist', 'tags'] as const;

/**
 * Refuses a job whose public text, as the poster sent it, holds an e-mail address, a phone number or
 * a street address: `422 blocked_content` naming each field (docs/decisions.md). A template job's
 * details are published too (`template.details`) and are read as `details.<field>`; the fields a
 * template fills are written from those details, so they are not read twice.
 */
export const refuseContactDetailsIn = (fields: Partial<JobFields>, details?: Record<string, unknown>): void =>
  refuseContactDetails({
    ...Object.fromEntries(PUBLIC_TEXT_FIELDS.flatMap((name) => (fields[name] === undefined ? [] : [[name, fields[name]]]))),
    ...(details ? { details } : {}),
  });
