import * as v from 'valibot';
import { charCount, isHttpsUrl, maxChars, minChars, noNul, trimmedText, pagingEntries, validationFailed, versionSchema, type ValidationIssue, recordVersionSchema } from '@svc/kernel';
import {
  AUDIENCES,
  DESTINATION_TYPES,
  ENTRY_TYPES,
  HISTORY_ACTIONS,
  TERMS,
  VISIBILITIES,
  type Audience,
  type DestinationType,
} from './directory.records.ts';
import { DIRECTORY_LIMITS, ENTRY_STATUSES } from './directory.state.ts';

export const FIELD_LIMITS = {
  handleMin: 3,
  handleMax: 40,
  displayName: 120,
  description: 1000,
  label: 100,
  value: 2048,
  email: 254,
  reason: 500,
  q: 200,
} as const;

/** Handles that would shadow a fixed path under `/api/v1/directory/`. */
export const RESERVED_HANDLES = new Set(['mine']);

/** 3-40 characters: lower-case letters, digits and single hyphens, not at either end. */
export const HANDLE_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/**
 * What a caller may write: the same in either case. Addresses are case-insensitive (`aar:Alice-Bakes`
 * is `aar:alice-bakes`); only ASCII letters are folded, so no other character can turn into one.
 */
const HANDLE_ANY_CASE = /^[A-Za-z0-9]+(-[A-Za-z0-9]+)*$/;

export const isValidHandle = (handle: string): boolean =>
  handle.length >= FIELD_LIMITS.handleMin && handle.length <= FIELD_LIMITS.handleMax && HANDLE_PATTERN.test(handle);

/** `aar:<handle>` or the bare handle, in any case → the stored (lower-case) handle; null when it cannot be one. */
export const handleFromAddress = (address: string): string | null => {
  const handle = /^aar:/i.test(address) ? address.slice(4) : address;
  return HANDLE_ANY_CASE.test(handle) && isValidHandle(handle.toLowerCase()) ? handle.toLowerCase() : null;
};

export const addressOf = (handle: string): string => `aar:${handle}`;

/**
 * Discovery's search words as a person writes them: an address `aar:alice-bakes` (the prefix in any
 * case) searches for its handle, which is what the index holds. Left in, `aar` would be one more
 * word that every match must contain, and no entry's text has it, so an address found nothing. Only
 * a prefix at the start of a word goes, so `-aar:x` still excludes `x` and `"aar:x y"` stays a phrase.
 */
export const searchWordsOf = (q: string): string => q.replace(/(?<![\p{L}\p{N}_])aar:/giu, '');

/** Stored in lower case, so `Alice-Bakes` is the handle `alice-bakes` (and taken when that one is). */
const handle = v.pipe(
  v.string(),
  minChars(FIELD_LIMITS.handleMin),
  maxChars(FIELD_LIMITS.handleMax),
  v.regex(HANDLE_ANY_CASE, 'must be letters and digits with single hyphens between them'),
  v.toLowerCase(),
  v.check((value) => !RESERVED_HANDLES.has(value), 'is reserved'),
);

const displayName = trimmedText(FIELD_LIMITS.displayName, 1);
const description = trimmedText(FIELD_LIMITS.description);
const entryType = v.picklist(ENTRY_TYPES, `must be one of ${ENTRY_TYPES.join(', ')}`);
const visibility = v.picklist(VISIBILITIES, `must be one of ${VISIBILITIES.join(', ')}`);
const term = v.picklist(TERMS, `must be one of ${TERMS.join(', ')}`);
const audience = v.picklist(AUDIENCES, `must be one of ${AUDIENCES.join(', ')}`);
const destinationType = v.picklist(DESTINATION_TYPES, `must be one of ${DESTINATION_TYPES.join(', ')}`);
const destinationValue = trimmedText(FIELD_LIMITS.value, 1);

/** A timestamp with a zone, turned into a Date. */
const timestamp = v.pipe(
  v.string(),
  // The longest ISO 8601 form valibot accepts (nine fraction digits and an offset) is 35 characters.
  maxChars(40),
  v.isoTimestamp('must be an ISO 8601 timestamp such as 2026-12-01T18:00:00.000Z'),
  v.check((value) => !Number.isNaN(Date.parse(value)), 'must be a real date and time'),
  v.transform((value) => new Date(value)),
);

/** A destination as given on registration or `POST …/destinations`. */
export const destinationInputSchema = v.strictObject({
  type: destinationType,
  value: destinationValue,
  label: v.optional(trimmedText(FIELD_LIMITS.label), ''),
  // Omitted: `public`, but `signed_in` for an e-mail address (`audienceFor`), which is never published.
  audience: v.optional(audience),
  preferred: v.optional(v.boolean(), false),
  approved_for_disclosure: v.optional(v.boolean(), false),
});
export type DestinationInput = v.InferOutput<typeof destinationInputSchema>;

