import { boundValue, mergeColumns, selectColumns, type Database, type SelectColumns, type SqlOperand } from '@svc/db';

/** What the website's navigation tells a signed-in person is waiting for them. */
export interface NavigationCounts {
  /** Active responses on their open jobs. */
  responses_waiting: number;
  /** Thread invitations addressed to them that they have not answered. */
  invitations_waiting: number;
}

export type NavigationCountSource = (principal: SqlOperand) => SelectColumns<Partial<NavigationCounts>>;

/**
 * The navigation's counts for one person: each domain's columns in one statement, since every
 * signed-in page renders the navigation and should cost one round trip for it, whatever it counts.
 */
export const createNavigationCounts = ({ db, sources }: { db: Pick<Database, 'compiled'>; sources: NavigationCountSource[] }) => ({
  of: async (principalId: string): Promise<NavigationCounts> => {
    const [counts] = await selectColumns(db, [mergeColumns(sources.map((source) => source(boundValue(principalId))))]);
    return { responses_waiting: 0, invitations_waiting: 0, ...counts };
  },
});
