import type { RawBuilder } from 'kysely';
import { notFound, parseInput, refuseContactDetails, requireHuman, toIso, type Actor } from '@svc/kernel';
import { renameSchema } from './access.schemas.ts';
import type { AccessDeps } from './access.deps.ts';
import { principalSummary, type PrincipalSummary } from './access.presenter.ts';

/** Principals as the other domains and the website see them: names, summaries, profiles. */
export interface PrincipalsService {
  /** The public summary (name and profile link) of a principal the caller has already read. */
  summary(principal: { id: string; displayName: string }): PrincipalSummary;
  /** Public summaries by id, in one query (for `posted_by` and other lists). */
  summaries(ids: readonly string[]): Promise<Map<string, PrincipalSummary>>;
  /**
   * The display name of the principal whose id is in `column`, as a SQL expression other domains
   * put in their own queries (see `AccessRepository.displayNameSql`); absent for a storage without SQL.
   */
  displayNameSql: ((column: string) => RawBuilder<string | null>) | undefined;
  /** The public profile head; 404 for an unknown id. */
  profile(id: string): Promise<{ joined_at: string; principal_id: string; display_name: string; profile: string }>;
  /** The caller's own account, with the e-mail: only for the principal's own account page. */
  account(actor: Actor): Promise<{
    email: string;
    is_support: boolean;
    joined_at: string;
    principal_id: string;
    display_name: string;
    profile: string;
  }>;
  /** The signed-in person changes their public name (an agent never can); it shows at once wherever they appear. */
  rename(actor: Actor, input: unknown): Promise<PrincipalSummary>;
  /** Support is granted only from the command line (`svc admin grant-support <email>`). */
  grantSupport(email: string): Promise<PrincipalSummary>;
}

export const createPrincipalsService = ({ repo, baseUrl }: Pick<AccessDeps, 'repo' | 'baseUrl'>): PrincipalsService => {
  const summary = (principal: { id: string; displayName: string }): PrincipalSummary => principalSummary(principal, baseUrl);

  return {
    summary,
    summaries: async (ids: readonly string[]): Promise<Map<string, PrincipalSummary>> =>
      new Map((await repo.findPrincipals([...new Set(ids)])).map((p) => [p.id, summary(p)])),

    displayNameSql: repo.displayNameSql,

    profile: async (id: string) => {
      const [principal] = await repo.findPrincipals([id]);
      if (!principal) throw notFound('principal');
      return { ...summary(principal), joined_at: toIso(principal.createdAt) };
    },

    account: async (actor: Actor) => {
      const [principal] = await repo.findPrincipals([actor.principalId]);
      if (!principal) throw notFound('principal');
      return { ...summary(principal), email: principal.email, is_support: principal.isSupport, joined_at: toIso(principal.createdAt) };
    },

    rename: async (actor: Actor, input: unknown): Promise<PrincipalSummary> => {
      requireHuman(actor);
      const { display_name } = parseInput(renameSchema, input);
      refuseContactDetails({ display_name });
      const principal = await repo.setDisplayName(actor.principalId, display_name);
      if (!principal) throw notFound('principal');
      return summary(principal);
    },

    grantSupport: async (email: string): Promise<PrincipalSummary> => {
      const principal = await repo.setSupport(email.trim().toLowerCase(), true);
      if (!principal) throw notFound('principal');
      return summary(principal);
    },
  };
};