/** `POST /api/v1/directory` body. */
export const registerSchema = v.strictObject({
  handle,
  display_name: displayName,
  description: v.optional(description, ''),
  entry_type: entryType,
  visibility: v.optional(visibility, 'public'),
  term: v.optional(term, 'temporary'),
  expires_at: v.optional(timestamp),
  // More than an entry may ever hold can never be registered: a bad request, not a conflict.
  destinations: v.optional(
    v.pipe(
      v.array(destinationInputSchema),
      v.maxLength(DIRECTORY_LIMITS.destinationsPerEntry, `must have at most ${DIRECTORY_LIMITS.destinationsPerEntry} destinations`),
    ),
    [],
  ),
});
export type RegisterInput = v.InferOutput<typeof registerSchema>;

/** `PATCH /api/v1/directory/{address}` body. */
export const entryPatchSchema = v.strictObject({
  expected_version: versionSchema,
  display_name: v.optional(displayName),
  description: v.optional(description),
  visibility: v.optional(visibility),
  entry_type: v.optional(entryType),
  term: v.optional(term),
});
export type EntryPatch = Omit<v.InferOutput<typeof entryPatchSchema>, 'expected_version'>;

/** `POST …/destinations` body. */
export const destinationAddSchema = v.strictObject({
  expected_version: versionSchema,
  destination: destinationInputSchema,
});

/** `PATCH …/destinations/{dest_id}` body. */
export const destinationPatchSchema = v.strictObject({
  expected_version: versionSchema,
  value: v.optional(destinationValue),
  label: v.optional(trimmedText(FIELD_LIMITS.label)),
  audience: v.optional(audience),
  preferred: v.optional(v.boolean()),
  approved_for_disclosure: v.optional(v.boolean()),
});
export type DestinationPatch = Omit<v.InferOutput<typeof destinationPatchSchema>, 'expected_version'>;

/** The body of the operations that carry nothing but the version (pause, lock, …). */
export const versionedBodySchema = v.strictObject({ expected_version: versionSchema });

/** `POST …/renew` body: `expires_at` asks for a longer term than the default (at most 90 days ahead). */
export const renewSchema = v.strictObject({ expected_version: versionSchema, expires_at: v.optional(timestamp) });

/** `PUT …/agents` body: a change like any other, so it names the version it was made against. */
export const setAgentsSchema = v.strictObject({
  expected_version: versionSchema,
  grant_ids: v.pipe(
    v.array(v.pipe(v.string(), minChars(1), maxChars(100), noNul)),
    v.maxLength(100, 'must have at most 100 grant ids'),
    v.transform((list) => [...new Set(list)]),
  ),
});

/** Moderation: `POST …/suspend` body. */
export const suspendSchema = v.strictObject({ reason: trimmedText(FIELD_LIMITS.reason, 1) });

/** `GET /api/v1/directory` query strings. */
export const discoverQuerySchema = v.strictObject({
  q: v.optional(trimmedText(FIELD_LIMITS.q)),
  type: v.optional(entryType),
  ...pagingEntries,
});
export type DiscoverQuery = v.InferOutput<typeof discoverQuerySchema>;

/** `GET …/history` query strings. */
export const historyQuerySchema = v.strictObject({ ...pagingEntries });

/** `GET /api/v1/directory/mine` query strings. */
export const mineQuerySchema = v.strictObject({ ...pagingEntries });

/** Refuses a change that would change nothing (it would still count as a new version). */
export const requireSomeChange = (patch: object): void => {
  if (Object.values(patch).every((value) => value === undefined)) {
    throw validationFailed([{ path: '', message: 'send at least one field to change' }]);
  }
};

