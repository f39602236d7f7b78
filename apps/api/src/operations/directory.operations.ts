import { createHash } from 'node:crypto';
import type { Context } from 'koa';
import * as v from 'valibot';
import { idParam } from './path-params.ts';
import { SIGNED_IN_ONLY } from './signed-in-only.ts';
import { conditionalAnswer, defineOperation } from '@svc/http';
import type { Scope } from '@svc/access';
import {
  destinationAddSchema,
  destinationPatchSchema,
  discoverQuerySchema,
  entryPatchSchema,
  historyItemSchema,
  historyQuerySchema,
  mineQuerySchema,
  ownerEntrySchema,
  registerSchema,
  renewSchema,
  resolutionSchema,
  setAgentsSchema,
  versionedBodySchema,
  type DestinationType,
  type ResolutionJson,
} from '@svc/directory';
import { cappedPageEntries, ID_MAX_CHARS, maxChars, parseInput, parseVersioned, versionFromQuery, versionQuerySchema, pageEntries } from '@svc/kernel';
import type { Services } from '@svc/runtime';

const op = defineOperation<Services, Scope>();

/** Why an entry's own text refuses contact details (docs/decisions.md, "Contact details in public text"). */
const CONTACTS_IN_DESTINATIONS =
  'An entry\'s `display_name` and `description` are shown to everyone who may resolve it: one holding an e-mail address, a phone number or a street ' +
  'address is refused with 422 `blocked_content` (`details` name the field and what was `found`). Contact details go in destinations, where their audience applies.';

const EMAIL_AUDIENCE =
  'E-mail addresses are never published: an `email` destination\'s `audience` is `signed_in` when not given (every other type\'s is `public`), and ' +
  '`public` for one is refused with 400 `destination_invalid` naming its `audience`. A destination shown to everyone (`public`) publishes its `label` ' +
  'and its link too: a label holding a contact detail, or a `web`, `mcp` or `a2a_agent_card` value holding an e-mail address, is refused with 422 ' +
  '`blocked_content` naming it.';

const address = v.pipe(
  v.string(),
  // The bound of every path parameter (docs/security.md; past it, 400), not the longest address: an
  // address up to it but too long to be a handle is unknown, and answers the same 404 `unavailable`.
  maxChars(ID_MAX_CHARS),
  v.description('The address, `aar:<handle>` or the bare handle, in any case (`aar:Alice-Bakes` is `aar:alice-bakes`)'),
);
const entry = v.object({ address });
const destination = v.object({ address, dest_id: idParam('The destination id (`dst_…`)') });
const historyRecord = v.object({ address, id: idParam('The history record id (`dhi_…`)') });

/** `GET /api/v1/directory`: active public entries in the resolution shape. */
export const directoryDiscoverySchema = v.object({
  entries: v.array(resolutionSchema),
  ...cappedPageEntries('True when there are at least `total` matching entries, possibly more: matches are counted to 301, or one past the page asked for'),
});
export const directoryMineSchema = v.object({
  entries: v.array(ownerEntrySchema),
  ...pageEntries,
});
export const directoryHistorySchema = v.object({
  history: v.array(historyItemSchema),
  ...pageEntries,
});

const read = { scopes: ['account:read', 'directory:write'] } as const;
const write = { scopes: ['directory:write'] } as const;
/**
 * What every owner change can answer beyond its auth and body: the entry (`not_owner` when it is
 * another's that resolves for the caller), the agent gate, the version, the state rules.
 */
const CHANGE_ERRORS = ['not_found', 'not_owner', 'locked', 'agent_not_permitted', 'version_conflict', 'expected_version_required', 'invalid_state'] as const;
/** The website-only changes: a session only, so the agent gate never applies. */
const HUMAN_CHANGE_ERRORS = ['not_found', 'not_owner', 'version_conflict', 'expected_version_required', 'invalid_state'] as const;

