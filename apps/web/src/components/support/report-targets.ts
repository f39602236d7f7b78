import type { Services } from '@svc/runtime';
import { isDomainError, type Actor } from '@svc/kernel';
import type { FeedbackJson } from '../offers/offers-view.tsx';

/** A reportable record's kind after "the": "Report the offer “…”". */
export const KIND_AFTER_THE: Record<string, string> = {
  job: 'job',
  service: 'offer',
  directory_entry: 'directory entry',
  feedback: 'feedback',
};

/** What a report is about, as read through its domain's service: its name, where it is read, and for feedback the item itself. */
export interface ReportTarget {
  kind: string;
  id: string;
  /** The job's or offer's title, the entry's display name; for feedback, the title of the offer it is on. */
  title: string;
  /** Where the record is read on this site: the feedback's place on its offer's page. */
  href: string;
  /** The directory entry's address (`aar:…`), which people read beside its name. */
  address?: string;
  /** A report about feedback: the item, so support reads it before hiding it. */
  feedback?: FeedbackJson;
}

/**
 * Reads a report's target through its domain's service: a job or an offer by its public read, a
 * directory entry as anyone resolves it, feedback as `caller` may see it (`null` for anyone: the
 * report form takes only public records; support also sees hidden feedback), with its offer's
 * title. Throws the service's error (404, 410, `unavailable`) when the record cannot be read.
 */
export const readReportTarget = async (
  { jobs, offers, feedback, directory }: Pick<Services, 'jobs' | 'offers' | 'feedback' | 'directory'>,
  kind: string,
  id: string,
  caller: Actor | null,
): Promise<ReportTarget> => {
  if (kind === 'job') {
    const job = await jobs.get(id);
    return { kind, id, title: job.title, href: `/jobs/${encodeURIComponent(job.id)}` };
  }
  if (kind === 'service') {
    const offer = await offers.get(id);
    return { kind, id, title: offer.title, href: `/services/${encodeURIComponent(offer.id)}` };
  }
  if (kind === 'directory_entry') {
    const { body } = await directory.resolve(id, null);
    return { kind, id, title: body.display_name, href: `/directory/${body.address}`, address: body.address };
  }
  if (kind === 'feedback') {
    const item = await feedback.get(caller, id);
    const offer = await offers.get(item.service_id);
    return { kind, id, title: offer.title, href: `/services/${encodeURIComponent(offer.id)}#${item.id}`, feedback: item };
  }
  throw new TypeError(`not a reportable kind: ${kind}`);
};

/** Why a report's target cannot be read now, in words that follow "about": the service's answer, said plainly. */
const goneWords = (kind: string, code: string): string => {
  if (kind === 'job') return code === 'removed' ? 'a job that its poster removed' : 'a job that no longer exists';
  if (kind === 'service') return code === 'removed' ? 'an offer that its provider removed' : 'an offer that no longer exists';
  if (kind === 'directory_entry') return 'a directory entry nobody can look up now (it may be paused, expired, removed or suspended)';
  return code === 'removed' ? 'feedback on an offer that its provider removed' : 'feedback that is no longer public (its author removed it or made it private)';
};

/** A report's target for support's list: readable, or why not in words. */
export type SupportedTarget = { readable: true; target: ReportTarget } | { readable: false; kind: string; gone: string };

/** Reads each distinct target of a page of reports once, as support sees it. */
export const readTargetsForSupport = async (
  services: Pick<Services, 'jobs' | 'offers' | 'feedback' | 'directory'>,
  support: Actor,
  reports: readonly { target_kind: string; target_id: string }[],
): Promise<Map<string, SupportedTarget>> => {
  const keys = [...new Set(reports.map((report) => targetKey(report.target_kind, report.target_id)))];
  const read = async (key: string): Promise<[string, SupportedTarget]> => {
    const [kind, id] = splitKey(key);
    try {
      return [key, { readable: true, target: await readReportTarget(services, kind, id, support) }];
    } catch (error) {
      if (!isDomainError(error)) throw error;
      return [key, { readable: false, kind, gone: goneWords(kind, error.code) }];
    }
  };
  return new Map(await Promise.all(keys.map(read)));
};

export const targetKey = (kind: string, id: string): string => `${kind} ${id}`;
const splitKey = (key: string): [string, string] => {
  const at = key.indexOf(' ');
  return [key.slice(0, at), key.slice(at + 1)];
};
