import { sha256 } from '@svc/db';
import {
  parseInput,
  parseVersioned,
  refuseContactDetails,
  requireExpectedVersion,
  requireHuman,
  validationFailed,
  versionConflict,
  type Actor,
} from '@svc/kernel';
import type { DirectoryDeps } from './directory.deps.ts';
import { directoryErrors } from './directory.errors.ts';
import { presentDestination, presentHistory, presentOwnerEntry, presentResolution } from './directory.presenter.ts';
import {
  NEW_ENTRY_STATE,
  type DestinationRecord,
  type EntryRecord,
  type FullEntryRecord,
  type HistoryAction,
  type HistoryActor,
  type PreviousValues,
} from './directory.records.ts';
import type { EntryChanges, ManagedEntry } from './directory.repository.ts';
import {
  destinationAddSchema,
  destinationPatchSchema,
  audienceFor,
  destinationFieldPath,
  destinationProblems,
  discoverQuerySchema,
  entryPatchSchema,
  handleFromAddress,
  historyQuerySchema,
  isSameDestination,
  mineQuerySchema,
  registerSchema,
  renewSchema,
  repeatedDestinationProblems,
  requireSomeChange,
  searchWordsOf,
  setAgentsSchema,
  versionedBodySchema,
  type EntryPatch,
  type HistoryItemJson,
  type OwnerEntryJson,
  type ResolutionJson,
} from './directory.schemas.ts';
import {
  DIRECTORY_LIMITS,
  assertAgentMayChange,
  assertEditable,
  cleanupCutoffs,
  expiryForTerm,
  isResolvable,
  planTransition,
  registrationExpiry,
} from './directory.state.ts';

/** A resolution answer with its strong ETag. */
export interface Resolution {
  body: ResolutionJson;
  /**
   * Strong ETag (quoted): a hash of the entry id, its version and whether the caller is signed in,
   * so a signed-in answer is never revalidated as an anonymous one and any change makes a new tag.
   */
  etag: string;
  /**
   * How many approved destinations are kept for signed-in callers and so are not in `body` (0 for a
   * signed-in caller). Not part of the resolution output: the website says "sign in to see it" only
   * when signing in would show something.
   */
  withheld: number;
}

export interface DiscoveryPage {
  entries: ResolutionJson[];
  /** Counted up to a cap: past it, `total_is_lower_bound` says "at least". */
  total: number;
  total_is_lower_bound: boolean;
  limit: number;
  offset: number;
}

export interface HistoryPage {
  history: HistoryItemJson[];
  total: number;
  limit: number;
  offset: number;
}

/**
 * The contact directory: registration, public resolution and discovery, and everything an owner
 * does to their entries. One method per Directory endpoint. Ownership is checked here against the
 * `Actor`: anyone else gets `not_found`, or `not_owner` when changing an entry they may see (it
 * resolves for them); scopes are the HTTP layer's job. Every change is
 * versioned (428 without `expected_version`, 409 `version_conflict` with `current`, the owner view)
 * and writes one private history record in the same transaction.
 *
 * @example
 * ```ts
 * const entry = await directory.register(actor, {
 *   handle: 'alice-bakes', display_name: 'Alice Bakes', entry_type: 'person',
 *   destinations: [{ type: 'web', value: 'https://alice.example', approved_for_disclosure: true }],
 * });
 * const { body, etag } = await directory.resolve('aar:alice-bakes', null);
 * await directory.pause(actor, 'alice-bakes', { expected_version: entry.version });
 * ```
 */
