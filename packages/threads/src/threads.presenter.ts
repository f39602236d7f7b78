import { toIso } from '@svc/kernel';
import type {
  ChecklistItemRecord,
  EntryRecord,
  InvitationRow,
  InviteRecord,
  LinkedRecord,
  ThreadContents,
  ThreadListRow,
} from './threads.records.ts';
import type {
  ChecklistItemJson,
  EntryJson,
  EntryKind,
  InvitationJson,
  InviteJson,
  InviteStatus,
  LinkedJson,
  ParticipantJson,
  PrincipalSummaryJson,
  ThreadExportJson,
  ThreadJson,
  ThreadListItemJson,
} from './threads.schemas.ts';

/** Every thread carries this: its content is working information, never an agreement. */
export const THREAD_NOTICE =
  'This thread holds working information supplied by its participants. It is not a contract, creates no ' +
  'agreement, authorises no spending, and no payment happens through this service.';

/** A linked job or offer is a copy taken when the thread was created. */
export const LINK_NOTICE =
  'A snapshot of the linked record as it was when this thread was created. It is not a contract and is not kept up to date.';

/** Looks up a principal's public summary; always answers (an unknown principal gets a placeholder name). */
export type NameOf = (principalId: string) => PrincipalSummaryJson;

const summaryOf = (name: NameOf, id: string): PrincipalSummaryJson => {
  const { principal_id, display_name } = name(id);
  return { principal_id, display_name };
};

export const threadUrl = (baseUrl: string, id: string): string => `${baseUrl}/threads/${id}`;

/** The page that accepts an invitation link (website only). */
export const inviteUrl = (baseUrl: string, token: string): string => `${baseUrl}/threads/invites/${token}`;

/** `expired` is not stored: a pending invitation past its expiry is expired. */
export const inviteStatus = (invite: InviteRecord, now: Date): InviteStatus =>
  invite.status === 'pending' && invite.expiresAt.getTime() <= now.getTime() ? 'expired' : invite.status;

export const presentLinked = (linked: LinkedRecord | null): LinkedJson | null =>
  linked === null
    ? null
    : {
        kind: linked.kind,
        id: linked.id,
        snapshot: linked.snapshot as Record<string, unknown>,
        snapshot_taken_at: toIso(linked.takenAt),
        not_a_contract: true,
        notice: LINK_NOTICE,
      };

export const presentEntry = (entry: EntryRecord, name: NameOf): EntryJson => ({
  id: entry.id,
  kind: entry.kind,
  text: entry.deletedAt === null ? entry.text : null,
  author: summaryOf(name, entry.authorId),
  created_at: toIso(entry.createdAt),
  updated_at: toIso(entry.updatedAt),
  deleted: entry.deletedAt !== null,
});

export const presentItem = (item: ChecklistItemRecord, name: NameOf): ChecklistItemJson => ({
  id: item.id,
  text: item.text,
  done: item.done,
  added_by: summaryOf(name, item.addedBy),
  created_at: toIso(item.createdAt),
  updated_at: toIso(item.updatedAt),
});

/** An invitation; `token` (and its `url`) only in the answer that created it. */
export const presentInvite = (invite: InviteRecord, now: Date, baseUrl: string, token: string | null = null): InviteJson => ({
  id: invite.id,
  thread_id: invite.threadId,
  token,
  url: token === null ? null : inviteUrl(baseUrl, token),
  invitee_principal_id: invite.inviteePrincipalId,
  status: inviteStatus(invite, now),
  accepted_by_principal_id: invite.acceptedBy,
  created_at: toIso(invite.createdAt),
  expires_at: toIso(invite.expiresAt),
});

/** What the invitee sees on their Threads page: the thread's title and owner, nothing of its content. */
export const presentInvitation = (row: InvitationRow, name: NameOf): InvitationJson => ({
  id: row.invite.id,
  thread: { id: row.invite.threadId, title: row.threadTitle, owner: summaryOf(name, row.threadOwnerId) },
  created_at: toIso(row.invite.createdAt),
  expires_at: toIso(row.invite.expiresAt),
});

const presentParticipants = (contents: ThreadContents, name: NameOf): ParticipantJson[] => {
  const { thread, participants } = contents;
  // The owner first, then everyone else in the order they joined.
  const ordered = [
    ...participants.filter((p) => p.principalId === thread.ownerId),
    ...participants.filter((p) => p.principalId !== thread.ownerId),
  ];
  return ordered.map((participant) => ({
    ...summaryOf(name, participant.principalId),
    role: participant.principalId === thread.ownerId ? 'owner' : 'participant',
    joined_at: toIso(participant.joinedAt),
  }));
};

/** The thread without its invitations: what every participant reads, and what an export holds. */
const presentBody = (contents: ThreadContents, name: NameOf, baseUrl: string): ThreadExportJson['thread'] => {
  const { thread } = contents;
  return {
    id: thread.id,
    url: threadUrl(baseUrl, thread.id),
    title: thread.title,
    summary: thread.summary,
    summary_version: thread.summaryVersion,
    status: thread.status,
    owner: summaryOf(name, thread.ownerId),
    participants: presentParticipants(contents, name),
    linked: presentLinked(thread.linked),
    entries: contents.entries.map((entry) => presentEntry(entry, name)),
    checklist: contents.checklist.map((item) => presentItem(item, name)),
    created_at: toIso(thread.createdAt),
    updated_at: toIso(thread.updatedAt),
  };
};

