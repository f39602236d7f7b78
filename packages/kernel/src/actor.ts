import { DomainError } from './errors.ts';

/**
 * Who is calling: a principal, either signed in on the website (`session`)
 * or through an agent token (`agent`) limited to the grant's scopes.
 * Domain services receive the actor and check ownership themselves.
 */
export interface Actor {
  principalId: string;
  displayName: string;
  via: 'session' | 'agent';
  /** The agent grant behind a token; null for a website session. */
  grantId: string | null;
  /** The agent's self-declared name on that grant; null for a website session. */
  agentName: string | null;
  /** The grant's scopes (their names are `@svc/access`'s); none for a website session. */
  scopes: readonly string[];
  isSupport: boolean;
}

/** A signed-in person may do anything on their own records; an agent only what its grant allows. */
export const hasScope = (actor: Actor, scope: string): boolean =>
  actor.via === 'session' || actor.scopes.includes(scope);

export const requireScope = (actor: Actor, ...anyOf: readonly string[]): void => {
  if (!anyOf.some((scope) => hasScope(actor, scope))) {
    throw new DomainError('insufficient_scope', `This operation needs the scope ${anyOf.join(' or ')}.`, {
      required_scopes: anyOf,
    });
  }
};

/** Some operations are for the signed-in principal only, never an agent. */
export const requireHuman = (actor: Actor): void => {
  if (actor.via !== 'session') {
    throw new DomainError('human_only', 'Only the signed-in principal can do this, on the website.');
  }
};