/**
 * Resolution is cached per caller (private), always revalidated (no-cache), and differs between
 * anonymous and signed-in callers (Vary). Sent on the 404 as well, so a cache never serves a
 * signed-out 404 to a signed-in caller of a restricted entry, and every hidden state answers alike.
 */
const RESOLUTION_HEADERS = { Vary: 'Authorization, Cookie', 'Cache-Control': 'private, no-cache' } as const;

/** Every owner read and change answers the entry in the owner view. */
const ownerView = { 200: ownerEntrySchema };
/** A change whose body carries nothing but the version the caller read (`expected_version`). */
const versionedChange = { params: entry, body: versionedBodySchema };

/**
 * What every owner change of an entry by a token declares alike: `directory.{name}` at
 * `/api/v1/directory/{address}{below}`, the write scope, the owner view, and `CHANGE_ERRORS` before its own `errors`.
 */
const entryChange = (name: string, method: 'POST' | 'PATCH' | 'DELETE', below: string, errors: readonly string[] = []) => ({
  id: `directory.${name}`,
  method,
  path: `/api/v1/directory/{address}${below}`,
  auth: write,
  responses: ownerView,
  errors: [...CHANGE_ERRORS, ...errors],
});

/**
 * A change of an entry's state whose body is only the version read: `POST /directory/{address}/{change}`.
 * `errors`: those beyond what every such change answers. A signed-in person's own change (website only)
 * answers no agent gate.
 */
const stateChange = (change: 'pause' | 'reactivate' | 'restore' | 'lock' | 'unlock', summary: string, by: { errors?: readonly string[]; signedInOnly?: true } = {}) =>
  op({
    id: `directory.${change}`,
    method: 'POST',
    path: `/api/v1/directory/{address}/${change}`,
    summary,
    auth: by.signedInOnly ? 'human_only' : write,
    ...(by.signedInOnly ? { websiteOnly: true } : {}),
    request: versionedChange,
    responses: ownerView,
    errors: [...(by.signedInOnly ? HUMAN_CHANGE_ERRORS : CHANGE_ERRORS), ...(by.errors ?? [])],
    handler: ({ services, actor, params, body }) => services.directory[change](actor, params.address, body),
  });

/** `POST …/remove` carries the version in its body, checked as every other change's body is (428 without it). */
const versionInBody = (body: unknown): number => parseVersioned(versionedBodySchema, body).expectedVersion;

