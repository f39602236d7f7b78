import { boundValue, mergeColumns, selectColumns, type Database, type SelectColumns, type SqlOperand } from '@svc/db';

type Counts = Record<string, number>;

/** Each domain's counts for `/api/v1/me`, as columns of one shared select (their names do not collide). */
export type AccountCountSource = (principal: SqlOperand) => SelectColumns<Counts>;

/**
 * How many records of each kind a principal has, for `/api/v1/me`: every domain's count columns in
 * one statement, so the answer costs one round trip however many domains count. `columns` are the
 * same counts for a principal named by a column, to be read in another statement (the token's).
 */
export const createAccountCounts = ({ db, sources }: { db: Pick<Database, 'compiled'>; sources: AccountCountSource[] }) => {
  // Built once per operand: the token lookup hands the same column reference on every request, and
  // the same object lets it keep its statement prepared (access.repository.mikro-orm.ts).
  const build = (principal: SqlOperand): SelectColumns<Counts> => mergeColumns(sources.map((source) => source(principal)));
  const built = new WeakMap<SqlOperand, SelectColumns<Counts>>();
  return {
    columns: (principal: SqlOperand): SelectColumns<Counts> => {
      let known = built.get(principal);
      if (!known) built.set(principal, (known = build(principal)));
      return known;
    },
    of: async (principalId: string): Promise<Counts> => (await selectColumns(db, [build(boundValue(principalId))]))[0],
  };
};
