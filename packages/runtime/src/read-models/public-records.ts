/** A public record as a profile lists it. */
export interface PublicRecordLink {
  id: string;
  title: string;
  url: string;
}

export interface PublicRecordSources {
  jobs: { openByPoster(principalId: string): Promise<PublicRecordLink[]> };
}

/** A principal's public records, for their profile page: never anything private. */
export const createPublicRecords =
  ({ jobs }: PublicRecordSources) =>
  async (principalId: string) => ({
    open_jobs: (await jobs.openByPoster(principalId)).map(({ id, title, url }) => ({ id, title, url })),
    // Offers arrive with the offers package.
    active_services: [] as PublicRecordLink[],
  });