export interface DirectoryService {
  /** `POST /api/v1/directory`: 201 owner view. Runs in the caller's transaction when there is one. */
  register(actor: Actor, input: unknown): Promise<OwnerEntryJson>;
  /** `GET /api/v1/directory/{address}`: the resolution output, or 404 `unavailable` whatever the reason. */
  resolve(address: string, caller: Actor | null): Promise<Resolution>;
  /** `GET /api/v1/directory`: active public entries, from query strings `q`, `type`, `limit`, `offset`. */
  discover(query: unknown): Promise<DiscoveryPage>;
  /**
   * `GET /api/v1/directory/mine`: the entries the caller owns, newest first (retired ones too),
   * paged by the query strings `limit` and `offset`.
   */
  mine(actor: Actor, query?: unknown): Promise<{ entries: OwnerEntryJson[]; total: number; limit: number; offset: number }>;
  /** `GET /api/v1/directory/{address}/manage`: the owner view. */
  manage(actor: Actor, address: string): Promise<OwnerEntryJson>;
  /** `GET /api/v1/directory/{address}/history`: the private history, newest first (`limit`, `offset`). */
  history(actor: Actor, address: string, query?: unknown): Promise<HistoryPage>;
  /** `PATCH /api/v1/directory/{address}`. Making an entry `ongoing` is for the signed-in principal only. */
  update(actor: Actor, address: string, input: unknown): Promise<OwnerEntryJson>;
  /**
   * `DELETE /api/v1/directory/{address}` (query `expected_version`) and `POST …/remove` (body
   * `expected_version`): resolution stops at once; restorable for 30 days.
   */
  remove(actor: Actor, address: string, expectedVersion: unknown): Promise<OwnerEntryJson>;
  /** `POST …/destinations` body `{expected_version, destination}`. */
  addDestination(actor: Actor, address: string, input: unknown): Promise<OwnerEntryJson>;
  /** `PATCH …/destinations/{dest_id}`. */
  updateDestination(actor: Actor, address: string, destinationId: string, input: unknown): Promise<OwnerEntryJson>;
  /** `DELETE …/destinations/{dest_id}` (query `expected_version`). */
  removeDestination(actor: Actor, address: string, destinationId: string, expectedVersion: unknown): Promise<OwnerEntryJson>;
  /** `POST …/pause` `{expected_version}`: active → paused. */
  pause(actor: Actor, address: string, input: unknown): Promise<OwnerEntryJson>;
  /** `POST …/reactivate` `{expected_version}`: paused → active. */
  reactivate(actor: Actor, address: string, input: unknown): Promise<OwnerEntryJson>;
  /**
   * `POST …/renew` `{expected_version, expires_at?}`: temporary only, until 30 days after expiry. Expiry
   * becomes the later of the current one and now + 30 days, or the later `expires_at` asked for (≤ now + 90 days).
   */
  renew(actor: Actor, address: string, input: unknown): Promise<OwnerEntryJson>;
  /** `POST …/restore` `{expected_version}`: removed → the status it had before, within 30 days. */
  restore(actor: Actor, address: string, input: unknown): Promise<OwnerEntryJson>;
  /** `POST …/lock` `{expected_version}`: signed-in principal only; agents can then change nothing. */
  lock(actor: Actor, address: string, input: unknown): Promise<OwnerEntryJson>;
  /** `POST …/unlock` `{expected_version}`: signed-in principal only. */
  unlock(actor: Actor, address: string, input: unknown): Promise<OwnerEntryJson>;
  /** `PUT …/agents` `{grant_ids, expected_version}`: signed-in principal only; `[]` lifts the limit. */
  setAgents(actor: Actor, address: string, input: unknown): Promise<OwnerEntryJson>;
  /** `POST …/history/{id}/restore` `{expected_version}`: puts back the earlier values a history record holds. */
  restoreHistory(actor: Actor, address: string, historyId: string, input: unknown): Promise<OwnerEntryJson>;
}

/** A change computed from the current entry: what to set, the destination list to keep, and what history says. */
export interface ChangePlan {
  changes: Omit<EntryChanges, 'updatedAt'>;
  destinations?: DestinationRecord[];
  action: HistoryAction;
  previous?: PreviousValues | null;
}

export const historyActorOf = (actor: Actor): HistoryActor =>
  actor.via === 'agent' && actor.grantId
    ? { kind: 'agent', principal_id: actor.principalId, grant_id: actor.grantId, agent_name: actor.agentName }
    : { kind: 'person', principal_id: actor.principalId };

/** The strong ETag of a resolution answer. */
export const resolutionEtag = (entryId: string, version: number, signedIn: boolean): string =>
  `"${sha256(`${entryId}:${version}:${signedIn ? 'signed_in' : 'anonymous'}`).slice(0, 32)}"`;

const snapshotOf = (destinations: readonly DestinationRecord[]) => destinations.map(presentDestination);

const fromSnapshot = (snapshot: NonNullable<PreviousValues['destinations']>): DestinationRecord[] =>
  snapshot.map((d) => ({
    id: d.id,
    type: d.type,
    value: d.value,
    label: d.label,
    audience: d.audience,
    preferred: d.preferred,
    approvedForDisclosure: d.approved_for_disclosure,
  }));

