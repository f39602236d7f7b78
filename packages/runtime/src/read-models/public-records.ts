import * as v from 'valibot';
import { principalSchema } from '@svc/access';

const recordLinkSchema = v.object({ id: v.string(), title: v.string(), url: v.pipe(v.string(), v.url()) });

/**
 * `GET /principals/{id}?format=json`: the public profile head (never an e-mail address) and the
 * principal's open jobs and active offers (at most 20 of each, newest first).
 */
export const principalProfileSchema = v.object({
  ...principalSchema.entries,
  joined_at: v.pipe(v.string(), v.isoTimestamp(), v.description('ISO 8601 UTC with milliseconds')),
  open_jobs: v.array(recordLinkSchema),
  active_services: v.array(recordLinkSchema),
});

/** A public record as a profile lists it. */
export interface PublicRecordLink {
  id: string;
  title: string;
  url: string;
}

export interface PublicRecordSources {
  jobs: { openByPoster(principalId: string, limit?: number, offset?: number): Promise<PublicRecordLink[]> };
  offers: { activeByProvider(principalId: string, limit?: number, offset?: number): Promise<PublicRecordLink[]> };
}

/** How many of each kind a profile shows at a time. */
export const PROFILE_PAGE_SIZE = 20;

/** Where each of a profile's two lists starts (the website pages them; the JSON holds the first 20). */
export interface PublicRecordOffsets {
  jobs?: number;
  services?: number;
}

const links = (records: PublicRecordLink[]): PublicRecordLink[] => records.map(({ id, title, url }) => ({ id, title, url }));

/**
 * A principal's public records, for their profile page: never anything private. A page of each
 * kind from its offset, and whether more follow it (one more is read to know).
 */
export const createPublicRecords =
  ({ jobs, offers }: PublicRecordSources) =>
  async (principalId: string, offsets: PublicRecordOffsets = {}) => {
    const [openJobs, activeServices] = [
      await jobs.openByPoster(principalId, PROFILE_PAGE_SIZE + 1, offsets.jobs ?? 0),
      await offers.activeByProvider(principalId, PROFILE_PAGE_SIZE + 1, offsets.services ?? 0),
    ];
    return {
      open_jobs: links(openJobs.slice(0, PROFILE_PAGE_SIZE)),
      active_services: links(activeServices.slice(0, PROFILE_PAGE_SIZE)),
      more: { jobs: openJobs.length > PROFILE_PAGE_SIZE, services: activeServices.length > PROFILE_PAGE_SIZE },
    };
  };
