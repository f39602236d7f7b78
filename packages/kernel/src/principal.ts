import * as v from 'valibot';

/** A principal as other people may see them: never an e-mail address. */
export interface PrincipalSummary {
  principal_id: string;
  display_name: string;
  /** The link to their public profile page, where an answer carries one. */
  profile?: string;
}

/** `PrincipalSummary` as the API's answers describe it (the profile link, where there is one, is added beside it). */
export const principalSummarySchema = v.object({ principal_id: v.string(), display_name: v.string() });

/** Shown where a principal can no longer be found (for example a closed account). */
export const unknownPrincipal = (id: string): PrincipalSummary => ({ principal_id: id, display_name: 'Unknown principal' });