/** Where a list's destination is named in a refusal: `destinations.2`. */
const inList = (index: number): string => `destinations.${index}`;

/** Each destination's value fits its type and its audience, else 400 `destination_invalid` naming the field (`pathOf` as in `destinationProblems`). */
const assertDestinationsValid = (destinations: readonly DestinationRecord[], pathOf: (index: number) => string): void => {
  const problems = destinationProblems(destinations, pathOf);
  if (problems.length > 0) throw directoryErrors.destinationInvalid(problems);
};

/**
 * Destinations as a change may store them: valid (`assertDestinationsValid`), and what one shown to
 * everyone publishes beside its kind holds no contact detail: its label is public text (as the name
 * and description), and a link (web, MCP, agent card) holds no e-mail address, which is never
 * published (422 `blocked_content` at `<path>.label` / `<path>.value`). Those shown to signed-in
 * people only may name an e-mail address, as an e-mail destination does.
 */
const assertDestinationsStorable = (destinations: readonly DestinationRecord[], pathOf: (index: number) => string): void => {
  assertDestinationsValid(destinations, pathOf);
  const texts: Record<string, string> = {};
  const links: Record<string, string> = {};
  destinations.forEach((destination, index) => {
    if (destination.audience !== 'public') return;
    const at = (field: string) => destinationFieldPath(pathOf(index), field);
    if (destination.label) texts[at('label')] = destination.label;
    if (destination.type !== 'phone' && destination.type !== 'email') links[at('value')] = destination.value;
  });
  refuseContactDetails(texts, links);
};

/** The edited fields stored as they come (`term` also moves the expiry), each with the record field it sets. */
const COPIED_FIELDS = [
  ['display_name', 'displayName'],
  ['description', 'description'],
  ['visibility', 'visibility'],
  ['entry_type', 'entryType'],
] as const satisfies readonly (readonly [keyof EntryPatch & keyof PreviousValues, keyof EntryChanges & keyof EntryRecord])[];

/** Field edits (PATCH or a history restore) → record changes and the values they replace. */
const planFieldEdit = (
  actor: Actor,
  entry: EntryRecord,
  patch: EntryPatch,
  now: Date,
): { changes: Omit<EntryChanges, 'updatedAt'>; previous: PreviousValues } => {
  const changes: Omit<EntryChanges, 'updatedAt'> = {};
  const previous: PreviousValues = {};
  // A field sent as the entry has it is no change (nor in the history).
  for (const [field, recordField] of COPIED_FIELDS) {
    if (patch[field] === undefined || patch[field] === entry[recordField]) continue;
    Object.assign(changes, { [recordField]: patch[field] });
    Object.assign(previous, { [field]: entry[recordField] });
  }
  if (patch.term !== undefined && patch.term !== entry.term) {
    if (patch.term === 'ongoing' && entry.term !== 'ongoing') requireHuman(actor);
    changes.term = patch.term;
    changes.expiresAt = expiryForTerm(entry, patch.term, now);
    previous.term = entry.term;
  }
  return { changes, previous };
};

/** The fields a destination PATCH may change. */
const DESTINATION_FIELDS = ['value', 'label', 'audience', 'preferred', 'approvedForDisclosure'] as const satisfies readonly (keyof DestinationRecord)[];