/** The full thread; `invites` is the owner's list, null for everyone else. */
export const presentThread = (contents: ThreadContents, invites: InviteJson[] | null, name: NameOf, baseUrl: string): ThreadJson => {
  const { created_at, updated_at, ...body } = presentBody(contents, name, baseUrl);
  return { ...body, invites, created_at, updated_at, notice: THREAD_NOTICE };
};

export const presentListItem = (row: ThreadListRow, name: NameOf, baseUrl: string): ThreadListItemJson => {
  const { thread } = row;
  return {
    id: thread.id,
    url: threadUrl(baseUrl, thread.id),
    title: thread.title,
    status: thread.status,
    owner: summaryOf(name, thread.ownerId),
    participant_count: row.participantIds.length,
    participants: row.participantIds.map((id) => summaryOf(name, id)),
    linked: thread.linked ? { kind: thread.linked.kind, id: thread.linked.id, title: snapshotTitle(thread.linked.snapshot) } : null,
    created_at: toIso(thread.createdAt),
    updated_at: toIso(thread.updatedAt),
  };
};

/** The linked record's title as the thread's snapshot holds it (empty if the snapshot has none). */
export const snapshotTitle = (snapshot: object): string => ('title' in snapshot && typeof snapshot.title === 'string' ? snapshot.title : '');

/** The JSON export: deterministic for given records, names and time. */
export const presentExport = (contents: ThreadContents, name: NameOf, baseUrl: string, now: Date): ThreadExportJson => ({
  export_version: 1,
  exported_at: toIso(now),
  thread: presentBody(contents, name, baseUrl),
  notice: THREAD_NOTICE,
});

const KIND_LABEL: Record<EntryKind, string> = {
  update: 'Update',
  next_step: 'Next step',
  blocker: 'Blocker',
  deliverable: 'Deliverable',
  completion: 'Completion',
};

/** A code fence longer than any run of backticks in `text`, so the text cannot close it. */
const fenceFor = (text: string): string => {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  return '`'.repeat(Math.max(3, longest + 1));
};

/**
 * Participants' own text as a block quote, so headings or lists inside it stay inside it and
 * never become sections of the export.
 */
const quoted = (text: string): string => text.split('\n').map((line) => (line === '' ? '>' : `> ${line}`)).join('\n');

/** The Markdown export, made from the JSON export so both always say the same. */
export const renderMarkdown = (data: ThreadExportJson): string => {
  const t = data.thread;
  const who = (person: PrincipalSummaryJson) => `${person.display_name} (${person.principal_id})`;
  const lines: string[] = [
    `# ${t.title}`,
    '',
    `- Thread: ${t.id} (${t.url})`,
    `- Status: ${t.status}`,
    `- Owner: ${who(t.owner)}`,
    `- Participants: ${t.participants.map((p) => `${who(p)}${p.role === 'owner' ? ', owner' : ''}, joined ${p.joined_at}`).join('; ')}`,
    `- Created: ${t.created_at}`,
    `- Last changed: ${t.updated_at}`,
    `- Exported: ${data.exported_at}`,
    '',
    `> ${data.notice}`,
    '',
    `## Summary (version ${t.summary_version})`,
    '',
    t.summary === '' ? '_No summary yet._' : quoted(t.summary),
    '',
  ];
  if (t.linked) {
    const snapshot = JSON.stringify(t.linked.snapshot, null, 2);
    const fence = fenceFor(snapshot);
    lines.push(
      `## Linked ${t.linked.kind}: ${t.linked.id}`,
      '',
      `> ${t.linked.notice}`,
      '',
      `Snapshot taken ${t.linked.snapshot_taken_at}:`,
      '',
      `${fence}json`,
      snapshot,
      fence,
      '',
    );
  }
  const done = t.checklist.filter((item) => item.done).length;
  lines.push(`## Checklist (${done} of ${t.checklist.length} done)`, '');
  if (t.checklist.length === 0) lines.push('_No checklist items._');
  for (const item of t.checklist) lines.push(`- [${item.done ? 'x' : ' '}] ${item.text} (added by ${item.added_by.display_name})`);
  lines.push('', `## Entries (${t.entries.length})`, '');
  if (t.entries.length === 0) lines.push('_No entries._', '');
  for (const entry of t.entries) {
    const edited = !entry.deleted && entry.updated_at !== entry.created_at ? `, edited ${entry.updated_at}` : '';
    lines.push(`### ${KIND_LABEL[entry.kind]} by ${entry.author.display_name}, ${entry.created_at}${edited}`, '');
    lines.push(entry.deleted ? `_Deleted by its author at ${entry.updated_at}._` : quoted(entry.text ?? ''), '');
  }
  return `${lines.join('\n').trimEnd()}\n`;
};
