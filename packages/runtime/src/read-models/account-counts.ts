/** What `/api/v1/me` counts; each domain adds its own numbers. */
export interface AccountCountSources {
  jobs: { countsFor(principalId: string): Promise<Record<string, number>> };
}

/** How many records of each kind a principal has, for `/api/v1/me`. */
export const createAccountCounts =
  ({ jobs }: AccountCountSources) =>
  async (principalId: string): Promise<Record<string, number>> => ({
    ...(await jobs.countsFor(principalId)),
  });