/** The contact directory: public discovery and resolution; registration and every owner change; website-only gates. */
export const DIRECTORY_OPERATIONS = [
  op({
    id: 'directory.discover',
    method: 'GET',
    path: '/api/v1/directory',
    summary: 'Discover active public entries (q searches handle, name and description, and takes an address aar:<handle> as its handle; type filters entry_type)',
    auth: 'public',
    request: { query: discoverQuerySchema },
    responses: { 200: directoryDiscoverySchema },
    errors: [],
    listRead: true,
    handler: ({ services, query }) => services.directory.discover(query),
  }),
  op({
    id: 'directory.register',
    method: 'POST',
    path: '/api/v1/directory',
    summary: 'Register an address aar:<handle> with its destinations (agents may register temporary entries only)',
    description: `Nothing is disclosed until a destination carries \`approved_for_disclosure: true\`. Send an \`Idempotency-Key\` to retry safely. ${EMAIL_AUDIENCE} ${CONTACTS_IN_DESTINATIONS}`,
    auth: write,
    idempotent: {},
    request: { body: registerSchema },
    responses: { 201: ownerEntrySchema, 200: ownerEntrySchema },
    // The entry's own address, where it is changed and removed too; its owner view is that path's `/manage`.
    location: { read: '/api/v1/directory/{address}' },
    errors: ['handle_taken', 'limit_reached', 'destination_invalid', 'human_only', 'blocked_content'],
    handler: ({ services, actor, body }) => services.directory.register(actor, body),
  }),
  // Before `{address}`: `mine` is also a reserved handle, so it can never name an entry.
  op({
    id: 'directory.mine',
    method: 'GET',
    path: '/api/v1/directory/mine',
    summary: 'The entries you own, in the owner view, newest first (retired ones included), a page at a time',
    auth: read,
    request: { query: mineQuerySchema },
    responses: { 200: directoryMineSchema },
    errors: [],
    handler: ({ services, actor, query }) => services.directory.mine(actor, query),
  }),
  op({
    id: 'directory.resolve',
    method: 'GET',
    path: '/api/v1/directory/{address}',
    summary: 'Resolve an address to the destinations you may see (a token or session adds signed-in ones)',
    description:
      'Every address that cannot be shown (unknown, paused, expired, removed, retired, suspended, restricted while signed out) ' +
      'answers the same 404 `unavailable`. Answers carry a strong ETag; send it as If-None-Match to get 304 while nothing you may see changed.',
    auth: 'optional',
    request: { params: entry },
    responses: { 200: resolutionSchema, 304: null },
    errors: ['unavailable'],
    handler: async ({ services, actor, params, ctx }) => {
      ctx.set(RESOLUTION_HEADERS);
      const { body, etag } = await services.directory.resolve(params.address, actor);
      return conditionalAnswer(ctx.get('if-none-match'), etag, () => body, RESOLUTION_HEADERS);
    },
  }),
  op({
    id: 'directory.manage',
    method: 'GET',
    path: '/api/v1/directory/{address}/manage',
    summary: 'Your entry in the owner view: every destination, lock, agent limit, suspension and history summary',
    auth: read,
    request: { params: entry },
    responses: ownerView,
    errors: ['not_found'],
    handler: ({ services, actor, params }) => services.directory.manage(actor, params.address),
  }),
  op({
    id: 'directory.history',
    method: 'GET',
    path: '/api/v1/directory/{address}/history',
    summary: "Your entry's private history (last 90 days), newest first",
    auth: read,
    request: { params: entry, query: historyQuerySchema },
    responses: { 200: directoryHistorySchema },
    errors: ['not_found'],
    handler: ({ services, actor, params, query }) => services.directory.history(actor, params.address, query),
  }),
  op({
    ...entryChange('update', 'PATCH', '', ['human_only', 'blocked_content']),
    summary: 'Edit display name, description, visibility, entry type or term at the version you read',
    description: CONTACTS_IN_DESTINATIONS,
    request: { params: entry, body: entryPatchSchema },
    handler: ({ services, actor, params, body }) => services.directory.update(actor, params.address, body),
  }),
  op({
    ...entryChange('delete', 'DELETE', ''),
    summary: 'Remove an entry (query expected_version): resolution stops at once; restorable for 30 days',
    request: { params: entry, query: versionQuerySchema },
    handler: ({ services, actor, params, query }) => services.directory.remove(actor, params.address, versionFromQuery(query)),
  }),
  op({
    ...entryChange('add_destination', 'POST', '/destinations', ['destination_invalid', 'destination_exists', 'limit_reached', 'blocked_content']),
    summary: 'Add a destination (at most 8 per entry; 409 destination_exists for one the entry already has)',
    description: EMAIL_AUDIENCE,
    request: { params: entry, body: destinationAddSchema },
    handler: ({ services, actor, params, body }) => services.directory.addDestination(actor, params.address, body),
  }),
  op({
    ...entryChange('update_destination', 'PATCH', '/destinations/{dest_id}', ['destination_not_found', 'destination_invalid', 'destination_exists', 'blocked_content']),
    summary: 'Change a destination: value, label, audience, preferred, approved_for_disclosure',
    description: EMAIL_AUDIENCE,
    request: { params: destination, body: destinationPatchSchema },
    handler: ({ services, actor, params, body }) => services.directory.updateDestination(actor, params.address, params.dest_id, body),
  }),
  op({
    ...entryChange('remove_destination', 'DELETE', '/destinations/{dest_id}', ['destination_not_found']),
    summary: 'Remove a destination (query expected_version)',
    request: { params: destination, query: versionQuerySchema },
    handler: ({ services, actor, params, query }) =>
      services.directory.removeDestination(actor, params.address, params.dest_id, versionFromQuery(query)),
  }),
  stateChange('pause', 'Pause an active entry: resolution stops until you reactivate it'),
  stateChange('reactivate', 'Reactivate a paused entry'),
  op({
    ...entryChange('renew', 'POST', '/renew', ['not_temporary', 'grace_ended']),
    summary: 'Renew a temporary entry (until 30 days after expiry): expiry becomes the later of the current one and now + 30 days',
    description:
      'A renewal never shortens a term. Send `expires_at` for a later date, at most 90 days ahead; ' +
      'a date before what the renewal gives without it is 400 `validation_failed`.',
    request: { params: entry, body: renewSchema },
    handler: ({ services, actor, params, body }) => services.directory.renew(actor, params.address, body),
  }),
  op({
    ...entryChange('remove', 'POST', '/remove'),
    summary: 'Remove an entry (body expected_version); the same as DELETE',
    request: versionedChange,
    handler: ({ services, actor, params, body }) => services.directory.remove(actor, params.address, versionInBody(body)),
  }),
  stateChange('restore', 'Restore a removed entry within 30 days of removal (destinations re-validated)', {
    errors: ['not_removed', 'restore_window_ended', 'destination_invalid'],
  }),
  stateChange('lock', 'Lock an entry: no agent can change it until you unlock it (signed-in person only)', { signedInOnly: true }),
  stateChange('unlock', 'Unlock an entry (signed-in person only)', { signedInOnly: true }),
  op({
    id: 'directory.set_agents',
    method: 'PUT',
    path: '/api/v1/directory/{address}/agents',
    summary: 'Limit changes by agents to some of your grants; [] lifts the limit (signed-in person only)',
    ...SIGNED_IN_ONLY,
    request: { params: entry, body: setAgentsSchema },
    responses: ownerView,
    errors: HUMAN_CHANGE_ERRORS,
    handler: ({ services, actor, params, body }) => services.directory.setAgents(actor, params.address, body),
  }),
  op({
    id: 'directory.restore_history',
    method: 'POST',
    path: '/api/v1/directory/{address}/history/{id}/restore',
    summary: 'Put back the earlier values a history record holds, as one new change (signed-in person only)',
    ...SIGNED_IN_ONLY,
    request: { params: historyRecord, body: versionedBodySchema },
    responses: ownerView,
    errors: [...HUMAN_CHANGE_ERRORS, 'history_not_found', 'destination_invalid', 'limit_reached', 'blocked_content'],
    handler: ({ services, actor, params, body }) => services.directory.restoreHistory(actor, params.address, params.id, body),
  }),
];

