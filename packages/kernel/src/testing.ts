import type { Actor } from './actor.ts';
import { newId } from './ids.ts';
import type { PrincipalSummary } from './principal.ts';

/**
 * People who act in a domain's tests through an agent, and the directory that knows their display
 * names: it fits each domain's `PrincipalDirectory` (which a domain declares itself, since it may
 * import nothing from another), records every lookup it answers, and lets a test rename someone.
 * Their agents hold `scopes`: the domain's own (the kernel names none).
 */
export const createPeople = ({ scopes = [] }: { scopes?: readonly string[] } = {}) => {
  const known = new Map<string, PrincipalSummary>();
  const directory: { summaries(ids: string[]): Promise<Map<string, PrincipalSummary>>; lookups: string[][] } = {
    lookups: [],
    summaries: async (ids) => {
      directory.lookups.push(ids);
      return new Map(ids.flatMap((id) => (known.has(id) ? [[id, known.get(id)!] as const] : [])));
    },
  };
  const actor = (displayName: string, overrides: Partial<Actor> = {}): Actor => {
    const principalId = overrides.principalId ?? newId('prn');
    known.set(principalId, { principal_id: principalId, display_name: displayName });
    return {
      principalId,
      displayName,
      via: 'agent',
      grantId: newId('grt'),
      agentName: 'Test agent',
      scopes: [...scopes],
      isSupport: false,
      ...overrides,
    };
  };
  return { actor, directory, rename: (id: string, name: string) => known.set(id, { principal_id: id, display_name: name }) };
};
