type Counts = Record<string, number>;

/** What `/api/v1/me` counts; each domain adds its own numbers. */
export interface AccountCountSources {
  jobs: { countsFor(principalId: string): Promise<Counts> };
  offers: { countsFor(principalId: string): Promise<Counts> };
}

/** How many records of each kind a principal has, for `/api/v1/me`. */
export const createAccountCounts =
  ({ jobs, offers }: AccountCountSources) =>
  async (principalId: string): Promise<Counts> => ({
    ...(await jobs.countsFor(principalId)),
    ...(await offers.countsFor(principalId)),
  });