// --- WebFinger (RFC 7033) ---------------------------------------------------------------------------

/** The link relation of each destination type: registered relations where one fits. */
export const WEBFINGER_RELS: Record<DestinationType, string> = {
  web: 'http://webfinger.net/rel/profile-page',
  email: 'me',
  phone: 'me',
  a2a_agent_card: 'service-desc',
  mcp: 'service',
};
const WEBFINGER_TYPES: Partial<Record<DestinationType, string>> = { web: 'text/html', a2a_agent_card: 'application/json' };

const webfingerQuery = v.strictObject({
  resource: v.pipe(v.string(), maxChars(300), v.description('The address to look up: `aar:<handle>`')),
  // A relation is a URI; the five destination types have five relations, so ten leave room for repeats.
  rel: v.optional(v.union([v.pipe(v.string(), maxChars(300)), v.pipe(v.array(v.pipe(v.string(), maxChars(300))), v.maxLength(10, 'must name at most 10 relations'))]), undefined),
});

const jrdSchema = v.object({
  subject: v.string(),
  aliases: v.array(v.string()),
  links: v.array(
    v.object({
      rel: v.string(),
      href: v.string(),
      type: v.optional(v.string()),
      titles: v.optional(v.record(v.string(), v.string())),
    }),
  ),
});