export const createDirectoryService = ({ repo, clock, ids, grants, transaction }: DirectoryDeps): DirectoryService => {
  const historySince = (now: Date): Date => cleanupCutoffs(now).historyBefore;
  const view = (managed: ManagedEntry, now: Date): OwnerEntryJson => presentOwnerEntry(managed.entry, managed.history, now);

  /**
   * The caller's entry behind an address; none, or anyone else's, is `not_found`. For a change, another's
   * entry that the caller may see (it resolves for them: every caller of a change is signed in) is
   * 403 `not_owner`; a hidden one keeps the identical `not_found`, so nothing tells its state.
   */
  const owned = async (actor: Actor, address: string, now: Date, forChange = false): Promise<ManagedEntry> => {
    const handle = handleFromAddress(address);
    const found = handle ? await repo.findByHandle(handle, historySince(now)) : null;
    if (found && found.entry.ownerId !== actor.principalId && forChange && isResolvable(found.entry, now, true)) {
      throw directoryErrors.notOwner();
    }
    if (!found || found.entry.ownerId !== actor.principalId) throw directoryErrors.notFound();
    return found;
  };

  const current = async (handle: string, now: Date): Promise<OwnerEntryJson | null> => {
    const found = await repo.findByHandle(handle, historySince(now));
    return found ? view(found, now) : null;
  };

  /**
   * One owner change: ownership, the agent gate (lock, agent limit), the version, then the plan's
   * rules; then, in one transaction, the conditional update (+1 version), destinations and one
   * history record. A lost race is a `version_conflict` like any other mismatch.
   */
  const change = async (
    actor: Actor,
    address: string,
    expectedVersion: number,
    plan: (entry: FullEntryRecord, now: Date) => ChangePlan | Promise<ChangePlan>,
  ): Promise<OwnerEntryJson> => {
    const now = clock.now();
    const found = await owned(actor, address, now, true);
    const { entry } = found;
    assertAgentMayChange(entry, actor);
    if (entry.version !== expectedVersion) throw versionConflict(view(found, now));
    const planned = await plan(entry, now);
    // An edit sending only what the entry already says writes nothing: no new version, no history
    // record, so nobody holding the version they read meets a conflict over nothing.
    if (Object.keys(planned.changes).length === 0 && !planned.destinations) return view(found, now);
    const outcome = await transaction(async () => {
      const updated = await repo.updateIfVersion(entry.id, expectedVersion, { ...planned.changes, updatedAt: now });
      if (!updated) return null;
      if (planned.destinations) await repo.replaceDestinations(entry.id, planned.destinations);
      await repo.insertHistory({
        id: ids('dhi'),
        entryId: entry.id,
        actor: historyActorOf(actor),
        action: planned.action,
        at: now,
        version: updated.version,
        previous: planned.previous ?? null,
      });
      return current(entry.handle, now);
    });
    if (outcome) return outcome;
    throw versionConflict(await current(entry.handle, now));
  };

  const transition = (action: 'pause' | 'reactivate' | 'restore') => async (actor: Actor, address: string, input: unknown): Promise<OwnerEntryJson> => {
    const { expectedVersion } = parseVersioned(versionedBodySchema, input);
    return change(actor, address, expectedVersion, (entry, now) => {
      const status = planTransition(entry, action, now);
      // Restored destinations must still be valid today.
      if (action === 'restore') assertDestinationsValid(entry.destinations, inList);
      return { changes: status, action };
    });
  };

  const setLock = (locked: boolean) => async (actor: Actor, address: string, input: unknown): Promise<OwnerEntryJson> => {
    requireHuman(actor);
    const { expectedVersion } = parseVersioned(versionedBodySchema, input);
    return change(actor, address, expectedVersion, (entry, now) => {
      const action = locked ? 'lock' : 'unlock';
      assertEditable(entry, now, action);
      if (entry.locked === locked) throw directoryErrors.invalidState(locked ? 'locked' : 'unlocked', action);
      return { changes: { locked }, action };
    });
  };

  return {
    register: async (actor, input) => {
      const body = parseInput(registerSchema, input);
      refuseContactDetails({ display_name: body.display_name, description: body.description });
      if (body.term === 'ongoing') {
        requireHuman(actor);
        if (body.expires_at !== undefined) {
          throw validationFailed([{ path: 'expires_at', message: 'only temporary entries expire' }]);
        }
      }
      const repeated = repeatedDestinationProblems(body.destinations, (index) => `destinations.${index}`);
      if (repeated.length > 0) throw validationFailed(repeated);
      const destinations: DestinationRecord[] = body.destinations.map((destination) => ({
        id: ids('dst'),
        type: destination.type,
        value: destination.value,
        label: destination.label,
        audience: audienceFor(destination.type, destination.audience),
        preferred: destination.preferred,
        approvedForDisclosure: destination.approved_for_disclosure,
      }));
      assertDestinationsStorable(destinations, inList);
      const now = clock.now();
      const entry: EntryRecord = {
        id: ids('dir'),
        handle: body.handle,
        ownerId: actor.principalId,
        displayName: body.display_name,
        description: body.description,
        entryType: body.entry_type,
        visibility: body.visibility,
        term: body.term,
        ...NEW_ENTRY_STATE,
        expiresAt: body.term === 'temporary' ? registrationExpiry(now, body.expires_at) : null,
        createdAt: now,
        updatedAt: now,
      };
      return transaction(async () => {
        // Registrations of one principal queue here, so counting and inserting cannot interleave.
        await repo.lockPrincipal(actor.principalId);
        if ((await repo.countCountedEntries(actor.principalId)) >= DIRECTORY_LIMITS.entriesPerPrincipal) {
          throw directoryErrors.entryLimit(DIRECTORY_LIMITS.entriesPerPrincipal);
        }
        if (!(await repo.insertEntry(entry))) throw directoryErrors.handleTaken(entry.handle);
        await repo.replaceDestinations(entry.id, destinations);
        await repo.insertHistory({
          id: ids('dhi'),
          entryId: entry.id,
          actor: historyActorOf(actor),
          action: 'register',
          at: now,
          version: 1,
          previous: null,
        });
        const created = await current(entry.handle, now);
        if (!created) throw directoryErrors.notFound();
        return created;
      });
    },

    resolve: async (address, caller) => {
      const signedIn = caller !== null;
      // One query decides; an address that cannot be a handle simply matches nothing.
      const row = await repo.resolve(handleFromAddress(address) ?? '', signedIn, clock.now());
      if (!row) throw directoryErrors.unavailable();
      return { body: presentResolution(row), etag: resolutionEtag(row.id, row.version, signedIn), withheld: row.withheld };
    },

    discover: async (query) => {
      const { q, type, limit, offset } = parseInput(discoverQuerySchema, query ?? {});
      const words = q ? searchWordsOf(q) : undefined;
      const { rows, total, totalIsLowerBound } = await repo.discover({ q: words || undefined, entryType: type }, { limit, offset }, clock.now());
      return { entries: rows.map(presentResolution), total, total_is_lower_bound: totalIsLowerBound, limit, offset };
    },

    mine: async (actor, query) => {
      const { limit, offset } = parseInput(mineQuerySchema, query ?? {});
      const now = clock.now();
      const { rows, total } = await repo.findByOwner(actor.principalId, historySince(now), { limit, offset });
      return { entries: rows.map((found) => view(found, now)), total, limit, offset };
    },

    manage: async (actor, address) => {
      const now = clock.now();
      return view(await owned(actor, address, now), now);
    },

    history: async (actor, address, query) => {
      const { limit, offset } = parseInput(historyQuerySchema, query ?? {});
      const now = clock.now();
      const { entry } = await owned(actor, address, now);
      const { rows, total } = await repo.listHistory(entry.id, historySince(now), { limit, offset });
      return { history: rows.map(presentHistory), total, limit, offset };
    },

    update: async (actor, address, input) => {
      const { expectedVersion, body } = parseVersioned(entryPatchSchema, input);
      const { expected_version: _version, ...patch } = body;
      requireSomeChange(patch);
      refuseContactDetails({ display_name: patch.display_name, description: patch.description });
      return change(actor, address, expectedVersion, (entry, now) => {
        assertEditable(entry, now, 'update');
        return { ...planFieldEdit(actor, entry, patch, now), action: 'update' };
      });
    },

    remove: async (actor, address, expectedVersion) => {
      const version = requireExpectedVersion(expectedVersion);
      return change(actor, address, version, (entry, now) => ({ changes: planTransition(entry, 'remove', now), action: 'remove' }));
    },

    addDestination: async (actor, address, input) => {
      const { expectedVersion, body } = parseVersioned(destinationAddSchema, input);
      const added: DestinationRecord = {
        id: ids('dst'),
        type: body.destination.type,
        value: body.destination.value,
        label: body.destination.label,
        audience: audienceFor(body.destination.type, body.destination.audience),
        preferred: body.destination.preferred,
        approvedForDisclosure: body.destination.approved_for_disclosure,
      };
      assertDestinationsStorable([added], () => 'destination');
      return change(actor, address, expectedVersion, (entry, now) => {
        assertEditable(entry, now, 'destination_add');
        const existing = entry.destinations.find((destination) => isSameDestination(destination, added));
        if (existing) throw directoryErrors.destinationExists(existing.id);
        if (entry.destinations.length >= DIRECTORY_LIMITS.destinationsPerEntry) {
          throw directoryErrors.destinationLimit(DIRECTORY_LIMITS.destinationsPerEntry);
        }
        return {
          changes: {},
          destinations: [...entry.destinations, added],
          action: 'destination_add',
          previous: { destinations: snapshotOf(entry.destinations) },
        };
      });
    },

    updateDestination: async (actor, address, destinationId, input) => {
      const { expectedVersion, body } = parseVersioned(destinationPatchSchema, input);
      const { expected_version: _version, ...patch } = body;
      requireSomeChange(patch);
      return change(actor, address, expectedVersion, (entry, now) => {
        assertEditable(entry, now, 'destination_update');
        const index = entry.destinations.findIndex((destination) => destination.id === destinationId);
        const before = entry.destinations[index];
        if (!before) throw directoryErrors.destinationNotFound();
        const after: DestinationRecord = {
          ...before,
          value: patch.value ?? before.value,
          label: patch.label ?? before.label,
          audience: patch.audience ?? before.audience,
          preferred: patch.preferred ?? before.preferred,
          approvedForDisclosure: patch.approved_for_disclosure ?? before.approvedForDisclosure,
        };
        assertDestinationsStorable([after], () => '');
        const existing = entry.destinations.find((destination, i) => i !== index && isSameDestination(destination, after));
        if (existing) throw directoryErrors.destinationExists(existing.id);
        // A destination sent as it is: no change, so nothing is written (no version, no history).
        if (DESTINATION_FIELDS.every((field) => after[field] === before[field])) return { changes: {}, action: 'destination_update' };
        return {
          changes: {},
          destinations: entry.destinations.map((destination, i) => (i === index ? after : destination)),
          action: 'destination_update',
          previous: { destinations: snapshotOf(entry.destinations) },
        };
      });
    },

    removeDestination: async (actor, address, destinationId, expectedVersion) => {
      const version = requireExpectedVersion(expectedVersion);
      return change(actor, address, version, (entry, now) => {
        assertEditable(entry, now, 'destination_remove');
        if (!entry.destinations.some((destination) => destination.id === destinationId)) {
          throw directoryErrors.destinationNotFound();
        }
        return {
          changes: {},
          destinations: entry.destinations.filter((destination) => destination.id !== destinationId),
          action: 'destination_remove',
          previous: { destinations: snapshotOf(entry.destinations) },
        };
      });
    },

    pause: transition('pause'),
    reactivate: transition('reactivate'),
    restore: transition('restore'),

    renew: async (actor, address, input) => {
      const { expectedVersion, body } = parseVersioned(renewSchema, input);
      return change(actor, address, expectedVersion, (entry, now) => ({
        changes: planTransition(entry, 'renew', now, body.expires_at),
        action: 'renew',
      }));
    },
    lock: setLock(true),
    unlock: setLock(false),

    setAgents: async (actor, address, input) => {
      requireHuman(actor);
      const { expectedVersion, body } = parseVersioned(setAgentsSchema, input);
      const requested = body.grant_ids;
      if (requested.length > 0) {
        const live = new Set(await grants.liveGrantIdsOf(actor.principalId, requested));
        const unknown = requested.flatMap((id, index) =>
          live.has(id) ? [] : [{ path: `grant_ids.${index}`, message: 'is not one of your live agent grants' }],
        );
        if (unknown.length > 0) throw validationFailed(unknown);
      }
      return change(actor, address, expectedVersion, (entry, now) => {
        assertEditable(entry, now, 'set_agents');
        return { changes: { agentLimit: requested.length > 0 ? requested : null }, action: 'set_agents' };
      });
    },

    restoreHistory: async (actor, address, historyId, input) => {
      requireHuman(actor);
      const { expectedVersion } = parseVersioned(versionedBodySchema, input);
      return change(actor, address, expectedVersion, async (entry, now) => {
        const record = await repo.findHistory(entry.id, historyId, historySince(now));
        if (!record) throw directoryErrors.historyNotFound();
        if (!record.previous || Object.keys(record.previous).length === 0) throw directoryErrors.nothingToRestore();
        assertEditable(entry, now, 'history_restore');
        const { destinations: earlier, ...fields } = record.previous;
        // A version written before contact details were refused must not publish them again.
        refuseContactDetails({ display_name: fields.display_name, description: fields.description });
        const { changes, previous } = planFieldEdit(actor, entry, fields, now);
        if (!earlier) return { changes, action: 'history_restore', previous };
        const destinations = fromSnapshot(earlier);
        if (destinations.length > DIRECTORY_LIMITS.destinationsPerEntry) {
          throw directoryErrors.destinationLimit(DIRECTORY_LIMITS.destinationsPerEntry);
        }
        assertDestinationsStorable(destinations, inList);
        return {
          changes,
          destinations,
          action: 'history_restore',
          previous: { ...previous, destinations: snapshotOf(entry.destinations) },
        };
      });
    },
  };
};
