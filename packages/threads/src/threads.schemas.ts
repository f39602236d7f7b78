import * as v from 'valibot';
import { isPlainObject, maxChars, minChars, noDirectionControl, notBlank, pagingEntries, trimmedText, parseInput, requireExpectedVersion, validationFailed, versionSchema, isoTimestamp, listEntries, principalSummarySchema, recordVersionSchema } from '@svc/kernel';

export const THREAD_STATUSES = ['open', 'archived'] as const;
export type ThreadStatus = (typeof THREAD_STATUSES)[number];

export const ENTRY_KINDS = ['update', 'next_step', 'blocker', 'deliverable', 'completion'] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];

export const LINK_KINDS = ['job', 'service'] as const;
export type LinkKind = (typeof LINK_KINDS)[number];

export const INVITE_STATUSES = ['pending', 'accepted', 'revoked', 'expired'] as const;
export type InviteStatus = (typeof INVITE_STATUSES)[number];

export const EXPORT_FORMATS = ['md', 'json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Sizes and counts; the counts are checked in the database transaction (see the repository). */
export const LIMITS = {
  title: 200,
  summary: 20_000,
  entryText: 10_000,
  itemText: 500,
  participantsPerThread: 10,
  entriesPerThread: 500,
  itemsPerThread: 30,
  threadsPerPrincipal: 100,
  inviteLifetimeDays: 7,
} as const;

/** A character that ends a line or controls a terminal (C0, DEL, C1, the Unicode line and paragraph separators): none is in a one-line text. */
export const breaksLine = (char: string): boolean => {
  const code = char.codePointAt(0)!;
  return code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029;
};

/** One line of text: a title or a checklist item stays one line in every view and in the Markdown export. */
const oneLine = v.check((text: string) => ![...text].some(breaksLine), 'must be one line without control characters');

const requiredLine = (max: number) =>
  v.pipe(v.string(), v.trim(), oneLine, minChars(1), ...notBlank, noDirectionControl, maxChars(max));

const title = requiredLine(LIMITS.title);
const summary = trimmedText(LIMITS.summary);
const entryText = trimmedText(LIMITS.entryText, 1);
const itemText = requiredLine(LIMITS.itemText);

/** An opaque record identifier as other packages make them (`job_…`, `svc_…`, `prn_…`); `example` names the kind expected. */
const recordId = (example: string) => v.pipe(v.string(), maxChars(100), v.regex(/^[A-Za-z0-9_-]{1,100}$/, `must be an identifier such as ${example}`));
const linkedId = recordId('job_… or svc_…');
const principalId = recordId('prn_…');

export const threadCreateSchema = v.strictObject({
  title,
  summary: v.optional(summary, ''),
  link: v.optional(
    v.strictObject({
      kind: v.picklist(LINK_KINDS, `must be one of ${LINK_KINDS.join(', ')}`),
      id: linkedId,
    }),
  ),
});
export type ThreadCreateInput = v.InferOutput<typeof threadCreateSchema>;

export const threadPatchSchema = v.strictObject({
  title: v.optional(title),
  summary: v.optional(summary),
  expected_version: v.optional(versionSchema),
});
export type ThreadPatchInput = v.InferOutput<typeof threadPatchSchema>;

export interface ThreadPatch {
  title?: string;
  summary?: string;
  /** Required with `summary`; checked whenever it is sent. */
  expectedVersion?: number;
}

/**
 * Parses a thread PATCH: a summary change must name the summary version it was made against
 * (428 `expected_version_required` without it). A body that changes nothing is refused.
 */
export const parseThreadPatch = (input: unknown): ThreadPatch => {
  // A version that is sent is checked first, as on every versioned change: 428 when it is empty.
  const given = isPlainObject(input) ? input.expected_version : undefined;
  const version = given === undefined ? undefined : requireExpectedVersion(given);
  const { title: newTitle, summary: newSummary } = parseInput(threadPatchSchema, input);
  if (newTitle === undefined && newSummary === undefined) {
    throw validationFailed([{ path: '', message: 'send title or summary to change' }]);
  }
  const patch: ThreadPatch = {};
  if (newTitle !== undefined) patch.title = newTitle;
  if (newSummary !== undefined) patch.summary = newSummary;
  if (newSummary !== undefined || version !== undefined) patch.expectedVersion = version ?? requireExpectedVersion(undefined);
  return patch;
};

/** `GET /api/v1/threads` query strings. */
export const threadListQuerySchema = v.strictObject({
  status: v.optional(v.picklist(THREAD_STATUSES, 'must be open or archived')),
  ...pagingEntries,
});
export type ThreadListQuery = v.InferOutput<typeof threadListQuerySchema>;

/** `GET /api/v1/threads/invitations` query strings. */
export const invitationListQuerySchema = v.strictObject({ ...pagingEntries });

export const entryCreateSchema = v.strictObject({
  kind: v.picklist(ENTRY_KINDS, `must be one of ${ENTRY_KINDS.join(', ')}`),
  text: entryText,
});
export type EntryCreateInput = v.InferOutput<typeof entryCreateSchema>;

export const entryPatchSchema = v.pipe(
  v.strictObject({
    kind: v.optional(v.picklist(ENTRY_KINDS, `must be one of ${ENTRY_KINDS.join(', ')}`)),
    text: v.optional(entryText),
  }),
  v.check((patch) => patch.kind !== undefined || patch.text !== undefined, 'send kind or text to change'),
);
export type EntryPatchInput = v.InferOutput<typeof entryPatchSchema>;

export const checklistItemCreateSchema = v.strictObject({
  text: itemText,
  done: v.optional(v.boolean('must be true or false'), false),
});
export type ChecklistItemCreateInput = v.InferOutput<typeof checklistItemCreateSchema>;

/** PATCH sets an explicit `done` value (never a toggle), so a repeat changes nothing. */
export const checklistItemPatchSchema = v.pipe(
  v.strictObject({
    text: v.optional(itemText),
    done: v.optional(v.boolean('must be true or false')),
  }),
  v.check((patch) => patch.text !== undefined || patch.done !== undefined, 'send done or text to change'),
);
export type ChecklistItemPatchInput = v.InferOutput<typeof checklistItemPatchSchema>;

export const inviteCreateSchema = v.strictObject({
  invitee_principal_id: v.optional(v.nullable(principalId), null),
});
export type InviteCreateInput = v.InferOutput<typeof inviteCreateSchema>;

/** Website: start (or open) the actor's private thread with one person about a job or an offer. */
/** Website: a job or an offer a thread is about. */
export const recordLinkSchema = v.strictObject({
  kind: v.picklist(LINK_KINDS, `must be one of ${LINK_KINDS.join(', ')}`),
  id: linkedId,
});

export const startWithSchema = v.strictObject({
  link: recordLinkSchema,
  with_principal_id: principalId,
});
export type StartWithInput = v.InferOutput<typeof startWithSchema>;

/** Website: a named invitation for one of the people the thread's linked record connects the owner with. */
export const inviteRelatedSchema = v.strictObject({ invitee_principal_id: principalId });

export const exportFormatSchema = v.picklist(EXPORT_FORMATS, 'must be md or json');

/** The export's query: its one choice, named as the parameter, so that a refusal names `format`. */
export const exportQuerySchema = v.object({ format: v.pipe(exportFormatSchema, v.description('`md` (text/markdown; charset=utf-8) or `json`')) });

// ---------------------------------------------------------------------------------------------
// Public JSON (what the API answers). The presenter builds these; tests check answers against them.


export const principalSummaryJsonSchema = v.strictObject(principalSummarySchema.entries);
export type PrincipalSummaryJson = v.InferOutput<typeof principalSummaryJsonSchema>;

export const participantJsonSchema = v.strictObject({
  principal_id: v.string(),
  display_name: v.string(),
  role: v.picklist(['owner', 'participant']),
  joined_at: isoTimestamp,
});
export type ParticipantJson = v.InferOutput<typeof participantJsonSchema>;

export const linkedJsonSchema = v.strictObject({
  kind: v.picklist(LINK_KINDS),
  id: v.string(),
  snapshot: v.record(v.string(), v.unknown()),
  snapshot_taken_at: isoTimestamp,
  not_a_contract: v.literal(true),
  notice: v.string(),
});
export type LinkedJson = v.InferOutput<typeof linkedJsonSchema>;

export const entryJsonSchema = v.strictObject({
  id: v.string(),
  kind: v.picklist(ENTRY_KINDS),
  text: v.nullable(v.string()),
  author: principalSummaryJsonSchema,
  created_at: isoTimestamp,
  updated_at: isoTimestamp,
  deleted: v.boolean(),
});
export type EntryJson = v.InferOutput<typeof entryJsonSchema>;

export const checklistItemJsonSchema = v.strictObject({
  id: v.string(),
  text: v.string(),
  done: v.boolean(),
  added_by: principalSummaryJsonSchema,
  created_at: isoTimestamp,
  updated_at: isoTimestamp,
});
export type ChecklistItemJson = v.InferOutput<typeof checklistItemJsonSchema>;

export const inviteJsonSchema = v.strictObject({
  id: v.string(),
  thread_id: v.string(),
  /** The one-time token: only in the answer that creates the invitation, null afterwards. */
  token: v.nullable(v.string()),
  /** The page that accepts it (website only): only with the token, null afterwards. */
  url: v.nullable(v.string()),
  invitee_principal_id: v.nullable(v.string()),
  status: v.picklist(INVITE_STATUSES),
  /** Who joined with it, once accepted; null before (and for a revoked or expired one). */
  accepted_by_principal_id: v.nullable(v.string()),
  created_at: isoTimestamp,
  expires_at: isoTimestamp,
});
export type InviteJson = v.InferOutput<typeof inviteJsonSchema>;

export const threadJsonSchema = v.strictObject({
  id: v.string(),
  url: v.string(),
  title: v.string(),
  summary: v.string(),
  summary_version: recordVersionSchema,
  status: v.picklist(THREAD_STATUSES),
  owner: principalSummaryJsonSchema,
  participants: v.array(participantJsonSchema),
  linked: v.nullable(linkedJsonSchema),
  entries: v.array(entryJsonSchema),
  checklist: v.array(checklistItemJsonSchema),
  /** Only the owner sees invitations; null for everyone else. */
  invites: v.nullable(v.array(inviteJsonSchema)),
  created_at: isoTimestamp,
  updated_at: isoTimestamp,
  notice: v.string(),
});
export type ThreadJson = v.InferOutput<typeof threadJsonSchema>;

export const threadListItemJsonSchema = v.strictObject({
  id: v.string(),
  url: v.string(),
  title: v.string(),
  status: v.picklist(THREAD_STATUSES),
  owner: principalSummaryJsonSchema,
  participant_count: v.number(),
  /** Everyone taking part, owner first, then in the order they joined: two threads about one job tell apart by who is in them. */
  participants: v.array(principalSummaryJsonSchema),
  /** The linked job or offer, with its title as the thread's snapshot holds it (from the thread's creation). */
  linked: v.nullable(v.strictObject({ kind: v.picklist(LINK_KINDS), id: v.string(), title: v.string() })),
  created_at: isoTimestamp,
  updated_at: isoTimestamp,
});
export type ThreadListItemJson = v.InferOutput<typeof threadListItemJsonSchema>;

export const threadListJsonSchema = v.strictObject(listEntries('threads', threadListItemJsonSchema));
export type ThreadListJson = v.InferOutput<typeof threadListJsonSchema>;

export const invitationJsonSchema = v.strictObject({
  id: v.string(),
  thread: v.strictObject({ id: v.string(), title: v.string(), owner: principalSummaryJsonSchema }),
  created_at: isoTimestamp,
  expires_at: isoTimestamp,
});
export type InvitationJson = v.InferOutput<typeof invitationJsonSchema>;

export const invitationListJsonSchema = v.strictObject(listEntries('invitations', invitationJsonSchema));
export type InvitationListJson = v.InferOutput<typeof invitationListJsonSchema>;

/** Website: what `startWith` did, so the page can say it in words. */
export type StartedThreadJson =
  | {
      thread: ThreadJson;
      /** False when the actor's thread with this person about this record already existed. */
      created: boolean;
      /** The person the thread is with. */
      with: PrincipalSummaryJson;
      /** True when a new invitation for them was made by this call. */
      invited: boolean;
    }
  | {
      /** An invitation waiting for the actor to a thread about this record that the person takes part in: nothing was made. */
      invitation: InvitationJson;
      with: PrincipalSummaryJson;
    };

/** Website: someone the owner may invite by choosing them, and whether an invitation already waits for them. */
export interface RelatedPersonJson extends PrincipalSummaryJson {
  invited: boolean;
}

/** Website: what the landing page of a pending one-time link may say before it is used. */
export interface InvitePreviewJson {
  id: string;
  thread: { id: string; title: string; owner: PrincipalSummaryJson };
  /** Who made the invitation. */
  invited_by: PrincipalSummaryJson;
  expires_at: string;
}

/** The JSON export: the thread as its participants read it, without invitations. */
export const threadExportJsonSchema = v.strictObject({
  export_version: v.literal(1),
  exported_at: isoTimestamp,
  thread: v.omit(threadJsonSchema, ['invites', 'notice']),
  notice: v.string(),
});
export type ThreadExportJson = v.InferOutput<typeof threadExportJsonSchema>;

/** What `export` answers: the body and how to serve it. */
export type ThreadExport =
  | { format: 'md'; content_type: 'text/markdown; charset=utf-8'; filename: string; body: string }
  | { format: 'json'; content_type: 'application/json'; filename: string; body: ThreadExportJson };

/** What deleting a thread answers. */
export const deletedThreadJsonSchema = v.strictObject({ id: v.string(), deleted: v.literal(true) });
export type DeletedThreadJson = v.InferOutput<typeof deletedThreadJsonSchema>;

/** What leaving a thread answers. */
export const leftThreadJsonSchema = v.strictObject({ id: v.string(), left: v.literal(true) });
export type LeftThreadJson = v.InferOutput<typeof leftThreadJsonSchema>;
