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