// E.164: a plus, a country code that does not start with 0, at most 15 digits in all.
const E164 = /^\+[1-9]\d{1,14}$/;
// A practical address check: one @, a dotted domain, no spaces or angle brackets.
const EMAIL = /^[^\s@<>()",;:]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;

/** Why a value does not fit its destination type, or null when it does. */
export const destinationValueProblem = (type: DestinationType, value: string): string | null => {
  switch (type) {
    case 'web':
    case 'a2a_agent_card':
    case 'mcp':
      return isHttpsUrl(value) ? null : 'must be an https URL';
    case 'email':
      return charCount(value) <= FIELD_LIMITS.email && EMAIL.test(value) ? null : 'must be an e-mail address';
    case 'phone':
      return E164.test(value) ? null : 'must be a phone number in E.164 form, such as +447700900123';
  }
};

/** A destination's audience when none is given: e-mail addresses are never published, so theirs is `signed_in`. */
export const audienceFor = (type: DestinationType, given: Audience | undefined): Audience => given ?? (type === 'email' ? 'signed_in' : 'public');

/** Why an audience does not fit its destination type, or null when it does. */
const audienceProblem = (type: DestinationType, given: Audience): string | null =>
  type === 'email' && given === 'public' ? 'must be signed_in for an e-mail address: e-mail addresses are never published' : null;

/** A destination's field under the destination's path (`destinations.2` → `destinations.2.value`; `''` → `value`). */
export const destinationFieldPath = (prefix: string, field: string): string => (prefix ? `${prefix}.${field}` : field);

/**
 * The problems of a list of destinations, each at its field under the destination's path (`pathOf`
 * gives `destinations.2`, or `''` for a destination's own fields): `destinations.2.value`, `….audience`.
 */
export const destinationProblems = (
  destinations: readonly { type: DestinationType; value: string; audience: Audience }[],
  pathOf: (index: number) => string,
): ValidationIssue[] =>
  destinations.flatMap((destination, index) => {
    const at = (field: string) => destinationFieldPath(pathOf(index), field);
    const ofValue = destinationValueProblem(destination.type, destination.value);
    const ofAudience = audienceProblem(destination.type, destination.audience);
    return [...(ofValue ? [{ path: at('value'), message: ofValue }] : []), ...(ofAudience ? [{ path: at('audience'), message: ofAudience }] : [])];
  });

/** One address listed twice: the same type and the same value (as stored, after trimming). */
export const isSameDestination = (a: { type: DestinationType; value: string }, b: { type: DestinationType; value: string }): boolean =>
  a.type === b.type && a.value === b.value;

/** Destinations of one list that repeat an earlier one, with paths like `destinations.2`. */
export const repeatedDestinationProblems = (
  destinations: readonly { type: DestinationType; value: string }[],
  pathOf: (index: number) => string,
): ValidationIssue[] =>
  destinations.flatMap((destination, index) => {
    const first = destinations.findIndex((other) => isSameDestination(other, destination));
    return first < index ? [{ path: pathOf(index), message: `repeats ${pathOf(first)} (the same type and value)` }] : [];
  });

// Output schemas (the public JSON), for the OpenAPI document and response tests.
const destinationOut = v.object({
  id: v.string(),
  type: destinationType,
  uri: v.string(),
  label: v.string(),
  preferred: v.boolean(),
});

/** What resolution answers. */
export const resolutionSchema = v.strictObject({
  address: v.string(),
  display_name: v.string(),
  entry_type: entryType,
  description: v.string(),
  version: recordVersionSchema,
  destinations: v.array(v.strictObject(destinationOut.entries)),
  expiry: v.nullable(v.string()),
  owner: v.literal('not disclosed'),
});
export type ResolutionJson = v.InferOutput<typeof resolutionSchema>;

export const ownerDestinationSchema = v.strictObject({
  id: v.string(),
  type: destinationType,
  value: v.string(),
  label: v.string(),
  audience,
  preferred: v.boolean(),
  approved_for_disclosure: v.boolean(),
});

const historyActorSchema = v.variant('kind', [
  v.strictObject({ kind: v.literal('person'), principal_id: v.string() }),
  v.strictObject({ kind: v.literal('agent'), principal_id: v.string(), grant_id: v.string(), agent_name: v.nullable(v.string()) }),
  v.strictObject({ kind: v.literal('support') }),
]);

/** Why and since when support holds an entry, and the status it has beneath the suspension. */
const suspensionSchema = v.strictObject({ reason: v.string(), suspended_at: v.string(), underlying_status: v.picklist(ENTRY_STATUSES) });

/** The full owner view (manage, mine, and every change's answer). */
export const ownerEntrySchema = v.strictObject({
  address: v.string(),
  handle: v.string(),
  display_name: v.string(),
  description: v.string(),
  entry_type: entryType,
  visibility,
  term,
  status: v.picklist(ENTRY_STATUSES),
  version: recordVersionSchema,
  expiry: v.nullable(v.string()),
  renewable_until: v.nullable(v.string()),
  destinations: v.array(ownerDestinationSchema),
  locked: v.boolean(),
  agent_limit: v.nullable(v.array(v.string())),
  suspended: v.boolean(),
  suspension: v.nullable(suspensionSchema),
  removed_at: v.nullable(v.string()),
  restorable_until: v.nullable(v.string()),
  history_summary: v.strictObject({
    count: v.number(),
    latest: v.nullable(v.strictObject({ id: v.string(), action: v.picklist(HISTORY_ACTIONS), at: v.string(), version: recordVersionSchema })),
  }),
  created_at: v.string(),
  updated_at: v.string(),
});
export type OwnerEntryJson = v.InferOutput<typeof ownerEntrySchema>;

/**
 * An entry as support sees it to moderate it, whatever its state: its address and name, the status
 * its owner sees, and the suspension. Never its destinations, owner or history.
 */
export const moderatedEntrySchema = v.strictObject({
  address: v.string(),
  display_name: v.string(),
  status: v.picklist(ENTRY_STATUSES),
  suspension: v.nullable(suspensionSchema),
});
export type ModeratedEntryJson = v.InferOutput<typeof moderatedEntrySchema>;

/** Support's list of suspended entries: query strings. */
export const suspendedQuerySchema = v.strictObject({ ...pagingEntries });

/** One private history record as the owner sees it. */
export const historyItemSchema = v.strictObject({
  id: v.string(),
  action: v.picklist(HISTORY_ACTIONS),
  actor: historyActorSchema,
  at: v.string(),
  version: recordVersionSchema,
  previous: v.nullable(v.record(v.string(), v.unknown())),
});
export type HistoryItemJson = v.InferOutput<typeof historyItemSchema>;
