import { manualClock, newId, type Actor, type ManualClock } from '@svc/kernel';
import { dbEntities, dbMigrations } from '@svc/db';
import { openTestDatabase, type TestDatabase } from '@svc/db/testing';
import type { Engine } from '@svc/db';
import type { GrantLookup } from './directory.deps.ts';
import { NEW_ENTRY_STATE, type EntryRecord } from './directory.records.ts';
import { createDirectoryModule, directoryEntities, directoryMigrations, type DirectoryModule } from './index.ts';

export const START = '2026-11-22T12:00:00.000Z';

/** A person signed in on the website. */
export const person = (name: string, overrides: Partial<Actor> = {}): Actor => ({
  principalId: newId('prn'),
  displayName: name,
  via: 'session',
  grantId: null,
  agentName: null,
  scopes: [],
  isSupport: false,
  ...overrides,
});

/** An agent acting for `owner` through a grant. */
export const agentOf = (owner: Actor, agentName = 'Helper agent', grantId = newId('grt')): Actor => ({
  principalId: owner.principalId,
  displayName: owner.displayName,
  via: 'agent',
  grantId,
  agentName,
  scopes: ['directory:write'],
  isSupport: false,
});

/** A support person on the website; give a fixed `principalId` where a test stores or reads it. */
export const support = (overrides: Partial<Actor> = {}): Actor => person('Support', { isSupport: true, ...overrides });

/** A grant lookup the test controls: `live` holds the grant ids each principal has. */
export const createGrants = () => {
  const live = new Map<string, Set<string>>();
  const lookup: GrantLookup = {
    liveGrantIdsOf: async (principalId, ids) => ids.filter((id) => live.get(principalId)?.has(id) ?? false),
  };
  return {
    lookup,
    give: (agent: Actor) => {
      const set = live.get(agent.principalId) ?? new Set<string>();
      set.add(agent.grantId!);
      live.set(agent.principalId, set);
    },
    revoke: (agent: Actor) => live.get(agent.principalId)?.delete(agent.grantId!),
  };
};

let counter = 0;
/** A fresh, valid handle. */
export const uniqueHandle = (stem = 'entry'): string => `${stem}-${Date.now().toString(36)}-${(counter++).toString(36)}`;

/** What an entry's owner reads of its moderation while nothing has happened to it: unlocked, unlimited, not suspended or removed. */
export const UNMODERATED = {
  locked: false,
  agent_limit: null,
  suspended: false,
  suspension: null,
  removed_at: null,
  restorable_until: null,
} as const;

/** The states that hide an entry from a resolution, each answering the same `unavailable` as an unknown address. */
export type HiddenState = 'paused' | 'expired' | 'removed' | 'retired' | 'suspended' | 'restricted while signed out';

/** The addresses of a test's entries in every hidden state, by state; the type asks for one entry in each. */
export const hiddenStateAddresses = (entries: Record<HiddenState, { address: string }>): Record<HiddenState, string> =>
  Object.fromEntries(Object.entries(entries).map(([state, entry]) => [state, entry.address])) as Record<HiddenState, string>;

/** A valid registration body; override what a test is about. */
export const registration = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  handle: uniqueHandle(),
  display_name: 'Alice Bakes',
  description: 'Sourdough and cakes for small parties.',
  entry_type: 'person',
  destinations: [
    { type: 'web', value: 'https://alice.example/bakes', label: 'Shop', audience: 'public', preferred: true, approved_for_disclosure: true },
    { type: 'email', value: 'alice@example.org', label: 'Mail', audience: 'signed_in', preferred: false, approved_for_disclosure: true },
    { type: 'phone', value: '+447700900123', label: 'Phone', audience: 'public', preferred: false, approved_for_disclosure: false },
  ],
  ...overrides,
});

export interface Harness {
  db: TestDatabase;
  clock: ManualClock;
  grants: ReturnType<typeof createGrants>;
  module: DirectoryModule;
}

/** A migrated scratch database with the directory module on a manual clock. */
export const openHarness = async (engine: Engine): Promise<Harness> => {
  const db = await openTestDatabase(engine, {
    entities: [...dbEntities, ...directoryEntities],
    migrations: [...dbMigrations, ...directoryMigrations],
  });
  const clock = manualClock(START);
  const grants = createGrants();
  const module = createDirectoryModule({ db, clock, grants: grants.lookup, baseUrl: 'https://dir.example.org' });
  return { db, clock, grants, module };
};

/** A stored entry record for pure tests. */
export const entryRecord = (overrides: Partial<EntryRecord> = {}): EntryRecord => ({
  id: 'dir_0123456789abcdefghjkmnpqrs',
  handle: 'alice-bakes',
  ownerId: 'prn_owner',
  displayName: 'Alice Bakes',
  description: 'Cakes',
  entryType: 'person',
  visibility: 'public',
  term: 'temporary',
  ...NEW_ENTRY_STATE,
  expiresAt: new Date('2026-12-22T12:00:00.000Z'),
  createdAt: new Date(START),
  updatedAt: new Date(START),
  ...overrides,
});

export const DAY = 24 * 60 * 60 * 1000;
export const days = (n: number) => n * DAY;
export { manualClock };
