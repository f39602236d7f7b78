import { selectColumns, type Database, type SelectColumns } from '@svc/db';

type Counts = Record<string, number>;

/** Each domain's counts for `/api/v1/me`, as columns of one shared select (their names do not collide). */
export type AccountCountSource = (principalId: string) => SelectColumns<Counts>;

/**
 * How many records of each kind a principal has, for `/api/v1/me`: every domain's count columns in
 * one statement, so the answer costs one round trip however many domains count.
 */
export const createAccountCounts =
  ({ db, sources }: { db: Pick<Database, 'query'>; sources: AccountCountSource[] }) =>
  async (principalId: string): Promise<Counts> =>
    Object.assign({}, ...(await selectColumns(db, sources.map((source) => source(principalId)))));
