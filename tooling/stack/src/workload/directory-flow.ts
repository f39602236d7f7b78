import { check } from './checks.ts';
import { session, token, type FlowContext } from './flow.ts';

const ENTRY = '/api/v1/directory/{address}';

interface Resolution {
  display_name: string;
  version: number;
  owner: string;
  destinations: { id: string; type: string; uri: string }[];
}

/**
 * The directory lifecycle: register an `aar:` address (and replay it), resolve it, change it (fields
 * and destinations), read its private history, restore an earlier version from that history (the
 * person's own act), pause and reactivate, renew, remove and restore, and resolve it after each step.
 */
export const directoryFlow = async ({ client: { call }, poster, stranger, run }: FlowContext): Promise<void> => {
  const handle = `lighthouse-${run}`;
  const address = `aar:${handle}`;
  const params = { address };
  const originalName = 'Lighthouse Painters';
  const input = {
    handle,
    display_name: originalName,
    description: `Painters of coastal towers (${run}).`,
    entry_type: 'organisation',
    destinations: [{ type: 'web', value: 'https://painters.example', label: 'Site', approved_for_disclosure: true }],
  };
  const registered = await call(token(poster), 'POST', '/api/v1/directory', { key: `dir-${run}`, body: input, expect: 201 });
  check(registered.body.address === address && registered.body.version === 1 && registered.body.term === 'temporary', 'an agent registers a temporary entry at version 1');
  const replayed = await call(token(poster), 'POST', '/api/v1/directory', { key: `dir-${run}`, body: input, expect: 200 });
  check(replayed.body.replayed === true && replayed.body.address === address, 'repeating a registration with its key answers the same entry');
  const taken = await call(token(stranger), 'POST', '/api/v1/directory', { key: `dir-taken-${run}`, body: input, expect: 409 });
  check(taken.body.error === 'handle_taken', 'a handle belongs to one entry');

  const resolve = async (caller: { token: string } | null = null) => (await call<Resolution>(caller, 'GET', ENTRY, { params, expect: 200 })).body;
  const first = await resolve();
  check(first.display_name === originalName && first.owner === 'not disclosed' && first.destinations.length === 1, 'an address resolves to its public destination');
  await call(null, 'GET', ENTRY, { params: { address: handle }, expect: 200 });
  await call(null, 'GET', '/.well-known/webfinger', { query: { resource: address }, expect: 200 });

  let version = 1;
  const renamed = await call(token(poster), 'PATCH', ENTRY, { params, body: { expected_version: version, display_name: 'Harbour Painters' }, expect: 200 });
  version = renamed.body.version;
  check(version === 2 && (await resolve()).display_name === 'Harbour Painters', 'a change shows at once in resolution');
  const stale = await call(token(poster), 'PATCH', ENTRY, { params, body: { expected_version: 1, display_name: 'Lost' }, expect: 409 });
  check(stale.body.error === 'version_conflict' && stale.body.current?.version === 2, 'a stale change is refused with the current entry');
  await call(token(poster), 'PATCH', ENTRY, { params, body: { display_name: 'No version' }, expect: 428 });
  // The entry is public: a stranger may see it, so may not change it (403), where a hidden one answers 404.
  const notMine = await call(token(stranger), 'PATCH', ENTRY, { params, body: { expected_version: version, display_name: 'Not mine' }, expect: 403 });
  check(notMine.body.error === 'not_owner', 'a stranger changing a public entry is told it is not theirs');
  const ongoing = await call(token(poster), 'PATCH', ENTRY, { params, body: { expected_version: version, term: 'ongoing' }, expect: 403 });
  check(ongoing.body.error === 'human_only', 'only the person makes an entry ongoing');

  const added = await call(token(poster), 'POST', '/api/v1/directory/{address}/destinations', {
    params,
    body: { expected_version: version, destination: { type: 'phone', value: '+447700900123', label: 'Office', audience: 'signed_in', approved_for_disclosure: true } },
    expect: 200,
  });
  version = added.body.version;
  const phone = added.body.destinations.find((destination: { type: string }) => destination.type === 'phone');
  check((await resolve()).destinations.every((destination) => destination.type !== 'phone'), 'a signed-in destination is hidden from anonymous callers');
  check((await resolve(token(stranger))).destinations.some((destination) => destination.type === 'phone'), 'a signed-in caller sees a signed-in destination');
  const relabelled = await call(token(poster), 'PATCH', '/api/v1/directory/{address}/destinations/{dest_id}', {
    params: { address, dest_id: phone.id },
    body: { expected_version: version, label: 'Front desk' },
    expect: 200,
  });
  version = relabelled.body.version;
  check(version === 4, 'each change adds one version');

  const history = await call(token(poster), 'GET', '/api/v1/directory/{address}/history', { params, expect: 200 });
  const actions = history.body.history.map((record: { action: string }) => record.action);
  check(
    JSON.stringify(actions) === JSON.stringify(['destination_update', 'destination_add', 'update', 'register']) && history.body.total === 4,
    `the history holds each change, newest first: ${actions.join(', ')}`,
  );
  await call(token(stranger), 'GET', '/api/v1/directory/{address}/history', { params, expect: 404 });
  const rename = history.body.history.find((record: { action: string }) => record.action === 'update');
  check(rename.previous?.display_name === originalName && rename.actor.kind === 'agent', 'a history record keeps who changed what, and the earlier value');

  const restoreOne = '/api/v1/directory/{address}/history/{id}/restore';
  const byAgent = await call(token(poster), 'POST', restoreOne, { params: { address, id: rename.id }, body: { expected_version: version }, expect: 403 });
  check(byAgent.body.error === 'human_only', 'only the person restores from history');
  const restored = await call(session(poster), 'POST', restoreOne, { params: { address, id: rename.id }, body: { expected_version: version }, expect: 200 });
  version = restored.body.version;
  check(version === 5 && restored.body.display_name === originalName, 'restoring from history puts the earlier name back as one new version');
  const afterRestore = await resolve();
  check(afterRestore.display_name === originalName && afterRestore.version === 5, 'the restored version resolves');

  const paused = await call(token(poster), 'POST', '/api/v1/directory/{address}/pause', { params, body: { expected_version: version }, expect: 200 });
  version = paused.body.version;
  const hidden = await call(null, 'GET', ENTRY, { params, expect: 404 });
  check(hidden.body.error === 'unavailable', 'a paused address is unavailable');
  version = (await call(token(poster), 'POST', '/api/v1/directory/{address}/reactivate', { params, body: { expected_version: version }, expect: 200 })).body.version;
  await resolve();
  const renewed = await call(token(poster), 'POST', '/api/v1/directory/{address}/renew', { params, body: { expected_version: version }, expect: 200 });
  version = renewed.body.version;
  check(new Date(renewed.body.expiry).getTime() > Date.now() + 29 * 86_400_000, 'renewing moves the expiry 30 days out');

  const removed = await call(token(poster), 'POST', '/api/v1/directory/{address}/remove', { params, body: { expected_version: version }, expect: 200 });
  version = removed.body.version;
  check(removed.body.status === 'removed' && removed.body.restorable_until, 'a removed entry may be restored for a while');
  await call(null, 'GET', ENTRY, { params, expect: 404 });
  const back = await call(token(poster), 'POST', '/api/v1/directory/{address}/restore', { params, body: { expected_version: version }, expect: 200 });
  version = back.body.version;
  check(back.body.status === 'active' && version === 10, `restore brings the entry back as it was (version ${version})`);
  check((await resolve()).display_name === originalName, 'a restored address resolves again');

  const dropped = await call(token(poster), 'DELETE', '/api/v1/directory/{address}/destinations/{dest_id}', {
    params: { address, dest_id: phone.id },
    query: { expected_version: String(version) },
    expect: 200,
  });
  version = dropped.body.version;
  check((await resolve(token(stranger))).destinations.every((destination) => destination.id !== phone.id), 'a removed destination is never resolved');

  const mine = await call(token(poster), 'GET', '/api/v1/directory/mine', { expect: 200 });
  check(mine.body.entries.some((entry: { address: string }) => entry.address === address), 'the owner lists the entry');
  const managed = await call(token(poster), 'GET', '/api/v1/directory/{address}/manage', { params, expect: 200 });
  check(managed.body.version === version && managed.body.history_summary.count === version, 'one history record per version');
  await call(token(stranger), 'GET', '/api/v1/directory/{address}/manage', { params, expect: 404 });
  const discovered = await call(null, 'GET', '/api/v1/directory', { query: { q: handle }, expect: 200 });
  check(discovered.body.entries.some((entry: { address: string }) => entry.address === address), 'an active public entry is discovered');
  await call(null, 'POST', '/api/v1/reports', { body: { target_kind: 'directory_entry', target_id: address, reason: 'spam' }, expect: 200 });

  const gone = await call(token(poster), 'DELETE', ENTRY, { params, query: { expected_version: String(version) }, expect: 200 });
  check(gone.body.status === 'removed', 'DELETE removes the entry');
  await call(null, 'GET', ENTRY, { params, expect: 404 });
};
