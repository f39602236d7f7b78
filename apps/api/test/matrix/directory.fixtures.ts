import type { OwnerEntryJson } from '@svc/directory';
import type { TestApp } from '@svc/runtime/testing';
import type { MatrixFixtures, MatrixOwner } from './types.ts';

let counter = 0;

/**
 * A fresh entry of `owner` with one public, disclosed destination. The matrix sets up once per
 * caller and operation, far beyond the 25 entries a principal may hold: so that the limit never
 * decides the outcome, entries of earlier rounds (all but the newest few) are marked retired first,
 * which frees their slots as the daily cleanup would.
 */
const freshEntry = async (app: TestApp, owner: MatrixOwner, overrides: Record<string, unknown> = {}): Promise<OwnerEntryJson> => {
  await app.db.query(
    `update directory_entries set status = 'retired', retired_at = created_at
      where owner_id = $1 and status <> 'retired'
        and id not in (select id from directory_entries where owner_id = $2 and status <> 'retired' order by created_at desc, id desc limit 5)`,
    [owner.id, owner.id],
  );
  return app.services.directory.register(owner.actor, {
    handle: `matrix-${Date.now().toString(36)}-${++counter}`,
    display_name: 'Matrix entry',
    description: 'An entry set up for the authorisation matrix.',
    entry_type: 'person',
    destinations: [{ type: 'web', value: 'https://matrix.example', label: 'Site', approved_for_disclosure: true }],
    ...overrides,
  });
};

/**
 * A fresh entry resolves for the stranger, so a change to it is 403 not_owner; a paused or removed
 * one (reactivate, restore) is hidden from them, so it is the identical 404 not_found.
 */
const versioned = (entry: OwnerEntryJson) => ({ params: { address: entry.address }, body: { expected_version: entry.version } });

export const DIRECTORY_FIXTURES: MatrixFixtures = {
  'directory.discover': {
    setup: async ({ app, owner }) => {
      const entry = await freshEntry(app, owner);
      return { query: { q: entry.handle } };
    },
    stranger: 'success',
  },
  'directory.register': {
    setup: async () => ({
      body: { handle: `matrix-new-${Date.now().toString(36)}-${++counter}`, display_name: 'Registered by the matrix', entry_type: 'agent' },
    }),
    stranger: 'success',
  },
  'directory.mine': {
    setup: async ({ app, owner }) => {
      await freshEntry(app, owner);
      return { query: { limit: '5' } };
    },
    stranger: 'success',
  },
  'directory.resolve': {
    setup: async ({ app, owner }) => ({ params: { address: (await freshEntry(app, owner)).address } }),
    stranger: 'success',
  },
  'directory.manage': {
    setup: async ({ app, owner }) => ({ params: { address: (await freshEntry(app, owner)).address } }),
    stranger: 'not_found',
  },
  'directory.history': {
    setup: async ({ app, owner }) => ({ params: { address: (await freshEntry(app, owner)).address } }),
    stranger: 'not_found',
  },
  'directory.update': {
    setup: async ({ app, owner }) => {
      const entry = await freshEntry(app, owner);
      return { params: { address: entry.address }, body: { expected_version: entry.version, display_name: 'Changed' } };
    },
    stranger: 'not_owner',
  },
  'directory.delete': {
    setup: async ({ app, owner }) => {
      const entry = await freshEntry(app, owner);
      return { params: { address: entry.address }, query: { expected_version: String(entry.version) } };
    },
    stranger: 'not_owner',
  },
  'directory.add_destination': {
    setup: async ({ app, owner }) => {
      const entry = await freshEntry(app, owner);
      return {
        params: { address: entry.address },
        body: { expected_version: entry.version, destination: { type: 'phone', value: '+447700900123', label: 'Phone' } },
      };
    },
    stranger: 'not_owner',
  },
  'directory.update_destination': {
    setup: async ({ app, owner }) => {
      const entry = await freshEntry(app, owner);
      return {
        params: { address: entry.address, dest_id: entry.destinations[0]!.id },
        body: { expected_version: entry.version, audience: 'signed_in' },
      };
    },
    stranger: 'not_owner',
  },
  'directory.remove_destination': {
    setup: async ({ app, owner }) => {
      const entry = await freshEntry(app, owner);
      return { params: { address: entry.address, dest_id: entry.destinations[0]!.id }, query: { expected_version: String(entry.version) } };
    },
    stranger: 'not_owner',
  },
  'directory.pause': {
    setup: async ({ app, owner }) => versioned(await freshEntry(app, owner)),
    stranger: 'not_owner',
  },
  'directory.reactivate': {
    setup: async ({ app, owner }) => {
      const entry = await freshEntry(app, owner);
      return versioned(await app.services.directory.pause(owner.actor, entry.address, { expected_version: entry.version }));
    },
    stranger: 'not_found',
  },
  'directory.renew': {
    setup: async ({ app, owner }) => versioned(await freshEntry(app, owner)),
    stranger: 'not_owner',
  },
  'directory.remove': {
    setup: async ({ app, owner }) => versioned(await freshEntry(app, owner)),
    stranger: 'not_owner',
  },
  'directory.restore': {
    setup: async ({ app, owner }) => {
      const entry = await freshEntry(app, owner);
      return versioned(await app.services.directory.remove(owner.actor, entry.address, entry.version));
    },
    stranger: 'not_found',
  },
  'directory.lock': {
    setup: async ({ app, owner }) => versioned(await freshEntry(app, owner)),
    stranger: 'not_owner',
  },
  'directory.unlock': {
    setup: async ({ app, owner }) => {
      const entry = await freshEntry(app, owner);
      return versioned(await app.services.directory.lock(owner.actor, entry.address, { expected_version: entry.version }));
    },
    stranger: 'not_owner',
  },
  'directory.set_agents': {
    setup: async ({ app, owner }) => {
      const entry = await freshEntry(app, owner);
      return { params: { address: entry.address }, body: { grant_ids: [], expected_version: entry.version } };
    },
    stranger: 'not_owner',
  },
  'directory.restore_history': {
    setup: async ({ app, owner }) => {
      const entry = await freshEntry(app, owner);
      const changed = await app.services.directory.update(owner.actor, entry.address, { expected_version: entry.version, display_name: 'Renamed' });
      const { history } = await app.services.directory.history(owner.actor, entry.address);
      const edit = history.find((record) => record.action === 'update')!;
      return { params: { address: entry.address, id: edit.id }, body: { expected_version: changed.version } };
    },
    stranger: 'not_owner',
  },
};