/** A destination as a link target: e-mail addresses and phone numbers become `mailto:` and `tel:` URIs. */
const hrefOf = (type: DestinationType, value: string): string =>
  type === 'email' ? `mailto:${value}` : type === 'phone' ? `tel:${value}` : value;

const jrdOf = (baseUrl: string, resolution: ResolutionJson, rels: readonly string[]) => ({
  subject: resolution.address,
  aliases: [`${baseUrl}/api/v1/directory/${encodeURIComponent(resolution.address)}`],
  links: resolution.destinations
    .map((destination) => ({
      rel: WEBFINGER_RELS[destination.type],
      href: hrefOf(destination.type, destination.uri),
      ...(WEBFINGER_TYPES[destination.type] ? { type: WEBFINGER_TYPES[destination.type] } : {}),
      ...(destination.label ? { titles: { und: destination.label } } : {}),
    }))
    .filter((link) => rels.length === 0 || rels.includes(link.rel)),
});

/**
 * On every answer, refusals included (a bad query or a bad token is refused before the handler): a
 * browser page may read them all. Not `cors`: that is for anonymous operations, and this one reads a token.
 */
const WEBFINGER_ALWAYS = { 'Access-Control-Allow-Origin': '*', Vary: 'Authorization, Cookie' };
/** Hidden and unknown addresses look the same, headers included; a miss may be cached briefly by anyone. */
const WEBFINGER_FOUND = { 'Cache-Control': 'private, no-cache' };
const WEBFINGER_MISS = { 'Cache-Control': 'public, max-age=60' };

const webfinger = async ({ services, actor, query, ctx }: { services: Services; actor: Parameters<Services['directory']['resolve']>[1]; query: unknown; ctx: Context }) => {
  const { resource, rel } = parseInput(webfingerQuery, query);
  const rels = rel === undefined ? [] : Array.isArray(rel) ? rel : [rel];
  ctx.set(WEBFINGER_MISS);
  // Only `aar:` addresses live here (the scheme in any case, as addresses are); anything else is as
  // unknown as a handle nobody registered.
  const { body, etag } = await services.directory.resolve(/^aar:/i.test(resource) ? resource : '', actor);
  const tag = `"${createHash('sha256').update(`${etag}|${rels.join(' ')}`).digest('base64url').slice(0, 32)}"`;
  return conditionalAnswer(ctx.get('if-none-match'), tag, () => jrdOf(services.baseUrl, body, rels), { ...WEBFINGER_FOUND, 'Content-Type': 'application/jrd+json' });
};

/** WebFinger on the directory's addresses; it stands last in the table (discovery.operations.ts). */
export const WEBFINGER_OPERATIONS = [
  op({
    id: 'directory.webfinger',
    method: 'GET',
    path: '/.well-known/webfinger',
    summary: 'Resolve a directory address with WebFinger (RFC 7033): links to the destinations you may see',
    description:
      'Follows the audience rules of `GET /api/v1/directory/{address}`: a token or session adds signed-in destinations and ' +
      'restricted entries. Repeat `rel` to keep only those relations. Every address that cannot be shown answers the same ' +
      '404 `unavailable` with the same headers. Answers carry an ETag; send it as If-None-Match to get 304.',
    auth: 'optional',
    headers: WEBFINGER_ALWAYS,
    request: { query: webfingerQuery },
    responseType: 'application/jrd+json',
    responses: { 200: jrdSchema, 304: null },
    errors: ['unavailable'],
    handler: webfinger,
  }),
];
