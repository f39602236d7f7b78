import { notFound, parseInput, requireHuman, toIso, type Actor } from '@svc/kernel';
import { renameSchema } from './access.schemas.ts';
import type { AccessDeps } from './access.deps.ts';
import { principalSummary, type PrincipalSummary } from './access.presenter.ts';

export const createPrincipalsService = ({ repo, baseUrl }: Pick<AccessDeps, 'repo' | 'baseUrl'>) => {
  const summary = (principal: { id: string; displayName: string }): PrincipalSummary => principalSummary(principal, baseUrl);

  return {
    summary,
    /** Public summaries by id, in one query (for `posted_by` and other lists). */
    summaries: async (ids: readonly string[]): Promise<Map<string, PrincipalSummary>> =>
      new Map((await repo.findPrincipals([...new Set(ids)])).map((p) => [p.id, summary(p)])),

    /**
     * The display name of the principal whose id is in `column`, as a SQL expression other domains
     * put in their own queries (see `AccessRepository.displayNameSql`); absent for a storage without SQL.
     */
    displayNameSql: repo.displayNameSql,

    /** The public profile head; 404 for an unknown id. */
    profile: async (id: string) => {
      const [principal] = await repo.findPrincipals([id]);
      if (!principal) throw notFound('principal');
      return { ...summary(principal), joined_at: toIso(principal.createdAt) };
    },

    /** The caller's own account, with the e-mail: only for the principal's own account page. */
    account: async (actor: Actor) => {
      const [principal] = await repo.findPrincipals([actor.principalId]);
      if (!principal) throw notFound('principal');
      return { ...summary(principal), email: principal.email, is_support: principal.isSupport, joined_at: toIso(principal.createdAt) };
    },

    /** The signed-in person changes their public name (an agent never can); it shows at once wherever they appear. */
    rename: async (actor: Actor, input: unknown): Promise<PrincipalSummary> => {
      requireHuman(actor);
      const { display_name } = parseInput(renameSchema, input);
      const principal = await repo.setDisplayName(actor.principalId, display_name);
      if (!principal) throw notFound('principal');
      return summary(principal);
    },

    /** Support is granted only from the command line (`svc admin grant-support <email>`). */
    grantSupport: async (email: string): Promise<PrincipalSummary> => {
      const principal = await repo.setSupport(email.trim().toLowerCase(), true);
      if (!principal) throw notFound('principal');
      return summary(principal);
    },
  };
};

export type PrincipalsService = ReturnType<typeof createPrincipalsService>;
