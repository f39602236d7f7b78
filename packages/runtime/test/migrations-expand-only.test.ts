import { contractions, type Contraction } from '@svc/db/testing';
import { describe, expect, it } from 'vitest';
import { schema } from '../src/index.ts';

/**
 * Migrations that contract the schema, each with why the release before it still ran (or, for
 * those written before the policy, what it cost). A new entry needs the same: a reason the
 * previous release survives it, else the change waits for the release after (docs/operations.md,
 * "Upgrades and rollbacks").
 */
const ALLOWED: readonly (Pick<Contraction, 'migration' | 'rule'> & { reason: string })[] = [
  {
    migration: '202612060100_access_announce_after_commit',
    rule: 'replaces a function',
    reason: 'the trigger function only changes how a commit is announced; code that never sets svc.announce gets the notify it had',
  },
  {
    migration: '202612060100_jobs_announce_after_commit',
    rule: 'replaces a function',
    reason: 'the trigger function only changes how a commit is announced; code that never sets svc.announce gets the notify it had',
  },
  ...['access', 'jobs'].flatMap((domain) =>
    ['drops a trigger', 'drops a function'].map((rule) => ({
      migration: `202612070100_${domain}_announce_changes_shared`,
      rule,
      reason: 'the trigger is replaced in the same transaction by one that announces the same way; no code calls the dropped function',
    })),
  ),
  {
    migration: '202612080100_access_session_last_seen',
    rule: 'makes a column not null',
    reason: 'written before the policy: the release before it inserts sessions without last_seen_at and fails to sign in until it is replaced',
  },
];

const key = (entry: Pick<Contraction, 'migration' | 'rule'>) => `${entry.migration}: ${entry.rule}`;

describe('migrations only expand the schema, so the previous release runs on it', () => {
  const found = contractions(schema.migrations);

  it('contract nothing but what the allow-list explains', () => {
    const allowed = new Set(ALLOWED.map(key));
    expect(found.filter((entry) => !allowed.has(key(entry)))).toEqual([]);
  });

  it('list no exception the migrations no longer make', () => {
    const made = new Set(found.map(key));
    expect(ALLOWED.map(key).filter((entry) => !made.has(entry))).toEqual([]);
  });
});
