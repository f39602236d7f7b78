import type { Services } from '@svc/runtime';
import type { ModeratedEntryJson } from '@svc/directory';
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

/**
 * A report's target for support's list: readable, or why not in words. A directory entry nobody can
 * look up is still named to support by its address (`entry`, from the moderation service), so
 * support can find it on the moderation page and act on it.
 */
export type SupportedTarget = { readable: true; target: ReportTarget } | { readable: false; kind: string; gone: string; entry?: ModeratedEntryJson };

/** Where support acts on one directory entry: the moderation page, opened at that address. */
export const moderationHref = (address: string): string => `/support/directory?address=${encodeURIComponent(address)}`;

/** Why nobody can look up an entry, by the status its owner sees: "paused by its owner". */
const HIDDEN_ENTRY_WORDS: Record<string, string> = {
  suspended: 'suspended',
  paused: 'paused by its owner',
  expired: 'expired',
  removed: 'removed by its owner',
  retired: 'removed for good',
};
export const hiddenStatusWords = (status: string): string => HIDDEN_ENTRY_WORDS[status] ?? status;

/** What follows a hidden entry's name and address: "suspended: nobody can look it up now". */
export const hiddenEntryWords = (entry: ModeratedEntryJson): string => {
  // Active yet not resolvable for anyone: made restricted since it was reported.
  if (entry.status === 'active') return 'shown only to signed-in people now';
  // Removed while suspended: both hold, and support may still lift the suspension.
  const also = entry.suspension && entry.status !== 'suspended' ? ' and suspended' : '';
  return `${hiddenStatusWords(entry.status)}${also}: nobody can look it up now`;
};

/** Reads each distinct target of a page of reports once, as support sees it. */
export const readTargetsForSupport = async (
  services: Pick<Services, 'jobs' | 'offers' | 'feedback' | 'directory' | 'moderation'>,
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
      const entry = kind === 'directory_entry' ? await moderatedEntry(services, support, id) : undefined;
      return [key, { readable: false, kind, gone: goneWords(kind, error.code), ...(entry ? { entry } : {}) }];
    }
  };
  return new Map(await Promise.all(keys.map(read)));
};

/** A directory entry as support sees it whatever its state, or undefined when no entry has the address. */
const moderatedEntry = async ({ moderation }: Pick<Services, 'moderation'>, support: Actor, address: string): Promise<ModeratedEntryJson | undefined> => {
  try {
    return await moderation.get(support, address);
  } catch (error) {
    if (!isDomainError(error) || error.code !== 'not_found') throw error;
    return undefined;
  }
};

export const targetKey = (kind: string, id: string): string => `${kind} ${id}`;
const splitKey = (key: string): [string, string] => {
  const at = key.indexOf(' ');
  return [key.slice(0, at), key.slice(at + 1)];
};
