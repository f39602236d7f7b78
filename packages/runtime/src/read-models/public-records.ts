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
  jobs: { openByPoster(principalId: string): Promise<PublicRecordLink[]> };
  offers: { activeByProvider(principalId: string): Promise<PublicRecordLink[]> };
}

const links = (records: PublicRecordLink[]): PublicRecordLink[] => records.map(({ id, title, url }) => ({ id, title, url }));

/** A principal's public records, for their profile page: never anything private. */
export const createPublicRecords =
  ({ jobs, offers }: PublicRecordSources) =>
  async (principalId: string) => ({
    open_jobs: links(await jobs.openByPoster(principalId)),
    active_services: links(await offers.activeByProvider(principalId)),
  });
