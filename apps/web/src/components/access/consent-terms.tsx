import { SCOPE_WORDS } from '../words.tsx';
import { Notice } from '../../kit/blocks.tsx';
import { Time } from '../../kit/time.tsx';

/**
 * What an agent may do once approved, and until when: the same words on the device flow's consent
 * page and the authorization-code one, since both ask for the same grant.
 */
export const ConsentTerms = ({ scopes, expiresAt, days }: { scopes: readonly string[]; expiresAt: string; days: number }) => (
  <>
    <h2>If you approve, it may</h2>
    <ul>
      {/* In words only: the scope's name is for the agent, which asked for it by that name. */}
      {scopes.map((scope) => (
        <li>{SCOPE_WORDS[scope] ?? scope}</li>
      ))}
    </ul>
    <p>
      Its access ends on <strong>
        <Time iso={expiresAt} mode="day" />
      </strong>{' '}
      ({days} days from now), or earlier if you revoke it under <a href="/account/agents">My agents</a>.
    </p>
    <Notice>It can never do more than this, and whatever it does for you, you own and answer for.</Notice>
  </>
);

/**
 * What an agent or application said about itself when it asked, under a warning that nothing of
 * it was checked: the same words on both consent pages. A detail it left out is not listed.
 */
export const SelfDeclared = ({ who, facts }: { who: 'agent' | 'application'; facts: readonly [label: string, value: string | null | undefined][] }) => (
  <>
    <h2>What the {who} says about itself</h2>
    <div class="declared">
      <p>These details are self-declared by the {who} and not checked by us:</p>
      <dl class="facts">
        {facts.map(([label, value]) =>
          value ? (
            <>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </>
          ) : null,
        )}
      </dl>
    </div>
  </>
);
